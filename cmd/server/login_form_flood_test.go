//go:build !js

package main

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// slowPosts sends, from the addresses of from in turn, posts to path at
// addr, each with its headers and a Content-Length of 1,000 but one byte of
// body every 2 s; when answered it starts again after 100 ms (as a client
// told Retry-After: 1 would, but sooner).
func slowPosts(addr, path string, from ...string) *proxytest.SlowBodies {
	head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\nOrigin: http://%s\r\nSec-Fetch-Site: same-origin\r\n"+
		"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nu", path, addr, addr)
	return &proxytest.SlowBodies{From: from, Pause: 100 * time.Millisecond, Head: func(int) string { return head }}
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
	flood, forms := slowPosts(addr, "/identity/v3/auth/tokens", from...), slowPosts(addr, "/login", "127.0.0.3")
	floodDone := flood.Run(ctx, addr, addresses*perAddress)
	formsDone := forms.Run(ctx, addr, 40)
	defer func() { cancel(); floodDone.Wait(); formsDone.Wait() }()
	time.Sleep(time.Second) // every sender connected

	form := url.Values{"user": {"demo"}, "password": {"demo"}, "domain": {"Default"}, "project": {"demo"}}
	logins := proxytest.Tally{Want: http.StatusSeeOther}
	for end := time.Now().Add(duration); time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		logins.Add(postLoginForm(t, s.URL, "/login", form, nil))
	}
	cancel()
	floodDone.Wait()
	formsDone.Wait()
	formStatuses, longest := forms.Statuses(), forms.Longest()
	t.Logf("during the flood (%d addresses × %d slow bodies, 40 slow forms from one address, %v): form logins served %d of %d; the flood's answers %v; the slow forms' %v, the longest open %v",
		addresses, perAddress, duration, logins.Served, logins.Tries, flood.Statuses(), formStatuses, longest.Round(time.Millisecond))
	if !logins.AllServed() {
		t.Errorf("form logins from another address during the flood: %v, want all", &logins)
	}
	if formStatuses[http.StatusTooManyRequests] == 0 || formStatuses[http.StatusRequestTimeout] == 0 {
		t.Errorf("40 slow forms at once from one address: answers %v, want 429s (at most 8 read at once) and 408s (cut after 2 s)", formStatuses)
	}
	if longest > 6*time.Second {
		t.Errorf("a slow form stayed open %v, want it cut after about 2 s", longest)
	}
}
