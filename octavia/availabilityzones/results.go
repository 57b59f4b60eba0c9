package availabilityzones

import (
	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/pagination"
)

// AvailabilityZone is an Octavia availability zone: a name load balancers can
// be created in, bound to a profile that holds the provider's zone data.
type AvailabilityZone struct {
	// Name identifies the zone (there is no separate ID).
	Name string `json:"name"`

	// Description is free text.
	Description string `json:"description"`

	// Enabled says whether new load balancers may use the zone.
	Enabled bool `json:"enabled"`

	// AvailabilityZoneProfileID is the ID of the zone's profile.
	AvailabilityZoneProfileID string `json:"availability_zone_profile_id"`
}

// AvailabilityZonePage is one page of a List.
type AvailabilityZonePage struct {
	pagination.LinkedPageBase
}

// NextPageURL returns the "next" link of the page, or "" on the last page.
func (r AvailabilityZonePage) NextPageURL() (string, error) {
	var s struct {
		Links []gophercloud.Link `json:"availability_zones_links"`
	}
	if err := r.ExtractInto(&s); err != nil {
		return "", err
	}
	return gophercloud.ExtractNextURL(s.Links)
}

// IsEmpty reports whether the page holds no zone.
func (r AvailabilityZonePage) IsEmpty() (bool, error) {
	if r.StatusCode == 204 {
		return true, nil
	}
	zones, err := ExtractAvailabilityZones(r)
	return len(zones) == 0, err
}

// ExtractAvailabilityZones returns the zones of a page from List.
func ExtractAvailabilityZones(r pagination.Page) ([]AvailabilityZone, error) {
	var s struct {
		AvailabilityZones []AvailabilityZone `json:"availability_zones"`
	}
	err := (r.(AvailabilityZonePage)).ExtractInto(&s)
	return s.AvailabilityZones, err
}

type commonResult struct {
	gophercloud.Result
}

// Extract returns the zone in the response body.
func (r commonResult) Extract() (*AvailabilityZone, error) {
	var s struct {
		AvailabilityZone *AvailabilityZone `json:"availability_zone"`
	}
	err := r.ExtractInto(&s)
	return s.AvailabilityZone, err
}

// CreateResult is the result of Create; call Extract for the new zone.
type CreateResult struct {
	commonResult
}

// GetResult is the result of Get; call Extract for the zone.
type GetResult struct {
	commonResult
}

// UpdateResult is the result of Update; call Extract for the updated zone.
type UpdateResult struct {
	commonResult
}

// DeleteResult is the result of Delete; call ExtractErr.
type DeleteResult struct {
	gophercloud.ErrResult
}
