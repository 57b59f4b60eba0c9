package octavia

import (
	"context"
	"iter"
	"net/http"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/external"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/qos/policies"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
)

// What a load balancer needs of Neutron besides its VIP: the floating IPs
// that make the VIP public, the external networks they come from, and the
// QoS policies a VIP may take. Writes are Neutron's own: a floating IP is
// associated with a port by an update naming the port, and disassociated
// by one with port_id null.

// FloatingIPs streams the floating IPs matching opts (PortID narrows to
// the ones on a port: a load balancer's VIP port has at most one).
func (n *Network) FloatingIPs(ctx context.Context, opts floatingips.ListOpts) iter.Seq2[floatingips.FloatingIP, error] {
	return neutronList[floatingips.FloatingIP](ctx, n, "list floating IPs", "floatingips", opts.ToFloatingIPListQuery)
}

// ExternalNetworks streams the networks floating IPs can be allocated
// from (router:external true), matching opts.
func (n *Network) ExternalNetworks(ctx context.Context, opts networks.ListOpts) iter.Seq2[networks.Network, error] {
	yes := true
	q := external.ListOptsExt{ListOptsBuilder: opts, External: &yes}
	return neutronList[networks.Network](ctx, n, "list external networks", "networks", q.ToNetworkListQuery)
}

// CreateFloatingIP allocates a floating IP from opts.FloatingNetworkID to
// the caller's project (associated at once when opts.PortID is set).
func (n *Network) CreateFloatingIP(ctx context.Context, opts floatingips.CreateOpts) (*floatingips.FloatingIP, error) {
	const op = "allocate a floating IP"
	sc, err := n.client(op)
	if err != nil {
		return nil, err
	}
	f, err := floatingips.Create(ctx, sc, opts).Extract()
	return f, mapError(op, err)
}

// AssociateFloatingIP associates floating IP id with portID. revision,
// when not nil, is the floating IP's revision_number the caller last read:
// Neutron then refuses a floating IP that changed since, e.g. one that
// another user associated meanwhile (412: an EINVALID *Error with
// StatusCode 412) and changes nothing. A port that already has a floating
// IP is Neutron's 409 (ECONFLICT).
func (n *Network) AssociateFloatingIP(ctx context.Context, id, portID string, revision *int) (*floatingips.FloatingIP, error) {
	return n.updateFloatingIP(ctx, "associate a floating IP", id, floatingips.UpdateOpts{PortID: &portID, RevisionNumber: revision})
}

// DisassociateFloatingIP leaves floating IP id unassociated (port_id
// null); the address stays allocated to the project.
func (n *Network) DisassociateFloatingIP(ctx context.Context, id string) (*floatingips.FloatingIP, error) {
	none := ""
	return n.updateFloatingIP(ctx, "disassociate a floating IP", id, floatingips.UpdateOpts{PortID: &none})
}

func (n *Network) updateFloatingIP(ctx context.Context, op, id string, opts floatingips.UpdateOpts) (*floatingips.FloatingIP, error) {
	sc, err := n.client(op)
	if err != nil {
		return nil, err
	}
	f, err := floatingips.Update(ctx, sc, id, opts).Extract()
	return f, mapError(op, err)
}

// ReleaseFloatingIP deletes floating IP id: its address goes back to the
// external network.
func (n *Network) ReleaseFloatingIP(ctx context.Context, id string) error {
	const op = "release a floating IP"
	sc, err := n.client(op)
	if err != nil {
		return err
	}
	return mapError(op, floatingips.Delete(ctx, sc, id).ExtractErr())
}

// QoSPolicies streams the QoS policies matching opts: the project's own
// and the shared ones. Without Neutron's qos extension the answer is a
// 404 (ENOTFOUND): ask HasExtension(ctx, "qos") first.
func (n *Network) QoSPolicies(ctx context.Context, opts policies.ListOpts) iter.Seq2[policies.Policy, error] {
	const op = "list QoS policies"
	sc, q, err := neutronQuery(n, op, opts.ToPolicyListQuery)
	if err != nil {
		return errSeq[policies.Policy](op, err)
	}
	return list[policies.Policy](ctx, sc, op, sc.ServiceURL("qos", "policies"), "policies", q)
}

// HasExtension reports whether Neutron lists the extension alias
// (e.g. "qos") in /v2.0/extensions.
func (n *Network) HasExtension(ctx context.Context, alias string) (bool, error) {
	const op = "list Neutron's extensions"
	sc, err := n.client(op)
	if err != nil {
		return false, err
	}
	var env struct {
		Extensions []struct {
			Alias string `json:"alias"`
		} `json:"extensions"`
	}
	if _, err := do(ctx, sc, op, http.MethodGet, sc.ServiceURL("extensions"), nil, &env); err != nil {
		return false, err
	}
	for _, e := range env.Extensions {
		if e.Alias == alias {
			return true, nil
		}
	}
	return false, nil
}
