package labcloud

import (
	"net/http"
	"testing"
)

// TestUnauthorizedPerService: a request without a known token gets
// keystonemiddleware's 401 from every service, and no handler runs; each
// service frames it as its middleware does: Octavia's without a request id
// (keystonemiddleware answers before Octavia's request-id middleware),
// Neutron's with one (its request-id middleware runs first). A known token
// gets the service's answer.
func TestUnauthorizedPerService(t *testing.T) {
	c := New(Options{})
	demo := login(t, c, "demo")
	tests := []struct {
		name          string
		path          string
		wantRequestID bool
	}{
		{"Octavia", "/load-balancer/v2/lbaas/loadbalancers", false},
		{"Neutron", "/network/v2.0/subnets", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, token := range []string{"", "not-a-token"} {
				r := (&tclient{t: t, h: c, token: token}).must(http.StatusUnauthorized, http.MethodGet, tt.path, nil)
				if e := obj(r.json(t), "error"); e["title"] != "Unauthorized" || e["code"] != float64(http.StatusUnauthorized) {
					t.Errorf("token %q: body %s, want keystonemiddleware's error", token, r.body)
				}
				if got := r.header.Get(RequestIDHeader) != ""; got != tt.wantRequestID {
					t.Errorf("token %q: a request id on the 401: %v, want %v", token, got, tt.wantRequestID)
				}
			}
			demo.t = t
			demo.must(http.StatusOK, http.MethodGet, tt.path, nil)
		})
	}
}
