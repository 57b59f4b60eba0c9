package octavia

import (
	"context"
	"iter"
	"net/url"

	"github.com/octaview/octaview/octavia/availabilityzones"
)

// Availability zones are readable by every user; creating, changing and
// deleting them is for admins (403, EFORBIDDEN, otherwise). A zone is
// addressed by its name.

// ToAvailabilityZoneUpdateMap implements availabilityzones.UpdateOptsBuilder
// ("availabilityzone unset --description").
func (u Unset) ToAvailabilityZoneUpdateMap() (map[string]any, error) {
	return u.body("availability_zone")
}

func availabilityZoneURL(c *Client, name ...string) string {
	parts := []string{"lbaas", "availabilityzones"}
	for _, n := range name {
		parts = append(parts, url.PathEscape(n))
	}
	return c.lb.ServiceURL(parts...)
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
	return list[availabilityzones.AvailabilityZone](ctx, c, c.lb, op, availabilityZoneURL(c), "availability_zones", q)
}

// GetAvailabilityZone reads the availability zone called name
// ("availabilityzone show").
func (c *Client) GetAvailabilityZone(ctx context.Context, name string) (*availabilityzones.AvailabilityZone, error) {
	return getOne[availabilityzones.AvailabilityZone](ctx, c, "get availability zone "+name, availabilityZoneURL(c, name), "availability_zone")
}

// CreateAvailabilityZone creates an availability zone ("availabilityzone
// create"). Zones have no provisioning status: the answer is final.
func (c *Client) CreateAvailabilityZone(ctx context.Context, opts availabilityzones.CreateOptsBuilder) (*availabilityzones.AvailabilityZone, Accepted, error) {
	const op = "create availability zone"
	b, err := opts.ToAvailabilityZoneCreateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[availabilityzones.AvailabilityZone](ctx, c, c.lb, op, "POST", availabilityZoneURL(c), b, "availability_zone")
}

// UpdateAvailabilityZone changes the zone called name ("availabilityzone
// set" with availabilityzones.UpdateOpts, "availabilityzone unset" with
// Unset{"description"}).
func (c *Client) UpdateAvailabilityZone(ctx context.Context, name string, opts availabilityzones.UpdateOptsBuilder) (*availabilityzones.AvailabilityZone, Accepted, error) {
	op := "update availability zone " + name
	b, err := opts.ToAvailabilityZoneUpdateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[availabilityzones.AvailabilityZone](ctx, c, c.lb, op, "PUT", availabilityZoneURL(c, name), b, "availability_zone")
}

// DeleteAvailabilityZone deletes the zone called name ("availabilityzone
// delete"); Octavia refuses (409) while load balancers use it.
func (c *Client) DeleteAvailabilityZone(ctx context.Context, name string) (Accepted, error) {
	return c.del(ctx, "delete availability zone "+name, availabilityZoneURL(c, name))
}
