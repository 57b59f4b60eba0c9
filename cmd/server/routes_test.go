//go:build !js

package main

import (
	"net/http"
	"testing"
)

// TestRoutesPrefixWithoutSlash: /identity, /load-balancer and /network without the
// slash are the upstream's to answer (Keystone's version list), not a redirect.
func TestRoutesPrefixWithoutSlash(t *testing.T) {
	e := newTestEnv(t, envOptions{})
	tok := e.login(t)
	for _, tt := range []struct {
		name, path, wantUpstream string
	}{
		{"identity", "/identity", "/identity"},
		{"load-balancer", "/load-balancer", "/load-balancer"},
		{"network", "/network", "/network"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := len(e.Up.Requests(tt.name))
			resp, body := e.do(t, http.MethodGet, tt.path, tok, "")
			if resp.StatusCode/100 == 3 && resp.StatusCode != http.StatusMultipleChoices {
				t.Fatalf("GET %s: got %d (Location %q), want the upstream's answer", tt.path, resp.StatusCode, resp.Header.Get("Location"))
			}
			got := e.Up.Requests(tt.name)[before:]
			if len(got) != 1 || got[0].Path != tt.wantUpstream {
				t.Fatalf("GET %s: upstream got %+v, want one request for %s (answer %d %s)", tt.path, got, tt.wantUpstream, resp.StatusCode, body)
			}
		})
	}
}
