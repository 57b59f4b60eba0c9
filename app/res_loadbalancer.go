package app

import (
	"context"
	"fmt"
	"iter"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
)

// lbResource: load balancers, the root of Octavia's tree. Its list reads
// only its columns (LoadBalancerRows: 10,000 of them in a list), its page
// draws the status tree, its create is the create page (createPath).
var lbResource = register(&resource{
	Kind: octavia.KindLoadBalancer, Prefix: "lb", Singular: "load balancer", Plural: "load balancers",
	Title: "Load balancers", Path: listPath, Envelope: "loadbalancer", Status: true, Paged: true,
	Intro:      "A load balancer spreads traffic over a pool of members behind one virtual IP (VIP).",
	CreatePath: createPath,
	Columns:    []column{{Title: "VIP address", Key: "vip_address", Mono: true}, {Title: "Provider", Key: "provider", Width: "9%"}},
	Props: []property{
		{Label: "Name", Key: "name"}, {Label: "ID", Key: "id", Mono: true}, {Label: "Description", Key: "description"},
		{Label: "Provisioning status", Key: "provisioning_status"}, {Label: "Operating status", Key: "operating_status"},
		{Label: "VIP address", Key: "vip_address", Mono: true}, {Label: "VIP subnet", Key: "vip_subnet_id", Mono: true},
		{Label: "VIP network", Key: "vip_network_id", Mono: true}, {Label: "VIP port", Key: "vip_port_id", Mono: true},
		{Label: "Provider", Key: "provider"}, {Label: "Flavor", Key: "flavor_id", Link: octavia.KindFlavor},
		{Label: "Availability zone", Key: "availability_zone", Link: octavia.KindAvailabilityZone}, {Label: "Admin state up", Key: "admin_state_up"},
		{Label: "Listeners", Key: "listeners", Link: octavia.KindListener}, {Label: "Pools", Key: "pools", Link: octavia.KindPool},
		{Label: "Tags", Key: "tags"}, {Label: "Created (UTC)", Key: "created_at"}, {Label: "Updated (UTC)", Key: "updated_at"},
		{Label: "Project", Key: "project_id", Mono: true},
	},
	Fields: []formField{
		{Key: "name", Label: "Name"}, {Key: "description", Label: "Description"},
		{Key: "admin_state_up", Label: "Admin state up", Type: fBool},
		{Key: "vip_qos_policy_id", Label: "VIP QoS policy ID", Hint: "A Neutron QoS policy for the VIP port; clear it to remove the policy.", Null: true},
	},
	Filters: []listFilter{{Key: "tags", Label: "Tags"}},
	Rows: func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[row, error] {
		lq := octavia.ListQuery{Fields: lbRowFields, Limit: q.Limit, Marker: q.Marker, Filters: map[string][]string{}}
		if t := q.get("tags"); t != "" {
			lq.Filters["tags"] = splitList(t)
		}
		return func(yield func(row, error) bool) {
			for r, err := range c.Rows(ctx, octavia.KindLoadBalancer, "", lq) {
				if !yield(lbRowOf(r), err) || err != nil {
					return
				}
			}
		}
	},
	List: func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[object, error] {
		return objects(c.LoadBalancers(ctx, loadbalancers.ListOpts{Limit: q.Limit, Marker: q.Marker}))
	},
	Get: func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error) {
		return one(c.GetLoadBalancer(ctx, r.ID))
	},
	Create: func(ctx context.Context, c *octavia.Client, _ string, b requestBody) (object, octavia.Accepted, error) {
		return written(c.CreateLoadBalancer(ctx, b))
	},
	Update: func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error) {
		return written(c.UpdateLoadBalancer(ctx, r.ID, b))
	},
	Delete: func(ctx context.Context, c *octavia.Client, r octavia.Ref, cascade bool) (octavia.Accepted, error) {
		return c.DeleteLoadBalancer(ctx, r.ID, cascade)
	},
	Validate:       validateLoadBalancer,
	LoadBalancerOf: func(o object) string { return o.str("id") },
	Cascade: func(o object) string {
		l, p := len(o.ids("listeners")), len(o.ids("pools"))
		if l+p == 0 {
			return ""
		}
		return fmt.Sprintf("%d listeners and %d pools", l, p)
	},
	Sections: []func(p *detailPage, o object) goapp.UI{
		func(p *detailPage, o object) goapp.UI { return p.renderTreeCard() },
		func(p *detailPage, o object) goapp.UI { return statsCard(octavia.KindLoadBalancer, o.str("id")) },
		func(p *detailPage, o object) goapp.UI { // the amphorae: admins only (Octavia's default policy)
			return goapp.If(p.sess.Info.HasRole("admin"), func() goapp.UI {
				return &lbAmphorae{LBID: o.str("id"), LBName: p.res().nameOf(o), Status: o.str("provisioning_status"), OnWrite: func() { p.follow(p.uctx) }}
			})
		},
	},
	Children: []child{{Of: octavia.KindListener, Filter: "loadbalancer_id"}, {Of: octavia.KindPool, Filter: "loadbalancer_id"}},
	Actions: []action{{
		ID: "lb-failover", Label: "Fail over", Admin: true,
		Confirm: "Octavia rebuilds the load balancer's amphorae one by one; traffic may drop for a moment. The load balancer is PENDING_UPDATE until it is done.",
		Run: func(ctx context.Context, sess *session, r octavia.Ref, o object) (operation, octavia.Accepted, error) {
			acc, err := sess.Client.FailoverLoadBalancer(ctx, r.ID)
			return operation{Kind: opFailover, Wait: waitLBActive, Written: "PUT load balancer " + r.ID + " failover",
				Status: string(octavia.StatusPendingUpdate)}, acc, err
		},
	}},
})
