//go:build !js

package main

import (
	"net/http"
	"strings"
	"testing"
)

func TestCORS(t *testing.T) {
	const allowed = "https://console.example.com"
	e := newTestEnv(t, envOptions{corsOrigins: []string{allowed, "http://localhost:3000"}})
	tok := e.login(t)
	tests := []struct {
		name        string
		method      string
		path        string
		header      []string
		wantCode    int
		wantOrigin  string // Access-Control-Allow-Origin ("" = none)
		wantMaxAge  string
		wantHeaders string // Access-Control-Allow-Headers
		wantExpose  bool
	}{
		{"preflight from an allowed origin", http.MethodOptions, "/identity/v3/auth/tokens",
			[]string{"Origin", allowed, "Access-Control-Request-Method", http.MethodPost, "Access-Control-Request-Headers", "content-type, x-auth-token, x-evil"},
			204, allowed, "600", "Content-Type, X-Auth-Token", false},
		{"CSRF: the session marker is not allowed, even for an allowed origin", http.MethodOptions, "/load-balancer/v2/lbaas/loadbalancers",
			[]string{"Origin", allowed, "Access-Control-Request-Method", http.MethodGet, "Access-Control-Request-Headers", "x-auth-token, x-octaview-session"},
			204, allowed, "600", "X-Auth-Token", false},
		{"request from an allowed origin", http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers",
			[]string{"Origin", allowed}, 200, allowed, "", "", true},
		{"preflight from another origin", http.MethodOptions, "/identity/v3/auth/tokens",
			[]string{"Origin", "https://evil.example", "Access-Control-Request-Method", http.MethodPost}, 403, "", "", "", false},
		{"request from another origin", http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers",
			[]string{"Origin", "https://evil.example"}, 200, "", "", "", false},
		{"an origin that only starts like an allowed one", http.MethodGet, "/api/config",
			[]string{"Origin", allowed + ".evil.example"}, 200, "", "", "", false},
		{"null origin", http.MethodGet, "/api/config", []string{"Origin", "null"}, 200, "", "", "", false},
		{"same origin (no Origin header)", http.MethodGet, "/api/config", nil, 200, "", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := e.do(t, tt.method, tt.path, tok, "", tt.header...)
			if resp.StatusCode != tt.wantCode {
				t.Fatalf("got %d %s, want %d", resp.StatusCode, body, tt.wantCode)
			}
			if got := resp.Header.Get("Access-Control-Allow-Origin"); got != tt.wantOrigin {
				t.Errorf("Access-Control-Allow-Origin: got %q, want %q", got, tt.wantOrigin)
			}
			if got := resp.Header.Get("Access-Control-Max-Age"); got != tt.wantMaxAge {
				t.Errorf("Access-Control-Max-Age: got %q, want %q", got, tt.wantMaxAge)
			}
			if got := resp.Header.Get("Access-Control-Allow-Headers"); got != tt.wantHeaders {
				t.Errorf("Access-Control-Allow-Headers: got %q, want %q", got, tt.wantHeaders)
			}
			expose := resp.Header.Get("Access-Control-Expose-Headers")
			if tt.wantExpose != (strings.Contains(expose, "X-Subject-Token") && strings.Contains(expose, "X-Openstack-Request-Id")) {
				t.Errorf("Access-Control-Expose-Headers: got %q, want X-Subject-Token and X-Openstack-Request-Id exposed: %v", expose, tt.wantExpose)
			}
			if resp.Header.Get("Access-Control-Allow-Credentials") != "" {
				t.Error("got Access-Control-Allow-Credentials, want none (tokens travel in headers)")
			}
			if !strings.Contains(strings.Join(resp.Header.Values("Vary"), ","), "Origin") {
				t.Errorf("Vary: got %q, want Origin", resp.Header.Values("Vary"))
			}
		})
	}
	// preflights never reach upstream
	for _, r := range e.Up.Requests("") {
		if r.Method == http.MethodOptions {
			t.Errorf("a preflight reached upstream: %s %s", r.Method, r.Path)
		}
	}
}

func TestParseOrigins(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    string
		wantErr bool
	}{
		{"list", "https://A.example.com, http://localhost:3000/", "https://a.example.com,http://localhost:3000", false},
		{"empty", "", "", false},
		{"wildcard", "*", "", true},
		{"path", "https://a.example.com/app", "", true},
		{"not http", "ftp://a.example.com", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseOrigins(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("got error %v, want error: %v", err, tt.wantErr)
			}
			if strings.Join(got, ",") != tt.want {
				t.Errorf("got %q, want %q", strings.Join(got, ","), tt.want)
			}
		})
	}
}
