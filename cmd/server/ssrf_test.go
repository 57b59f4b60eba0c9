//go:build !js

package main

import (
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// TestNeverAnOpenProxy sends every trick we know to make the proxy reach another host.
// A canary server stands for that host: it must receive nothing.
func TestNeverAnOpenProxy(t *testing.T) {
	var canaryHits atomic.Int64
	canary := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		canaryHits.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"canary": true}`))
	}))
	t.Cleanup(canary.Close)
	canaryHost := strings.TrimPrefix(canary.URL, "http://")

	// another cloud, whose load-balancer endpoint is the canary
	other := proxytest.New(t, proxytest.Options{Octavia: canary.Config.Handler})
	otherToken := other.Login(t)

	e := newTestEnv(t, envOptions{trustForwarded: true, up: proxytest.Options{Octavia: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/redirect") {
			http.Redirect(w, r, canary.URL+"/stolen", http.StatusFound)
			return
		}
		w.Write([]byte(`{"loadbalancers": []}`))
	})}})
	tok := e.login(t)
	serverHost := strings.TrimPrefix(e.Server.URL, "http://")
	forged := `{"token":{"expires_at":"2099-01-01T00:00:00Z","catalog":[{"type":"load-balancer","endpoints":[{"interface":"public","region":"RegionOne","url":"` + canary.URL + `"}]}]}}`

	tests := []struct {
		name string
		raw  string // the request, as bytes on the wire
	}{
		{"absolute-form target", "GET " + canary.URL + "/load-balancer/v2/lbaas/loadbalancers HTTP/1.1\r\nHost: " + canaryHost + "\r\nX-Auth-Token: " + tok + "\r\n\r\n"},
		{"absolute-form target to identity", "GET " + canary.URL + "/identity/v3 HTTP/1.1\r\nHost: " + canaryHost + "\r\n\r\n"},
		{"absolute-form with the server's own path", "POST http://" + canaryHost + "/identity/v3/auth/tokens HTTP/1.1\r\nHost: " + serverHost + "\r\nContent-Length: 2\r\n\r\n{}"},
		{"scheme-relative path", "GET //" + canaryHost + "/load-balancer/v2 HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Auth-Token: " + tok + "\r\n\r\n"},
		{"host inside the proxied path", "GET /load-balancer//" + canaryHost + "/v2 HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Auth-Token: " + tok + "\r\n\r\n"},
		{"userinfo-like path", "GET /load-balancer@" + canaryHost + "/v2 HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Auth-Token: " + tok + "\r\n\r\n"},
		{"encoded dot-dot", "GET /load-balancer/%2e%2e/%2e%2e/" + canaryHost + "/v2 HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Auth-Token: " + tok + "\r\n\r\n"},
		{"encoded slashes", "GET /identity%2f%2f" + canaryHost + "%2fv3 HTTP/1.1\r\nHost: " + serverHost + "\r\n\r\n"},
		{"dot-dot out of the prefix", "GET /identity/../load-balancer/../" + canaryHost + " HTTP/1.1\r\nHost: " + serverHost + "\r\n\r\n"},
		{"backslashes", "GET /load-balancer/%5c%5c" + canaryHost + "/v2 HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Auth-Token: " + tok + "\r\n\r\n"},
		{"Host header", "GET /load-balancer/v2/lbaas/loadbalancers HTTP/1.1\r\nHost: " + canaryHost + "\r\nX-Auth-Token: " + tok + "\r\n\r\n"},
		{"Host header to identity", "GET /identity/v3 HTTP/1.1\r\nHost: " + canaryHost + "\r\n\r\n"},
		{"X-Forwarded-Host (trusted)", "GET /load-balancer/v2/lbaas/loadbalancers HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Forwarded-Host: " + canaryHost + "\r\nX-Forwarded-Proto: http\r\nForwarded: host=" + canaryHost + "\r\nX-Auth-Token: " + tok + "\r\n\r\n"},
		{"X-Forwarded-Host then log in", "POST /identity/v3/auth/tokens HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Forwarded-Host: " + canaryHost + "\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(proxytest.LoginBody(proxytest.User, proxytest.Password))) + "\r\n\r\n" + proxytest.LoginBody(proxytest.User, proxytest.Password)},
		{"forged token body as the token", "GET /load-balancer/v2/lbaas/loadbalancers HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Auth-Token: " + base64.StdEncoding.EncodeToString([]byte(forged)) + "\r\n\r\n"},
		{"forged catalog sent as a token request body", "POST /identity/v3/auth/tokens HTTP/1.1\r\nHost: " + serverHost + "\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(forged)) + "\r\n\r\n" + forged},
		{"forged catalog in X-Subject-Token", "GET /load-balancer/v2/lbaas/loadbalancers HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Auth-Token: " + tok + "x\r\nX-Subject-Token: " + forged + "\r\n\r\n"},
		{"token of another Keystone", "GET /load-balancer/v2/lbaas/loadbalancers HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Auth-Token: " + otherToken + "\r\n\r\n"},
		{"token of another Keystone to network", "GET /network/v2.0/networks HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Auth-Token: " + otherToken + "\r\n\r\n"},
		{"URL in the query", "GET /load-balancer/v2/lbaas/loadbalancers?marker=x&next=" + canary.URL + " HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Auth-Token: " + tok + "\r\n\r\n"},
		{"upstream redirect is not followed", "GET /load-balancer/v2/redirect HTTP/1.1\r\nHost: " + serverHost + "\r\nX-Auth-Token: " + tok + "\r\n\r\n"},
		{"CONNECT", "CONNECT " + canaryHost + " HTTP/1.1\r\nHost: " + canaryHost + "\r\n\r\n"},
		{"OPTIONS *", "OPTIONS * HTTP/1.1\r\nHost: " + canaryHost + "\r\n\r\n"},
	}
	// the canary counts what reaches it (so a zero below means something)
	if resp, err := http.Get(canary.URL + "/direct"); err != nil || canaryHits.Load() != 1 {
		t.Fatalf("direct request to the canary: %v, %d hits, want 1", err, canaryHits.Load())
	} else {
		resp.Body.Close()
	}
	otherBefore := len(other.Requests(""))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := canaryHits.Load()
			resp, body := proxytest.RawRequest(t, e.Server.URL, tt.raw)
			if got := canaryHits.Load() - before; got != 0 {
				t.Fatalf("the canary got %d requests (answer %d %s), want none", got, resp.StatusCode, body)
			}
			if strings.Contains(body, `"canary"`) {
				t.Fatalf("the answer came from the canary: %s", body)
			}
		})
	}
	if otherGot := len(other.Requests("")) - otherBefore; otherGot != 0 {
		t.Errorf("the other cloud got %d requests, want none", otherGot)
	}
}
