package detail

import (
	"testing"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// TestStatusTreeHasEverything reads the status tree of a load balancer
// with a monitored pool from the lab, as the status tree card does: the
// tree alone brings the pool's health monitor and members, with no list of
// health monitors on the side; drawn, it has their nodes.
func TestStatusTreeHasEverything(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{
		Project: "demo", Name: "shop",
		Listener: &labcloud.ScenarioListener{Protocol: "HTTP", Port: 80, Members: []string{"10.0.0.11", "10.0.0.12"}, Monitor: "TCP"},
	}}}})
	c, rec := labtest.Record(t, cloud, "demo", "demo")
	lbs, err := octavia.Collect(c.Rows(t.Context(), octavia.KindLoadBalancer, "", octavia.ListQuery{Fields: []string{"id", "name"}}))
	if err != nil || len(lbs) != 1 || lbs[0][1] != "shop" {
		t.Fatalf("got %q, %v; want shop", lbs, err)
	}
	st, err := c.LoadBalancerStatusTree(t.Context(), lbs[0][0])
	if err != nil {
		t.Fatal(err)
	}
	tree := st.LoadBalancer
	if tree.ID != lbs[0][0] || len(tree.Listeners) != 1 || len(tree.Listeners[0].Pools) != 1 {
		t.Fatalf("got %+v, want shop with its listener and pool", tree)
	}
	p := tree.Listeners[0].Pools[0]
	if m := p.HealthMonitor; m == nil || m.Type != "TCP" || m.ProvisioningStatus != octavia.StatusActive {
		t.Errorf("pool monitor: got %+v, want the TCP monitor, ACTIVE", m)
	}
	if len(p.Members) != 2 {
		t.Errorf("pool members: got %d, want 2", len(p.Members))
	}
	if n := len(rec.Matching("", "/healthmonitors")); n != 0 {
		t.Errorf("health monitor requests: got %d, want 0 (the status tree has the monitor)", n)
	}
	if tree.Pending() {
		t.Errorf("pending: got true, want false (everything is ACTIVE)")
	}
	kinds := map[octavia.Kind]int{}
	for _, n := range console.LayoutStatusTree(tree, nil).Nodes {
		kinds[n.Kind]++
	}
	if kinds[octavia.KindMonitor] != 1 || kinds[octavia.KindMember] != 2 {
		t.Errorf("drawn nodes: got %v, want 1 health monitor and 2 members", kinds)
	}
}
