package app

import (
	"context"
	"iter"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/flavors"

	"github.com/octaview/octaview/octavia"
)

// flavorRes: flavors, the named choices of a load balancer's shape (its
// topology, compute flavor…) that users pick at create. Everyone reads
// them; admins write them, and only admins read the profile behind one.
// Octavia applies a write at once (no status, no wait).
var flavorRes = register(&resource{
	Kind: octavia.KindFlavor, Prefix: "flavor", Singular: "flavor", Plural: "flavors", Title: "Flavors",
	Path: "/flavors", Envelope: "flavor", WriteAdmin: true,
	Intro: "A flavor is a named load balancer shape (topology, compute flavor…) that users pick when they create one.",
	Columns: []column{{Title: "Description", Key: "description", Width: "30%"}, {Title: "Enabled", Key: "enabled", Width: "9%"},
		{Title: "Flavor profile", Key: "flavor_profile_id", Link: octavia.KindFlavorProfile, Width: "17%"}},
	Props: []property{
		{Label: "Name", Key: "name"}, {Label: "ID", Key: "id", Mono: true}, {Label: "Description", Key: "description"},
		{Label: "Enabled", Key: "enabled"}, {Label: "Flavor profile", Key: "flavor_profile_id", Link: octavia.KindFlavorProfile, Mono: true},
	},
	Fields: []formField{
		{Key: "name", Label: "Name", Required: true}, {Key: "description", Label: "Description", Null: true},
		{Key: "flavor_profile_id", Label: "Flavor profile", Type: fRef, Ref: octavia.KindFlavorProfile, Only: "create", Required: true},
		{Key: "enabled", Label: "Enabled", Type: fBool, Default: "true", Hint: "A disabled flavor cannot be picked for new load balancers."},
	},
	Filters: []listFilter{{Key: "flavor_profile_id", Label: "Flavor profile", Of: octavia.KindFlavorProfile}},
	List: func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[object, error] {
		return objects(c.Flavors(ctx, flavors.ListOpts{FlavorProfileID: q.get("flavor_profile_id")}))
	},
	Get: func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error) {
		return one(c.GetFlavor(ctx, r.ID))
	},
	Create: func(ctx context.Context, c *octavia.Client, _ string, b requestBody) (object, octavia.Accepted, error) {
		return written(c.CreateFlavor(ctx, b))
	},
	Update: func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error) {
		return written(c.UpdateFlavor(ctx, r.ID, b))
	},
	Delete: func(ctx context.Context, c *octavia.Client, r octavia.Ref, _ bool) (octavia.Accepted, error) {
		return c.DeleteFlavor(ctx, r.ID)
	},
	Validate: validateFlavor,
})
