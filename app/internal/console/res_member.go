package console

import (
	"context"
	"strconv"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// MemberRes: members, a pool's backend servers, listed on their pool's page
// (/pools/{pool}/members/{id}). A pool's whole member set is written at
// once by the batch section of the pool's page (member_batch.go).
var MemberRes = &Resource{
	Kind: octavia.KindMember, Prefix: "member", Singular: "member", Plural: "members", Title: "Members",
	Path: "/members", Paged: true, Times: true, NoNav: true, Create: true, Edit: true, Delete: true,
	Intro: "A member is one backend server (address and port) of a pool.",
	Columns: []Column{{Title: "Address", Key: "address", Mono: true, Width: "13%"}, {Title: "Port", Key: "protocol_port", Width: "6%"},
		{Title: "Weight", Key: "weight", Width: "6%"}, {Title: "Backup", Key: "backup", Width: "6%"}},
	Props: []property{
		{Key: "name"}, {Key: "id"}, {Key: "provisioning_status"}, {Key: "operating_status"},
		{Key: "address"}, {Key: "protocol_port"}, {Key: "weight"}, {Key: "backup"}, {Key: "subnet_id"},
		{Key: "monitor_address"}, {Key: "monitor_port"}, {Key: "admin_state_up"}, {Key: "tags"},
	},
	Fields: form.Labelled([]form.Field{
		{Key: "name"},
		{Key: "address", Only: form.Create, Required: true, Hint: "IPv4 or IPv6."},
		{Key: "protocol_port", Type: form.Int, Only: form.Create, Required: true, Default: "80"},
		{Key: "subnet_id", Type: form.Subnet, Only: form.Create, Hint: "The Neutron subnet the address is on; empty = the VIP's subnet."},
		{Key: "weight", Type: form.Int, Default: "1", Hint: "0–256; 0 = no new connections (drained).", Null: true},
		{Key: "backup", Type: form.Bool, Hint: "Gets traffic only when every other member is down."},
		{Key: "monitor_address", Hint: "Health checks go here instead of the member's address.", Null: true},
		{Key: "monitor_port", Type: form.Int, Null: true},
		{Key: "admin_state_up", Type: form.Bool, Default: "true"},
		{Key: "tags", Type: form.List, Only: form.Create, Hint: "One per line or comma-separated."},
	}),
	Validate: form.ValidateMember,
	Actions: []Action{{
		ID: "member-drain", Label: "Drain",
		Confirm: "The member's weight goes to 0: it takes no new connections; those open carry on. Restore weight, on its page, takes it back.",
		Show:    func(o octavia.Object, ops []tab.Operation) bool { return o.Text("weight") != "0" },
		Write: func(r octavia.Ref, o octavia.Object, ops []tab.Operation) Write {
			return Write{Op: tab.Operation{Kind: tab.OpOther, Verb: "Drain", Wait: tab.WaitActive, Ref: r, Prior: o.Text("weight"),
				Written: "PUT member " + r.ID + ` weight "0" (was ` + strconv.Quote(o.Text("weight")) + ")", Status: string(octavia.StatusPendingUpdate)},
				Was: o.Text("provisioning_status"),
				Send: func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error) {
					return c.Update(ctx, r, octavia.Object{"weight": 0})
				}}
		},
	}, {
		// the undo of Drain: the weight the member had before this tab's
		// (or its journal's) last Drain of it
		ID: "member-restore", Label: "Restore weight",
		Show: func(o octavia.Object, ops []tab.Operation) bool {
			return o.Text("weight") == "0" && drainedWeight(ops, o.Text("id")) != ""
		},
		LabelOf: func(o octavia.Object, ops []tab.Operation) string {
			return "Restore weight " + drainedWeight(ops, o.Text("id"))
		},
		Write: func(r octavia.Ref, o octavia.Object, ops []tab.Operation) Write {
			w := drainedWeight(ops, r.ID)
			n, _ := strconv.Atoi(w)
			return Write{Op: tab.Operation{Kind: tab.OpOther, Verb: "Restore weight of", Wait: tab.WaitActive, Ref: r,
				Written: "PUT member " + r.ID + ` weight ` + strconv.Quote(w) + ` (was "0")`, Status: string(octavia.StatusPendingUpdate)},
				Send: func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error) {
					return c.Update(ctx, r, octavia.Object{"weight": n})
				}}
		},
	}},
}

// drainedWeight is the weight member id had before its latest Drain in
// ops (the tab's operations and its journal's), "" when none is known.
func drainedWeight(ops []tab.Operation, id string) string {
	for _, op := range ops { // newest first
		if op.Ref.ID == id && op.Verb == "Drain" {
			if op.Prior == "0" {
				return ""
			}
			return op.Prior
		}
	}
	return ""
}
