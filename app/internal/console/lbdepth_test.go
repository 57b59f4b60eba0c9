package console

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

func TestTagChangeText(t *testing.T) {
	tests := []struct {
		name   string
		change octavia.TagChange
		want   string
	}{
		{"add", octavia.TagChange{Add: []string{"blue"}}, "tags +blue"},
		{"remove", octavia.TagChange{Remove: []string{"old"}}, "tags -old"},
		{"both", octavia.TagChange{Add: []string{"a", "b"}, Remove: []string{"c"}}, "tags +a +b -c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tagChangeText(tt.change); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestNewTags(t *testing.T) {
	tests := []struct {
		name  string
		input string
		have  []string
		want  []string
	}{
		{"one", "blue", nil, []string{"blue"}},
		{"commas and spaces", " a, b  c,,", nil, []string{"a", "b", "c"}},
		{"already there", "a, b", []string{"a"}, []string{"b"}},
		{"duplicates typed", "a a", nil, []string{"a"}},
		{"nothing", " , ", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := newTags(tt.input, tt.have); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTagOutcome(t *testing.T) {
	add := octavia.TagChange{Add: []string{"a"}}
	tests := []struct {
		name     string
		r        octavia.TagResult
		err      error
		wantTone string
		wantIn   []string
	}{
		{"saved", octavia.TagResult{Tags: []string{"a"}, Puts: 1}, nil, "ok", []string{"Saved +a."}},
		{"another writer's tags restored", octavia.TagResult{Tags: []string{"a", "x"}, Puts: 2, Restored: []string{"x"}}, nil, "warn",
			[]string{"Saved +a", "Another writer", "after 2 PUTs: x."}},
		{"ours lost", octavia.TagResult{Tags: []string{"x"}, Puts: 3, Lost: []string{"a"}},
			&octavia.Error{Code: octavia.ECONFLICT, StatusCode: 0}, "error", []string{"Not all of +a landed", "3 PUTs", "still not in place: a"}},
		{"forbidden", octavia.TagResult{Puts: 1}, &octavia.Error{Code: octavia.EFORBIDDEN, StatusCode: 403}, "error",
			[]string{"not changed", "403"}},
		{"busy past the wait", octavia.TagResult{Puts: 1}, &octavia.Error{Code: octavia.EIMMUTABLE, StatusCode: 409, Fault: "Invalid state PENDING_UPDATE of loadbalancer resource x"},
			"error", []string{"not changed", "busy (PENDING_UPDATE)"}},
		{"other", octavia.TagResult{}, &octavia.Error{Code: octavia.EUNAVAILABLE, StatusCode: 503}, "error", []string{"not changed", "could not be reached"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg, tone := tagOutcome(add, tt.r, tt.err, string(octavia.StatusActive))
			if tone != tt.wantTone {
				t.Errorf("got tone %q, want %q (%q)", tone, tt.wantTone, msg)
			}
			for _, w := range tt.wantIn {
				if !strings.Contains(msg, w) {
					t.Errorf("got %q, want it to contain %q", msg, w)
				}
			}
		})
	}
}

func TestTreeNodePath(t *testing.T) {
	tests := []struct {
		name string
		node treeNode
		want string
	}{
		{"load balancer", treeNode{Kind: octavia.KindLoadBalancer, ID: "lb1"}, "/load-balancers/lb1"},
		{"listener", treeNode{Kind: octavia.KindListener, ID: "l1"}, "/listeners/l1"},
		{"pool", treeNode{Kind: octavia.KindPool, ID: "p1"}, "/pools/p1"},
		{"health monitor", treeNode{Kind: octavia.KindMonitor, ID: "hm1"}, "/health-monitors/hm1"},
		{"member under its pool", treeNode{Kind: octavia.KindMember, ID: "m1", Parent: "p1"}, "/pools/p1/members/m1"},
		{"an id is escaped", treeNode{Kind: octavia.KindListener, ID: "a/b"}, "/listeners/a%2Fb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := treeNodePath(tt.node); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestLayoutKnowsMembersPools: a member's node carries its pool, for its link.
func TestLayoutKnowsMembersPools(t *testing.T) {
	lb := octavia.StatusLoadBalancer{ID: "lb1", Listeners: []octavia.StatusListener{{ID: "l1", Pools: []octavia.StatusPool{{ID: "p1",
		Members: []octavia.StatusMember{{ID: "m1"}, {ID: "m2"}}}}}}}
	for _, n := range LayoutStatusTree(lb).Nodes {
		if n.Kind == octavia.KindMember && n.Parent != "p1" {
			t.Errorf("member %s: got pool %q, want p1", n.ID, n.Parent)
		}
	}
}

// TestCompleteOp: an accepted write's journal entry takes from the answer
// what it did not know (a create's id, load balancer, name and status).
func TestCompleteOp(t *testing.T) {
	op := tab.Operation{Kind: tab.OpCreate, Ref: octavia.Ref{Kind: octavia.KindListener}}
	completeOp(&op, Object{"id": "l1", "name": "web", "provisioning_status": "PENDING_CREATE", "loadbalancers": []any{map[string]any{"id": "lb1"}}})
	if op.Ref.ID != "l1" || op.Ref.LoadBalancerID != "lb1" || op.Name != "web" || op.Status != "PENDING_CREATE" {
		t.Errorf("got %+v, want l1 of lb1, named web, PENDING_CREATE", op)
	}
	kept := tab.Operation{Kind: tab.OpUpdate, Ref: octavia.Ref{Kind: octavia.KindMember, ID: "m1", ParentID: "p1", LoadBalancerID: "lb1"}, Name: "given"}
	completeOp(&kept, Object{"id": "m1", "name": "other", "provisioning_status": "PENDING_UPDATE"})
	if kept.Ref.LoadBalancerID != "lb1" || kept.Name != "given" || kept.Status != "PENDING_UPDATE" {
		t.Errorf("got %+v, want what the caller gave kept", kept)
	}
	zone := tab.Operation{Kind: tab.OpCreate, Ref: octavia.Ref{Kind: octavia.KindAvailabilityZone}}
	completeOp(&zone, Object{"name": "az1", "enabled": true})
	if zone.Ref.ID != "az1" || zone.Name != "az1" || zone.Status != "" {
		t.Errorf("a zone: got %+v, want az1 by its name, no status", zone)
	}
}

func TestRetryStateText(t *testing.T) {
	if got, want := retryStateText(0, ""), "Waiting for the load balancer to be ACTIVE, then the same write is sent once…"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for polls, want := range map[int]string{1: "(1 poll, last PENDING_UPDATE)", 2: "(2 polls, last PENDING_UPDATE)"} {
		if got := retryStateText(polls, "PENDING_UPDATE"); !strings.Contains(got, want) {
			t.Errorf("got %q, want it to contain %q", got, want)
		}
	}
}

func TestOpStuck(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	long, short := now.Add(-tab.StuckAfter-time.Second), now.Add(-time.Second)
	lb := tab.LBRef("lb1") // as the console makes a load balancer's Ref: it names itself
	tests := []struct {
		name string
		op   tab.Operation
		want bool
	}{
		{"waiting long", tab.Operation{State: tab.OpWaiting, StartedAt: long, Ref: lb}, true},
		{"a child waiting long", tab.Operation{State: tab.OpWaiting, StartedAt: long, Ref: octavia.Ref{Kind: octavia.KindPool, ID: "p", LoadBalancerID: "lb1"}}, true},
		{"waiting a moment", tab.Operation{State: tab.OpWaiting, StartedAt: short, Ref: lb}, false},
		{"ended", tab.Operation{State: tab.OpSucceeded, StartedAt: long, EndedAt: now, Ref: lb}, false},
		{"no load balancer (a flavor)", tab.Operation{State: tab.OpWaiting, StartedAt: long, Ref: octavia.Ref{Kind: octavia.KindFlavor, ID: "f"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tab.OpStuck(tt.op, now); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestTagsShown: the editor shows what its write read back until the page
// reads the object anew.
func TestTagsShown(t *testing.T) {
	tests := []struct {
		name       string
		tags       []string
		after, was []string
		want       []string
	}{
		{"no write yet", []string{"x"}, nil, nil, []string{"x"}},
		{"after a write, before the page's read", []string{"x"}, []string{"a", "x"}, []string{"x"}, []string{"a", "x"}},
		{"the page read the object again", []string{"a", "other", "x"}, []string{"a", "x"}, []string{"x"}, []string{"a", "other", "x"}},
		{"every tag removed", []string{"x"}, []string{}, []string{"x"}, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &TagsEditor{Tags: tt.tags, after: tt.after, afterOf: tt.was}
			if got := e.shown(); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
