package app

import (
	"context"
	"iter"
	"strconv"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"

	"github.com/octaview/octaview/octavia"
)

// memberRes: members, a pool's backend servers, listed on their pool's page
// (/pools/{pool}/members/{id}). The journal finds their load balancer
// through the pool (Client.LoadBalancerOf). A pool's whole member set is
// written at once by the batch section of the pool's page (res_member_batch.go).
var memberRes = register(&resource{
	Kind: octavia.KindMember, Prefix: "member", Singular: "member", Plural: "members", Title: "Members",
	Path: "/members", Parent: octavia.KindPool, Envelope: "member", Status: true, Paged: true, NoNav: true,
	Intro: "A member is one backend server (address and port) of a pool.",
	Columns: []column{{Title: "Address", Key: "address", Mono: true, Width: "16%"}, {Title: "Port", Key: "protocol_port", Width: "7%"},
		{Title: "Weight", Key: "weight", Width: "7%"}, {Title: "Backup", Key: "backup", Width: "7%"}},
	Props: []property{
		{Label: "Name", Key: "name"}, {Label: "ID", Key: "id", Mono: true},
		{Label: "Provisioning status", Key: "provisioning_status"}, {Label: "Operating status", Key: "operating_status"},
		{Label: "Pool", Key: "pool_id", Link: octavia.KindPool},
		{Label: "Address", Key: "address", Mono: true}, {Label: "Port", Key: "protocol_port"},
		{Label: "Weight", Key: "weight"}, {Label: "Backup", Key: "backup"}, {Label: "Subnet", Key: "subnet_id", Mono: true},
		{Label: "Monitor address", Key: "monitor_address", Mono: true}, {Label: "Monitor port", Key: "monitor_port"},
		{Label: "Admin state up", Key: "admin_state_up"}, {Label: "Tags", Key: "tags"},
	},
	Fields: []formField{
		{Key: "name", Label: "Name"},
		{Key: "address", Label: "Address", Only: "create", Required: true, Hint: "IPv4 or IPv6."},
		{Key: "protocol_port", Label: "Port", Type: fInt, Only: "create", Required: true, Default: "80"},
		{Key: "subnet_id", Label: "Subnet ID", Only: "create", Hint: "The Neutron subnet the address is on; empty = the VIP's subnet."},
		{Key: "weight", Label: "Weight", Type: fInt, Default: "1", Hint: "0–256; 0 = no new connections (drained).", Null: true},
		{Key: "backup", Label: "Backup", Type: fBool, Hint: "Gets traffic only when every other member is down."},
		{Key: "monitor_address", Label: "Monitor address", Hint: "Health checks go here instead of the member's address.", Null: true},
		{Key: "monitor_port", Label: "Monitor port", Type: fInt, Null: true},
		{Key: "admin_state_up", Label: "Admin state up", Type: fBool, Default: "true"},
		{Key: "tags", Label: "Tags", Type: fList, Null: true},
	},
	List: func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[object, error] {
		return func(yield func(object, error) bool) {
			for o, err := range objects(c.Members(ctx, q.Parent, pools.ListMembersOpts{Limit: q.Limit, Marker: q.Marker})) {
				if !yield(inPool(o, q.Parent), err) || err != nil {
					return
				}
			}
		}
	},
	Get: func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error) {
		o, err := one(c.GetMember(ctx, r.ParentID, r.ID))
		return inPool(o, r.ParentID), err
	},
	Create: func(ctx context.Context, c *octavia.Client, poolID string, b requestBody) (object, octavia.Accepted, error) {
		o, acc, err := written(c.CreateMember(ctx, poolID, b))
		return inPool(o, poolID), acc, err
	},
	Update: func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error) {
		o, acc, err := written(c.UpdateMember(ctx, r.ParentID, r.ID, b))
		return inPool(o, r.ParentID), acc, err
	},
	Delete: func(ctx context.Context, c *octavia.Client, r octavia.Ref, _ bool) (octavia.Accepted, error) {
		return c.DeleteMember(ctx, r.ParentID, r.ID)
	},
	Validate: validateMember,
	Actions: []action{{
		ID: "member-drain", Label: "Drain",
		Confirm: "The member's weight goes to 0: it takes no new connections; those open carry on. Edit its weight to take it back.",
		Show:    func(o object) bool { return o.str("weight") != "0" },
		Run: func(ctx context.Context, sess *session, r octavia.Ref, o object) (operation, octavia.Accepted, error) {
			_, acc, err := sess.Client.UpdateMember(ctx, r.ParentID, r.ID, requestBody{Envelope: "member", Body: object{"weight": 0}})
			return operation{Kind: opOther, Verb: "Drain", Wait: waitActive, Written: "PUT member " + r.ID + ` weight "0" (was ` + strconv.Quote(o.str("weight")) + ")",
				Status: string(octavia.StatusPendingUpdate)}, acc, err
		},
	}},
})

// inPool names a member's pool: Octavia's member has no pool_id (its URL
// does), gophercloud's an empty one. A monitor port of 0 is Octavia's null.
func inPool(o object, poolID string) object {
	if o != nil && o.str("pool_id") == "" {
		o["pool_id"] = poolID
	}
	if o != nil && o.str("monitor_port") == "0" { // gophercloud's zero for Octavia's null
		o["monitor_port"] = nil
	}
	return o
}
