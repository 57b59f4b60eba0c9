//go:build !js

package proxy

import (
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// slowUpstream answers every request after latency: Keystone (the lab's) and
// an Octavia that echoes each write's body with a 200, as a cloud under load does.
func slowUpstream(latency time.Duration) proxytest.Options {
	wait := func(r *http.Request) bool {
		select {
		case <-time.After(latency):
			return true
		case <-r.Context().Done():
			return false
		}
	}
	return proxytest.Options{
		Keystone: func(lab http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if wait(r) {
					lab.ServeHTTP(w, r)
				}
			})
		},
		Octavia: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			if wait(r) {
				w.Header().Set("Content-Type", "application/json")
				w.Write(body)
			}
		}),
	}
}

// concurrently runs n requests at once from the client c and counts the answers by status.
func concurrently(n int, do func(i int) int) map[int]int {
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			status := do(i)
			mu.Lock()
			statuses[status]++
			mu.Unlock()
		})
	}
	wg.Wait()
	return statuses
}

// TestSlowUpstreamOneAddress: a classroom behind one NAT while Keystone and
// Octavia take 4 s to answer. 20 trainees (20 sessions) write at once from one
// address, then 12 log in at once from it: every request is answered by the
// cloud. The per-address bound holds a body only while it is read, not while
// the cloud thinks.
func TestSlowUpstreamOneAddress(t *testing.T) {
	const latency, writers, logins = 4 * time.Second, 20, 12
	e := newTestEnv(t, envOptions{up: slowUpstream(latency)})
	// the trainees' sessions, each logged in from an address of its own
	tokens := make([]string, writers)
	concurrently(writers, func(i int) int {
		tokens[i] = proxytest.LoginThrough(t, fromAddress(fmt.Sprintf("127.0.1.%d", i+1)), e.Server.URL)
		return 0
	})
	nat := fromAddress("127.0.0.9")
	start := time.Now()
	writes := concurrently(writers, func(i int) int {
		resp, _ := proxytest.Do(t, nat, e.Server.URL, http.MethodPut, "/load-balancer/v2/lbaas/loadbalancers/lb-1", tokens[i],
			fmt.Sprintf(`{"loadbalancer": {"name": "renamed-by-trainee-%d"}}`, i))
		return resp.StatusCode
	})
	t.Logf("%d concurrent writes from one address, %v upstream latency: answers by status %v in %v", writers, latency, writes, time.Since(start).Round(time.Millisecond))
	if writes[http.StatusOK] != writers {
		t.Errorf("writes: got %v, want all %d answered 200 by Octavia", writes, writers)
	}
	start = time.Now()
	loggedIn := concurrently(logins, func(int) int {
		resp, _ := proxytest.Do(t, nat, e.Server.URL, http.MethodPost, "/identity/v3/auth/tokens", "", proxytest.LoginBody(proxytest.User, proxytest.Password))
		return resp.StatusCode
	})
	t.Logf("%d concurrent logins from one address, %v upstream latency: answers by status %v in %v", logins, latency, loggedIn, time.Since(start).Round(time.Millisecond))
	if loggedIn[http.StatusCreated] != logins {
		t.Errorf("logins: got %v, want all %d answered 201 by Keystone", loggedIn, logins)
	}
}

// TestSlowUpstreamPerSession: while the cloud takes 4 s, one session may have
// UpstreamPerSession requests waiting on it; one more gets a 429 with
// Retry-After at once, and another session is not held up by it.
func TestSlowUpstreamPerSession(t *testing.T) {
	const latency, perSession = 4 * time.Second, 4
	e := newTestEnv(t, envOptions{up: slowUpstream(latency), upstreamPerSession: perSession})
	tokens := make([]string, 2)
	concurrently(2, func(i int) int {
		tokens[i] = proxytest.LoginThrough(t, fromAddress(fmt.Sprintf("127.0.1.%d", i+1)), e.Server.URL)
		return 0
	})
	c := fromAddress("127.0.0.9")
	var mu sync.Mutex
	var retryAfter []string
	got := concurrently(perSession+2, func(i int) int {
		token := tokens[0]
		if i == perSession+1 {
			token = tokens[1]
		}
		resp, _ := proxytest.Do(t, c, e.Server.URL, http.MethodPut, "/load-balancer/v2/lbaas/loadbalancers/lb-1", token, `{"loadbalancer": {"name": "x"}}`)
		if resp.StatusCode == http.StatusTooManyRequests {
			mu.Lock()
			retryAfter = append(retryAfter, resp.Header.Get("Retry-After"))
			mu.Unlock()
		}
		return resp.StatusCode
	})
	if got[http.StatusOK] != perSession+1 || got[http.StatusTooManyRequests] != 1 {
		t.Errorf("%d writes of one session and one of another at once: got %v, want %d × 200 and 1 × 429", perSession+2, got, perSession+1)
	}
	if len(retryAfter) == 1 && retryAfter[0] != "1" {
		t.Errorf("the 429's Retry-After: got %q, want 1", retryAfter[0])
	}
}
