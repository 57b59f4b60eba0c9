package octavia

import (
	"context"
	"net/url"
	"testing"
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
	wantFlavor         = object(flavorBody)
	wantFlavorDisabled = object(flavorDisabledBody)
	flavorRef          = Ref{Kind: KindFlavor, ID: flavorID}
)

func TestFlavors(t *testing.T) {
	runExtraCases(t, []extraCase{
		{
			name:    "list enabled flavors",
			answers: map[string][]cannedAnswer{"GET /lbaas/flavors?enabled=true": answer(200, `{"flavors": [`+flavorBody+`], "flavors_links": []}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				fs, err := Collect(c.List(ctx, KindFlavor, "", ListQuery{Filters: url.Values{"enabled": {"true"}}}))
				return fs, Accepted{}, err
			},
			want: []Object{wantFlavor},
			sent: []sent{{line: "GET /lbaas/flavors?enabled=true"}},
		},
		{
			name:    "show",
			answers: map[string][]cannedAnswer{"GET /lbaas/flavors/" + flavorID: answer(200, `{"flavor": `+flavorBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				f, err := c.Get(ctx, flavorRef)
				return f, Accepted{}, err
			},
			want: wantFlavor,
			sent: []sent{{line: "GET /lbaas/flavors/" + flavorID}},
		},
		{
			name:    "create disabled",
			answers: map[string][]cannedAnswer{"POST /lbaas/flavors": answer(201, `{"flavor": `+flavorDisabledBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.Create(ctx, KindFlavor, "", Object{
					"name": "Basic", "description": "A basic standalone Octavia load balancer.",
					"flavor_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a", "enabled": false,
				})
			},
			want:   wantFlavorDisabled,
			status: 201,
			sent: []sent{{line: "POST /lbaas/flavors", body: `{"flavor": {"name": "Basic",
				"description": "A basic standalone Octavia load balancer.",
				"flavor_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a", "enabled": false}}`}},
		},
		{
			name:    "create enabled",
			answers: map[string][]cannedAnswer{"POST /lbaas/flavors": answer(201, `{"flavor": `+flavorBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.Create(ctx, KindFlavor, "", Object{
					"name": "Basic", "description": "A basic standalone Octavia load balancer.",
					"flavor_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a", "enabled": true,
				})
			},
			want:   wantFlavor,
			status: 201,
			sent: []sent{{line: "POST /lbaas/flavors", body: `{"flavor": {"name": "Basic",
				"description": "A basic standalone Octavia load balancer.",
				"flavor_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a", "enabled": true}}`}},
		},
		{
			name:    "disable",
			answers: map[string][]cannedAnswer{"PUT /lbaas/flavors/" + flavorID: answer(200, `{"flavor": `+flavorDisabledBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.Update(ctx, flavorRef, Object{"enabled": false})
			},
			want:   wantFlavorDisabled,
			status: 200,
			sent:   []sent{{line: "PUT /lbaas/flavors/" + flavorID, body: `{"flavor": {"enabled": false}}`}},
		},
		{
			name:    "unset the description",
			answers: map[string][]cannedAnswer{"PUT /lbaas/flavors/" + flavorID: answer(200, `{"flavor": `+flavorBody+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.Update(ctx, flavorRef, Object{"description": nil})
			},
			want:   wantFlavor,
			status: 200,
			sent:   []sent{{line: "PUT /lbaas/flavors/" + flavorID, body: `{"flavor": {"description": null}}`}},
		},
		{
			name:    "delete",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/flavors/" + flavorID: answer(204, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.Delete(ctx, flavorRef, false)
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
				acc, err := c.Delete(ctx, flavorRef, false)
				return nil, acc, err
			},
			code: ECONFLICT,
			sent: []sent{{line: "DELETE /lbaas/flavors/" + flavorID}},
		},
	})
}
