//go:build !js

package detail

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/labcloud"
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
			p := &feed{pr: console.PageRef{Res: console.LBResource, ID: "lb1", Mode: "detail"},
				obj:   octavia.Object{"id": "lb1", "name": "old", "provisioning_status": "ACTIVE", "operating_status": "ONLINE"},
				objAt: tt.objAt}
			p.live.Read = tab.NewTreeRead(tree, tt.treeAt, nil)
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

// TestReadByList: the object's poll reads, through its kind's list
// filtered by id, what its own GET answers (a load balancer; a member,
// under its pool), and Octavia's 404 for an object that is gone.
func TestReadByList(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Delay: time.Millisecond, Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{
		{Project: "demo", Name: "web", Listener: &labcloud.ScenarioListener{Protocol: "HTTP", Port: 80, Members: []string{"10.0.0.1", "10.0.0.2"}}},
		{Project: "demo", Name: "other"},
	}}})
	c := labtest.As(t, cloud, "demo", "demo")
	var lb octavia.Object
	for o, err := range c.List(t.Context(), octavia.KindLoadBalancer, "", octavia.ListQuery{}) {
		if err != nil {
			t.Fatal(err)
		}
		if o.Text("name") == "web" {
			lb = o
		}
	}
	pool := labtest.First(lb.IDs("pools"))
	p, err := c.Get(t.Context(), octavia.Ref{Kind: octavia.KindPool, ID: pool})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []octavia.Ref{tab.LBRef(lb.Text("id")), {Kind: octavia.KindMember, ParentID: pool, ID: p.IDs("members")[1]}} {
		want, err := c.Get(t.Context(), r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := readByList(t.Context(), c, r)
		if err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if string(g) != string(w) {
			t.Errorf("%s: got %v, want its GET's %v", r, got, want)
		}
	}
	_, err = readByList(t.Context(), c, tab.LBRef("00000000-0000-0000-0000-000000000000"))
	if octavia.ErrorCodeOf(err) != octavia.ENOTFOUND {
		t.Errorf("a load balancer that is not there: got %v, want ENOTFOUND", err)
	}
}
