package octavia

import (
	"context"
	"errors"
	"iter"

	"github.com/gophercloud/gophercloud/v2"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/ports"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"
)

// Network is the console's client of Neutron (the catalog's "network"
// service): the networks, subnets and ports a VIP is picked from
// (network.go), the floating IPs that make a VIP public and the QoS
// policies a VIP may take (floatingips.go). Client.Network hands it out;
// it is safe for concurrent use. Every call on a Network of a catalog
// without Neutron is an EUNAVAILABLE *Error that says so.
//
// Lists filter by name with opts.Name and page like Octavia's (opts.Limit,
// next links).
type Network struct {
	sc *gophercloud.ServiceClient // nil when the catalog has no network endpoint
}

// Network returns the client of the network endpoint New found (the
// catalog's or Config.NetworkEndpoint).
func (c *Client) Network() *Network {
	return &Network{sc: c.net}
}

// client returns the Neutron service client, or an *Error when there is
// none.
func (n *Network) client(op string) (*gophercloud.ServiceClient, error) {
	if n.sc == nil {
		return nil, &Error{Code: EUNAVAILABLE, Op: op, Err: errors.New("no network endpoint in the catalog; set Config.NetworkEndpoint")}
	}
	return n.sc, nil
}

// Networks streams the networks matching opts.
func (n *Network) Networks(ctx context.Context, opts networks.ListOpts) iter.Seq2[networks.Network, error] {
	return neutronList[networks.Network](ctx, n, "list networks", "networks", opts.ToNetworkListQuery)
}

// Subnets streams the subnets matching opts (NetworkID narrows to one network).
func (n *Network) Subnets(ctx context.Context, opts subnets.ListOpts) iter.Seq2[subnets.Subnet, error] {
	return neutronList[subnets.Subnet](ctx, n, "list subnets", "subnets", opts.ToSubnetListQuery)
}

// Ports streams the ports matching opts.
func (n *Network) Ports(ctx context.Context, opts ports.ListOpts) iter.Seq2[ports.Port, error] {
	return neutronList[ports.Port](ctx, n, "list ports", "ports", opts.ToPortListQuery)
}

func neutronList[T any](ctx context.Context, n *Network, op, collection string, query func() (string, error)) iter.Seq2[T, error] {
	sc, q, err := neutronQuery(n, op, query)
	if err != nil {
		return errSeq[T](op, err)
	}
	return list[T](ctx, sc, op, sc.ServiceURL(collection), collection, q)
}

// neutronQuery returns the Neutron client and the list query, the part of
// neutronList that does not depend on T.
func neutronQuery(n *Network, op string, query func() (string, error)) (*gophercloud.ServiceClient, string, error) {
	sc, err := n.client(op)
	if err != nil {
		return nil, "", err
	}
	q, err := query()
	if err != nil {
		return nil, "", err
	}
	return sc, q, nil
}
