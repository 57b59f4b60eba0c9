//go:build !js

package proxy

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// TestSlowBodyFloodManyAddresses: 200 loopback addresses each send 8 slow
// login-sized bodies (1,000 bytes, one byte every 2 s; more than the 1,536
// slots small bodies without a session had), and another address logs in
// every 100 ms for 8 s: every login is served.
func TestSlowBodyFloodManyAddresses(t *testing.T) {
	if testing.Short() {
		t.Skip("1,600 connections for 9 s")
	}
	const addresses, perAddress, duration = 200, MaxBodiesPerClient, 8 * time.Second
	e := newTestEnv(t, envOptions{readTimeout: 60 * time.Second}) // the server's own ReadTimeout, as run.go sets it
	var from []string
	for i := range addresses {
		from = append(from, fmt.Sprintf("127.0.%d.%d", 10+i/250, 1+i%250))
	}
	flood := slowBodyFlood(1000, from...)
	ctx, cancel := context.WithCancel(context.Background())
	wg := flood.Run(ctx, strings.TrimPrefix(e.Server.URL, "http://"), addresses*perAddress)
	defer func() { cancel(); wg.Wait() }()
	time.Sleep(time.Second) // every sender connected

	victim := fromAddress("127.0.0.2")
	logins := proxytest.Tally{Want: http.StatusCreated}
	for end := time.Now().Add(duration); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		logins.Add(proxytest.Do(t, victim, e.Server.URL, http.MethodPost, "/identity/v3/auth/tokens", "", proxytest.LoginBody(proxytest.User, proxytest.Password)))
	}
	holding, started := flood.Holding(), flood.Started()
	cancel()
	wg.Wait()
	t.Logf("during the flood (%d addresses × %d slow bodies, %v): logins served %d of %d; flood bodies started %d, still sending at the end %d; the flood's answers by status: %v",
		addresses, perAddress, duration, logins.Served, logins.Tries, started, holding, flood.Statuses())
	if started < addresses*perAddress {
		t.Errorf("the flood started %d bodies, want at least its %d senders'", started, addresses*perAddress)
	}
	if !logins.AllServed() {
		t.Errorf("logins from another address during the flood: %v, want all", &logins)
	}
}
