package app

import (
	"context"
	"iter"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/flavorprofiles"

	"github.com/octaview/octaview/octavia"
)

// flavorProfileRes: flavor profiles, what a flavor means to its provider
// (flavor_data, a JSON object of the provider's flavor capabilities).
// Admins only; Octavia applies a write at once.
var flavorProfileRes = register(&resource{
	Kind: octavia.KindFlavorProfile, Prefix: "flavorprofile", Singular: "flavor profile", Plural: "flavor profiles",
	Title: "Flavor profiles", Path: "/flavor-profiles", Envelope: "flavorprofile", Admin: true, WriteAdmin: true,
	Intro: "A flavor profile is what a flavor means to its provider: a JSON object of the provider's flavor capabilities.",
	Columns: []column{{Title: "Provider", Key: "provider_name", Width: "11%"},
		{Title: "Flavor data", Key: "flavor_data", Mono: true, Width: "40%"}},
	Props: []property{
		{Label: "Name", Key: "name"}, {Label: "ID", Key: "id", Mono: true}, {Label: "Provider", Key: "provider_name"},
		{Label: "Flavor data", Key: "flavor_data", Mono: true},
	},
	Fields:   profileFields("flavor_data", "Flavor data", `{"loadbalancer_topology": "ACTIVE_STANDBY"}`),
	Filters:  []listFilter{{Key: "provider_name", Label: "Provider"}},
	Validate: validateFlavorProfile,
	Children: []child{{Of: octavia.KindFlavor, Filter: "flavor_profile_id"}},
	List: func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[object, error] {
		return objects(c.FlavorProfiles(ctx, flavorprofiles.ListOpts{ProviderName: q.get("provider_name")}))
	},
	Get: func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error) {
		return one(c.GetFlavorProfile(ctx, r.ID))
	},
	Create: func(ctx context.Context, c *octavia.Client, _ string, b requestBody) (object, octavia.Accepted, error) {
		return written(c.CreateFlavorProfile(ctx, b))
	},
	Update: func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error) {
		return written(c.UpdateFlavorProfile(ctx, r.ID, b))
	},
	Delete: func(ctx context.Context, c *octavia.Client, r octavia.Ref, _ bool) (octavia.Accepted, error) {
		return c.DeleteFlavorProfile(ctx, r.ID)
	},
})

// profileFields are the form of a flavor or availability zone profile;
// data is its JSON attribute.
func profileFields(data, label, example string) []formField {
	return []formField{
		{Key: "name", Label: "Name", Required: true},
		{Key: "provider_name", Label: "Provider", Type: fRef, Ref: octavia.KindProvider, Required: true},
		{Key: data, Label: label + " (JSON)", Type: fArea, Required: true,
			Hint: "A JSON object of the provider's capabilities (see Providers), e.g. " + example},
	}
}
