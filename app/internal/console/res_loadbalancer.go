package console

import (
	"context"
	"fmt"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// LBVIPBySubnet reports whether the create takes its VIP from a subnet
// (else an existing port): the wizard's own choice, "_vip".
func LBVIPBySubnet(v form.Values) bool { return v["_vip"] != "port" && v["_vip"] != "network" }

// SectionFloatingIP is a load balancer's public address: the Neutron
// floating IP of its VIP port (internal/section's floating_ip.go).
const SectionFloatingIP Section = "floating-ip"

// FloatingIPColumn is the title of the load balancers' list's column of
// floating IPs: its cells hold the VIP port's id, app/list's list_fip.go
// shows the address on it.
const FloatingIPColumn = "Floating IP"

// LBResource: load balancers, the root of Octavia's tree. Its create is
// the create wizard (createPath), made of this form's create fields and
// those of every kind of the tree; its page draws the status tree.
var LBResource = &Resource{
	Kind: octavia.KindLoadBalancer, Prefix: "lb", TreeLabel: "LB", Singular: "load balancer", Plural: "load balancers",
	Title: "Load balancers", Path: tab.ListPath, Paged: true, Times: true, Create: true, Edit: true, Delete: true,
	Intro:      "A load balancer spreads traffic over a pool of members behind one virtual IP (VIP).",
	CreatePath: tab.CreatePath,
	Columns: []Column{{Title: "VIP address", Key: "vip_address", Mono: true, Written: true},
		{Title: FloatingIPColumn, Key: "vip_port_id", Width: "10%"}, {Title: "Provider", Key: "provider", Width: "9%"}},
	Props: []property{
		{Key: "name"}, {Key: "id"}, {Key: "description"}, {Key: "provisioning_status"}, {Key: "operating_status"},
		{Key: "vip_address"}, {Key: "vip_subnet_id"}, {Key: "vip_network_id"}, {Key: "vip_port_id"},
		{Key: "provider"}, {Key: "flavor_id"}, {Key: "availability_zone"}, {Key: "admin_state_up"},
		{Key: "listeners"}, {Key: "pools"}, {Key: "tags"}, {Key: "created_at"}, {Key: "updated_at"}, {Key: "project_id"},
	},
	Fields: form.Labelled([]form.Field{
		{Key: "name"}, {Key: "description"},
		{Key: "vip_subnet_id", Type: form.Subnet, Only: form.Create, Required: true, Show: LBVIPBySubnet},
		{Key: "vip_address", Label: "Fixed VIP address", Only: form.Create, Show: LBVIPBySubnet,
			Hint: "Empty: Neutron picks a free address of the subnet."},
		{Key: "vip_port_id", Label: "Existing port", Type: form.Port, Only: form.Create, Required: true,
			Show: func(v form.Values) bool { return v["_vip"] == "port" }},
		{Key: "vip_network_id", Only: form.Create, Required: true, // typed: lb_vip_typed.go
			Show: func(v form.Values) bool { return v["_vip"] == "network" }},
		{Key: "flavor_id", Type: form.Ref, Ref: octavia.KindFlavor, Only: form.Create},
		{Key: "availability_zone", Type: form.Ref, Ref: octavia.KindAvailabilityZone, Only: form.Create},
		{Key: "provider", Type: form.Ref, Ref: octavia.KindProvider, Only: form.Create,
			Hint: "Its pools, listeners and monitors are offered what this provider takes. Empty: the cloud's default provider."},
		{Key: "admin_state_up", Type: form.Bool, Default: "true"},
		{Key: "vip_qos_policy_id", Label: "VIP QoS policy", Type: form.QoS, Hint: "A Neutron QoS policy for the VIP port (the project's or a shared one); — removes the policy.", Null: true},
		{Key: "tags", Type: form.List, Only: form.Create, Hint: "One per line or comma-separated."},
	}),
	Filters:  []listFilter{{Key: "tags", Label: "Tags"}},
	Validate: form.ValidateLoadBalancer,
	Cascade: func(o octavia.Object) string {
		l, p := len(o.IDs("listeners")), len(o.IDs("pools"))
		if l+p == 0 {
			return ""
		}
		return fmt.Sprintf("%d listeners and %d pools", l, p)
	},
	Sections: []Section{SectionStatusTree, SectionFloatingIP, SectionStats, SectionAmphorae},
	Children: []child{{Of: octavia.KindListener, Filter: "loadbalancer_id"}, {Of: octavia.KindPool, Filter: "loadbalancer_id"}},
	Actions: []Action{{
		ID: "lb-failover", Label: "Fail over", Admin: true,
		Confirm: "Octavia rebuilds the load balancer's amphorae one by one; traffic may drop for a moment. The load balancer is PENDING_UPDATE until it is done.",
		Write: func(r octavia.Ref, o octavia.Object, ops []tab.Operation) Write {
			return Write{Op: tab.Operation{Kind: tab.OpFailover, Wait: tab.WaitLBActive, Ref: r, Written: "PUT load balancer " + r.ID + " failover",
				Status: string(octavia.StatusPendingUpdate)}, Was: o.Text("provisioning_status"),
				Send: func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error) {
					acc, err := c.FailoverLoadBalancer(ctx, r.ID)
					return nil, acc, err
				}}
		},
	}},
}
