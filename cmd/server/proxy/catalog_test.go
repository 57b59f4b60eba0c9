//go:build !js

package proxy

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestUnknownTokensBounded floods the proxy with tokens Keystone does not know:
// a refused token is not asked again while remembered, and one address causes at
// most a burst of validations at once. The clock stands still, so the budget never refills.
func TestUnknownTokensBounded(t *testing.T) {
	const clients, perClient, burst = 50, 20, 20
	var lookups atomic.Int64
	e := newTestEnv(t, envOptions{validation: ValidationLimits{Burst: burst, PerSecond: 5}, onLookup: func() { lookups.Add(1) }})
	frozen := time.Now()
	e.Proxy.catalogs.now = func() time.Time { return frozen }

	// the same unknown token, again and again: one validation
	for range 10 {
		resp, _ := e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", "not-a-token", "")
		if resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("unknown token: got %d, want 401", resp.StatusCode)
		}
	}
	if got := e.Up.Validations(); got != 1 {
		t.Errorf("one unknown token sent 10 times: got %d Keystone validations, want 1", got)
	}

	// random tokens from many clients of one address
	codes := map[int]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for range perClient {
				resp, _ := e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", rand.Text(), "")
				mu.Lock()
				codes[resp.StatusCode]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if got := e.Up.Validations(); got > burst {
		t.Errorf("%d random tokens: got %d Keystone validations, want at most %d", clients*perClient, got, burst)
	}
	if codes[http.StatusTooManyRequests] == 0 || codes[http.StatusUnauthorized] == 0 || codes[http.StatusOK] != 0 {
		t.Errorf("got answers %v, want 401 while the budget lasts, then 429", codes)
	}
	if lookups.Load() != int64(e.Up.Validations()) {
		t.Errorf("OnKeystoneLookup: got %d, want one per validation (%d)", lookups.Load(), e.Up.Validations())
	}

	// a known token still works from that address: its catalog is cached
	tok := e.login(t)
	frozen = frozen.Add(time.Second) // one validation's worth of budget
	if resp, body := e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", tok, ""); resp.StatusCode != http.StatusOK {
		t.Errorf("a valid token after the flood: got %d %s, want 200", resp.StatusCode, body)
	}
}

// BenchmarkUnknownTokenFlood has 50 clients send random tokens for 10 s and reports
// how many Keystone validations they caused, with the default limits and with none
// (each unknown token costs a validation, as before the limits).
//
//	go test -run '^$' -bench UnknownTokenFlood -benchtime 1x ./cmd/server/proxy/
func BenchmarkUnknownTokenFlood(b *testing.B) {
	const clients, duration = 50, 10 * time.Second
	for _, tc := range []struct {
		name   string
		limits ValidationLimits
	}{
		{"limits=none", ValidationLimits{RefusedTTL: time.Nanosecond, PerSecond: 1e9, Burst: 1e9}},
		{"limits=default", ValidationLimits{}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				var lookups atomic.Int64
				e := newTestEnv(b, envOptions{validation: tc.limits, onLookup: func() { lookups.Add(1) }})
				requests := floodFor(e, clients, duration)
				b.ReportMetric(float64(requests), "requests")
				b.ReportMetric(float64(lookups.Load()), "keystone-calls")
				b.ReportMetric(float64(lookups.Load())/duration.Seconds(), "keystone-calls/s")
			}
		})
	}
}

func floodFor(e *testEnv, clients int, d time.Duration) int64 {
	var requests atomic.Int64
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	defer client.CloseIdleConnections()
	for range clients {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest(http.MethodGet, e.Server.URL+"/load-balancer/v2/lbaas/loadbalancers", nil)
				req.Header.Set("X-Auth-Token", rand.Text())
				resp, err := client.Do(req)
				if err != nil {
					continue
				}
				resp.Body.Close()
				requests.Add(1)
			}
		})
	}
	wg.Wait()
	return requests.Load()
}

func TestClientAddr(t *testing.T) {
	tests := []struct {
		name    string
		remote  string
		xff     []string
		trusted bool
		want    string
	}{
		{"the connection's peer", "192.0.2.7:51234", nil, false, "192.0.2.7"},
		{"X-Forwarded-For ignored unless trusted", "192.0.2.7:51234", []string{"203.0.113.9"}, false, "192.0.2.7"},
		{"the hop the trusted proxy added", "10.0.0.2:40000", []string{"6.6.6.6, 203.0.113.9"}, true, "203.0.113.9"},
		{"the last header of several", "10.0.0.2:40000", []string{"6.6.6.6", "203.0.113.9"}, true, "203.0.113.9"},
		{"trusted but absent", "[2001:db8::1]:443", nil, true, "2001:db8::1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, _ := http.NewRequest(http.MethodGet, "http://x/load-balancer/", nil)
			r.RemoteAddr = tt.remote
			for _, v := range tt.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := clientAddr(r, tt.trusted); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestRegionEndpoints: the region a request asks for (the app's region
// picker) selects among the caller's own catalog's endpoints; none asked
// gives the configured region's; a region the catalog lacks has none.
func TestRegionEndpoints(t *testing.T) {
	var catalog []catalogService
	if err := json.Unmarshal([]byte(`[{"type": "load-balancer", "endpoints": [
		{"interface": "public", "region": "RegionOne", "region_id": "RegionOne", "url": "https://lb-one.example/"},
		{"interface": "internal", "region": "RegionTwo", "region_id": "RegionTwo", "url": "https://lb-two-internal.example"},
		{"interface": "public", "region": "RegionTwo", "region_id": "RegionTwo", "url": "https://lb-two.example"}]}]`), &catalog); err != nil {
		t.Fatal(err)
	}
	e := catalogEntry{endpoints: endpointsOf(catalog, "public", "")}
	cases := []struct {
		name, region, want string
	}{
		{"no region: the first", "", "https://lb-one.example"},
		{"RegionOne", "RegionOne", "https://lb-one.example"},
		{"RegionTwo, at the interface", "RegionTwo", "https://lb-two.example"},
		{"a region not in the catalog", "RegionThree", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := e.find(LoadBalancer, tc.region)
			got := ""
			if err == nil {
				got = u.String()
			}
			if got != tc.want {
				t.Errorf("got %q (%v), want %q", got, err, tc.want)
			}
		})
	}
}
