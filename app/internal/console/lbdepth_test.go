package console

import (
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

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
	for _, n := range LayoutStatusTree(lb, nil).Nodes {
		if n.Kind == octavia.KindMember && n.Parent != "p1" {
			t.Errorf("member %s: got pool %q, want p1", n.ID, n.Parent)
		}
	}
}

// TestCompleteOp: an accepted write's journal entry takes from the answer
// what it did not know (a create's id, load balancer, name and status).
func TestCompleteOp(t *testing.T) {
	op := tab.Operation{Kind: tab.OpCreate, Ref: octavia.Ref{Kind: octavia.KindListener}}
	completeOp(&op, octavia.Object{"id": "l1", "name": "web", "provisioning_status": "PENDING_CREATE", "loadbalancers": []any{map[string]any{"id": "lb1"}}})
	if op.Ref.ID != "l1" || op.Ref.LoadBalancerID != "lb1" || op.Name != "web" || op.Status != "PENDING_CREATE" {
		t.Errorf("got %+v, want l1 of lb1, named web, PENDING_CREATE", op)
	}
	kept := tab.Operation{Kind: tab.OpUpdate, Ref: octavia.Ref{Kind: octavia.KindMember, ID: "m1", ParentID: "p1", LoadBalancerID: "lb1"}, Name: "given"}
	completeOp(&kept, octavia.Object{"id": "m1", "name": "other", "provisioning_status": "PENDING_UPDATE"})
	if kept.Ref.LoadBalancerID != "lb1" || kept.Name != "given" || kept.Status != "PENDING_UPDATE" {
		t.Errorf("got %+v, want what the caller gave kept", kept)
	}
	zone := tab.Operation{Kind: tab.OpCreate, Ref: octavia.Ref{Kind: octavia.KindAvailabilityZone}}
	completeOp(&zone, octavia.Object{"name": "az1", "enabled": true})
	if zone.Ref.ID != "az1" || zone.Name != "az1" || zone.Status != "" {
		t.Errorf("a zone: got %+v, want az1 by its name, no status", zone)
	}
}

func TestRetryStateText(t *testing.T) {
	if got, want := retryWaitText+retryPollText(0, ""), "Waiting for the load balancer to be ACTIVE, then the same write is sent once…"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for polls, want := range map[int]string{1: "(1 poll, last PENDING_UPDATE)", 2: "(2 polls, last PENDING_UPDATE)"} {
		if got := retryPollText(polls, "PENDING_UPDATE"); !strings.Contains(got, want) {
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
