package app

import (
	"context"
	"iter"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/listeners"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
)

// listenerRes: listeners, a load balancer's protocol ports.
var listenerRes = register(&resource{
	Kind: octavia.KindListener, Prefix: "listener", Singular: "listener", Plural: "listeners", Title: "Listeners",
	Path: "/listeners", Envelope: "listener", Status: true, Paged: true,
	Intro: "A listener takes a load balancer's traffic on one protocol and port and hands it to a pool.",
	Columns: []column{{Title: "Protocol", Key: "protocol", Width: "9%"}, {Title: "Port", Key: "protocol_port", Width: "7%"},
		{Title: "Default pool", Key: "default_pool_id", Link: octavia.KindPool, Width: "12%"}},
	Props: []property{
		{Label: "Name", Key: "name"}, {Label: "ID", Key: "id", Mono: true}, {Label: "Description", Key: "description"},
		{Label: "Provisioning status", Key: "provisioning_status"}, {Label: "Operating status", Key: "operating_status"},
		{Label: "Load balancer", Key: "loadbalancers", Link: octavia.KindLoadBalancer},
		{Label: "Protocol", Key: "protocol"}, {Label: "Port", Key: "protocol_port"},
		{Label: "Default pool", Key: "default_pool_id", Link: octavia.KindPool},
		{Label: "L7 policies", Key: "l7policies", Link: octavia.KindL7Policy},
		{Label: "Connection limit", Key: "connection_limit"}, {Label: "Allowed CIDRs", Key: "allowed_cidrs"},
		{Label: "Admin state up", Key: "admin_state_up"}, {Label: "Tags", Key: "tags"},
	},
	Fields: []formField{
		{Key: "loadbalancer_id", Label: "Load balancer", Type: fRef, Ref: octavia.KindLoadBalancer, Only: "create", Required: true},
		{Key: "name", Label: "Name"}, {Key: "description", Label: "Description"},
		{Key: "protocol", Label: "Protocol", Type: fChoice, Only: "create", Required: true, Default: "HTTP",
			Choices: []string{"HTTP", "HTTPS", "TCP", "TERMINATED_HTTPS", "UDP", "SCTP", "PROMETHEUS"}},
		{Key: "protocol_port", Label: "Port", Type: fInt, Only: "create", Required: true, Default: "80"},
		{Key: "default_pool_id", Label: "Default pool", Type: fRef, Ref: octavia.KindPool, RefBy: "loadbalancer_id", Null: true},
		{Key: "default_tls_container_ref", Label: "TLS certificate (Barbican container URL)", Required: true,
			Show: func(v formValues) bool { return v["protocol"] == "TERMINATED_HTTPS" }},
		{Key: "connection_limit", Label: "Connection limit", Type: fInt, Hint: "-1 = no limit", Null: true},
		{Key: "timeout_client_data", Label: "Client inactivity timeout (ms)", Type: fInt, Null: true},
		{Key: "timeout_member_connect", Label: "Member connect timeout (ms)", Type: fInt, Null: true},
		{Key: "timeout_member_data", Label: "Member inactivity timeout (ms)", Type: fInt, Null: true},
		{Key: "timeout_tcp_inspect", Label: "TCP inspect timeout (ms)", Type: fInt, Null: true},
		{Key: "allowed_cidrs", Label: "Allowed CIDRs", Type: fList, Hint: "One per line; empty = everyone.", Null: true},
		{Key: "admin_state_up", Label: "Admin state up", Type: fBool, Default: "true"},
	},
	Filters: []listFilter{{Key: "loadbalancer_id", Label: "Load balancer", Of: octavia.KindLoadBalancer}, {Key: "tags", Label: "Tags"}},
	List: func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[object, error] {
		return objects(c.Listeners(ctx, listeners.ListOpts{LoadbalancerID: q.get("loadbalancer_id"), Tags: splitList(q.get("tags")),
			Limit: q.Limit, Marker: q.Marker}))
	},
	Get: func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error) {
		return one(c.GetListener(ctx, r.ID))
	},
	Create: func(ctx context.Context, c *octavia.Client, _ string, b requestBody) (object, octavia.Accepted, error) {
		return written(c.CreateListener(ctx, b))
	},
	Update: func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error) {
		return written(c.UpdateListener(ctx, r.ID, b))
	},
	Delete: func(ctx context.Context, c *octavia.Client, r octavia.Ref, _ bool) (octavia.Accepted, error) {
		return c.DeleteListener(ctx, r.ID)
	},
	Validate:       validateListener,
	LoadBalancerOf: func(o object) string { return first(o.ids("loadbalancers")) },
	Children:       []child{{Of: octavia.KindL7Policy, Filter: "listener_id"}},
	Sections: []func(p *detailPage, o object) goapp.UI{
		func(p *detailPage, o object) goapp.UI { return statsCard(octavia.KindListener, o.str("id")) },
	},
})

// first is the first of ids, "" when there is none.
func first(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return ids[0]
}
