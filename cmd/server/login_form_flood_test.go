//go:build !js

package main

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// slowPosts sends, from each address of from, perAddress posts to path at
// once, each with its headers and a Content-Length of 1,000 but one byte of
// body every 2 s; when answered it starts again, until ctx is done. It counts
// the answers by status and the longest a post stayed open.
type slowPosts struct {
	mu       sync.Mutex
	statuses map[int]int
	longest  time.Duration
}

func (f *slowPosts) run(ctx context.Context, addr, path string, from []string, perAddress int) *sync.WaitGroup {
	f.statuses = map[int]int{}
	var wg sync.WaitGroup
	for _, ip := range from {
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
		for range perAddress {
			wg.Go(func() {
				for ctx.Err() == nil {
					f.once(ctx, d, addr, path)
					select { // as a client told Retry-After: 1 would, but sooner
					case <-ctx.Done():
					case <-time.After(100 * time.Millisecond):
					}
				}
			})
		}
	}
	return &wg
}

func (f *slowPosts) once(ctx context.Context, d *net.Dialer, addr, path string) {
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		time.Sleep(100 * time.Millisecond)
		return
	}
	defer conn.Close()
	start := time.Now()
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nOrigin: http://%s\r\nSec-Fetch-Site: same-origin\r\n"+
		"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nu", path, addr, addr)
	answered := make(chan int, 1)
	go func() {
		status := 0
		if resp, err := http.ReadResponse(bufio.NewReader(conn), nil); err == nil {
			status = resp.StatusCode
			resp.Body.Close()
		}
		answered <- status
	}()
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for {
		select {
		case status := <-answered:
			f.mu.Lock()
			f.statuses[status]++
			f.longest = max(f.longest, time.Since(start))
			f.mu.Unlock()
			return
		case <-ctx.Done():
			return
		case <-tick.C:
			conn.Write([]byte("u"))
		}
	}
}

// TestLoginFormSlowBodyFlood: while 200 loopback addresses each hold 8 slow
// login bodies at the proxy's Keystone route and one more address posts 40
// slow login forms at once, the form posted from another address logs in
// every time. The slow forms are read as the proxy reads a login: at most 8
// at once from one address (429), each cut after 2 s (408).
func TestLoginFormSlowBodyFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("1,640 connections for 9 s")
	}
	const addresses, perAddress, duration = 200, 8, 8 * time.Second
	s := startRun(t, nil, "-web", webDir, "-lab-delay", "0s", "-lab-scenario", servertest.WriteFile(t, t.TempDir(), "scenario.json", servertest.Scenario))
	addr := strings.TrimPrefix(s.URL, "http://")
	var from []string
	for i := range addresses {
		from = append(from, fmt.Sprintf("127.0.%d.%d", 10+i/250, 1+i%250))
	}
	ctx, cancel := context.WithCancel(context.Background())
	var flood, forms slowPosts
	floodDone := flood.run(ctx, addr, "/identity/v3/auth/tokens", from, perAddress)
	formsDone := forms.run(ctx, addr, "/login", []string{"127.0.0.3"}, 40)
	defer func() { cancel(); floodDone.Wait(); formsDone.Wait() }()
	time.Sleep(time.Second) // every sender connected

	form := url.Values{"user": {"demo"}, "password": {"demo"}, "domain": {"Default"}, "project": {"demo"}}
	var logins, tries int
	var last string
	for end := time.Now().Add(duration); time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		tries++
		resp, body := postLoginForm(t, s.URL, "/login", form, nil)
		if resp.StatusCode == http.StatusSeeOther {
			logins++
		} else {
			last = fmt.Sprintf("%d %.300s", resp.StatusCode, body)
		}
	}
	cancel()
	floodDone.Wait()
	formsDone.Wait()
	t.Logf("during the flood (%d addresses × %d slow bodies, 40 slow forms from one address, %v): form logins served %d of %d; the flood's answers %v; the slow forms' %v, the longest open %v",
		addresses, perAddress, duration, logins, tries, flood.statuses, forms.statuses, forms.longest.Round(time.Millisecond))
	if logins != tries {
		t.Errorf("form logins from another address during the flood: %d of %d served (last refusal: %s), want all", logins, tries, last)
	}
	if forms.statuses[http.StatusTooManyRequests] == 0 || forms.statuses[http.StatusRequestTimeout] == 0 {
		t.Errorf("40 slow forms at once from one address: answers %v, want 429s (at most 8 read at once) and 408s (cut after 2 s)", forms.statuses)
	}
	if forms.longest > 6*time.Second {
		t.Errorf("a slow form stayed open %v, want it cut after about 2 s", forms.longest)
	}
}
