package app

import (
	"context"
	"iter"
	"slices"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
)

// poolRes: pools, the members a listener (or an L7 policy) hands traffic to.
// Octavia filters pools by load balancer but not by listener (a pool names
// its listeners in a list): the listener filter is applied here, on the
// load balancer's pools.
var poolRes = register(&resource{
	Kind: octavia.KindPool, Prefix: "pool", Singular: "pool", Plural: "pools", Title: "Pools",
	Path: "/pools", Envelope: "pool", Status: true, Paged: true,
	Intro: "A pool is a set of members (backend servers) and the algorithm that spreads traffic over them.",
	Columns: []column{{Title: "Protocol", Key: "protocol", Width: "9%"}, {Title: "Algorithm", Key: "lb_algorithm", Width: "14%"},
		{Title: "Load balancer", Key: "loadbalancers", Link: octavia.KindLoadBalancer, Width: "12%"}},
	Props: []property{
		{Label: "Name", Key: "name"}, {Label: "ID", Key: "id", Mono: true}, {Label: "Description", Key: "description"},
		{Label: "Provisioning status", Key: "provisioning_status"}, {Label: "Operating status", Key: "operating_status"},
		{Label: "Load balancer", Key: "loadbalancers", Link: octavia.KindLoadBalancer},
		{Label: "Listeners", Key: "listeners", Link: octavia.KindListener},
		{Label: "Health monitor", Key: "healthmonitor_id", Link: octavia.KindMonitor},
		{Label: "Members", Key: "members", Link: octavia.KindMember},
		{Label: "Protocol", Key: "protocol"}, {Label: "Algorithm", Key: "lb_algorithm"},
		{Label: "Session persistence", Key: "session_persistence"},
		{Label: "Admin state up", Key: "admin_state_up"}, {Label: "Tags", Key: "tags"},
	},
	Fields: []formField{
		{Key: "loadbalancer_id", Label: "Load balancer", Type: fRef, Ref: octavia.KindLoadBalancer, Only: "create",
			Hint: "Or a listener: the pool becomes its default pool."},
		{Key: "listener_id", Label: "Listener", Type: fRef, Ref: octavia.KindListener, RefBy: "loadbalancer_id", Only: "create"},
		{Key: "name", Label: "Name"}, {Key: "description", Label: "Description"},
		{Key: "protocol", Label: "Protocol", Type: fChoice, Only: "create", Required: true, Default: "HTTP",
			Choices: []string{"HTTP", "HTTPS", "PROXY", "PROXYV2", "TCP", "UDP", "SCTP"}},
		{Key: "lb_algorithm", Label: "Algorithm", Type: fChoice, Required: true, Default: "ROUND_ROBIN",
			Choices: []string{"ROUND_ROBIN", "LEAST_CONNECTIONS", "SOURCE_IP", "SOURCE_IP_PORT"}},
		{Key: "session_persistence.type", Label: "Session persistence", Type: fChoice, Null: true,
			Choices: []string{"SOURCE_IP", "HTTP_COOKIE", "APP_COOKIE"}},
		{Key: "session_persistence.cookie_name", Label: "Cookie name", Required: true,
			Show: func(v formValues) bool { return v["session_persistence.type"] == "APP_COOKIE" }},
		{Key: "tls_enabled", Label: "TLS to the members", Type: fBool},
		{Key: "admin_state_up", Label: "Admin state up", Type: fBool, Default: "true"},
		{Key: "tags", Label: "Tags", Type: fList, Null: true},
	},
	Filters: []listFilter{{Key: "loadbalancer_id", Label: "Load balancer", Of: octavia.KindLoadBalancer},
		{Key: "listener_id", Label: "Listener", Of: octavia.KindListener}, {Key: "tags", Label: "Tags"}},
	List: func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[object, error] {
		all := objects(c.Pools(ctx, pools.ListOpts{LoadbalancerID: q.get("loadbalancer_id"), Tags: splitList(q.get("tags")),
			Limit: q.Limit, Marker: q.Marker}))
		return func(yield func(object, error) bool) {
			for o, err := range all {
				l := q.get("listener_id")
				if err == nil && (l != "" && !slices.Contains(o.ids("listeners"), l)) {
					continue
				}
				if !yield(poolObject(o), err) || err != nil {
					return
				}
			}
		}
	},
	Get: func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error) {
		o, err := one(c.GetPool(ctx, r.ID))
		return poolObject(o), err
	},
	Create: func(ctx context.Context, c *octavia.Client, _ string, b requestBody) (object, octavia.Accepted, error) {
		o, acc, err := written(c.CreatePool(ctx, b))
		return poolObject(o), acc, err
	},
	Update: func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error) {
		o, acc, err := written(c.UpdatePool(ctx, r.ID, b))
		return poolObject(o), acc, err
	},
	Delete: func(ctx context.Context, c *octavia.Client, r octavia.Ref, _ bool) (octavia.Accepted, error) {
		return c.DeletePool(ctx, r.ID)
	},
	Validate:       validatePool,
	LoadBalancerOf: func(o object) string { return first(o.ids("loadbalancers")) },
	Children:       []child{{Of: octavia.KindMember}, {Of: octavia.KindMonitor, Filter: "pool_id"}},
	Sections:       []func(p *detailPage, o object) goapp.UI{func(p *detailPage, o object) goapp.UI { return &batchMembers{Page: p, Pool: o} }},
})

// poolObject drops what gophercloud adds to a pool that Octavia does not
// say (an empty "healthmonitor" object, a persistence of type "") so that
// the page shows Octavia's attributes.
func poolObject(o object) object {
	if o == nil {
		return nil
	}
	delete(o, "healthmonitor")
	if sp, _ := o["session_persistence"].(map[string]any); sp != nil && sp["type"] == "" {
		o["session_persistence"] = nil
	}
	return o
}
