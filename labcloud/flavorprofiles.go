package labcloud

import (
	"net/http"
	"slices"
)

// flavorProfileSpec is the flavor profile kind: a provider's flavor
// configuration (flavor_data, JSON), which flavors name.
var flavorProfileSpec = &profileSpec{
	key: "flavorprofile", listKey: "flavorprofiles", linksKey: "flavorprofile_links",
	dataKey: "flavor_data", notFound: "Flavor profile", title: "Flavor profile",
	caps: flavorCaps, attrs: profileAttrs("flavor_data"), decode: decodeFlavorProfile,
	collection: func(c *Cloud) *collection[*profile] { return c.flavorProfiles },
	usedBy: func(c *Cloud, id string) bool {
		return slices.ContainsFunc(c.flavors.order, func(f *profiled) bool { return f.profileID == id })
	},
	saved: func(s *State) *[]stProfile { return &s.FlavorProfiles },
}

// flavorProfileBody is a flavor profile's create and update body.
type flavorProfileBody struct {
	Name         *string `json:"name"`
	ProviderName *string `json:"provider_name"`
	FlavorData   *string `json:"flavor_data"`
}

func decodeFlavorProfile(r *http.Request) (profileBody, *apiError) {
	b, err := decodeBodyArg[flavorProfileBody](r, "flavorprofile")
	if err != nil {
		return profileBody{}, err
	}
	return profileBody{b.Name, b.ProviderName, b.FlavorData}, nil
}
