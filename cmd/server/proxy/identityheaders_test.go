//go:build !js

package proxy

import (
	"net/http"
	"testing"
)

// TestForgedIdentityHeaders: what keystonemiddleware tells a service
// about a token (X-Roles, X-Identity-Status, X-User-Id, ...), Via, and
// every X-Service-*, X-Auth-* (but the token) and X-Forwarded-* (but the
// proxy's own) that a client sends never reach Keystone, Octavia or
// Neutron; the token and the API version do.
func TestForgedIdentityHeaders(t *testing.T) {
	forged := []string{
		"Via", "1.1 trusted-gateway",
		"X-Identity-Status", "Confirmed",
		"X-Service-Identity-Status", "Confirmed",
		"X-Roles", "admin",
		"X-Role", "admin",
		"X-Service-Roles", "service,admin",
		"X-User-Id", "admin-user-id",
		"X-User-Name", "admin",
		"X-User", "admin",
		"X-User-Domain-Id", "default",
		"X-Project-Id", "admin-project-id",
		"X-Project-Name", "admin",
		"X-Project-Domain-Name", "Default",
		"X-Domain-Id", "default",
		"X-Tenant-Id", "admin-project-id",
		"X-Tenant-Name", "admin",
		"X-Tenant", "admin",
		"X-Service-Token", "a-service-token",
		"X-Service-User-Id", "octavia",
		"X-Service-Catalog", "[]",
		"X-Is-Admin-Project", "True",
		"OpenStack-System-Scope", "all",
		"X-Auth-User", "admin",
		"X-Auth-Key", "secret",
		"X-Auth-Project-Id", "admin-project-id",
		"X-Forwarded-Ssl", "on",
		"X-Forwarded-Scheme", "https",
		"OpenStack-API-Version", "load-balancer 2.20",
	}
	e := newTestEnv(t, envOptions{})
	tok := e.login(t)
	cases := []struct {
		name, service, method, path string
	}{
		{"octavia", LoadBalancer, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers"},
		{"neutron", Network, http.MethodGet, "/network/v2.0/subnets"},
		{"keystone", Identity, http.MethodGet, "/identity/v3/auth/projects"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := len(e.Up.Requests(tc.service))
			e.do(t, tc.method, tc.path, tok, "", forged...)
			reqs := e.Up.Requests(tc.service)[before:]
			if len(reqs) != 1 {
				t.Fatalf("got %d upstream requests, want 1", len(reqs))
			}
			got := reqs[0].Header
			for i := 0; i < len(forged); i += 2 {
				h := forged[i]
				if h == "OpenStack-API-Version" {
					continue
				}
				if v := got.Values(h); len(v) != 0 {
					t.Errorf("upstream got %s: %q, want it stripped", h, v)
				}
			}
			if v := got.Get("X-Auth-Token"); v != tok {
				t.Errorf("upstream X-Auth-Token: got %q, want the caller's token", v)
			}
			if v := got.Get("X-Forwarded-For"); v != "127.0.0.1" {
				t.Errorf("upstream X-Forwarded-For: got %q, want the proxy's own, 127.0.0.1", v)
			}
			if v := got.Get("Openstack-Api-Version"); v != "load-balancer 2.20" {
				t.Errorf("upstream OpenStack-API-Version: got %q, want it forwarded", v)
			}
		})
	}
}
