// Neutron's floating IPs (the router extension's /v2.0/floatingips): an
// address of an external network, allocated to a project and associated
// with one fixed IP of a port, as Neutron's API reference and its l3_db
// describe them.

package labcloud

import (
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// Floating IP statuses: Neutron's with an OVN backend (ACTIVE once
// associated, DOWN while not).
const (
	fipActive = "ACTIVE"
	fipDown   = "DOWN"
)

type floatingIP struct {
	meta
	network  *network // the external network it was allocated from
	subnet   *subnet  // the subnet of network holding addr
	addr     netip.Addr
	port     *port // nil while unassociated
	revision int
}

// routerID is the id of the router that reaches the external network from
// p's network. The lab routes every project network to its external
// networks without showing routers (it serves no /v2.0/routers): the id is
// the same for every floating IP behind the same network.
func routerID(p *port) string { return derivedUUID("router", p.network.id) }

func (f *floatingIP) view() any {
	v := map[string]any{
		"id": f.id, "tenant_id": f.projectID, "project_id": f.projectID,
		"floating_network_id": f.network.id, "floating_ip_address": f.addr.String(),
		"port_id": nil, "fixed_ip_address": nil, "router_id": nil, "status": fipDown, "port_details": nil,
		"description": f.description, "tags": listOrEmpty(f.tags), "qos_policy_id": nil,
		"port_forwardings": []any{}, "revision_number": f.revision,
		"created_at": f.created.UTC().Format(neutronTime), "updated_at": f.updatedOrCreated().UTC().Format(neutronTime),
	}
	if p := f.port; p != nil {
		v["port_id"], v["fixed_ip_address"], v["router_id"], v["status"] = p.id, p.ip.String(), routerID(p), fipActive
		v["port_details"] = map[string]any{
			"name": p.name, "network_id": p.network.id, "mac_address": p.mac, "admin_state_up": true,
			"status": portDown, "device_id": p.deviceID, "device_owner": p.deviceOwner,
		}
	}
	return v
}

func (f *floatingIP) updatedOrCreated() time.Time {
	if f.updated.IsZero() {
		return f.created
	}
	return f.updated
}

// fipBody is a floating IP's POST and PUT body. A key sent as null is
// present with a nil value: port_id null disassociates.
type fipBody struct {
	FloatingNetworkID *string `json:"floating_network_id"`
	FloatingIPAddress *string `json:"floating_ip_address"`
	SubnetID          *string `json:"subnet_id"`
	ProjectID         *string `json:"project_id"`
	TenantID          *string `json:"tenant_id"`
	PortID            *string `json:"port_id"`
	FixedIPAddress    *string `json:"fixed_ip_address"`
	Description       *string `json:"description"`
}

// neutronFault is a Neutron error answer: its HTTP code, type and message.
type neutronFault struct {
	code      int
	typ, what string
}

func (f *neutronFault) write(w http.ResponseWriter) { neutronError(w, f.code, f.typ, f.what) }

func fipNotFound(id string) *neutronFault {
	return &neutronFault{http.StatusNotFound, "FloatingIPNotFound", fmt.Sprintf("Floating IP %s could not be found.", id)}
}

func policyRefused(rule string) *neutronFault {
	return &neutronFault{http.StatusForbidden, "PolicyNotAuthorized", fmt.Sprintf("(rule:%s) is disallowed by policy.", rule)}
}

func badFIPRequest(msg string) *neutronFault {
	return &neutronFault{http.StatusBadRequest, "BadRequest", "Bad floatingip request: " + msg}
}

// fipRoutes registers /v2.0/floatingips (list, show, create, update, delete).
func (c neutronService) fipRoutes(mux *http.ServeMux) {
	visible := func(*floatingIP) bool { return false } // floating IPs are never shared
	mux.HandleFunc("GET /network/v2.0/floatingips", c.neutron(func(w http.ResponseWriter, r *http.Request, k *caller) {
		neutronList(w, r, k, "floatingips", c.fips, visible)
	}))
	mux.HandleFunc("GET /network/v2.0/floatingips/{id}", c.neutron(func(w http.ResponseWriter, r *http.Request, k *caller) {
		neutronShow(w, r, k, "floatingip", "Floating IP", c.fips, visible)
	}))
	mux.HandleFunc("POST /network/v2.0/floatingips", c.neutron(c.createFIP))
	mux.HandleFunc("PUT /network/v2.0/floatingips/{id}", c.neutron(c.updateFIP))
	mux.HandleFunc("DELETE /network/v2.0/floatingips/{id}", c.neutron(c.deleteFIP))
}

// decodeFIP reads {"floatingip": {...}}.
func decodeFIP(r *http.Request) (*fipBody, *neutronFault) {
	var env struct {
		FloatingIP *fipBody `json:"floatingip"`
	}
	if err := decodeBody(r, &env); err != nil || env.FloatingIP == nil {
		return nil, &neutronFault{http.StatusBadRequest, "BadRequest", "Bad floatingip request: Resource body required."}
	}
	return env.FloatingIP, nil
}

// fipWriter reports whether k may write floating IPs of projectID (the
// admin, or a member of projectID: a reader may not).
func fipWriter(k *caller, projectID string) bool {
	return k.admin || (k.member && k.project != "" && k.project == projectID)
}

func (c neutronService) createFIP(w http.ResponseWriter, r *http.Request, k *caller) {
	b, fault := decodeFIP(r)
	if fault == nil {
		fault = c.createFIPFrom(w, b, k, time.Now())
	}
	if fault != nil {
		fault.write(w)
	}
}

func (c neutronService) createFIPFrom(w http.ResponseWriter, b *fipBody, k *caller, now time.Time) *neutronFault {
	projectID := k.project
	if owner := cmpOrNil(b.ProjectID, b.TenantID); owner != "" {
		if owner != k.project && !k.admin {
			return policyRefused("create_floatingip:project_id")
		}
		projectID = owner
	}
	if !fipWriter(k, projectID) {
		return policyRefused("create_floatingip")
	}
	if b.FloatingNetworkID == nil || *b.FloatingNetworkID == "" {
		return badFIPRequest("Invalid input for floating_network_id. Reason: 'None' is not a valid UUID.")
	}
	n, ok := c.networks.get(*b.FloatingNetworkID)
	if !ok || (!k.admin && n.projectID != k.project && !n.shared && !n.external) {
		return &neutronFault{http.StatusNotFound, "NetworkNotFound", fmt.Sprintf("Network %s could not be found.", *b.FloatingNetworkID)}
	}
	if !n.external || len(n.subnets) == 0 {
		return badFIPRequest(fmt.Sprintf("Network %s is not a valid external network.", n.id))
	}
	if b.FloatingIPAddress != nil && !k.admin {
		return policyRefused("create_floatingip:floating_ip_address")
	}
	sub := n.subnets[0]
	if b.SubnetID != nil {
		s, ok := c.subnets.get(*b.SubnetID)
		if !ok || s.network != n {
			return badFIPRequest(fmt.Sprintf("Subnet %s is not in network %s.", *b.SubnetID, n.id))
		}
		sub = s
	}
	f := &floatingIP{meta: meta{id: newUUID(c.rng), projectID: projectID, created: now}, network: n, subnet: sub, revision: 0}
	if b.Description != nil {
		f.description = *b.Description
	}
	want := deref(b.FloatingIPAddress)
	if want != "" {
		a, err := netip.ParseAddr(want)
		if err != nil || !sub.prefix.Contains(a) {
			return badFIPRequest(fmt.Sprintf("The requested IP address %s is not in a subnet of network %s.", want, n.id))
		}
	}
	addr, err := sub.allocate(want)
	if err != nil {
		if want != "" {
			return &neutronFault{http.StatusConflict, "IpAddressAlreadyAllocated",
				fmt.Sprintf("IP address %s already allocated in subnet %s", want, sub.id)}
		}
		return &neutronFault{http.StatusConflict, "IpAddressGenerationFailure",
			fmt.Sprintf("No more IP addresses available on network %s.", n.id)}
	}
	f.addr = addr
	// Neutron allocates the address, then associates it (its message
	// names the address): a refused association gives it back.
	if fault := c.checkAssociation(f, b, k); fault != nil {
		sub.release(addr)
		return fault
	}
	c.fips.add(f)
	writeJSON(w, http.StatusCreated, map[string]any{"floatingip": f.view()})
	return nil
}

// checkAssociation checks b's port_id and fixed_ip_address for f and, when
// they are good, associates f (port_id null or absent leaves f
// unassociated). It changes nothing on a fault.
func (c neutronService) checkAssociation(f *floatingIP, b *fipBody, k *caller) *neutronFault {
	if b.PortID == nil {
		if b.FixedIPAddress != nil {
			return badFIPRequest("fixed_ip_address cannot be specified without a port_id")
		}
		f.port = nil
		return nil
	}
	p, ok := c.ports.get(*b.PortID)
	if !ok || (!k.admin && p.projectID != f.projectID) {
		return &neutronFault{http.StatusNotFound, "PortNotFound", fmt.Sprintf("Port %s could not be found.", *b.PortID)}
	}
	if b.FixedIPAddress != nil && *b.FixedIPAddress != p.ip.String() {
		return badFIPRequest(fmt.Sprintf("Port %s does not have fixed ip %s", p.id, *b.FixedIPAddress))
	}
	if f.port == p {
		return nil
	}
	for _, o := range c.fips.order {
		if o != f && o.port == p && o.network == f.network {
			return &neutronFault{http.StatusConflict, "FloatingIPPortAlreadyAssociated", fmt.Sprintf(
				"Cannot associate floating IP %s (%s) with port %s using fixed IP %s, as that fixed IP already has a floating IP on external network %s.",
				f.addr, f.id, p.id, p.ip, f.network.id)}
		}
	}
	f.port = p
	return nil
}

// revisionMatches checks the request's If-Match: revision_number=N
// (Neutron's revision-if-match extension) against current: a write made
// on an older read is refused with 412, and changes nothing.
func revisionMatches(r *http.Request, current int) *neutronFault {
	h := r.Header.Get("If-Match")
	if h == "" {
		return nil
	}
	n, ok := strings.CutPrefix(h, "revision_number=")
	want, err := strconv.Atoi(n)
	if !ok || err != nil {
		return &neutronFault{http.StatusBadRequest, "BadRequest", fmt.Sprintf("Unrecognized If-Match header: %s", h)}
	}
	if want != current {
		return &neutronFault{http.StatusPreconditionFailed, "RevisionNumberConstraintFailed",
			fmt.Sprintf("Constrained to %d, but current revision is %d", want, current)}
	}
	return nil
}

// cmpOrNil is the first of a, b that is set and not empty, or "".
func cmpOrNil(a, b *string) string {
	if a != nil && *a != "" {
		return *a
	}
	return deref(b)
}

// ownFIP is the floating IP of the request's {id} when k may see it.
func (c neutronService) ownFIP(r *http.Request, k *caller) (*floatingIP, *neutronFault) {
	id := r.PathValue("id")
	f, ok := c.fips.get(id)
	if !ok || (!k.admin && f.projectID != k.project) {
		return nil, fipNotFound(id)
	}
	return f, nil
}

func (c neutronService) updateFIP(w http.ResponseWriter, r *http.Request, k *caller) {
	f, fault := c.ownFIP(r, k)
	var b *fipBody
	if fault == nil {
		b, fault = decodeFIP(r)
	}
	if fault == nil && !fipWriter(k, f.projectID) {
		fault = policyRefused("update_floatingip")
	}
	if fault == nil {
		fault = revisionMatches(r, f.revision)
	}
	if fault == nil && (b.FloatingNetworkID != nil || b.FloatingIPAddress != nil) {
		fault = badFIPRequest("Cannot update read-only attribute floating_ip_address or floating_network_id")
	}
	if fault == nil {
		// PUT carries the association whole: a body without port_id
		// disassociates, as Neutron's reference says.
		fault = c.checkAssociation(f, b, k)
	}
	if fault != nil {
		fault.write(w)
		return
	}
	if b.Description != nil {
		f.description = *b.Description
	}
	f.revision++
	f.changed(time.Now())
	writeJSON(w, http.StatusOK, map[string]any{"floatingip": f.view()})
}

func (c neutronService) deleteFIP(w http.ResponseWriter, r *http.Request, k *caller) {
	f, fault := c.ownFIP(r, k)
	if fault == nil && !fipWriter(k, f.projectID) {
		fault = policyRefused("delete_floatingip")
	}
	if fault != nil {
		fault.write(w)
		return
	}
	f.subnet.release(f.addr)
	c.fips.remove(f)
	w.WriteHeader(http.StatusNoContent)
}

// disassociatePort leaves every floating IP of port p unassociated, as
// Neutron does when it deletes a port (the address stays allocated to its
// project). Caller holds c.mu.
func (c *Cloud) disassociatePort(p *port, now time.Time) {
	for _, f := range c.fips.order {
		if f.port == p {
			f.port = nil
			f.revision++
			f.changed(now)
		}
	}
}

// stFloatingIP is a floating IP as saved (State.FloatingIPs).
type stFloatingIP struct {
	stMeta
	Network  string `json:"network"`
	Subnet   string `json:"subnet"`
	Address  string `json:"address"`
	Port     string `json:"port,omitempty"`
	Revision int    `json:"revision,omitempty"`
}

// saveFIPs adds the floating IPs to s. Caller holds c.mu.
func (c neutronService) saveFIPs(s *State) {
	for _, f := range c.fips.order {
		st := stFloatingIP{stMeta: metaOf(&f.meta), Network: f.network.id, Subnet: f.subnet.id, Address: f.addr.String(), Revision: f.revision}
		if f.port != nil {
			st.Port = f.port.id
		}
		s.FloatingIPs = append(s.FloatingIPs, st)
	}
}

// restoreFIPs adds s's floating IPs, after its networks and ports, marking
// their addresses in use. Caller holds c.mu.
func (c neutronService) restoreFIPs(s *State) error {
	for _, st := range s.FloatingIPs {
		n, sub, a, err := c.savedAddress("floating ip", st.ID, st.Network, st.Subnet, st.Address)
		if err != nil {
			return err
		}
		f := &floatingIP{meta: st.meta(), network: n, subnet: sub, addr: a, revision: st.Revision}
		if st.Port != "" {
			p, ok := c.ports.get(st.Port)
			if !ok {
				return fmt.Errorf("floating ip %s: port %s is not in the state", st.ID, st.Port)
			}
			f.port = p
		}
		sub.markUsed(a)
		c.fips.add(f)
	}
	return nil
}
