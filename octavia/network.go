package octavia

import (
	"context"
	"iter"

	"github.com/gophercloud/gophercloud/v2"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/ports"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"
)

// The Neutron read subset the console needs to pick a VIP. Filter by name
// with opts.Name; lists page like Octavia's (opts.Limit, next links).

// Networks streams the networks matching opts.
func (c *Client) Networks(ctx context.Context, opts networks.ListOpts) iter.Seq2[networks.Network, error] {
	return neutronList[networks.Network](ctx, c, "list networks", "networks", opts.ToNetworkListQuery)
}

// Subnets streams the subnets matching opts (NetworkID narrows to one network).
func (c *Client) Subnets(ctx context.Context, opts subnets.ListOpts) iter.Seq2[subnets.Subnet, error] {
	return neutronList[subnets.Subnet](ctx, c, "list subnets", "subnets", opts.ToSubnetListQuery)
}

// Ports streams the ports matching opts.
func (c *Client) Ports(ctx context.Context, opts ports.ListOpts) iter.Seq2[ports.Port, error] {
	return neutronList[ports.Port](ctx, c, "list ports", "ports", opts.ToPortListQuery)
}

func neutronList[T any](ctx context.Context, c *Client, op, collection string, query func() (string, error)) iter.Seq2[T, error] {
	sc, q, err := neutronQuery(c, op, query)
	if err != nil {
		return errSeq[T](op, err)
	}
	return list[T](ctx, c, sc, op, sc.ServiceURL(collection), collection, q)
}

// neutronQuery returns the Neutron client and the list query, the part of
// neutronList that does not depend on T.
func neutronQuery(c *Client, op string, query func() (string, error)) (*gophercloud.ServiceClient, string, error) {
	sc, err := c.network(op)
	if err != nil {
		return nil, "", err
	}
	q, err := query()
	if err != nil {
		return nil, "", err
	}
	return sc, q, nil
}
