package octavia

import (
	"context"
	"iter"

	"github.com/octaview/octaview/octavia/availabilityzones"
)

// Availability zones are readable by every user; creating, changing and
// deleting them is for admins (403, EFORBIDDEN, otherwise). A zone is
// addressed by its name. The requests are those of package availabilityzones.

// ToAvailabilityZoneUpdateMap implements availabilityzones.UpdateOptsBuilder
// ("availabilityzone unset --description").
func (u Unset) ToAvailabilityZoneUpdateMap() (map[string]any, error) {
	return u.body("availability_zone")
}

// AvailabilityZones streams the availability zones matching opts, page by
// page ("availabilityzone list"). Zones have no ID, so Octavia's next link
// carries marker=None, which Octavia would refuse (400): a list longer than
// one page (1,000 zones by default, or opts.Limit) ends with an error saying
// so after the first page, instead of asking.
func (c *Client) AvailabilityZones(ctx context.Context, opts availabilityzones.ListOptsBuilder) iter.Seq2[availabilityzones.AvailabilityZone, error] {
	const op = "list availability zones"
	q, err := opts.ToAvailabilityZoneListQuery()
	if err != nil {
		return errSeq[availabilityzones.AvailabilityZone](op, err)
	}
	return list[availabilityzones.AvailabilityZone](ctx, c, c.lb, op, availabilityzones.ListURL(c.lb), "availability_zones", q)
}

// GetAvailabilityZone reads the availability zone called name
// ("availabilityzone show").
func (c *Client) GetAvailabilityZone(ctx context.Context, name string) (*availabilityzones.AvailabilityZone, error) {
	r := availabilityzones.Get(ctx, c.lb, name)
	z, _, err := extract("get availability zone "+name, "availability_zone", r.Result, r.Extract)
	return z, err
}

// CreateAvailabilityZone creates an availability zone ("availabilityzone
// create"). Zones have no provisioning status: the answer is final.
func (c *Client) CreateAvailabilityZone(ctx context.Context, opts availabilityzones.CreateOptsBuilder) (*availabilityzones.AvailabilityZone, Accepted, error) {
	r := availabilityzones.Create(ctx, c.lb, opts)
	return extract("create availability zone", "availability_zone", r.Result, r.Extract)
}

// UpdateAvailabilityZone changes the zone called name ("availabilityzone
// set" with availabilityzones.UpdateOpts, "availabilityzone unset" with
// Unset{"description"}).
func (c *Client) UpdateAvailabilityZone(ctx context.Context, name string, opts availabilityzones.UpdateOptsBuilder) (*availabilityzones.AvailabilityZone, Accepted, error) {
	r := availabilityzones.Update(ctx, c.lb, name, opts)
	return extract("update availability zone "+name, "availability_zone", r.Result, r.Extract)
}

// DeleteAvailabilityZone deletes the zone called name ("availabilityzone
// delete"); Octavia refuses (409) while load balancers use it.
func (c *Client) DeleteAvailabilityZone(ctx context.Context, name string) (Accepted, error) {
	return accepted("delete availability zone "+name, availabilityzones.Delete(ctx, c.lb, name).ErrResult)
}
