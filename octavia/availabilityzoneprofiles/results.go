package availabilityzoneprofiles

import (
	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/pagination"
)

// AvailabilityZoneProfile holds one provider's availability zone data.
type AvailabilityZoneProfile struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	ProviderName string `json:"provider_name"`

	// AvailabilityZoneData is a JSON object kept as a string, as Octavia
	// stores it, e.g. {"compute_zone": "az1"}.
	AvailabilityZoneData string `json:"availability_zone_data"`
}

// AvailabilityZoneProfilePage is one page of a List.
type AvailabilityZoneProfilePage struct {
	pagination.LinkedPageBase
}

// NextPageURL returns the "next" link of the page, or "" on the last page.
// Octavia names the links "availability_zone_profile_links"; the plural
// spelling every other collection uses is read too.
func (r AvailabilityZoneProfilePage) NextPageURL() (string, error) {
	var s struct {
		Links       []gophercloud.Link `json:"availability_zone_profile_links"`
		PluralLinks []gophercloud.Link `json:"availability_zone_profiles_links"`
	}
	if err := r.ExtractInto(&s); err != nil {
		return "", err
	}
	if len(s.Links) == 0 {
		return gophercloud.ExtractNextURL(s.PluralLinks)
	}
	return gophercloud.ExtractNextURL(s.Links)
}

// IsEmpty reports whether the page holds no profile.
func (r AvailabilityZoneProfilePage) IsEmpty() (bool, error) {
	if r.StatusCode == 204 {
		return true, nil
	}
	profiles, err := ExtractAvailabilityZoneProfiles(r)
	return len(profiles) == 0, err
}

// ExtractAvailabilityZoneProfiles returns the profiles of a page from List.
func ExtractAvailabilityZoneProfiles(r pagination.Page) ([]AvailabilityZoneProfile, error) {
	var s struct {
		Profiles []AvailabilityZoneProfile `json:"availability_zone_profiles"`
	}
	err := (r.(AvailabilityZoneProfilePage)).ExtractInto(&s)
	return s.Profiles, err
}

type commonResult struct {
	gophercloud.Result
}

// Extract returns the profile in the response body.
func (r commonResult) Extract() (*AvailabilityZoneProfile, error) {
	var s struct {
		Profile *AvailabilityZoneProfile `json:"availability_zone_profile"`
	}
	err := r.ExtractInto(&s)
	return s.Profile, err
}

// CreateResult is the result of Create; call Extract for the new profile.
type CreateResult struct {
	commonResult
}

// GetResult is the result of Get; call Extract for the profile.
type GetResult struct {
	commonResult
}

// UpdateResult is the result of Update; call Extract for the updated profile.
type UpdateResult struct {
	commonResult
}

// DeleteResult is the result of Delete; call ExtractErr.
type DeleteResult struct {
	gophercloud.ErrResult
}
