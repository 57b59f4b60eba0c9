package console

import (
	"context"
	"slices"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// AmphoraRes: amphorae, the service VMs of the amphora provider (admins
// only). They have a status of their own (no provisioning status): a
// failover or a configure waits for the amphora's load balancer, as the
// CLI's --wait does; a delete (a spare or failed one) too when it has one.
var AmphoraRes = &Resource{
	Kind: octavia.KindAmphora, Prefix: "amp", Singular: "amphora", Plural: "amphorae", Title: "Amphorae",
	Path: "/amphorae", Admin: true, WriteAdmin: true, Paged: true, Times: true, Unnamed: true, Global: true, Delete: true,
	Intro: "An amphora is the service VM that carries a load balancer of the amphora provider.",
	Columns: []Column{{Title: "Role", Key: "role", Width: "9%"}, {Title: "Status", Key: "status", Badge: true, Width: "10%"},
		{Title: "Load balancer", Key: "loadbalancer_id", Link: octavia.KindLoadBalancer, Width: "12%"},
		{Title: "Compute ID", Key: "compute_id", Mono: true, Width: "12%"}, {Title: "Management IP", Key: "lb_network_ip", Mono: true}},
	Props: []property{
		{Key: "id"}, {Key: "status"}, {Key: "role"}, {Key: "loadbalancer_id"}, {Key: "compute_id"}, {Key: "lb_network_ip"},
		{Key: "vrrp_ip"}, {Key: "ha_ip"}, {Key: "cert_expiration"}, {Key: "created_at"}, {Key: "updated_at"},
	},
	Filters: []listFilter{{Key: "loadbalancer_id", Label: "Load balancer", Of: octavia.KindLoadBalancer}, {Key: "role", Label: "Role"}, {Key: "status", Label: "Status"}},
	// Octavia deletes only a spare (READY) or failed (ERROR) amphora.
	CanDelete: func(o octavia.Object) bool { return slices.Contains([]string{"READY", "ERROR"}, o.Text("status")) },
	Sections:  []Section{SectionAmphoraStats},
	Actions: []Action{{
		ID: "amp-failover", Label: "Fail over", Show: hasLB,
		Confirm: "Octavia replaces this amphora with a new one; its load balancer is PENDING_UPDATE until it is done, and this amphora is deleted.",
		Write: func(r octavia.Ref, o octavia.Object, ops []tab.Operation) Write {
			return AmphoraWrite(tab.OpFailover, "", "PUT amphora "+r.ID+" failover", r, o, (*octavia.Client).FailoverAmphora)
		},
	}, {
		ID: "amp-configure", Label: "Configure", Show: hasLB,
		Confirm: "Octavia pushes a fresh agent configuration to this amphora.",
		Write: func(r octavia.Ref, o octavia.Object, ops []tab.Operation) Write {
			return AmphoraWrite(tab.OpOther, "Configure", "PUT amphora "+r.ID+" config", r, o, (*octavia.Client).ConfigureAmphora)
		},
	}},
}

// hasLB reports whether amphora o serves a load balancer (a spare does
// not); an Action's Show (ops unused).
func hasLB(o octavia.Object, _ []tab.Operation) bool { return o.Text("loadbalancer_id") != "" }

// AmphoraWrite is an amphora's action (a failover, a configure): it waits
// for the amphora's load balancer to be ACTIVE again. name is what the
// journal calls it ("" = the amphora's id).
func AmphoraWrite(k tab.OpKind, verb, written string, r octavia.Ref, o octavia.Object, send func(*octavia.Client, context.Context, string) (octavia.Accepted, error)) Write {
	r.LoadBalancerID = o.Text("loadbalancer_id")
	return Write{Op: tab.Operation{Kind: k, Verb: verb, Wait: tab.WaitLBActive, Ref: r, Written: written, Status: string(octavia.StatusPendingUpdate)},
		Send: func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error) {
			acc, err := send(c, ctx, r.ID)
			return nil, acc, err
		}}
}
