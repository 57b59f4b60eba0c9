//go:build !js

package proxy

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// spyBody counts reads; with block set, Read waits for it to close and then fails.
type spyBody struct {
	reads   atomic.Int64
	reading chan struct{} // closed at the first read (when block is set)
	block   chan struct{}
}

func (b *spyBody) Read(p []byte) (int, error) {
	if b.reads.Add(1) == 1 && b.block != nil {
		close(b.reading)
		<-b.block
		return 0, errors.New("malformed chunked encoding")
	}
	return 0, io.EOF
}

func (b *spyBody) Close() error { return nil }

// TestBodyReadAfterToken: a request to a service with an unknown (or no) token gets
// its 401 without the proxy reading a byte of its body.
func TestBodyReadAfterToken(t *testing.T) {
	e := newTestEnv(t, envOptions{})
	for _, tc := range []struct{ name, token string }{{"no token", ""}, {"an unknown token", "not-a-token"}} {
		t.Run(tc.name, func(t *testing.T) {
			body := &spyBody{}
			r := httptest.NewRequest(http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", body)
			r.ContentLength = MaxRequestBody
			if tc.token != "" {
				r.Header.Set("X-Auth-Token", tc.token)
			}
			w := httptest.NewRecorder()
			e.Proxy.Handler(LoadBalancer).ServeHTTP(w, r)
			if w.Code != http.StatusUnauthorized {
				t.Errorf("got %d %s, want 401", w.Code, w.Body)
			}
			if n := body.reads.Load(); n != 0 {
				t.Errorf("got %d reads of the body, want none before the token is known", n)
			}
		})
	}
}

// TestBufferedBodiesBounded: with MaxBodies 1, a second large body while one is being
// read gets a 503 fault; once the first is done, bodies are read again.
func TestBufferedBodiesBounded(t *testing.T) {
	ks, _ := url.Parse("http://keystone.invalid/v3")
	p := New(Options{Keystone: ks, MaxBodies: 1})
	h := p.Handler(Identity)
	slow := &spyBody{reading: make(chan struct{}), block: make(chan struct{})}
	first := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.ServeHTTP(first, httptest.NewRequest(http.MethodPost, "/identity/v3/auth/tokens", slow))
	}()
	<-slow.reading
	second := httptest.NewRecorder()
	r := httptest.NewRequest(http.MethodPost, "/identity/v3/auth/tokens", strings.NewReader("{}"))
	r.ContentLength = -1 // chunked: a large body for all the proxy knows
	h.ServeHTTP(second, r)
	if second.Code != http.StatusServiceUnavailable {
		t.Errorf("a body while another is buffered: got %d %s, want 503", second.Code, second.Body)
	}
	proxytest.CheckFault(t, second.Body.String(), "Server")
	close(slow.block)
	<-done
	if first.Code != http.StatusBadRequest {
		t.Errorf("the first body (malformed): got %d %s, want 400", first.Code, first.Body)
	}
	third := httptest.NewRecorder()
	h.ServeHTTP(third, httptest.NewRequest(http.MethodPost, "/identity/v3/auth/tokens", &spyBody{}))
	if third.Code == http.StatusServiceUnavailable {
		t.Errorf("a body after the first was released: got 503, want it read")
	}
}

// onlyReader hides a reader's other methods (WriterTo) from io.ReadAll and friends.
type onlyReader struct{ io.Reader }

func TestReadAtMost(t *testing.T) {
	const limit = 1 << 20
	tests := []struct {
		name    string
		size    int
		length  int64 // -1: unknown
		wantCap int
	}{
		{"known length: exactly that", 300_000, 300_000, 300_000},
		{"unknown length at the limit: never more than limit+1", limit, -1, limit + 1},
		{"unknown length, small", 100, -1, 512},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := readAtMost(onlyReader{strings.NewReader(strings.Repeat("x", tt.size))}, tt.length, limit)
			if err != nil || len(data) != tt.size {
				t.Fatalf("got %d bytes, %v; want %d", len(data), err, tt.size)
			}
			if cap(data) != tt.wantCap {
				t.Errorf("got a buffer of %d bytes, want %d", cap(data), tt.wantCap)
			}
		})
	}
}

