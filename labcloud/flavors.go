package labcloud

import "net/http"

// flavorSpec is the flavor kind: a named, enabled or not, flavor profile
// that a load balancer names by id (flavor_id).
var flavorSpec = &profiledSpec{
	key: "flavor", listKey: "flavors", title: "Flavor", duplicate: "A flavor of %s already exists.",
	profileKey: "flavor_profile_id", profile: flavorProfileSpec,
	attrs: profiledAttrs("flavor_profile_id"), decode: decodeFlavor,
	collection: func(c *Cloud) *collection[*profiled] { return c.flavors },
	usedBy:     func(lb *loadBalancer, id string) bool { return lb.flavorID == id },
	saved:      func(s *State) *[]stProfiled { return &s.Flavors },
}

// flavorBody is a flavor's create and update body (an update may not
// carry flavor_profile_id: see createOnly).
type flavorBody struct {
	Name            *string `json:"name"`
	Description     *string `json:"description"`
	Enabled         *bool   `json:"enabled"`
	FlavorProfileID *string `json:"flavor_profile_id"`
}

func decodeFlavor(r *http.Request) (profiledBody, *apiError) {
	b, err := decodeBodyArg[flavorBody](r, "flavor")
	if err != nil {
		return profiledBody{}, err
	}
	return profiledBody{name: b.Name, description: b.Description, enabled: b.Enabled, profileID: b.FlavorProfileID}, nil
}
