package console

import (
	"fmt"
	"strings"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/ports"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
)

// SubnetChoice is a VIP subnet as the picker offers it.
type SubnetChoice struct {
	ID, Label, NetworkID string
}

// SubnetChoices labels subnets for the VIP picker — "name — CIDR (network
// name)" — sorted by label; a subnet without a name shows its id.
func SubnetChoices(subs []subnets.Subnet, nets []networks.Network) []SubnetChoice {
	netName := make(map[string]string, len(nets))
	for _, n := range nets {
		netName[n.ID] = n.Name
	}
	out := make([]SubnetChoice, 0, len(subs))
	for _, s := range subs {
		label := ui.DisplayName(s.Name, s.ID) + " — " + s.CIDR
		if n := netName[s.NetworkID]; n != "" {
			label += " (network " + n + ")"
		}
		out = append(out, SubnetChoice{ID: s.ID, Label: label, NetworkID: s.NetworkID})
	}
	return Sorted(out, func(a, b *SubnetChoice) int {
		return strings.Compare(strings.ToLower(a.Label), strings.ToLower(b.Label))
	})
}

// PortChoices are the ports a VIP may take: those no device uses, labelled
// "name — address".
func PortChoices(list []ports.Port) []ui.Choice {
	var out []ui.Choice
	for _, p := range list {
		if p.DeviceOwner != "" {
			continue
		}
		label := ui.DisplayName(p.Name, p.ID)
		if len(p.FixedIPs) > 0 {
			label += " — " + p.FixedIPs[0].IPAddress
		}
		out = append(out, ui.Choice{ID: p.ID, Label: label})
	}
	return out
}

// ReadOnlyWhy says why sess may not do what (a reader opened a write's
// page): the server runs read-only, or the session's roles only read
// (Octavia's default policy wants member, load-balancer_member or admin).
func ReadOnlyWhy(sess *tab.Session, what string) string {
	if sess.Config.ReadOnly {
		return "You cannot " + what + " here: this console runs read-only (the server refuses every write), whatever your role."
	}
	roles := JoinRoles(sess.Info.Roles)
	if roles == "" {
		roles = "none"
	}
	return fmt.Sprintf("You cannot %s: your roles in project %s (%s) only read. Octavia's default policy lets the roles member, load-balancer_member or admin write; ask an admin of the project for one of them.",
		what, ui.OrDash(sess.Info.ProjectName), roles)
}

func JoinRoles(roles []string) string {
	out := ""
	for i, r := range roles {
		if i > 0 {
			out += ", "
		}
		out += r
	}
	return out
}
