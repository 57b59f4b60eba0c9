package console

import (
	"context"
	"iter"
	"strings"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/providers"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// ProviderRes: the provider drivers of the deployment (amphora, ovn…),
// each with the keys its flavor and availability zone profiles may set.
// A list only: a provider has no page of its own. Everyone lists them;
// Octavia's default policy lets only admins read the capabilities.
var ProviderRes = &Resource{
	Kind: octavia.KindProvider, Prefix: "provider", Singular: "provider", Plural: "providers", Title: "Providers",
	Path: "/providers", Global: true, NoDetail: true, WriteAdmin: true, // nothing to write: Octavia has no provider writes
	Intro: "A provider is the driver that builds load balancers: the amphora VMs, OVN…",
	Columns: []Column{{Title: "Description", Key: "description", Width: "22%"},
		{Title: "Flavor capabilities", Key: "flavor_capabilities", Width: "27%"},
		{Title: "Availability zone capabilities", Key: "availability_zone_capabilities", Width: "27%"}},
	ListRows: func(ctx context.Context, c *octavia.Client, _ ListQuery) iter.Seq2[tab.Row, error] {
		return func(yield func(tab.Row, error) bool) {
			for p, err := range c.List(ctx, octavia.KindProvider, "", octavia.ListQuery{}) {
				if err != nil {
					yield(tab.Row{}, err)
					return
				}
				name := p.Text("name")
				p["flavor_capabilities"] = CapabilityNames(c.ProviderFlavorCapabilities(ctx, name))
				p["availability_zone_capabilities"] = CapabilityNames(c.ProviderAvailabilityZoneCapabilities(ctx, name))
				if !yield(RowOfObject(ResourceOf(octavia.KindProvider), "", p), nil) {
					return
				}
			}
		}
	},
}

// CapabilityNames is a provider's capabilities for a list cell: their
// names, or why they could not be read.
func CapabilityNames(caps []providers.Capability, err error) string {
	switch {
	case octavia.ErrorCodeOf(err) == octavia.EFORBIDDEN:
		return "(only admins read them)"
	case err != nil:
		return "(unreadable: " + octavia.Message(err) + ")"
	case len(caps) == 0:
		return "none"
	}
	names := make([]string, 0, len(caps))
	for _, cp := range caps {
		names = append(names, cp.Name)
	}
	return strings.Join(names, ", ")
}
