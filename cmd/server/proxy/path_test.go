//go:build !js

package proxy

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestPathBelow(t *testing.T) {
	tests := []struct {
		name     string
		target   string // request target as sent
		wantRest string
		wantOK   bool
	}{
		{"the prefix alone", "/load-balancer", "", true},
		{"the prefix with its slash", "/load-balancer/", "/", true},
		{"a resource", "/load-balancer/v2/lbaas/loadbalancers", "/v2/lbaas/loadbalancers", true},
		{"a lookalike prefix", "/load-balancerx/v2", "", false},
		{"another prefix", "/network/v2.0", "", false},
		{"an empty segment", "/load-balancer//evil.example/v2", "", false},
		{"a dot-dot segment", "/load-balancer/v2/../../identity", "", false},
		{"a dot segment", "/load-balancer/./v2", "", false},
		{"an encoded slash", "/load-balancer/v2%2f..%2fx", "", false},
		{"an encoded dot", "/load-balancer/%2e%2e/x", "", false},
		{"an encoded backslash", "/load-balancer/v2%5cx", "", false},
		{"an encoded NUL", "/load-balancer/v2%00", "", false},
		{"a tab", "/load-balancer/v2%09x", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, tt.target, nil)
			rest, ok := pathBelow(r, Prefix(LoadBalancer))
			if rest != tt.wantRest || ok != tt.wantOK {
				t.Errorf("pathBelow(%q): got %q, %v, want %q, %v", tt.target, rest, ok, tt.wantRest, tt.wantOK)
			}
		})
	}
}
