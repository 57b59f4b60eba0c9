package console

import (
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// AzProfileRes: availability zone profiles, what a zone means to its
// provider (availability_zone_data, a JSON object of the provider's zone
// capabilities). Admins only; Octavia applies a write at once.
var AzProfileRes = &Resource{
	Kind: octavia.KindAvailabilityZoneProfile, Prefix: "azprofile", Singular: "availability zone profile",
	Plural: "availability zone profiles", Title: "AZ profiles", Path: "/availability-zone-profiles", Global: true,
	Admin: true, WriteAdmin: true, Paged: true, Create: true, Edit: true, Delete: true,
	Intro: "An availability zone profile is what a zone means to its provider: a JSON object of the provider's zone capabilities.",
	Columns: []Column{{Title: "Provider", Key: "provider_name", Width: "11%"},
		{Title: "Zone data", Key: "availability_zone_data", Mono: true, Width: "40%"}},
	Props:        []property{{Key: "name"}, {Key: "id"}, {Key: "provider_name"}, {Key: "availability_zone_data"}},
	Capabilities: (*octavia.Client).ProviderAvailabilityZoneCapabilities,
	Fields:       profileFields("availability_zone_data", `{"compute_zone": "az1"}`),
	Filters:      []listFilter{{Key: "provider_name", Label: "Provider"}},
	Validate:     form.ValidateAvailabilityZoneProfile,
	Children:     []child{{Of: octavia.KindAvailabilityZone, Filter: "availability_zone_profile_id"}},
}
