package octavia

import (
	"context"
	"net/url"
	"testing"
)

// Availability zone profile bodies from Octavia's API reference.
const (
	azProfileID   = "5712097e-0092-45dc-bff0-ab68b61ad51a"
	azProfileBody = `{
        "id": "5712097e-0092-45dc-bff0-ab68b61ad51a",
        "name": "some_az",
        "provider_name": "amphora",
        "availability_zone_data": "{\"compute_zone\": \"az1\", \"volume_zone\": \"az2\"}"
    }`
)

var wantAZProfile = object(azProfileBody)

// azProfileRef points at the profile of azProfileBody.
var azProfileRef = Ref{Kind: KindAvailabilityZoneProfile, ID: azProfileID}

func TestAvailabilityZoneProfiles(t *testing.T) {
	runExtraCases(t, []extraCase{
		{
			name: "list by name",
			answers: map[string][]cannedAnswer{"GET /lbaas/availabilityzoneprofiles?name=some_az": answer(200,
				`{"availability_zone_profiles": [`+azProfileBody+`], "availability_zone_profile_links": []}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				ps, err := Collect(c.List(ctx, KindAvailabilityZoneProfile, "", ListQuery{Filters: url.Values{"name": {"some_az"}}}))
				return ps, Accepted{}, err
			},
			want: []Object{wantAZProfile},
			sent: []sent{{line: "GET /lbaas/availabilityzoneprofiles?name=some_az"}},
		},
		{
			name:    "show",
			answers: map[string][]cannedAnswer{"GET /lbaas/availabilityzoneprofiles/" + azProfileID: answer(200, `{"availability_zone_profile": `+azProfileBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				p, err := c.Get(ctx, azProfileRef)
				return p, Accepted{}, err
			},
			want: wantAZProfile,
			sent: []sent{{line: "GET /lbaas/availabilityzoneprofiles/" + azProfileID}},
		},
		{
			name:    "create",
			answers: map[string][]cannedAnswer{"POST /lbaas/availabilityzoneprofiles": answer(201, `{"availability_zone_profile": `+azProfileBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.Create(ctx, KindAvailabilityZoneProfile, "", Object{
					"name": "some_az", "provider_name": "amphora", "availability_zone_data": `{"compute_zone": "az1", "volume_zone": "az2"}`,
				})
			},
			want:   wantAZProfile,
			status: 201,
			sent: []sent{{line: "POST /lbaas/availabilityzoneprofiles", body: `{"availability_zone_profile": {"name": "some_az",
				"provider_name": "amphora", "availability_zone_data": "{\"compute_zone\": \"az1\", \"volume_zone\": \"az2\"}"}}`}},
		},
		{
			name:    "change the data",
			answers: map[string][]cannedAnswer{"PUT /lbaas/availabilityzoneprofiles/" + azProfileID: answer(200, `{"availability_zone_profile": `+azProfileBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.Update(ctx, azProfileRef, Object{
					"availability_zone_data": `{"compute_zone": "az1", "volume_zone": "az2"}`,
				})
			},
			want:   wantAZProfile,
			status: 200,
			sent: []sent{{line: "PUT /lbaas/availabilityzoneprofiles/" + azProfileID,
				body: `{"availability_zone_profile": {"availability_zone_data": "{\"compute_zone\": \"az1\", \"volume_zone\": \"az2\"}"}}`}},
		},
		{
			name:    "delete",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/availabilityzoneprofiles/" + azProfileID: answer(204, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.Delete(ctx, azProfileRef, false)
				return nil, acc, err
			},
			status: 204,
			sent:   []sent{{line: "DELETE /lbaas/availabilityzoneprofiles/" + azProfileID}},
		},
		{
			name: "delete a profile in use",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/availabilityzoneprofiles/" + azProfileID: answer(409,
				octaviaFault("Availability Zone Profile "+azProfileID+" is in use and cannot be modified."))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.Delete(ctx, azProfileRef, false)
				return nil, acc, err
			},
			code: ECONFLICT,
			sent: []sent{{line: "DELETE /lbaas/availabilityzoneprofiles/" + azProfileID}},
		},
	})
}
