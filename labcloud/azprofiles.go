package labcloud

import (
	"net/http"
	"slices"
)

// azProfileSpec is the availability zone profile kind: a provider's
// availability zone configuration (availability_zone_data, JSON), which
// availability zones name.
var azProfileSpec = &profileSpec{
	key: "availability_zone_profile", listKey: "availability_zone_profiles", linksKey: "availability_zone_profile_links",
	dataKey: "availability_zone_data", notFound: "Availability Zone Profile", title: "Availability zone profile",
	caps: azCaps, attrs: profileAttrs("availability_zone_data"), decode: decodeAZProfile,
	collection: func(c *Cloud) *collection[*profile] { return c.azProfiles },
	usedBy: func(c *Cloud, id string) bool {
		return slices.ContainsFunc(c.azs.order, func(a *profiled) bool { return a.profileID == id })
	},
	saved: func(s *State) *[]stProfile { return &s.AZProfiles },
}

// azProfileBody is an availability zone profile's create and update body.
type azProfileBody struct {
	Name                 *string `json:"name"`
	ProviderName         *string `json:"provider_name"`
	AvailabilityZoneData *string `json:"availability_zone_data"`
}

func decodeAZProfile(r *http.Request) (profileBody, *apiError) {
	b, err := decodeBodyArg[azProfileBody](r, "availability_zone_profile")
	if err != nil {
		return profileBody{}, err
	}
	return profileBody{b.Name, b.ProviderName, b.AvailabilityZoneData}, nil
}
