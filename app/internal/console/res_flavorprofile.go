package console

import (
	"github.com/octaview/octaview/app/internal/attr"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// FlavorProfileRes: flavor profiles, what a flavor means to its provider
// (flavor_data, a JSON object of the provider's flavor capabilities).
// Admins only; Octavia applies a write at once.
var FlavorProfileRes = &Resource{
	Kind: octavia.KindFlavorProfile, Prefix: "flavorprofile", Singular: "flavor profile", Plural: "flavor profiles",
	Title: "Flavor profiles", Path: "/flavor-profiles", Global: true, Admin: true, WriteAdmin: true, Create: true, Edit: true, Delete: true,
	Intro: "A flavor profile is what a flavor means to its provider: a JSON object of the provider's flavor capabilities.",
	Columns: []Column{{Title: "Provider", Key: "provider_name", Width: "11%"},
		{Title: "Flavor data", Key: "flavor_data", Mono: true, Width: "40%"}},
	Props:        []property{{Key: "name"}, {Key: "id"}, {Key: "provider_name"}, {Key: "flavor_data"}},
	Capabilities: (*octavia.Client).ProviderFlavorCapabilities,
	Fields:       profileFields("flavor_data", `{"loadbalancer_topology": "ACTIVE_STANDBY"}`),
	Filters:      []listFilter{{Key: "provider_name", Label: "Provider"}},
	Validate:     form.ValidateFlavorProfile,
	Children:     []child{{Of: octavia.KindFlavor, Filter: "flavor_profile_id"}},
}

// profileFields are the form of a flavor or availability zone profile;
// data is its JSON attribute.
func profileFields(data, example string) []form.Field {
	dataAttr, _ := attr.Of(data)
	return form.Labelled([]form.Field{
		{Key: "name", Required: true},
		{Key: "provider_name", Type: form.Ref, Ref: octavia.KindProvider, Required: true},
		{Key: data, Label: dataAttr.Label + " (JSON)", Type: form.Area, Required: true,
			Hint: "A JSON object of the provider's capabilities (see Providers), e.g. " + example},
	})
}