// TestFreshLoginAfterFlood: an address that spent its validation budget on random
// tokens still logs in through the proxy and uses the new token at once: the catalog
// comes from Keystone's answer to the login, not from a validation. The clock stands still.
func TestFreshLoginAfterFlood(t *testing.T) {
	e := newTestEnv(t, envOptions{validation: ValidationLimits{Burst: 5, PerSecond: 1}})
	frozen := time.Now()
	e.Proxy.catalogs.now = func() time.Time { return frozen }
	for i := 0; ; i++ {
		resp, _ := e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", rand.Text(), "")
		if resp.StatusCode == http.StatusTooManyRequests {
			break
		}
		if i > 10 {
			t.Fatalf("random tokens: got %d after %d, want 429 once the burst of 5 is spent", resp.StatusCode, i)
		}
	}
	tok := e.login(t)
	for _, path := range []string{"/load-balancer/v2/lbaas/loadbalancers", "/network/v2.0/networks"} {
		if resp, body := e.do(t, http.MethodGet, path, tok, ""); resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s with a fresh login from the flooded address: got %d %s, want 200", path, resp.StatusCode, body)
		}
	}
}

func TestBudgetKey(t *testing.T) {
	tests := []struct{ name, addr, want string }{
		{"IPv4", "192.0.2.7", "192.0.2.7"},
		{"IPv4-mapped IPv6", "::ffff:192.0.2.7", "192.0.2.7"},
		{"IPv6: its /64", "2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"},
		{"IPv6 with a zone", "fe80::1%eth0", "fe80::/64"},
		{"not an address", "unix", "unix"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := budgetKey(tt.addr); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSiteKey(t *testing.T) {
	tests := []struct{ name, addr, want string }{
		{"IPv4", "192.0.2.7", "192.0.2.7"},
		{"IPv4-mapped IPv6", "::ffff:192.0.2.7", "192.0.2.7"},
		{"IPv6: its /56", "2001:db8:1:2aa:aaaa:bbbb:cccc:dddd", "2001:db8:1:200::/56"},
		{"another /64 of the same /56", "2001:db8:1:2ff::1", "2001:db8:1:200::/56"},
		{"IPv6 with a zone", "fe80::1%eth0", "fe80::/56"},
		{"not an address", "unix", "unix"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := siteKey(tt.addr); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func newTestCache(limits ValidationLimits, now time.Time) *catalogCache {
	c := newCatalogCache(&url.URL{Scheme: "http", Host: "keystone.invalid"}, "", "", http.DefaultClient, limits)
	c.now = func() time.Time { return now }
	return c
}

// TestValidationBudgets spends validations from several addresses with the clock
// standing still and counts those allowed.
func TestValidationBudgets(t *testing.T) {
	tests := []struct {
		name   string
		limits ValidationLimits
		addrs  []string
		want   int
	}{
		{"one IPv6 /64 shares one budget", ValidationLimits{Burst: 2}, []string{"2001:db8::1", "2001:db8::2", "2001:db8::3:4", "2001:db8::ffff"}, 2},
		{"separate /64s have their own", ValidationLimits{Burst: 1}, []string{"2001:db8:0:1::1", "2001:db8:0:2::1"}, 2},
		{"the global ceiling bounds all addresses", ValidationLimits{Burst: 50, GlobalPerSecond: 3}, []string{"192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4", "192.0.2.5"}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newTestCache(tt.limits, time.Now())
			got := 0
			for _, a := range tt.addrs {
				if c.spendLocked(a, c.now()) {
					got++
				}
			}
			if got != tt.want {
				t.Errorf("got %d validations allowed, want %d", got, tt.want)
			}
		})
	}
}

// TestBudgetEvictionNoFreshBurst: with the table full of part-spent budgets, a new
// address is refused rather than one of them dropped (which would give it a fresh
// burst); full budgets, as good as new, are dropped.
func TestBudgetEvictionNoFreshBurst(t *testing.T) {
	now := time.Now()
	c := newTestCache(ValidationLimits{Burst: 5, PerSecond: 1, GlobalPerSecond: 1e9}, now)
	for i := range catalogMaxEntries {
		c.budgets[fmt.Sprintf("10.%d.%d.%d", i>>16, i>>8&255, i&255)] = &budget{tokens: 0, last: now}
	}
	if c.spendLocked("192.0.2.1", now) {
		t.Errorf("a new address with %d spent budgets: got a validation, want a refusal", catalogMaxEntries)
	}
	spent := 0
	for _, b := range c.budgets {
		if b.tokens < 1 {
			spent++
		}
	}
	if spent != catalogMaxEntries {
		t.Errorf("got %d spent budgets left, want all %d kept", spent, catalogMaxEntries)
	}
	c.budgets["10.0.0.0"].tokens = 5 // full again
	if !c.spendLocked("192.0.2.1", now) {
		t.Errorf("a new address once a full budget can go: got a refusal, want a validation")
	}
}

// TestIdentityNoStore: every Identity answer is private, not only token answers.
func TestIdentityNoStore(t *testing.T) {
	e := newTestEnv(t, envOptions{})
	tok := e.login(t)
	for _, path := range []string{"/identity/v3/auth/projects", "/identity/v3/auth/catalog", "/identity/v3", "/identity/v3/users/nobody/application_credentials"} {
		resp, _ := e.do(t, http.MethodGet, path, tok, "")
		if got := resp.Header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("GET %s (%d): got Cache-Control %q, want no-store", path, resp.StatusCode, got)
		}
	}
}

// TestIdentityLargeBodyUnknownLength: a Keystone JSON answer of unknown length larger
// than the proxy rewrites is forwarded whole, not cut at the limit.
func TestIdentityLargeBodyUnknownLength(t *testing.T) {
	big := `{"projects":[` + strings.Repeat(`{"name":"p"},`, maxRewriteBody/12+100) + `{"name":"last"}]}`
	e := newTestEnv(t, envOptions{up: proxytest.Options{Keystone: func(lab http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, "/v3/auth/projects") {
				lab.ServeHTTP(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			for s := big; s != ""; s = s[min(len(s), 4096):] {
				io.WriteString(w, s[:min(len(s), 4096)])
				w.(http.Flusher).Flush() // chunked: no Content-Length
			}
		})
	}}})
	resp, body := e.do(t, http.MethodGet, "/identity/v3/auth/projects", "any", "")
	if resp.StatusCode != http.StatusOK || len(body) != len(big) || body != big {
		t.Errorf("got %d, %d bytes, want 200 and all %d bytes", resp.StatusCode, len(body), len(big))
	}
}

// TestBodyGate: bodies are bounded per client address and in three pools, a
// quarter of each kept for requests with a known session or token; tiny and
// small bodies of known length never wait on larger ones.
func TestBodyGate(t *testing.T) {
	type step struct {
		client string
		n      int64 // Content-Length; -1 unknown
		known  bool
		want   error
	}
	big, small, tiny := int64(SmallBody+1), int64(TinyBody+1), int64(300)
	tests := []struct {
		name  string
		steps []step
	}{
		{"one address holds at most perClient bodies", []step{
			{"a", small, false, nil}, {"a", big, false, nil}, {"a", -1, true, errTooManyFromClient}, {"b", small, false, nil},
		}},
		{"anonymous bodies leave the reserved large slots", []step{
			{"a", big, false, nil}, {"b", -1, false, nil}, {"c", big, false, nil}, {"d", big, false, errBodiesBusy},
			{"e", big, true, nil}, {"f", big, true, errBodiesBusy},
		}},
		{"small bodies have their own pool", []step{
			{"a", big, false, nil}, {"b", big, false, nil}, {"c", big, false, nil}, {"d", big, false, errBodiesBusy},
			{"e", small, false, nil}, {"f", SmallBody, false, nil},
		}},
		{"anonymous bodies leave the reserved small slots", []step{
			{"a", small, false, nil}, {"b", small, false, nil}, {"c", small, false, nil}, {"d", small, false, errBodiesBusy},
			{"e", small, true, nil},
		}},
		{"tiny bodies (logins) have their own pool", []step{
			{"a", small, false, nil}, {"b", small, false, nil}, {"c", small, false, nil}, {"d", small, false, errBodiesBusy},
			{"e", tiny, false, nil}, {"f", TinyBody, false, nil}, {"g", 0, false, nil}, {"h", tiny, false, errBodiesBusy},
			{"i", tiny, true, nil},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newBodyGate(4, 4, 4, 2) // one slot of each pool kept for known requests
			for i, s := range tt.steps {
				ticket, err := g.enter(s.client, s.n, s.known)
				if !errors.Is(err, s.want) || (err == nil) != (ticket != nil) {
					t.Fatalf("step %d (%s, %d bytes, known %v): got %v, want %v", i, s.client, s.n, s.known, err, s.want)
				}
			}
		})
	}
	t.Run("read frees the address and a small slot, done a large one", func(t *testing.T) {
		g := newBodyGate(1, 1, 1, 1)
		ticket, _ := g.enter("a", tiny, true)
		ticket.Read()
		ticket.Read() // a second call is a no-op
		if _, err := g.enter("a", small, true); err != nil {
			t.Fatalf("a small body after a tiny one's read: got %v, want a slot", err)
		}
		g = newBodyGate(1, 1, 1, 1)
		ticket, _ = g.enter("a", big, true)
		ticket.Read()
		if _, err := g.enter("b", big, true); !errors.Is(err, errBodiesBusy) {
			t.Fatalf("a large body while another waits for its answer: got %v, want %v", err, errBodiesBusy)
		}
		ticket.Done()
		ticket.Done()
		if len(g.clients) != 0 || g.large.used != 0 {
			t.Errorf("after done twice: got %d clients and %d large slots in use, want 0 and 0", len(g.clients), g.large.used)
		}
		if _, err := g.enter("b", big, true); err != nil {
			t.Errorf("after done: got %v, want a large slot again", err)
		}
	})
}
