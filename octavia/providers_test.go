package octavia

import (
	"context"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/providers"
)

func TestProviders(t *testing.T) {
	runExtraCases(t, []extraCase{
		{
			name: "list",
			answers: map[string][]cannedAnswer{"GET /lbaas/providers": answer(200, `{"providers": [
				{"name": "amphora", "description": "The Octavia Amphora driver."},
				{"name": "octavia", "description": "Deprecated alias of the Octavia Amphora driver."}]}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				ps, err := Collect(c.Providers(ctx, providers.ListOpts{}))
				return ps, Accepted{}, err
			},
			want: []providers.Provider{
				{Name: "amphora", Description: "The Octavia Amphora driver."},
				{Name: "octavia", Description: "Deprecated alias of the Octavia Amphora driver."},
			},
			sent: []sent{{line: "GET /lbaas/providers"}},
		},
		{
			name: "names",
			answers: map[string][]cannedAnswer{"GET /lbaas/providers": answer(200, `{"providers": [
				{"name": "amphora", "description": "The Octavia Amphora driver."}, {"name": "ovn", "description": "OVN"}]}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				names, err := c.ProviderNames(ctx)
				return names, Accepted{}, err
			},
			want: []string{"amphora", "ovn"},
			sent: []sent{{line: "GET /lbaas/providers"}},
		},
		{
			name: "flavor capabilities",
			answers: map[string][]cannedAnswer{"GET /lbaas/providers/amphora/flavor_capabilities": answer(200, `{"flavor_capabilities": [
				{"name": "loadbalancer_topology", "description": "The load balancer topology. One of: SINGLE - One amphora per load balancer. ACTIVE_STANDBY - Two amphora per load balancer."}]}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				caps, err := c.ProviderFlavorCapabilities(ctx, "amphora")
				return caps, Accepted{}, err
			},
			want: []providers.Capability{{Name: "loadbalancer_topology",
				Description: "The load balancer topology. One of: SINGLE - One amphora per load balancer. ACTIVE_STANDBY - Two amphora per load balancer."}},
			sent: []sent{{line: "GET /lbaas/providers/amphora/flavor_capabilities"}},
		},
		{
			name: "availability zone capabilities",
			answers: map[string][]cannedAnswer{"GET /lbaas/providers/amphora/availability_zone_capabilities": answer(200, `{"availability_zone_capabilities": [
				{"name": "compute_zone", "description": "The compute availability zone."},
				{"name": "volume_zone", "description": "The volume availability zone."}]}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				caps, err := c.ProviderAvailabilityZoneCapabilities(ctx, "amphora")
				return caps, Accepted{}, err
			},
			want: []providers.Capability{
				{Name: "compute_zone", Description: "The compute availability zone."},
				{Name: "volume_zone", Description: "The volume availability zone."},
			},
			sent: []sent{{line: "GET /lbaas/providers/amphora/availability_zone_capabilities"}},
		},
		{
			name: "capabilities of a provider that is not enabled",
			answers: map[string][]cannedAnswer{"GET /lbaas/providers/ovn/flavor_capabilities": answer(400,
				octaviaFault("Provider 'ovn' is not enabled."))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				caps, err := c.ProviderFlavorCapabilities(ctx, "ovn")
				return caps, Accepted{}, err
			},
			code: EINVALID,
			sent: []sent{{line: "GET /lbaas/providers/ovn/flavor_capabilities"}},
		},
	})
}
