package octavia

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack/compute/v2/servers"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/ports"
)

// ServerShutoff is Nova's status of a server that is stopped: a member on
// it would be offline.
const ServerShutoff = "SHUTOFF"

// ServerOnSubnet is a server as a member picker shows it: its addresses on
// one subnet, and where else it has addresses when it has none there.
type ServerOnSubnet struct {
	ID, Name, Status string
	// Addresses are its fixed IPs on the subnet (from Neutron's ports).
	Addresses []string
	// Elsewhere are its addresses on other networks, "network address"
	// as Nova keys them, sorted: why it has none on the subnet.
	Elsewhere []string
}

// Compute is the console's client of Nova (the catalog's "compute"
// service): the project's servers, which a member picker offers, with
// their addresses on a subnet read from the Network's ports. It only
// reads: the console never changes a server. Client.Compute hands it out;
// it is safe for concurrent use. Every call on a Compute of a catalog
// without Nova is an EUNAVAILABLE *Error that says so.
type Compute struct {
	sc      *gophercloud.ServiceClient // nil when the catalog has no compute endpoint
	missing error                      // why sc is nil: the catalog lookup's error
	network *Network                   // the ports of ServersOnSubnet
}

// Compute returns the client of the catalog's compute endpoint (at the
// client's region and interface, used as is: Nova's catalog entry carries
// its version, e.g. /compute/v2.1), looked up anew at each call.
func (c *Client) Compute() *Compute {
	u, err := c.endpoint("compute")
	if err != nil {
		return &Compute{missing: err, network: c.Network()}
	}
	return &Compute{sc: &gophercloud.ServiceClient{ProviderClient: c.provider, Endpoint: u, ResourceBase: u, Type: "compute",
		MoreHeaders: map[string]string{"Accept": "application/json"}}, network: c.Network()}
}

// Available reports whether the catalog lists Nova (service type compute)
// for the client's region and interface. Without it the console offers no
// server picker.
func (cp *Compute) Available() bool {
	return cp.sc != nil
}

// client returns the Nova service client, or an EUNAVAILABLE *Error when
// the catalog has none.
func (cp *Compute) client(op string) (*gophercloud.ServiceClient, error) {
	if cp.sc == nil {
		return nil, &Error{Code: EUNAVAILABLE, Op: op, Err: fmt.Errorf("no compute endpoint in the catalog: %w", cp.missing)}
	}
	return cp.sc, nil
}

// Servers streams the project's servers matching opts (Nova's detail
// view), page by page (opts.Limit; Nova's next links).
func (cp *Compute) Servers(ctx context.Context, opts servers.ListOpts) iter.Seq2[servers.Server, error] {
	const op = "list servers"
	sc, err := cp.client(op)
	if err != nil {
		return errSeq[servers.Server](op, err)
	}
	q, err := opts.ToServerListQuery()
	if err != nil {
		return errSeq[servers.Server](op, err)
	}
	return list[servers.Server](ctx, sc, op, sc.ServiceURL("servers", "detail"), "servers", q)
}

// ServersOnSubnet lists the project's servers, each with its addresses on
// subnetID, in Nova's order (newest first).
//
// The addresses come from Neutron's ports on the subnet (fixed_ips
// subnet_id=subnetID), matched to servers by device_id, not from Nova's
// addresses: Nova keys those by network name, which is not unique and
// says nothing of the subnet when a network has several; a port's fixed
// IP names its subnet. It costs one list of the subnet's ports more.
func (cp *Compute) ServersOnSubnet(ctx context.Context, subnetID string) ([]ServerOnSubnet, error) {
	if subnetID == "" {
		return nil, &Error{Code: EINVALID, Op: "list servers on a subnet", Err: errors.New("no subnet")}
	}
	onSubnet := map[string][]string{} // server id → addresses on the subnet
	for p, err := range cp.network.Ports(ctx, ports.ListOpts{FixedIPs: []ports.FixedIPOpts{{SubnetID: subnetID}}}) {
		if err != nil {
			return nil, err
		}
		for _, ip := range p.FixedIPs {
			if ip.SubnetID == subnetID && p.DeviceID != "" {
				onSubnet[p.DeviceID] = append(onSubnet[p.DeviceID], ip.IPAddress)
			}
		}
	}
	var out []ServerOnSubnet
	for s, err := range cp.Servers(ctx, servers.ListOpts{}) {
		if err != nil {
			return nil, err
		}
		out = append(out, serverOnSubnet(s, onSubnet[s.ID]))
	}
	return out, nil
}

// serverOnSubnet is s with addrs, its addresses on the subnet; the others
// (Nova's, by network name) are Elsewhere.
func serverOnSubnet(s servers.Server, addrs []string) ServerOnSubnet {
	v := ServerOnSubnet{ID: s.ID, Name: s.Name, Status: s.Status, Addresses: slices.Clone(addrs)}
	for network, list := range s.Addresses {
		entries, _ := list.([]any)
		for _, e := range entries {
			m, _ := e.(map[string]any)
			addr, _ := m["addr"].(string)
			if addr != "" && !slices.Contains(addrs, addr) {
				v.Elsewhere = append(v.Elsewhere, network+" "+addr)
			}
		}
	}
	slices.SortFunc(v.Elsewhere, strings.Compare)
	return v
}
