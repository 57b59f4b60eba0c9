package console

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// A load balancer's public address, as its page's floating IP card and
// the wizard's review offer it: an unassociated floating IP of the
// project, or a new one allocated from an external network, associated
// with the VIP port in one request either way.

// FIPChoice is one choice of a floating IP picker: an unassociated
// floating IP of the project (FIP), or an external network to allocate a
// new one from (Network).
type FIPChoice struct {
	Value, Text string
	FIP         *floatingips.FloatingIP
	Network     string
}

// FIPChoices are a picker's choices, Horizon's order: the unassociated
// floating IPs first (nothing more is billed), then a new address from
// each external network.
func FIPChoices(spare []floatingips.FloatingIP, nets []networks.Network) []FIPChoice {
	names := map[string]string{}
	for _, n := range nets {
		names[n.ID] = ui.DisplayName(n.Name, n.ID)
	}
	var out []FIPChoice
	for i := range spare {
		f := &spare[i]
		out = append(out, FIPChoice{Value: "fip:" + f.ID, FIP: f,
			Text: fmt.Sprintf("Use %s (unassociated, %s)", f.FloatingIP, ui.DisplayName(names[f.FloatingNetworkID], f.FloatingNetworkID))})
	}
	for _, n := range nets {
		out = append(out, FIPChoice{Value: "net:" + n.ID, Text: "Allocate a new address from " + names[n.ID], Network: n.ID})
	}
	return out
}

// PickFIP is the choice of value among cs; nil when there is none.
func PickFIP(cs []FIPChoice, value string) *FIPChoice {
	for i := range cs {
		if cs[i].Value == value {
			return &cs[i]
		}
	}
	return nil
}

// ReadFIPChoices reads what a picker offers: the project's unassociated
// floating IPs and the external networks. Blocks.
func ReadFIPChoices(ctx context.Context, c *octavia.Client, project string) ([]floatingips.FloatingIP, []networks.Network, error) {
	all, err := octavia.Collect(c.Network().FloatingIPs(ctx, floatingips.ListOpts{ProjectID: project}))
	if err != nil {
		return nil, nil, err
	}
	nets, err := octavia.Collect(c.Network().ExternalNetworks(ctx, networks.ListOpts{}))
	if err != nil {
		return nil, nil, err
	}
	var spare []floatingips.FloatingIP
	for _, ip := range all {
		if ip.PortID == "" {
			spare = append(spare, ip)
		}
	}
	return spare, nets, nil
}

// LoadFIPChoices reads what a picker offers (ReadFIPChoices, bounded at a
// minute) and hands it to done. UI goroutine; the read runs in ctx.Async,
// done in ctx.Dispatch.
func LoadFIPChoices(ctx goapp.Context, c *octavia.Client, project string, done func(spare []floatingips.FloatingIP, nets []networks.Network, err error)) {
	ctx.Async(func() {
		cc, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		spare, nets, err := ReadFIPChoices(cc, c, project)
		ctx.Dispatch(func(goapp.Context) { done(spare, nets, err) })
	})
}

// AssociateFIP puts choice's floating IP on port: an existing one sent
// with the revision it was listed with (Neutron refuses one that changed
// since: 412, nothing changes), a new one allocated already associated.
// Its error is the words for the picker's field (FIPRefusal). Blocks.
func AssociateFIP(ctx context.Context, c *octavia.Client, choice FIPChoice, port string) (*floatingips.FloatingIP, string) {
	var got *floatingips.FloatingIP
	var err error
	if choice.FIP != nil {
		rev := choice.FIP.RevisionNumber
		got, err = c.Network().AssociateFloatingIP(ctx, choice.FIP.ID, port, &rev)
	} else {
		got, err = c.Network().CreateFloatingIP(ctx, floatingips.CreateOpts{FloatingNetworkID: choice.Network, PortID: port})
	}
	if err != nil {
		return nil, fipRefusal(ctx, c, choice, err)
	}
	return got, ""
}

// fipRefusal says why an association was refused: a floating IP that
// changed since it was listed is read again to say where it went.
// Blocks.
func fipRefusal(ctx context.Context, c *octavia.Client, choice FIPChoice, err error) string {
	e, ok := err.(*octavia.Error)
	if !ok || e.StatusCode != http.StatusPreconditionFailed || choice.FIP == nil {
		return octavia.Message(err)
	}
	addr := choice.FIP.FloatingIP
	now, rerr := octavia.Collect(c.Network().FloatingIPs(ctx, floatingips.ListOpts{ID: choice.FIP.ID}))
	switch {
	case rerr == nil && len(now) == 0:
		return "Floating IP " + addr + " was released since the list was read: nothing changed. Pick another."
	case rerr == nil && now[0].PortID != "":
		return "Floating IP " + addr + " is already associated with port " + now[0].PortID +
			" (associated elsewhere since the list was read): nothing changed. Pick another."
	}
	return "Floating IP " + addr + " changed since the list was read (" + strings.TrimSuffix(octavia.Message(err), ".") + "): nothing changed. Pick again."
}
