package console

import (
	"context"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/qos/policies"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// QoSChoices are the QoS policies a VIP may take, for the load balancer's
// edit form and the wizard's VIP step: the project's and the shared ones,
// each "name (id…, shared)". When Neutron's /v2.0/extensions lacks qos the
// error is form.ErrNoQoS: the form then shows no field, only that. Blocks.
func QoSChoices(ctx context.Context, c *octavia.Client) ([]ui.Choice, error) {
	has, err := c.Network().HasExtension(ctx, "qos")
	if err != nil {
		return nil, err
	}
	if !has {
		return nil, form.ErrNoQoS
	}
	ps, err := octavia.Collect(c.Network().QoSPolicies(ctx, policies.ListOpts{}))
	if err != nil {
		return nil, err
	}
	return qosChoices(ps), nil
}

// qosChoices are ps as a picker's choices.
func qosChoices(ps []policies.Policy) []ui.Choice {
	out := make([]ui.Choice, 0, len(ps))
	for _, p := range ps {
		label := ui.DisplayName(p.Name, p.ID) + " (" + Shorten(p.ID, 13)
		if p.Shared {
			label += ", shared"
		}
		out = append(out, ui.Choice{ID: p.ID, Label: label + ")"})
	}
	return out
}
