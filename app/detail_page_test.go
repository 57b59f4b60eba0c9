package app

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/labcloud"
)

// TestFetchDetail reads the status tree of a load balancer with a monitored pool from the lab:
// the status tree alone brings the pool's health monitor, with no list of
// health monitors on the side.
func TestFetchDetail(t *testing.T) {
	var monitorReads atomic.Int32
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{
		Project: "demo", Name: "shop",
		Listener: &labcloud.ScenarioListener{Protocol: "HTTP", Port: 80, Members: []string{"10.0.0.11", "10.0.0.12"}, Monitor: "TCP"},
	}}}})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "/healthmonitors") {
			monitorReads.Add(1)
		}
		cloud.ServeHTTP(w, r)
	}))
	defer srv.Close()
	c, err := octavia.New(t.Context(), octavia.Config{AuthURL: srv.URL + "/identity/v3", Username: "demo", Password: "demo",
		UserDomainName: "Default", ProjectName: "demo", ProjectDomainName: "Default"})
	if err != nil {
		t.Fatal(err)
	}
	lbs, err := octavia.Collect(c.LoadBalancers(t.Context(), loadbalancers.ListOpts{Name: "shop"}))
	if err != nil || len(lbs) != 1 {
		t.Fatalf("got %d load balancers named shop, %v; want 1", len(lbs), err)
	}

	st, err := c.LoadBalancerStatusTree(t.Context(), lbs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	o, err := lbResource.Get(t.Context(), c, lbRef(lbs[0].ID))
	if err != nil {
		t.Fatal(err)
	}
	d := detailPage{pr: pageRef{Res: lbResource, ID: lbs[0].ID, Mode: "detail"}, obj: o, tree: st.LoadBalancer}
	if d.obj.str("id") != lbs[0].ID || d.tree.ID != lbs[0].ID || len(d.tree.Listeners) != 1 || len(d.tree.Listeners[0].Pools) != 1 {
		t.Fatalf("got %+v, want shop with its listener and pool", d)
	}
	if got := d.obj.str("created_at"); got == "" {
		t.Errorf("created_at: got none, want the load balancer's (a field gophercloud keeps out of its JSON)")
	}
	if got := len(d.obj.ids("listeners")); got != 1 {
		t.Errorf("listeners: got %d, want 1", got)
	}
	p := d.tree.Listeners[0].Pools[0]
	if m := p.HealthMonitor; m == nil || m.Type != "TCP" || m.ProvisioningStatus != octavia.StatusActive {
		t.Errorf("pool monitor: got %+v, want the TCP monitor, ACTIVE", m)
	}
	if len(p.Members) != 2 {
		t.Errorf("pool members: got %d, want 2", len(p.Members))
	}
	if n := monitorReads.Load(); n != 0 {
		t.Errorf("health monitor requests: got %d, want 0 (the status tree has the monitor)", n)
	}
	if d.pending() {
		t.Errorf("pending: got true, want false (everything is ACTIVE)")
	}
	kinds := map[nodeKind]int{}
	for _, n := range layoutStatusTree(d.tree).Nodes {
		kinds[n.Kind]++
	}
	if kinds[kindMonitor] != 1 || kinds[kindMember] != 2 {
		t.Errorf("drawn nodes: got %v, want 1 health monitor and 2 members", kinds)
	}
}
