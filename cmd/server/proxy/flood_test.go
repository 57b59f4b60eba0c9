//go:build !js

package proxy

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// slowBodyFlood sends request bodies without a token to the proxy's
// Keystone route, from 127.0.0.1 unless from is given: sender i's
// Content-Length is length, or (length 0) 1000 for even senders and 1 MiB
// for odd ones; after an answer it waits a second (the Retry-After).
func slowBodyFlood(length int, from ...string) *proxytest.SlowBodies {
	return &proxytest.SlowBodies{From: from, Pause: time.Second, Head: func(i int) string {
		n := length
		if n == 0 {
			n = 1000
			if i%2 == 1 {
				n = 1 << 20
			}
		}
		return fmt.Sprintf("POST /identity/v3/auth/tokens HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{", n)
	}}
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
	flood := slowBodyFlood(0)
	wg := flood.Run(ctx, addr, senders)
	defer func() { cancel(); wg.Wait() }()
	time.Sleep(time.Second) // every sender connected

	logins, writes := proxytest.Tally{Want: http.StatusCreated}, proxytest.Tally{Want: http.StatusCreated}
	for end := time.Now().Add(duration); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		logins.Add(proxytest.Do(t, victim, e.Server.URL, http.MethodPost, "/identity/v3/auth/tokens", "", proxytest.LoginBody(proxytest.User, proxytest.Password)))
		writes.Add(proxytest.Do(t, victim, e.Server.URL, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", token,
			fmt.Sprintf(`{"loadbalancer": {"name": "during-the-flood-%d", "vip_subnet_id": %q}}`, writes.Tries+1, sn.Subnets[0].ID)))
	}
	holding, started := flood.Holding(), flood.Started()
	cancel()
	wg.Wait()
	t.Logf("during the flood (%d senders, %v): logins served %d of %d, writes served %d of %d; flood bodies started %d, still sending at the end %d; the flood's answers by status: %v",
		senders, duration, logins.Served, logins.Tries, writes.Served, writes.Tries, started, holding, flood.Statuses())
	if started < senders {
		t.Errorf("the flood started %d bodies, want at least its %d senders'", started, senders)
	}
	if !logins.AllServed() {
		t.Errorf("logins from another address during the flood: %v, want all", &logins)
	}
	if !writes.AllServed() {
		t.Errorf("writes from another address during the flood: %v, want all", &writes)
	}
}
