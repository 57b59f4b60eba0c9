//go:build !js

package main

import (
	"testing"
	"time"

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

// manyChanges is a wallTimeline whose one load balancer has n changes.
type manyChanges struct{ n int }

func (manyChanges) Observe(string, time.Time, []serverapi.StatusLB) error { return nil }
func (manyChanges) Since(string, string) (time.Time, bool)                { return time.Time{}, false }
func (m manyChanges) Changes(_, lbID string, from time.Time) []serverapi.WallChange {
	out := make([]serverapi.WallChange, m.n)
	for i := range out {
		out[i] = serverapi.WallChange{At: from.Add(time.Duration(i) * time.Second).Format(time.RFC3339), ID: lbID,
			Kind: "loadbalancer", Field: "operating_status", From: "ONLINE", To: "ERROR"}
	}
	return out
}

// TestWallsTimelineBounded: a load balancer that flapped all day sends
// only its newest wallTimelineMost changes in each event, and says how
// many older ones it left out (every viewer gets every event, every 3 s).
func TestWallsTimelineBounded(t *testing.T) {
	c := &wallConfig{Name: "noc", Show: serverapi.WallShow{Names: true}}
	snap := feedSnapshot{At: time.Now(), LBs: []feedLB{{StatusLB: serverapi.StatusLB{ID: "lb", Name: "web"}}}}
	now := snap.At // one clock for the wall and the want: the changes' times are whole seconds from it
	for _, n := range []int{3, wallTimelineMost, wallTimelineMost + 1, 9000} {
		w := buildWall(c, wallScope{}, "lab", snap, manyChanges{n}, nil, now)
		lb := w.LoadBalancers[0]
		want := min(n, wallTimelineMost)
		if len(lb.Timeline) != want || lb.TimelineOmitted != n-want {
			t.Errorf("%d changes: sent %d, omitted %d; want %d and %d", n, len(lb.Timeline), lb.TimelineOmitted, want, n-want)
		}
		if last := lb.Timeline[len(lb.Timeline)-1].At; last != (manyChanges{n}).Changes("", "lb", now.Add(-wallTimelineSpan))[n-1].At {
			t.Errorf("%d changes: the last sent is %s, want the newest", n, last)
		}
	}
}
