package app

import (
	"testing"
	"time"

	"github.com/octaview/octaview/octavia"
)

// TestDetailNameFollowsTheNewerRead: a page whose tree was read after its
// object, and names it anew (a rename finished between two polls), shows
// the tree's name in its heading and properties; once the object is read
// after the tree, the object's own.
func TestDetailNameFollowsTheNewerRead(t *testing.T) {
	t0 := time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)
	tree := octavia.StatusLoadBalancer{ID: "lb1", Name: "renamed", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"}
	tests := []struct {
		name          string
		objAt, treeAt time.Time
		want          string
	}{
		{"the tree read after the object", t0, t0.Add(3 * time.Second), "renamed"},
		{"the object read after the tree", t0.Add(3 * time.Second), t0, "old"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &detailPage{pr: pageRef{Res: lbResource, ID: "lb1", Mode: "detail"},
				obj:   object{"id": "lb1", "name": "old", "provisioning_status": "ACTIVE", "operating_status": "ONLINE"},
				objAt: tt.objAt}
			p.live.read = newTreeRead(tree, tt.treeAt, nil)
			if got := p.name(); got != tt.want {
				t.Errorf("heading's name: got %q, want %q", got, tt.want)
			}
			if got := p.shown().Text("name"); got != tt.want {
				t.Errorf("properties' name: got %q, want %q", got, tt.want)
			}
			if p.obj.Text("name") != "old" {
				t.Error("the object read was changed")
			}
		})
	}
}
