package octavia

import (
	"context"
	"iter"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/providers"
)

// Providers streams the provider drivers the deployment offers ("provider
// list"), e.g. amphora and ovn.
func (c *Client) Providers(ctx context.Context, opts providers.ListOptsBuilder) iter.Seq2[providers.Provider, error] {
	const op = "list providers"
	q, err := opts.ToProviderListQuery()
	if err != nil {
		return errSeq[providers.Provider](op, err)
	}
	return list[providers.Provider](ctx, c.lb, op, c.collectionURL(KindProvider, ""), "providers", q)
}

// ProviderNames names the provider drivers the deployment offers, in its
// order; none and the error when the list could not be read whole.
func (c *Client) ProviderNames(ctx context.Context) ([]string, error) {
	var names []string
	for pr, err := range c.Providers(ctx, providers.ListOpts{}) {
		if err != nil {
			return nil, err
		}
		names = append(names, pr.Name)
	}
	return names, nil
}

// ProviderFlavorCapabilities lists the keys a flavor profile of the provider
// may set in its flavor_data ("provider capability list --flavor").
func (c *Client) ProviderFlavorCapabilities(ctx context.Context, provider string) ([]providers.Capability, error) {
	var body struct {
		Capabilities []providers.Capability `json:"flavor_capabilities"`
	}
	err := c.get(ctx, "list flavor capabilities of provider "+provider, c.collectionURL(KindProvider, "", provider, "flavor_capabilities"), &body)
	return body.Capabilities, err
}

// ProviderAvailabilityZoneCapabilities lists the keys an availability zone
// profile of the provider may set in its availability_zone_data ("provider
// capability list --availability-zone").
func (c *Client) ProviderAvailabilityZoneCapabilities(ctx context.Context, provider string) ([]providers.Capability, error) {
	var body struct {
		Capabilities []providers.Capability `json:"availability_zone_capabilities"`
	}
	err := c.get(ctx, "list availability zone capabilities of provider "+provider, c.collectionURL(KindProvider, "", provider, "availability_zone_capabilities"), &body)
	return body.Capabilities, err
}
