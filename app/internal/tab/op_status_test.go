package tab

import (
	"testing"

	"github.com/octaview/octaview/octavia"
)

// TestStatusOfLB: a child's write waits on its load balancer's status (the
// wait card says whose it is); a load balancer's own, and a delete's wait
// for the object to be gone, are the object's.
func TestStatusOfLB(t *testing.T) {
	member := octavia.Ref{Kind: octavia.KindMember, ID: "m1", ParentID: "p1"}
	for _, tt := range []struct {
		name string
		op   Operation
		want bool
	}{
		{"a member's create", Operation{Kind: OpCreate, Wait: WaitLBActive, Ref: member}, true},
		{"a load balancer's create", Operation{Kind: OpCreate, Wait: WaitActive, Ref: LBRef("lb1")}, false},
		{"a load balancer's update", Operation{Kind: OpUpdate, Wait: WaitLBActive, Ref: LBRef("lb1")}, false},
		{"a member's delete", Operation{Kind: OpDelete, Wait: WaitDeleted, Ref: member}, false},
	} {
		if got := tt.op.StatusOfLB(); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}
