package octavia

import (
	"context"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/flavorprofiles"
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

var wantFlavorProfile = flavorprofiles.FlavorProfile{ID: flavorProfileID, Name: "amphora-act-stdby",
	ProviderName: "amphora", FlavorData: `{"loadbalancer_topology": "ACTIVE_STANDBY"}`}

func TestFlavorProfiles(t *testing.T) {
	runExtraCases(t, []extraCase{
		{
			name: "list by provider",
			answers: map[string][]cannedAnswer{"GET /lbaas/flavorprofiles?provider_name=amphora": answer(200,
				`{"flavorprofiles": [`+flavorProfileBody+`], "flavorprofile_links": []}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				ps, err := Collect(c.FlavorProfiles(ctx, flavorprofiles.ListOpts{ProviderName: "amphora"}))
				return ps, Accepted{}, err
			},
			want: []flavorprofiles.FlavorProfile{wantFlavorProfile},
			sent: []sent{{line: "GET /lbaas/flavorprofiles?provider_name=amphora"}},
		},
		{
			name:    "show",
			answers: map[string][]cannedAnswer{"GET /lbaas/flavorprofiles/" + flavorProfileID: answer(200, `{"flavorprofile": `+flavorProfileBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				p, err := c.GetFlavorProfile(ctx, flavorProfileID)
				return p, Accepted{}, err
			},
			want: &wantFlavorProfile,
			sent: []sent{{line: "GET /lbaas/flavorprofiles/" + flavorProfileID}},
		},
		{
			name:    "create",
			answers: map[string][]cannedAnswer{"POST /lbaas/flavorprofiles": answer(201, `{"flavorprofile": `+flavorProfileBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.CreateFlavorProfile(ctx, flavorprofiles.CreateOpts{
					Name: "amphora-act-stdby", ProviderName: "amphora", FlavorData: `{"loadbalancer_topology": "ACTIVE_STANDBY"}`,
				})
			},
			want:   &wantFlavorProfile,
			status: 201,
			sent: []sent{{line: "POST /lbaas/flavorprofiles", body: `{"flavorprofile": {"name": "amphora-act-stdby",
				"provider_name": "amphora", "flavor_data": "{\"loadbalancer_topology\": \"ACTIVE_STANDBY\"}"}}`}},
		},
		{
			name:    "rename",
			answers: map[string][]cannedAnswer{"PUT /lbaas/flavorprofiles/" + flavorProfileID: answer(200, `{"flavorprofile": `+flavorProfileBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.UpdateFlavorProfile(ctx, flavorProfileID, flavorprofiles.UpdateOpts{Name: "amphora-act-stdby"})
			},
			want:   &wantFlavorProfile,
			status: 200,
			sent:   []sent{{line: "PUT /lbaas/flavorprofiles/" + flavorProfileID, body: `{"flavorprofile": {"name": "amphora-act-stdby"}}`}},
		},
		{
			name:    "delete",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/flavorprofiles/" + flavorProfileID: answer(204, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.DeleteFlavorProfile(ctx, flavorProfileID)
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
				acc, err := c.DeleteFlavorProfile(ctx, flavorProfileID)
				return nil, acc, err
			},
			code: EFORBIDDEN,
			sent: []sent{{line: "DELETE /lbaas/flavorprofiles/" + flavorProfileID}},
		},
	})
}
