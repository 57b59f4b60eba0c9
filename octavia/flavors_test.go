package octavia

import (
	"context"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/flavors"
)

// Flavor bodies from Octavia's API reference.
const (
	flavorID   = "8f94060c-8d5b-4472-9cfd-e8a2b909481d"
	flavorBody = `{
        "id": "8f94060c-8d5b-4472-9cfd-e8a2b909481d",
        "name": "Basic",
        "description": "A basic standalone Octavia load balancer.",
        "enabled": true,
        "flavor_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a"
    }`
	flavorDisabledBody = `{
        "id": "8f94060c-8d5b-4472-9cfd-e8a2b909481d",
        "name": "Basic",
        "description": "A basic standalone Octavia load balancer.",
        "enabled": false,
        "flavor_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a"
    }`
)

var (
	wantFlavor = flavors.Flavor{ID: flavorID, Name: "Basic", Description: "A basic standalone Octavia load balancer.",
		Enabled: true, FlavorProfileId: "5712097e-0092-45dc-bff0-ab68b61ad51a"}
	wantFlavorDisabled = flavors.Flavor{ID: flavorID, Name: "Basic", Description: "A basic standalone Octavia load balancer.",
		FlavorProfileId: "5712097e-0092-45dc-bff0-ab68b61ad51a"}
)

func TestFlavors(t *testing.T) {
	enabled := true
	runExtraCases(t, []extraCase{
		{
			name:    "list enabled flavors",
			answers: map[string][]cannedAnswer{"GET /lbaas/flavors?enabled=true": answer(200, `{"flavors": [`+flavorBody+`], "flavors_links": []}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				fs, err := Collect(c.Flavors(ctx, flavors.ListOpts{Enabled: &enabled}))
				return fs, Accepted{}, err
			},
			want: []flavors.Flavor{wantFlavor},
			sent: []sent{{line: "GET /lbaas/flavors?enabled=true"}},
		},
		{
			name:    "show",
			answers: map[string][]cannedAnswer{"GET /lbaas/flavors/" + flavorID: answer(200, `{"flavor": `+flavorBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				f, err := c.GetFlavor(ctx, flavorID)
				return f, Accepted{}, err
			},
			want: &wantFlavor,
			sent: []sent{{line: "GET /lbaas/flavors/" + flavorID}},
		},
		{
			name:    "create disabled",
			answers: map[string][]cannedAnswer{"POST /lbaas/flavors": answer(201, `{"flavor": `+flavorDisabledBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.CreateFlavor(ctx, FlavorCreateOpts{
					Name: "Basic", Description: "A basic standalone Octavia load balancer.",
					FlavorProfileID: "5712097e-0092-45dc-bff0-ab68b61ad51a", Enabled: ptrTo(false),
				})
			},
			want:   &wantFlavorDisabled,
			status: 201,
			sent: []sent{{line: "POST /lbaas/flavors", body: `{"flavor": {"name": "Basic",
				"description": "A basic standalone Octavia load balancer.",
				"flavor_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a", "enabled": false}}`}},
		},
		{
			name:    "create with gophercloud's options",
			answers: map[string][]cannedAnswer{"POST /lbaas/flavors": answer(201, `{"flavor": `+flavorBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.CreateFlavor(ctx, flavors.CreateOpts{
					Name: "Basic", Description: "A basic standalone Octavia load balancer.",
					FlavorProfileId: "5712097e-0092-45dc-bff0-ab68b61ad51a", Enabled: true,
				})
			},
			want:   &wantFlavor,
			status: 201,
			sent: []sent{{line: "POST /lbaas/flavors", body: `{"flavor": {"name": "Basic",
				"description": "A basic standalone Octavia load balancer.",
				"flavor_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a", "enabled": true}}`}},
		},
		{
			name:    "disable",
			answers: map[string][]cannedAnswer{"PUT /lbaas/flavors/" + flavorID: answer(200, `{"flavor": `+flavorDisabledBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.UpdateFlavor(ctx, flavorID, FlavorUpdateOpts{Enabled: ptrTo(false)})
			},
			want:   &wantFlavorDisabled,
			status: 200,
			sent:   []sent{{line: "PUT /lbaas/flavors/" + flavorID, body: `{"flavor": {"enabled": false}}`}},
		},
		{
			name:    "unset the description",
			answers: map[string][]cannedAnswer{"PUT /lbaas/flavors/" + flavorID: answer(200, `{"flavor": `+flavorBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.UpdateFlavor(ctx, flavorID, Unset{"description"})
			},
			want:   &wantFlavor,
			status: 200,
			sent:   []sent{{line: "PUT /lbaas/flavors/" + flavorID, body: `{"flavor": {"description": null}}`}},
		},
		{
			name:    "delete",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/flavors/" + flavorID: answer(204, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.DeleteFlavor(ctx, flavorID)
				return nil, acc, err
			},
			status: 204,
			sent:   []sent{{line: "DELETE /lbaas/flavors/" + flavorID}},
		},
		{
			name: "delete a flavor in use",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/flavors/" + flavorID: answer(409,
				octaviaFault("Flavor "+flavorID+" is in use and cannot be modified."))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.DeleteFlavor(ctx, flavorID)
				return nil, acc, err
			},
			code: ECONFLICT,
			sent: []sent{{line: "DELETE /lbaas/flavors/" + flavorID}},
		},
	})
}
