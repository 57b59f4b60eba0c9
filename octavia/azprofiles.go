package octavia

import (
	"context"
	"iter"

	"github.com/octaview/octaview/octavia/availabilityzoneprofiles"
)

// Availability zone profiles are admin-only: Octavia answers 403
// (EFORBIDDEN) to other roles. The requests are those of package
// availabilityzoneprofiles.

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
	return list[availabilityzoneprofiles.AvailabilityZoneProfile](ctx, c, c.lb, op, availabilityzoneprofiles.ListURL(c.lb), "availability_zone_profiles", q)
}

// GetAvailabilityZoneProfile reads one profile ("availabilityzoneprofile show").
func (c *Client) GetAvailabilityZoneProfile(ctx context.Context, id string) (*availabilityzoneprofiles.AvailabilityZoneProfile, error) {
	r := availabilityzoneprofiles.Get(ctx, c.lb, id)
	p, _, err := extract("get availability zone profile "+id, "availability_zone_profile", r.Result, r.Extract)
	return p, err
}

// CreateAvailabilityZoneProfile creates a profile ("availabilityzoneprofile
// create"); AvailabilityZoneData is a JSON object as a string, with keys from
// ProviderAvailabilityZoneCapabilities.
func (c *Client) CreateAvailabilityZoneProfile(ctx context.Context, opts availabilityzoneprofiles.CreateOptsBuilder) (*availabilityzoneprofiles.AvailabilityZoneProfile, Accepted, error) {
	r := availabilityzoneprofiles.Create(ctx, c.lb, opts)
	return extract("create availability zone profile", "availability_zone_profile", r.Result, r.Extract)
}

// UpdateAvailabilityZoneProfile changes a profile ("availabilityzoneprofile set").
func (c *Client) UpdateAvailabilityZoneProfile(ctx context.Context, id string, opts availabilityzoneprofiles.UpdateOptsBuilder) (*availabilityzoneprofiles.AvailabilityZoneProfile, Accepted, error) {
	r := availabilityzoneprofiles.Update(ctx, c.lb, id, opts)
	return extract("update availability zone profile "+id, "availability_zone_profile", r.Result, r.Extract)
}

// DeleteAvailabilityZoneProfile deletes a profile ("availabilityzoneprofile
// delete"); Octavia refuses (409) while a zone uses it.
func (c *Client) DeleteAvailabilityZoneProfile(ctx context.Context, id string) (Accepted, error) {
	return accepted("delete availability zone profile "+id, availabilityzoneprofiles.Delete(ctx, c.lb, id).ErrResult)
}
