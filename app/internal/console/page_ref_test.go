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
		{"/certificates", true},
		{"/certificates/new", true},
		{"/certificates/secrets/0b7c3f1e-2a4d-4c8e-9f10-1a2b3c4d5e6f", true},
		{"/certificatesx", false},
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
