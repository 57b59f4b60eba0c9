package octavia

import (
	"context"
	"net/url"
	"testing"
)

// Flavor profile bodies from Octavia's API reference.
const (
	flavorProfileID   = "5712097e-0092-45dc-bff0-ab68b61ad51a"
	flavorProfileBody = `{
        "id": "5712097e-0092-45dc-bff0-ab68b61ad51a",
        "name": "amphora-act-stdby",
        "provider_name": "amphora",
        "flavor_data": "{\"loadbalancer_topology\": \"ACTIVE_STANDBY\"}"
    }`
)

var wantFlavorProfile = object(flavorProfileBody)

// flavorProfileRef points at the profile of flavorProfileBody.
var flavorProfileRef = Ref{Kind: KindFlavorProfile, ID: flavorProfileID}

func TestFlavorProfiles(t *testing.T) {
	runExtraCases(t, []extraCase{
		{
			name: "list by provider",
			answers: map[string][]cannedAnswer{"GET /lbaas/flavorprofiles?provider_name=amphora": answer(200,
				`{"flavorprofiles": [`+flavorProfileBody+`], "flavorprofile_links": []}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				ps, err := Collect(c.List(ctx, KindFlavorProfile, "", ListQuery{Filters: url.Values{"provider_name": {"amphora"}}}))
				return ps, Accepted{}, err
			},
			want: []Object{wantFlavorProfile},
			sent: []sent{{line: "GET /lbaas/flavorprofiles?provider_name=amphora"}},
		},
		{
			name:    "show",
			answers: map[string][]cannedAnswer{"GET /lbaas/flavorprofiles/" + flavorProfileID: answer(200, `{"flavorprofile": `+flavorProfileBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				p, err := c.Get(ctx, flavorProfileRef)
				return p, Accepted{}, err
			},
			want: wantFlavorProfile,
			sent: []sent{{line: "GET /lbaas/flavorprofiles/" + flavorProfileID}},
		},
		{
			name:    "create",
			answers: map[string][]cannedAnswer{"POST /lbaas/flavorprofiles": answer(201, `{"flavorprofile": `+flavorProfileBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.Create(ctx, KindFlavorProfile, "", Object{
					"name": "amphora-act-stdby", "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "ACTIVE_STANDBY"}`,
				})
			},
			want:   wantFlavorProfile,
			status: 201,
			sent: []sent{{line: "POST /lbaas/flavorprofiles", body: `{"flavorprofile": {"name": "amphora-act-stdby",
				"provider_name": "amphora", "flavor_data": "{\"loadbalancer_topology\": \"ACTIVE_STANDBY\"}"}}`}},
		},
		{
			name:    "rename",
			answers: map[string][]cannedAnswer{"PUT /lbaas/flavorprofiles/" + flavorProfileID: answer(200, `{"flavorprofile": `+flavorProfileBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.Update(ctx, flavorProfileRef, Object{"name": "amphora-act-stdby"})
			},
			want:   wantFlavorProfile,
			status: 200,
			sent:   []sent{{line: "PUT /lbaas/flavorprofiles/" + flavorProfileID, body: `{"flavorprofile": {"name": "amphora-act-stdby"}}`}},
		},
		{
			name:    "delete",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/flavorprofiles/" + flavorProfileID: answer(204, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.Delete(ctx, flavorProfileRef, false)
				return nil, acc, err
			},
			status: 204,
			sent:   []sent{{line: "DELETE /lbaas/flavorprofiles/" + flavorProfileID}},
		},
		{
			name: "delete as a member",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/flavorprofiles/" + flavorProfileID: answer(403,
				octaviaFault("Policy does not allow this request to be performed."))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.Delete(ctx, flavorProfileRef, false)
				return nil, acc, err
			},
			code: EFORBIDDEN,
			sent: []sent{{line: "DELETE /lbaas/flavorprofiles/" + flavorProfileID}},
		},
	})
}
