package labcloud

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
)

// BenchmarkListPage1000 is GET of a 1,000-item page of load balancers with
// 10,000 seeded (the second page, by marker, as a client paging does).
func BenchmarkListPage1000(b *testing.B) {
	c := New(Options{Seed: 1, Scenario: seeded(10000)})
	demo := login(&testing.T{}, c, "demo")
	first := serve(c, newReq(http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?limit=1000", demo.token))
	if first.status != http.StatusOK {
		b.Fatalf("got %d", first.status)
	}
	t := &testing.T{}
	page1 := ids(t, first, "loadbalancers")
	path := "/load-balancer/v2/lbaas/loadbalancers?limit=1000&marker=" + page1[len(page1)-1]
	b.ReportAllocs()
	b.ResetTimer()
	var n int
	for b.Loop() {
		req := newReq(http.MethodGet, path, demo.token)
		rec := httptest.NewRecorder()
		c.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("got %d", rec.Code)
		}
		n = rec.Body.Len()
	}
	b.ReportMetric(float64(n), "body-bytes")
}

// BenchmarkSeed10000 reports the heap held by a cloud with 10,000 seeded
// load balancers (each with its VIP port and amphora), after GC, and after
// one full listing filled the JSON caches.
func BenchmarkSeed10000(b *testing.B) {
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		c := New(Options{Seed: 1, Scenario: seeded(10000)})
		demo := login(&testing.T{}, c, "demo")
		marker := ""
		for {
			path := "/load-balancer/v2/lbaas/loadbalancers?limit=1000"
			if marker != "" {
				path += "&marker=" + marker
			}
			r := serve(c, newReq(http.MethodGet, path, demo.token))
			got := ids(&testing.T{}, r, "loadbalancers")
			if len(got) == 0 {
				break
			}
			marker = got[len(got)-1]
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "heap-MB")
		runtime.KeepAlive(c)
	}
}

// BenchmarkListPage1000HTTP is the same GET over a loopback socket, as a
// client sees it (the real Octavia takes about 0.6 s here).
func BenchmarkListPage1000HTTP(b *testing.B) {
	srv := NewServer(Options{Seed: 1, Scenario: seeded(10000)})
	defer srv.Close()
	demo := login(&testing.T{}, srv.Cloud, "demo")
	first := serve(srv.Cloud, newReq(http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?limit=1000", demo.token))
	page1 := ids(&testing.T{}, first, "loadbalancers")
	url := srv.URL + "/load-balancer/v2/lbaas/loadbalancers?limit=1000&marker=" + page1[len(page1)-1]
	client := &http.Client{}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("X-Auth-Token", demo.token)
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || n < 600000 {
			b.Fatalf("got %d, %d bytes", resp.StatusCode, n)
		}
	}
}

// BenchmarkLoginFlood reports the heap a cloud holds after 91,000 password
// logins of one user (the lab's credentials are public: the flood of issue
// 9), after GC, with every token still inside its 1 h life.
func BenchmarkLoginFlood(b *testing.B) {
	const logins = 91000
	body, err := json.Marshal(passwordAuth("demo", "demo", "demo"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		c := New(Options{Seed: 1})
		for range logins {
			req := httptest.NewRequest(http.MethodPost, "http://lab.example/identity/v3/auth/tokens", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			c.ServeHTTP(rec, req)
			if rec.Code != http.StatusCreated {
				b.Fatalf("login: got %d, want 201", rec.Code)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "heap-MB")
		c.mu.Lock()
		b.ReportMetric(float64(len(c.tokens)), "tokens")
		c.mu.Unlock()
		runtime.KeepAlive(c)
	}
}

// BenchmarkDeepBody is a PUT of a load balancer whose body, about 1 MiB,
// nests objects 900 levels deep (under the depth cap: parsed and checked as
// any other) or 9,990 deep (refused before parsing; encoding/json's own
// limit is 10,000).
func BenchmarkDeepBody(b *testing.B) {
	for _, depth := range []int{900, 9990} {
		b.Run(fmt.Sprint(depth), func(b *testing.B) {
			c := New(Options{Seed: 1, Scenario: &Scenario{LoadBalancers: []ScenarioLB{{Project: "demo", Name: "web"}}}})
			demo := login(&testing.T{}, c, "demo")
			lbs := list(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?name=web", nil).json(&testing.T{}), "loadbalancers")
			path := "/load-balancer/v2/lbaas/loadbalancers/" + lbs[0].(map[string]any)["id"].(string)
			pad := `"` + strings.Repeat("x", (1<<20)/depth) + `"`
			body := []byte(`{"loadbalancer":{"tags":` + strings.Repeat(`{"p":`+pad+`,"a":`, depth) + "1" + strings.Repeat("}", depth) + `}}`)
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				req := newReq(http.MethodPut, path, demo.token)
				req.Body = io.NopCloser(bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				if r := serve(c, req); r.status != http.StatusBadRequest {
					b.Fatalf("got %d, want 400", r.status)
				}
			}
		})
	}
}
