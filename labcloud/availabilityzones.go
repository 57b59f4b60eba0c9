package labcloud

import "net/http"

// azSpec is the availability zone kind: a named, enabled or not,
// availability zone profile that a load balancer names by its name
// (availability_zone), Octavia's key of a zone.
var azSpec = &profiledSpec{
	key: "availability_zone", listKey: "availability_zones", title: "Availability Zone",
	duplicate:  "An availability zone of %s already exists.",
	profileKey: "availability_zone_profile_id", profile: azProfileSpec, byName: true,
	attrs: profiledAttrs("availability_zone_profile_id"), decode: decodeAZ,
	collection: func(c *Cloud) *collection[*profiled] { return c.azs },
	usedBy:     func(lb *loadBalancer, name string) bool { return lb.az == name },
	saved:      func(s *State) *[]stProfiled { return &s.AZs },
}

// azBody is an availability zone's create and update body (an update may
// carry neither name nor availability_zone_profile_id: see createOnly).
type azBody struct {
	Name                      *string `json:"name"`
	Description               *string `json:"description"`
	Enabled                   *bool   `json:"enabled"`
	AvailabilityZoneProfileID *string `json:"availability_zone_profile_id"`
}

func decodeAZ(r *http.Request) (profiledBody, *apiError) {
	b, err := decodeBodyArg[azBody](r, "availability_zone")
	if err != nil {
		return profiledBody{}, err
	}
	return profiledBody{name: b.Name, description: b.Description, enabled: b.Enabled, profileID: b.AvailabilityZoneProfileID}, nil
}
