package list

import (
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/octavia"
)

// TestFIPNamer: before the first read a row's floating IP is unknown (the
// cell says it is being read), after it each VIP port has its address or
// none (a dash); other kinds are the next namer's.
func TestFIPNamer(t *testing.T) {
	next := func(k octavia.Kind, id string) (string, bool) { return "next:" + id, true }
	var f fipFeed
	if _, read := f.namer(next)(fipKind, "p1"); read {
		t.Error("before the first read: the floating IP is known, want unknown")
	}
	f.byPort = portAddresses([]floatingips.FloatingIP{{PortID: "p1", FloatingIP: "172.24.0.9"}, {FloatingIP: "172.24.0.10"}})
	names := f.namer(next)
	for _, tc := range []struct {
		port, want string
	}{{"p1", "172.24.0.9"}, {"p2", ""}} {
		if got, read := names(fipKind, tc.port); !read || got != tc.want {
			t.Errorf("port %s: got %q, %v; want %q, read", tc.port, got, read, tc.want)
		}
	}
	if got, _ := names(octavia.KindPool, "x"); got != "next:x" {
		t.Errorf("another kind: got %q, want the next namer's", got)
	}
	if !hasFIPColumn(console.LBResource) || hasFIPColumn(console.ResourceOf(octavia.KindPool)) {
		t.Error("the floating IP column: want it on the load balancers' list only")
	}
}
