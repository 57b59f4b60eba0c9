//go:build !js

package proxy

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// slowBodyFlood sends n request bodies at once to addr, from 127.0.0.1, without a
// token: each sends its headers (Content-Length: a small body for even senders, 1
// MiB for odd ones), then one byte every 2 s; when the server answers, it waits a
// second (the Retry-After) and starts again, until ctx is done. It counts the
// answers by status.
type slowBodyFlood struct {
	from   []string // source addresses, sender i sends from from[i%len(from)]; none: 127.0.0.1
	length int      // every body's Content-Length; 0: 1000 and 1 MiB in turn

	mu       sync.Mutex
	statuses map[int]int
	holding  atomic.Int64 // connections sending their body right now
	bodies   atomic.Int64 // bodies started
}

func (f *slowBodyFlood) run(ctx context.Context, addr string, n int) *sync.WaitGroup {
	f.statuses = map[int]int{}
	var wg sync.WaitGroup
	for i := range n {
		length := 1000
		if i%2 == 1 {
			length = 1 << 20
		}
		if f.length > 0 {
			length = f.length
		}
		d := &net.Dialer{}
		if len(f.from) > 0 {
			d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(f.from[i%len(f.from)])}
		}
		wg.Go(func() {
			for ctx.Err() == nil {
				f.once(ctx, d, addr, length)
				select {
				case <-ctx.Done():
				case <-time.After(time.Second):
				}
			}
		})
	}
	return &wg
}

func (f *slowBodyFlood) once(ctx context.Context, d *net.Dialer, addr string, length int) {
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /identity/v3/auth/tokens HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{", length)
	answered := make(chan int, 1)
	go func() {
		status := 0
		if resp, err := http.ReadResponse(bufio.NewReader(conn), nil); err == nil {
			status = resp.StatusCode
			resp.Body.Close()
		}
		answered <- status
	}()
	f.bodies.Add(1)
	f.holding.Add(1)
	defer f.holding.Add(-1)
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for {
		select {
		case status := <-answered:
			f.mu.Lock()
			f.statuses[status]++
			f.mu.Unlock()
			return
		case <-ctx.Done():
			return
		case <-tick.C:
			conn.Write([]byte(" "))
		}
	}
}

// fromAddress is a client whose connections come from ip (another loopback address).
func fromAddress(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	return &http.Client{Timeout: 15 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}
}

// TestSlowBodyFlood: while one address floods the proxy with 270 slow request
// bodies and no token (more than the 256 large bodies the proxy reads at once),
// another address logs in and writes. The flood runs 8 s (past the 5 s a slow
// body may take); what is counted is how many logins and writes were served.
func TestSlowBodyFlood(t *testing.T) {
	const senders, duration = 270, 8 * time.Second
	e := newTestEnv(t, envOptions{readTimeout: 60 * time.Second}) // the server's own ReadTimeout, as run.go sets it
	addr := strings.TrimPrefix(e.Server.URL, "http://")
	victim := fromAddress("127.0.0.2")
	_, subnets := proxytest.Do(t, victim, e.Server.URL, http.MethodGet, "/network/v2.0/subnets?name="+proxytest.Project+"-subnet", e.login(t), "")
	var sn struct {
		Subnets []struct{ ID string } `json:"subnets"`
	}
	if json.Unmarshal([]byte(subnets), &sn) != nil || len(sn.Subnets) != 1 {
		t.Fatalf("the project's subnet: %s", subnets)
	}
	token := proxytest.LoginThrough(t, victim, e.Server.URL) // for the writes, before the flood

	ctx, cancel := context.WithCancel(context.Background())
	var flood slowBodyFlood
	wg := flood.run(ctx, addr, senders)
	defer func() { cancel(); wg.Wait() }()
	time.Sleep(time.Second) // every sender connected

	var logins, loginTries, writes, writeTries int
	var lastLogin, lastWrite string
	for end := time.Now().Add(duration); time.Now().Before(end); {
		loginTries++
		resp, body := proxytest.Do(t, victim, e.Server.URL, http.MethodPost, "/identity/v3/auth/tokens", "", proxytest.LoginBody(proxytest.User, proxytest.Password))
		if resp.StatusCode == http.StatusCreated {
			logins++
		} else {
			lastLogin = fmt.Sprintf("%d %s", resp.StatusCode, body)
		}
		writeTries++
		resp, body = proxytest.Do(t, victim, e.Server.URL, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", token,
			fmt.Sprintf(`{"loadbalancer": {"name": "during-the-flood-%d", "vip_subnet_id": %q}}`, writeTries, sn.Subnets[0].ID))
		if resp.StatusCode == http.StatusCreated {
			writes++
		} else {
			lastWrite = fmt.Sprintf("%d %s", resp.StatusCode, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
	holding, started := flood.holding.Load(), flood.bodies.Load()
	cancel()
	wg.Wait()
	flood.mu.Lock()
	t.Logf("during the flood (%d senders, %v): logins served %d of %d, writes served %d of %d; flood bodies started %d, still sending at the end %d; the flood's answers by status: %v",
		senders, duration, logins, loginTries, writes, writeTries, started, holding, flood.statuses)
	flood.mu.Unlock()
	if started < senders {
		t.Errorf("the flood started %d bodies, want at least its %d senders'", started, senders)
	}
	if logins != loginTries {
		t.Errorf("logins from another address during the flood: %d of %d served (last refusal: %s), want all", logins, loginTries, lastLogin)
	}
	if writes != writeTries {
		t.Errorf("writes from another address during the flood: %d of %d served (last refusal: %s), want all", writes, writeTries, lastWrite)
	}
}
