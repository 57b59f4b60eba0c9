//go:build !js

package main

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

func TestMetrics(t *testing.T) {
	// Octavia answers twice, then hangs up without an answer
	var served atomic.Int64
	octavia := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if served.Add(1) <= 2 {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"loadbalancers": []}`))
			return
		}
		if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
			conn.Close()
		}
	})
	e := newTestEnv(t, envOptions{up: proxytest.Options{Octavia: octavia}})
	tok := e.login(t)
	e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", tok, "")
	e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", tok, "")
	e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", tok, "")
	// the login's catalog came with Keystone's answer: only a token the proxy never saw is looked up
	e.do(t, http.MethodGet, "/network/v2.0/networks", "not-a-token", "")
	_, body := e.do(t, http.MethodGet, "/metrics", "", "")
	for _, want := range []string{
		`octaview_http_requests_total{code="200",method="GET",route="load-balancer"} 2`,
		`octaview_http_requests_total{code="502",method="GET",route="load-balancer"} 1`,
		`octaview_http_requests_total{code="201",method="POST",route="identity"} 1`,
		`octaview_upstream_errors_total{kind="unreachable",service="load-balancer"} 1`,
		`octaview_http_request_duration_seconds_count{route="load-balancer"} 3`,
		`octaview_catalog_lookups_total 1`,
		`octaview_status_viewers 0`,
		`go_goroutines `,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("GET /metrics: no %q", want)
		}
	}
	if strings.Contains(body, tok) {
		t.Error("GET /metrics shows a token")
	}
}
