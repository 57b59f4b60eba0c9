package console

import (
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// FlavorRes: flavors, the named choices of a load balancer's shape (its
// topology, compute flavor…) that users pick at create. Everyone reads
// them; admins write them, and only admins read the profile behind one.
// Octavia applies a write at once (no status, no wait).
var FlavorRes = &Resource{
	Kind: octavia.KindFlavor, Prefix: "flavor", Singular: "flavor", Plural: "flavors", Title: "Flavors",
	Path: "/flavors", Global: true, WriteAdmin: true, Create: true, Edit: true, Delete: true,
	Intro: "A flavor is a named load balancer shape (topology, compute flavor…) that users pick when they create one.",
	Columns: []Column{{Title: "Description", Key: "description", Width: "30%"}, {Title: "Enabled", Key: "enabled", Width: "9%"},
		{Title: "Flavor profile", Key: "flavor_profile_id", Link: octavia.KindFlavorProfile, Width: "17%"}},
	Props: []property{{Key: "name"}, {Key: "id"}, {Key: "description"}, {Key: "enabled"}, {Key: "flavor_profile_id", Mono: true}},
	Fields: form.Labelled([]form.Field{
		{Key: "name", Required: true}, {Key: "description", Null: true},
		{Key: "flavor_profile_id", Type: form.Ref, Ref: octavia.KindFlavorProfile, Only: form.Create, Required: true},
		{Key: "enabled", Type: form.Bool, Default: "true", Hint: "A disabled flavor cannot be picked for new load balancers."},
	}),
	Filters:  []listFilter{{Key: "flavor_profile_id", Label: "Flavor profile", Of: octavia.KindFlavorProfile}},
	Validate: form.ValidateFlavor,
}
