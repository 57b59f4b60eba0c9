package wizard

import (
	"cmp"
	"context"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/ports"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/serverpick"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	model "github.com/octaview/octaview/app/internal/wizard"
	"github.com/octaview/octaview/octavia"
)

// cloudLists is what one read of the cloud brought for the first step:
// subnets (needed: err is theirs), networks, free ports, flavors,
// availability zones (each optional) and the providers (nil: unknown).
type cloudLists struct {
	subnets   []subnets.Subnet
	networks  []networks.Network
	ports     []ports.Port
	flavors   []octavia.Object
	zones     []octavia.Object
	providers []string
	qos       qosRead // pick_qos.go
	err       error
}

// readCloud reads the cloudLists, within a minute. Blocks: run it in
// ctx.Async.
func readCloud(client *octavia.Client) cloudLists {
	c, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var l cloudLists
	l.subnets, l.err = octavia.Collect(client.Network().Subnets(c, subnets.ListOpts{}))
	l.providers, _ = client.ProviderNames(c) // none, unknown: every choice, the driver's 501 says the rest
	if l.err == nil {
		l.networks, _ = octavia.Collect(client.Network().Networks(c, networks.ListOpts{}))
		l.ports, _ = octavia.Collect(client.Network().Ports(c, ports.ListOpts{}))
		l.flavors, _ = octavia.Collect(client.List(c, octavia.KindFlavor, "", octavia.ListQuery{Fields: []string{"id", "name", "enabled"}}))
		l.zones, _ = octavia.Collect(client.List(c, octavia.KindAvailabilityZone, "", octavia.ListQuery{Fields: []string{"name", "enabled"}}))
		l.qos = readQoS(c, client)
	}
	return l
}

// choices are what the wizard's pickers offer, from the cloud's lists:
// subnets, networks, free ports, enabled flavors and zones, providers.
// Its status is the read's (loading / loaded / failed, with err).
type choices struct {
	subnets   []console.SubnetChoice
	owners    map[string]model.SubnetCandidate // by subnet id: whose it is (preferredSubnet)
	nets      []ui.Choice
	ports     []ui.Choice
	flavors   []ui.Choice
	zones     []ui.Choice
	providers []string // the cloud's (nil: unknown)
	qos       qosRead  // the VIP's QoS policies (pick_qos.go)
	status    ui.LoadStatus
	err       string
	servers   serverpick.Picker // the members step's (member_servers.go)
}

// loading marks a read under way; a reload keeps the pickers as they are
// until it is done.
func (c *choices) loading() {
	if c.status != ui.Loaded {
		c.status, c.err = ui.Loading, ""
	}
}

// take keeps what read l brought: the providers always, the rest when the
// subnets could be listed (else the failure, the pickers kept).
func (c *choices) take(l cloudLists) {
	c.providers = l.providers
	if l.err != nil {
		c.status, c.err = ui.LoadFailed, octavia.Message(l.err)
		return
	}
	c.subnets, c.status = console.SubnetChoices(l.subnets, l.networks), ui.Loaded
	c.owners = subnetOwners(l.subnets, l.networks)
	c.nets = nil
	for _, n := range l.networks {
		c.nets = append(c.nets, ui.Choice{ID: n.ID, Label: ui.DisplayName(n.Name, n.ID)})
	}
	c.ports, c.qos = console.PortChoices(l.ports), l.qos
	c.flavors, c.zones = nil, nil
	for _, f := range l.flavors {
		if f.Text("enabled") == "true" {
			c.flavors = append(c.flavors, ui.Choice{ID: f.Text("id"), Label: f.Text("name")})
		}
	}
	for _, z := range l.zones {
		if z.Text("enabled") == "true" {
			c.zones = append(c.zones, ui.Choice{ID: z.Text("name"), Label: z.Text("name")})
		}
	}
}

// subnetOwners is whose each subnet is, and whether its network is
// shared, by subnet id.
func subnetOwners(subs []subnets.Subnet, nets []networks.Network) map[string]model.SubnetCandidate {
	byID := make(map[string]networks.Network, len(nets))
	for _, n := range nets {
		byID[n.ID] = n
	}
	out := make(map[string]model.SubnetCandidate, len(subs))
	for _, s := range subs {
		n := byID[s.NetworkID]
		out[s.ID] = model.SubnetCandidate{ID: s.ID, ProjectID: cmp.Or(s.ProjectID, s.TenantID),
			NetProjID: cmp.Or(n.ProjectID, n.TenantID), Shared: n.Shared}
	}
	return out
}

// preferredSubnet is the subnet the VIP starts on for sess's project: its
// own, else a shared one, else the first listed (model.PreferredSubnet);
// "" when Neutron lists none.
func (c *choices) preferredSubnet(sess *tab.Session) string {
	project := ""
	if sess != nil {
		project = sess.Info.ProjectID
	}
	cands := make([]model.SubnetCandidate, 0, len(c.subnets))
	for _, s := range c.subnets {
		cand, ok := c.owners[s.ID]
		if !ok {
			cand = model.SubnetCandidate{ID: s.ID}
		}
		cands = append(cands, cand)
	}
	return model.PreferredSubnet(cands, project)
}

// ready reports whether the wizard may send: Neutron was read (or could
// not be, the VIP then typed).
func (c *choices) ready() bool { return c.status == ui.Loaded || c.status == ui.LoadFailed }

// vipTyped reports whether the VIP is typed: Neutron was read and lists
// no subnet, or could not be read.
func (c *choices) vipTyped() bool {
	return c.status == ui.LoadFailed || c.status == ui.Loaded && len(c.subnets) == 0
}

// subnetName is what the wizard knows a subnet by ("" = unknown).
func (c *choices) subnetName(id string) string {
	for _, s := range c.subnets {
		if s.ID == id {
			return s.Label
		}
	}
	return ""
}

// subnetsOf are the subnets of network id ("" = every network).
func (c *choices) subnetsOf(network string) []ui.Choice {
	var out []ui.Choice
	for _, s := range c.subnets {
		if network == "" || s.NetworkID == network {
			out = append(out, ui.Choice{ID: s.ID, Label: s.Label})
		}
	}
	return out
}

// of are the options of item it's picked field f: the cloud's subnets
// (those of the VIP's network vipNet for the VIP), free ports, flavors,
// zones, providers.
func (c *choices) of(it model.Item, f form.Field, vipNet string) []ui.Choice {
	switch {
	case f.Type == form.Subnet && it.Step == model.StepLB:
		return c.subnetsOf(vipNet)
	case f.Type == form.Subnet:
		return c.subnetsOf("")
	case f.Type == form.Port:
		return c.ports
	case f.Type == form.QoS:
		return c.qos.opts
	case f.Ref == octavia.KindFlavor:
		return c.flavors
	case f.Ref == octavia.KindAvailabilityZone:
		return c.zones
	case f.Ref == octavia.KindProvider:
		out := make([]ui.Choice, 0, len(c.providers))
		for _, name := range c.providers {
			out = append(out, ui.Choice{ID: name, Label: name})
		}
		return out
	}
	return nil
}
