package export

import (
	"context"
	"fmt"
	"net/url"
	"slices"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"

	"github.com/octaview/octaview/octavia"
)

// Fetch reads load balancer lbID and everything under it with c, as a
// Tree of Existing objects: its listeners and pools (lists filtered by
// loadbalancer_id, every page followed), each pool's members and health
// monitor, each listener's L7 policies (in position order) and each
// policy's rules, and the floating IP on its VIP port (Neutron); Project
// when the load balancer is another project's than the caller's. Objects
// are in Octavia's list order (created_at, id). It reads each object
// once: 3 requests, 2 per pool, 1 per listener, 1 per policy and 1 to
// Neutron (TestFetchCost), more when a list takes pages.
func Fetch(ctx context.Context, c *octavia.Client, lbID string) (Tree, error) {
	lb, err := c.Get(ctx, octavia.Ref{Kind: octavia.KindLoadBalancer, ID: lbID, LoadBalancerID: lbID})
	if err != nil {
		return Tree{}, err
	}
	t := Tree{LoadBalancer: lb, Members: map[string][]octavia.Object{}, Rules: map[string][]octavia.Object{}, Existing: true}
	if own, p := c.Session().ProjectID, lb.Text("project_id"); own != "" && p != own {
		t.Project = p
	}
	byLB := octavia.ListQuery{Filters: url.Values{"loadbalancer_id": {lbID}}}
	if t.Listeners, err = octavia.Collect(c.List(ctx, octavia.KindListener, "", byLB)); err != nil {
		return Tree{}, err
	}
	if t.Pools, err = octavia.Collect(c.List(ctx, octavia.KindPool, "", byLB)); err != nil {
		return Tree{}, err
	}
	for _, p := range t.Pools {
		id := p.Text("id")
		if t.Members[id], err = octavia.Collect(c.List(ctx, octavia.KindMember, id, octavia.ListQuery{})); err != nil {
			return Tree{}, err
		}
		if hm := p.Text("healthmonitor_id"); hm != "" {
			h, err := c.Get(ctx, octavia.Ref{Kind: octavia.KindMonitor, ID: hm, LoadBalancerID: lbID})
			if err != nil {
				return Tree{}, fmt.Errorf("pool %s: %w", id, err)
			}
			t.Monitors = append(t.Monitors, h)
		}
	}
	for _, l := range t.Listeners {
		q := octavia.ListQuery{Filters: url.Values{"listener_id": {l.Text("id")}}}
		pols, err := octavia.Collect(c.List(ctx, octavia.KindL7Policy, "", q))
		if err != nil {
			return Tree{}, err
		}
		slices.SortStableFunc(pols, func(a, b octavia.Object) int {
			return int(number(a["position"]) - number(b["position"]))
		})
		t.Policies = append(t.Policies, pols...)
	}
	for _, pol := range t.Policies {
		id := pol.Text("id")
		if t.Rules[id], err = octavia.Collect(c.List(ctx, octavia.KindL7Rule, id, octavia.ListQuery{})); err != nil {
			return Tree{}, err
		}
	}
	if port := lb.Text("vip_port_id"); port != "" {
		fips, err := octavia.Collect(c.Network().FloatingIPs(ctx, floatingips.ListOpts{PortID: port}))
		if err != nil {
			return Tree{}, err
		}
		if len(fips) > 0 {
			t.FloatingIP, t.FloatingNetwork = fips[0].FloatingIP, fips[0].FloatingNetworkID
		}
	}
	return plainTree(t), nil // Get decodes numbers as json.Number, lists as float64: one kind for every writer
}

// number is a JSON number as float64 (0 when v is not one).
func number(v any) float64 {
	f, _ := normal(v).(float64)
	return f
}
