package tab

import (
	"testing"

	"github.com/octaview/octaview/octavia"
)

// TestStatusOfLB: a child's write waits on its load balancer's status
// first (the wait card says whose it is), as its polls say (Poll.Of); a
// load balancer's own status is its own.
func TestStatusOfLB(t *testing.T) {
	member := octavia.Ref{Kind: octavia.KindMember, ID: "m1", ParentID: "p1"}
	for _, tt := range []struct {
		name string
		op   Operation
		want bool
	}{
		{"a member batch (its load balancer only)", Operation{Kind: OpUpdate, Wait: WaitLBActive, Ref: member}, true},
		{"a member's create, its load balancer polled", Operation{Kind: OpCreate, Wait: WaitActive, Ref: member, Status: "PENDING_UPDATE", StatusOf: octavia.KindLoadBalancer}, true},
		{"a member's create, the member polled", Operation{Kind: OpCreate, Wait: WaitActive, Ref: member, Status: "PENDING_CREATE", StatusOf: octavia.KindMember}, false},
		{"a load balancer's create", Operation{Kind: OpCreate, Wait: WaitActive, Ref: LBRef("lb1")}, false},
		{"a load balancer's update", Operation{Kind: OpUpdate, Wait: WaitLBActive, Ref: LBRef("lb1"), StatusOf: octavia.KindLoadBalancer}, false},
		{"a member's delete", Operation{Kind: OpDelete, Wait: WaitDeleted, Ref: member}, false},
	} {
		if got := tt.op.StatusOfLB(); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}
