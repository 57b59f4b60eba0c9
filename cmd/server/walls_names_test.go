//go:build !js

package main

import (
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia/statuswire"
)

// TestWallsUnnamedMembers: an unnamed member (most are) is named by its
// address and port on a wall that shows addresses, and "member N" on one
// that does not, so a timeline's change says which member it was and a
// customer's wall still leaks no address.
func TestWallsUnnamedMembers(t *testing.T) {
	lb := serverapi.StatusLB{ID: "lb", Name: "web", Tree: statuswire.LoadBalancer{ID: "lb", Listeners: []statuswire.Listener{{
		ID: "l", Pools: []statuswire.Pool{{ID: "p", Members: []statuswire.Member{
			{ID: "m1", Name: "web-1", Address: "10.0.0.1", ProtocolPort: 80},
			{ID: "m2", Address: "10.0.0.2", ProtocolPort: 80},
			{ID: "m3", Address: "fd00::3", ProtocolPort: 8080},
		}}},
	}}}}
	for _, tc := range []struct {
		show serverapi.WallShow
		want []string
	}{
		{serverapi.WallShow{Names: true, Members: true, Addresses: true}, []string{"web-1", "10.0.0.2:80", "[fd00::3]:8080"}},
		{serverapi.WallShow{Names: true, Members: true}, []string{"web-1", "member 2", "member 3"}},
		{serverapi.WallShow{Members: true}, []string{"member 1", "member 2", "member 3"}},
	} {
		out, shown := redactLB(lb, 1, tc.show)
		members := out.Tree.Listeners[0].Pools[0].Members
		for i, m := range members {
			if m.Name != tc.want[i] || shown[m.ID].name != tc.want[i] {
				t.Errorf("show %+v: member %d named %q (timeline: %q), want %q", tc.show, i+1, m.Name, shown[m.ID].name, tc.want[i])
			}
		}
	}
}
