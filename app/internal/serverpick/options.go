package serverpick

import (
	"strings"

	"github.com/octaview/octaview/octavia"
)

// Option is one choice of the picker: a server's address on the subnet, or
// a server without one (Disabled, its Label says why).
type Option struct {
	Value    string // "server id address"; "" when Disabled
	Label    string
	Disabled bool
	Shutoff  bool // the server is SHUTOFF: a member on it stays offline
}

// Choice is what picking an option gives a member form.
type Choice struct {
	ServerID, Name, Address, SubnetID string
	Shutoff                           bool
}

// Options are the picker's options for servers on the subnet named
// subnetName: one per address on it, in the servers' order (Nova's:
// newest first); a server without one is one disabled option saying where
// it has addresses, or that it has none.
func Options(servers []octavia.ServerOnSubnet, subnetName string) []Option {
	var out []Option
	for _, s := range servers {
		name := s.Name
		if name == "" {
			name = s.ID
		}
		if len(s.Addresses) == 0 {
			why := "no network"
			if len(s.Elsewhere) > 0 {
				why = "only on " + strings.Join(s.Elsewhere, ", ")
			}
			out = append(out, Option{Label: name + " — no address on " + subnetName + " (" + why + ")", Disabled: true})
			continue
		}
		state := ""
		switch s.Status {
		case "ACTIVE":
		case octavia.ServerShutoff:
			state = " — SHUTOFF: a member on it stays offline until the server starts"
		default:
			state = " — " + s.Status
		}
		for _, a := range s.Addresses {
			out = append(out, Option{Value: s.ID + " " + a, Label: name + " — " + a + state, Shutoff: s.Status == octavia.ServerShutoff})
		}
	}
	return out
}

// Pick is the choice of option value among servers on subnetID; false when
// the value names no address of theirs on it (the list changed since).
func Pick(servers []octavia.ServerOnSubnet, subnetID, value string) (Choice, bool) {
	id, addr, ok := strings.Cut(value, " ")
	if !ok {
		return Choice{}, false
	}
	for _, s := range servers {
		if s.ID != id {
			continue
		}
		for _, a := range s.Addresses {
			if a == addr {
				return Choice{ServerID: s.ID, Name: s.Name, Address: a, SubnetID: subnetID, Shutoff: s.Status == octavia.ServerShutoff}, true
			}
		}
	}
	return Choice{}, false
}
