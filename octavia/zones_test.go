package octavia

import (
	"context"
	"net/url"
	"testing"
)

// Availability zone bodies from Octavia's API reference.
const azBody = `{
    "name": "my_az",
    "description": "My availability zone.",
    "enabled": true,
    "availability_zone_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a"
}`

var wantAZ = object(azBody)

func TestAvailabilityZones(t *testing.T) {
	runExtraCases(t, []extraCase{
		{
			name: "list enabled zones",
			answers: map[string][]cannedAnswer{"GET /lbaas/availabilityzones?enabled=true": answer(200,
				`{"availability_zones": [`+azBody+`], "availability_zones_links": []}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				zs, err := Collect(c.List(ctx, KindAvailabilityZone, "", ListQuery{Filters: url.Values{"enabled": {"true"}}}))
				return zs, Accepted{}, err
			},
			want: []Object{wantAZ},
			sent: []sent{{line: "GET /lbaas/availabilityzones?enabled=true"}},
		},
		{
			name:    "show escapes the name",
			answers: map[string][]cannedAnswer{"GET /lbaas/availabilityzones/rack%201%2Fa": answer(200, `{"availability_zone": `+azBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				z, err := c.Get(ctx, Ref{Kind: KindAvailabilityZone, ID: "rack 1/a"})
				return z, Accepted{}, err
			},
			want: wantAZ,
			sent: []sent{{line: "GET /lbaas/availabilityzones/rack 1/a"}},
		},
		{
			name: "show an unknown zone",
			answers: map[string][]cannedAnswer{"GET /lbaas/availabilityzones/nowhere": answer(404,
				octaviaFault("Availability Zone nowhere not found."))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				z, err := c.Get(ctx, Ref{Kind: KindAvailabilityZone, ID: "nowhere"})
				return z, Accepted{}, err
			},
			code: ENOTFOUND,
			sent: []sent{{line: "GET /lbaas/availabilityzones/nowhere"}},
		},
		{
			name:    "create",
			answers: map[string][]cannedAnswer{"POST /lbaas/availabilityzones": answer(201, `{"availability_zone": `+azBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.Create(ctx, KindAvailabilityZone, "", Object{
					"name": "my_az", "description": "My availability zone.", "enabled": true,
					"availability_zone_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a",
				})
			},
			want:   wantAZ,
			status: 201,
			sent: []sent{{line: "POST /lbaas/availabilityzones", body: `{"availability_zone": {"name": "my_az",
				"description": "My availability zone.", "enabled": true,
				"availability_zone_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a"}}`}},
		},
		{
			name:    "disable",
			answers: map[string][]cannedAnswer{"PUT /lbaas/availabilityzones/my_az": answer(200, `{"availability_zone": `+azBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.Update(ctx, Ref{Kind: KindAvailabilityZone, ID: "my_az"}, Object{"enabled": false})
			},
			want:   wantAZ,
			status: 200,
			sent:   []sent{{line: "PUT /lbaas/availabilityzones/my_az", body: `{"availability_zone": {"enabled": false}}`}},
		},
		{
			name:    "unset the description",
			answers: map[string][]cannedAnswer{"PUT /lbaas/availabilityzones/my_az": answer(200, `{"availability_zone": `+azBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.Update(ctx, Ref{Kind: KindAvailabilityZone, ID: "my_az"}, Object{"description": nil})
			},
			want:   wantAZ,
			status: 200,
			sent:   []sent{{line: "PUT /lbaas/availabilityzones/my_az", body: `{"availability_zone": {"description": null}}`}},
		},
		{
			name:    "delete",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/availabilityzones/my_az": answer(204, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.Delete(ctx, Ref{Kind: KindAvailabilityZone, ID: "my_az"}, false)
				return nil, acc, err
			},
			status: 204,
			sent:   []sent{{line: "DELETE /lbaas/availabilityzones/my_az"}},
		},
		{
			name: "delete a zone in use",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/availabilityzones/my_az": answer(409,
				octaviaFault("Availability Zone my_az is in use and cannot be modified."))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.Delete(ctx, Ref{Kind: KindAvailabilityZone, ID: "my_az"}, false)
				return nil, acc, err
			},
			code: ECONFLICT,
			sent: []sent{{line: "DELETE /lbaas/availabilityzones/my_az"}},
		},
	})
}
