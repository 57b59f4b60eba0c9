//go:build !js

package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// TestHostPolicy: the server answers its public URL's name, localhost and IP
// addresses, on any port; another name (DNS rebinding: a name the attacker
// controls, resolved to this server) gets a 421 fault, no Host a 400.
func TestHostPolicy(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })
	cases := []struct {
		name           string
		publicURL      string
		trustForwarded bool
		host, path     string
		want           int
	}{
		{"make run: the listen address", "", false, "127.0.0.1:8080", "/", 200},
		{"make run opened as localhost", "", false, "localhost:8080", "/", 200},
		{"another loopback address or port", "", false, "127.0.0.2:9999", "/api/config", 200},
		{"IPv6 loopback", "", false, "[::1]:8080", "/", 200},
		{"a pod's IP (a probe, a port-forward)", "", false, "10.1.2.3:8080", "/", 200},
		{"a rebinding name", "", false, "evil.example:8080", "/identity/v3/auth/tokens", 421},
		{"a rebinding name, no port", "", false, "evil.example", "/", 421},
		{"localhost as a subdomain of another name", "", false, "localhost.evil.example", "/", 421},
		{"the public URL's name", "https://console.example.com", false, "console.example.com", "/", 200},
		{"the public URL's name, any case, a port and a final dot", "https://console.example.com", false, "Console.Example.COM.:443", "/", 200},
		{"another name than the public URL's", "https://console.example.com", false, "evil.example", "/load-balancer/v2", 421},
		{"health checks answer any name", "https://console.example.com", false, "octaview.svc.cluster.local:8080", "/healthz", 200},
		{"metrics too", "", false, "prometheus-target:8080", "/metrics", 200},
		{"no Host", "", false, "", "/", 400},
		{"trusted proxy, no X-Forwarded-Host: the Host is checked", "https://console.example.com", true, "10.0.0.1:8080", "/", 200},
		{"trusted proxy forwarding another name", "https://console.example.com", true, "10.0.0.1:8080", "/", 421},
		{"trusted proxy forwarding the public name", "https://console.example.com", true, "10.0.0.1:8080", "/", 200},
		{"trusted proxy, no public URL: the proxy in front checks", "", true, "evil.example", "/", 200},
	}
	forwarded := map[string]string{
		"trusted proxy forwarding another name":    "console.example.com, evil.example",
		"trusted proxy forwarding the public name": "evil.example, console.example.com",
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHostPolicy(tc.publicURL, tc.trustForwarded).wrap(ok)
			r := httptest.NewRequest(http.MethodGet, tc.path, nil)
			r.Host = tc.host
			if f := forwarded[tc.name]; f != "" {
				r.Header.Set("X-Forwarded-Host", f)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tc.want {
				t.Fatalf("Host %q: got %d %s, want %d", tc.host, w.Code, w.Body, tc.want)
			}
			if tc.want != 200 {
				msg := proxytest.CheckFault(t, w.Body.String(), "Client")
				if tc.want == 421 && !strings.Contains(msg, "not \"") {
					t.Errorf("fault %q: want it to name what was asked and what is answered", msg)
				}
			}
		})
	}
}

// TestRunHostNames: the server started as `make run` starts it answers
// 127.0.0.1 and localhost, and refuses another name with a 421 (and so does
// the lab's control API behind it).
func TestRunHostNames(t *testing.T) {
	s := startRun(t, nil, "-web", t.TempDir())
	port := s.URL[strings.LastIndex(s.URL, ":")+1:]
	for _, tc := range []struct {
		host, path string
		want       int
	}{
		{"127.0.0.1:" + port, "/api/config", 200},
		{"localhost:" + port, "/api/config", 200},
		{"rebound.evil.example:" + port, "/api/config", 421},
		{"rebound.evil.example:" + port, "/lab/users", 421},
		{"rebound.evil.example:" + port, "/healthz", 200},
	} {
		req, _ := http.NewRequest(http.MethodGet, s.URL+tc.path, nil)
		req.Host = tc.host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("GET %s with Host %s: got %d, want %d", tc.path, tc.host, resp.StatusCode, tc.want)
		}
	}
}
