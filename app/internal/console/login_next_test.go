package console

import "testing"

// TestNeedsSession: the pages a signed-out visitor is sent to the login
// from are those whose render requires a session; the login page, the
// status wall and unrouted paths are not.
func TestNeedsSession(t *testing.T) {
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"/", true},
		{"/load-balancers", true},
		{"/load-balancers/new", true},
		{"/load-balancers/8d3c-id", true},
		{"/listeners/l1/edit", true},
		{"/pools/p1/members/m1", true},
		{"/pools/p1/members/new", true},
		{"/trainer", true},
		{"/trainer/cards", true},
		{"/login", false},
		{"/status", false},
		{"/no-such-page", false},
		{"/web/octaview.css", false},
	} {
		if got := NeedsSession(tt.path); got != tt.want {
			t.Errorf("NeedsSession(%q): got %v, want %v", tt.path, got, tt.want)
		}
	}
}

// TestLoginFor: the login page comes back to the page asked for, its
// query kept, and never to another origin or to the login itself.
func TestLoginFor(t *testing.T) {
	for _, tt := range []struct{ uri, want string }{
		{"/", "/login?next=%2F"},
		{"/load-balancers?q=shop&sort=name", "/login?next=%2Fload-balancers%3Fq%3Dshop%26sort%3Dname"},
		{"/pools/p1/members/m1", "/login?next=%2Fpools%2Fp1%2Fmembers%2Fm1"},
		{"//evil.example/x", "/login?next=%2Fload-balancers"},
		{"/login?next=%2F", "/login?next=%2Fload-balancers"},
		{`/\evil.example`, "/login?next=%2Fload-balancers"},
	} {
		if got := LoginFor(tt.uri); got != tt.want {
			t.Errorf("LoginFor(%q): got %q, want %q", tt.uri, got, tt.want)
		}
	}
}
