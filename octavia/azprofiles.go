package octavia

import (
	"context"
	"iter"

	"github.com/octaview/octaview/octavia/availabilityzoneprofiles"
)

// Availability zone profiles are admin-only: Octavia answers 403
// (EFORBIDDEN) to other roles.

func azProfileURL(c *Client, parts ...string) string {
	return c.lb.ServiceURL(append([]string{"lbaas", "availabilityzoneprofiles"}, parts...)...)
}

// AvailabilityZoneProfiles streams the availability zone profiles matching
// opts, page by page ("availabilityzoneprofile list"). Octavia names this
// list's links "availability_zone_profile_links" (singular); the pager reads
// that name too.
func (c *Client) AvailabilityZoneProfiles(ctx context.Context, opts availabilityzoneprofiles.ListOptsBuilder) iter.Seq2[availabilityzoneprofiles.AvailabilityZoneProfile, error] {
	const op = "list availability zone profiles"
	q, err := opts.ToAvailabilityZoneProfileListQuery()
	if err != nil {
		return errSeq[availabilityzoneprofiles.AvailabilityZoneProfile](op, err)
	}
	return list[availabilityzoneprofiles.AvailabilityZoneProfile](ctx, c, c.lb, op, azProfileURL(c), "availability_zone_profiles", q)
}

// GetAvailabilityZoneProfile reads one profile ("availabilityzoneprofile show").
func (c *Client) GetAvailabilityZoneProfile(ctx context.Context, id string) (*availabilityzoneprofiles.AvailabilityZoneProfile, error) {
	return getOne[availabilityzoneprofiles.AvailabilityZoneProfile](ctx, c, "get availability zone profile "+id, azProfileURL(c, id), "availability_zone_profile")
}

// CreateAvailabilityZoneProfile creates a profile ("availabilityzoneprofile
// create"); AvailabilityZoneData is a JSON object as a string, with keys from
// ProviderAvailabilityZoneCapabilities.
func (c *Client) CreateAvailabilityZoneProfile(ctx context.Context, opts availabilityzoneprofiles.CreateOptsBuilder) (*availabilityzoneprofiles.AvailabilityZoneProfile, Accepted, error) {
	const op = "create availability zone profile"
	b, err := opts.ToAvailabilityZoneProfileCreateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[availabilityzoneprofiles.AvailabilityZoneProfile](ctx, c, c.lb, op, "POST", azProfileURL(c), b, "availability_zone_profile")
}

// UpdateAvailabilityZoneProfile changes a profile ("availabilityzoneprofile set").
func (c *Client) UpdateAvailabilityZoneProfile(ctx context.Context, id string, opts availabilityzoneprofiles.UpdateOptsBuilder) (*availabilityzoneprofiles.AvailabilityZoneProfile, Accepted, error) {
	op := "update availability zone profile " + id
	b, err := opts.ToAvailabilityZoneProfileUpdateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[availabilityzoneprofiles.AvailabilityZoneProfile](ctx, c, c.lb, op, "PUT", azProfileURL(c, id), b, "availability_zone_profile")
}

// DeleteAvailabilityZoneProfile deletes a profile ("availabilityzoneprofile
// delete"); Octavia refuses (409) while a zone uses it.
func (c *Client) DeleteAvailabilityZoneProfile(ctx context.Context, id string) (Accepted, error) {
	return c.del(ctx, "delete availability zone profile "+id, azProfileURL(c, id))
}
