package labcloud

import (
	"encoding/binary"
	"fmt"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"time"
)

// Neutron statuses: of every simulated network, of every port.
const (
	networkActive = "ACTIVE"
	portDown      = "DOWN" // no data plane binds the ports
)

type network struct {
	meta
	shared, external bool
	subnets          []*subnet
}

type subnet struct {
	meta
	network *network
	prefix  netip.Prefix
	gateway netip.Addr
	next    uint32 // next host offset to try
	used    map[uint32]bool
}

type port struct {
	meta
	network     *network
	subnet      *subnet
	ip          netip.Addr
	mac         string
	deviceID    string
	deviceOwner string
}

func (n *network) view() any {
	ids := make([]string, len(n.subnets))
	for i, s := range n.subnets {
		ids[i] = s.id
	}
	return map[string]any{
		"id": n.id, "name": n.name, "tenant_id": n.projectID, "project_id": n.projectID,
		"admin_state_up": true, "mtu": 1450, "status": networkActive, "subnets": ids, "shared": n.shared,
		"availability_zone_hints": []string{}, "availability_zones": []string{"nova"},
		"ipv4_address_scope": nil, "ipv6_address_scope": nil, "router:external": n.external,
		"description": n.description, "port_security_enabled": true, "tags": listOrEmpty(n.tags),
		"created_at": n.created.UTC().Format(neutronTime), "updated_at": n.created.UTC().Format(neutronTime),
		"revision_number": 1, "provider:network_type": "geneve",
	}
}

func (s *subnet) host(off uint32) netip.Addr {
	b := s.prefix.Masked().Addr().As4()
	v := binary.BigEndian.Uint32(b[:]) + off
	binary.BigEndian.PutUint32(b[:], v)
	return netip.AddrFrom4(b)
}

func (s *subnet) size() uint32 { return 1 << (32 - s.prefix.Bits()) }

func (s *subnet) view() any {
	return map[string]any{
		"id": s.id, "name": s.name, "network_id": s.network.id, "tenant_id": s.projectID, "project_id": s.projectID,
		"ip_version": 4, "cidr": s.prefix.String(), "gateway_ip": s.gateway.String(),
		"allocation_pools": []map[string]string{{"start": s.host(2).String(), "end": s.host(s.size() - 2).String()}},
		"enable_dhcp":      true, "dns_nameservers": []string{}, "host_routes": []any{}, "description": s.description,
		"tags": listOrEmpty(s.tags), "subnetpool_id": nil, "ipv6_ra_mode": nil, "ipv6_address_mode": nil,
		"service_types": []string{}, "revision_number": 0,
		"created_at": s.created.UTC().Format(neutronTime), "updated_at": s.created.UTC().Format(neutronTime),
	}
}

func (p *port) view() any {
	return map[string]any{
		"id": p.id, "name": p.name, "network_id": p.network.id, "tenant_id": p.projectID, "project_id": p.projectID,
		"mac_address": p.mac, "admin_state_up": true, "status": portDown, "device_id": p.deviceID,
		"device_owner": p.deviceOwner, "fixed_ips": []map[string]string{{"subnet_id": p.subnet.id, "ip_address": p.ip.String()}},
		"allowed_address_pairs": []any{}, "extra_dhcp_opts": []any{}, "security_groups": []string{},
		"description": p.description, "binding:vnic_type": "normal", "port_security_enabled": true,
		"qos_policy_id": nil, "tags": listOrEmpty(p.tags), "revision_number": 1,
		"created_at": p.created.UTC().Format(neutronTime), "updated_at": p.created.UTC().Format(neutronTime),
	}
}

// addNetwork creates a network with one IPv4 subnet. Caller holds c.mu.
func (c *Cloud) addNetwork(projectID, name, subnetName, cidr string, shared, external bool, now time.Time) (*network, *subnet, error) {
	prefix, err := netip.ParsePrefix(cidr)
	if err != nil || !prefix.Addr().Is4() || prefix.Bits() > 29 {
		return nil, nil, fmt.Errorf("network %s: cidr %q is not an IPv4 prefix of /29 or larger", name, cidr)
	}
	n := &network{meta: meta{id: newUUID(c.rng), projectID: projectID, name: name, created: now}, shared: shared, external: external}
	s := &subnet{meta: meta{id: newUUID(c.rng), projectID: projectID, name: subnetName, created: now},
		network: n, prefix: prefix.Masked(), next: 2, used: map[uint32]bool{}}
	s.gateway = s.host(1)
	n.subnets = []*subnet{s}
	c.networks.add(n)
	c.subnets.add(s)
	return n, s, nil
}

func (c *Cloud) seedPublicNetwork(now time.Time) {
	c.addNetwork(keystoneID("project", "admin"), "public", "public-subnet", "172.24.0.0/16", true, true, now)
}

// seedProjectNetwork gives a new project a private network and subnet,
// 10.N.0.0/16 for the Nth project. Caller holds c.mu.
func (c *Cloud) seedProjectNetwork(p *project) {
	n := len(c.projects)
	cidr := fmt.Sprintf("10.%d.0.0/16", n%256)
	if n >= 256 {
		cidr = fmt.Sprintf("100.%d.%d.0/24", 64+(n>>8)%64, n%256)
	}
	c.addNetwork(p.id, p.name+"-net", p.name+"-subnet", cidr, false, false, time.Now())
}

// allocate takes addr (or the next free address) from the subnet.
func (s *subnet) allocate(addr string) (netip.Addr, *apiError) {
	if addr != "" {
		a, err := netip.ParseAddr(addr)
		if err != nil || !s.prefix.Contains(a) {
			return netip.Addr{}, validation("VIP address %s is not in subnet %s.", addr, s.id)
		}
		b := a.As4()
		off := binary.BigEndian.Uint32(b[:]) - binary.BigEndian.Uint32(s.host(0).AsSlice())
		if s.used[off] || off < 2 || off >= s.size()-1 {
			return netip.Addr{}, errorf(http.StatusConflict, "IP address %s already allocated in subnet %s", addr, s.id)
		}
		s.used[off] = true
		return a, nil
	}
	for tries := uint32(0); tries < s.size(); tries++ {
		off := s.next
		s.next++
		if s.next >= s.size()-1 {
			s.next = 2
		}
		if off >= 2 && !s.used[off] {
			s.used[off] = true
			return s.host(off), nil
		}
	}
	return netip.Addr{}, errorf(http.StatusConflict, "No more IP addresses available on network %s.", s.network.id)
}

func (s *subnet) release(a netip.Addr) {
	if !a.IsValid() {
		return
	}
	b := a.As4()
	off := binary.BigEndian.Uint32(b[:]) - binary.BigEndian.Uint32(s.host(0).AsSlice())
	delete(s.used, off)
}

func (c *Cloud) macAddress() string {
	v := c.rng.Uint64()
	return fmt.Sprintf("fa:16:3e:%02x:%02x:%02x", byte(v), byte(v>>8), byte(v>>16))
}

// subnetUsable reports whether projectID may put a VIP on s.
func subnetUsable(s *subnet, projectID string, admin bool) bool {
	return admin || s.projectID == projectID || s.network.shared
}

// allocateLBVIP resolves the VIP of a new load balancer and creates its
// port, as Octavia's network driver does. Caller holds c.mu.
func (c *Cloud) allocateLBVIP(lb *loadBalancer, b *lbBody, admin bool, now time.Time) *apiError {
	var s *subnet
	switch {
	case b.VipPortID != nil:
		p, ok := c.ports.get(*b.VipPortID)
		if !ok || !(admin || p.projectID == lb.projectID) {
			// Octavia looks the port up with the caller's token: another
			// project's port is not found.
			return invalidSubresource("Port", *b.VipPortID)
		}
		if p.deviceID != "" {
			return errorf(http.StatusConflict, "Port %s is already in use by device %s", p.id, p.deviceID)
		}
		p.deviceID, p.deviceOwner, p.cache = "lb-"+lb.id, "Octavia", nil
		lb.vipPortID, lb.vipAddress, lb.vipSubnetID, lb.vipNetworkID = p.id, p.ip.String(), p.subnet.id, p.network.id
		return nil
	case b.VipSubnetID != nil:
		var ok bool
		if s, ok = c.subnets.get(*b.VipSubnetID); !ok || !subnetUsable(s, lb.projectID, admin) {
			return invalidSubresource("Subnet", *b.VipSubnetID)
		}
		if b.VipNetworkID != nil && *b.VipNetworkID != s.network.id {
			return validation("Subnet %s is not in network %s.", s.id, *b.VipNetworkID)
		}
	default:
		n, ok := c.networks.get(*b.VipNetworkID)
		if !ok || len(n.subnets) == 0 || !subnetUsable(n.subnets[0], lb.projectID, admin) {
			return invalidSubresource("Network", *b.VipNetworkID)
		}
		s = n.subnets[0]
	}
	addr, err := s.allocate(deref(b.VipAddress))
	if err != nil {
		return err
	}
	p := &port{
		meta:    meta{id: newUUID(c.rng), projectID: lb.projectID, name: "octavia-lb-" + lb.id, created: now},
		network: s.network, subnet: s, ip: addr, mac: c.macAddress(), deviceID: "lb-" + lb.id, deviceOwner: "Octavia",
	}
	c.ports.add(p)
	lb.vipPortID, lb.vipAddress, lb.vipSubnetID, lb.vipNetworkID = p.id, addr.String(), s.id, s.network.id
	return nil
}

// releasePort deletes a VIP port and frees its address. Caller holds c.mu.
func (c *Cloud) releasePort(id string) {
	p, ok := c.ports.get(id)
	if !ok {
		return
	}
	p.subnet.release(p.ip)
	c.disassociatePort(p, time.Now())
	c.ports.remove(p)
}

// neutronService answers the lab's Neutron v2.0 subset for the Cloud it
// holds; the networks, subnets and ports it reads are Cloud's, which
// allocates a load balancer's VIP port.
type neutronService struct{ *Cloud }

// routes registers the Neutron v2.0 subset under /network.
func (c neutronService) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /network/{$}", c.neutronVersions)
	mux.HandleFunc("GET /network", c.neutronVersions)
	mux.HandleFunc("GET /network/v2.0/networks", c.neutron(func(w http.ResponseWriter, r *http.Request, k *caller) {
		neutronList(w, r, k, "networks", c.networks, func(n *network) bool { return n.shared })
	}))
	mux.HandleFunc("GET /network/v2.0/networks/{id}", c.neutron(func(w http.ResponseWriter, r *http.Request, k *caller) {
		neutronShow(w, r, k, "network", "Network", c.networks, func(n *network) bool { return n.shared })
	}))
	mux.HandleFunc("GET /network/v2.0/subnets", c.neutron(func(w http.ResponseWriter, r *http.Request, k *caller) {
		neutronList(w, r, k, "subnets", c.subnets, func(s *subnet) bool { return s.network.shared })
	}))
	mux.HandleFunc("GET /network/v2.0/subnets/{id}", c.neutron(func(w http.ResponseWriter, r *http.Request, k *caller) {
		neutronShow(w, r, k, "subnet", "Subnet", c.subnets, func(s *subnet) bool { return s.network.shared })
	}))
	mux.HandleFunc("GET /network/v2.0/ports", c.neutron(func(w http.ResponseWriter, r *http.Request, k *caller) {
		neutronList(w, r, k, "ports", c.ports, func(*port) bool { return false })
	}))
	mux.HandleFunc("GET /network/v2.0/ports/{id}", c.neutron(func(w http.ResponseWriter, r *http.Request, k *caller) {
		neutronShow(w, r, k, "port", "Port", c.ports, func(*port) bool { return false })
	}))
	c.fipRoutes(mux)
	c.qosRoutes(mux)
	mux.HandleFunc("/network/", func(w http.ResponseWriter, r *http.Request) {
		neutronError(w, http.StatusNotFound, "HTTPNotFound", "The resource could not be found.")
	})
}

func (c neutronService) neutronVersions(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"versions": []any{map[string]any{
		"id": "v2.0", "status": "CURRENT",
		"links": []map[string]string{{"href": c.publicBase(r) + "/network/v2.0/", "rel": "self"}},
	}}})
}

func neutronError(w http.ResponseWriter, code int, typ, msg string) {
	writeJSON(w, code, map[string]any{"NeutronError": map[string]string{"type": typ, "message": msg, "detail": ""}})
}

func (c neutronService) neutron(h func(http.ResponseWriter, *http.Request, *caller)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c.authenticated(w, r, keystoneUnauthorized, func(k *caller, _ time.Time) { h(w, r, k) })
	}
}

// neutronFields are the attributes Neutron lists may be filtered on here.
func neutronAttr(v map[string]any, key string) (string, bool) {
	if key == "tenant_id" {
		key = "project_id"
	}
	x, ok := v[key]
	if !ok {
		return "", false
	}
	switch t := x.(type) {
	case string:
		return t, true
	case bool:
		return boolText(t), true
	}
	return fmt.Sprint(x), true
}

func neutronList[T object](w http.ResponseWriter, r *http.Request, k *caller, key string, col *collection[T], shared func(T) bool) {
	q := r.URL.Query()
	out := []any{}
	for _, o := range col.order {
		if !k.admin && o.base().projectID != k.project && !shared(o) {
			continue
		}
		v := o.view().(map[string]any)
		keep := true
		for f, want := range q {
			if f == "fields" || f == "limit" || f == "marker" || f == "sort_key" || f == "sort_dir" || f == "page_reverse" {
				continue
			}
			if f == "fixed_ips" {
				keep = keep && matchFixedIPs(v, want)
				continue
			}
			got, ok := neutronAttr(v, f)
			if !ok {
				continue
			}
			keep = keep && slices.ContainsFunc(want, func(s string) bool { return strings.EqualFold(s, got) })
		}
		if !keep {
			continue
		}
		if fields := q["fields"]; len(fields) > 0 {
			sel := map[string]any{}
			for _, f := range fields {
				if x, ok := v[f]; ok {
					sel[f] = x
				}
			}
			v = sel
		}
		out = append(out, v)
	}
	writeJSON(w, http.StatusOK, map[string]any{key: out})
}

func matchFixedIPs(v map[string]any, want []string) bool {
	ips, _ := v["fixed_ips"].([]map[string]string)
	for _, w := range want {
		k, val, _ := strings.Cut(w, "=")
		found := false
		for _, ip := range ips {
			if ip[k] == val {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func neutronShow[T object](w http.ResponseWriter, r *http.Request, k *caller, key, name string, col *collection[T], shared func(T) bool) {
	id := r.PathValue("id")
	o, ok := col.get(id)
	if !ok || (!k.admin && o.base().projectID != k.project && !shared(o)) {
		neutronError(w, http.StatusNotFound, name+"NotFound", fmt.Sprintf("%s %s could not be found.", name, id))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{key: o.view()})
}

// restore adds its networks, subnets and ports (marking the addresses in use) from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c neutronService) restore(s *State) error {
	for _, n := range s.Networks {
		c.networks.add(&network{meta: n.meta(), shared: n.Shared, external: n.External})
	}
	for _, sn := range s.Subnets {
		n, ok := c.networks.get(sn.Network)
		prefix, err := netip.ParsePrefix(sn.CIDR)
		gw, gerr := netip.ParseAddr(sn.Gateway)
		if !ok || err != nil || gerr != nil {
			return fmt.Errorf("subnet %s: bad network, cidr or gateway", sn.ID)
		}
		x := &subnet{meta: sn.meta(), network: n, prefix: prefix, gateway: gw, next: sn.Next, used: map[uint32]bool{}}
		n.subnets = append(n.subnets, x)
		c.subnets.add(x)
	}
	for _, p := range s.Ports {
		n, sub, ip, err := c.savedAddress("port", p.ID, p.Network, p.Subnet, p.IP)
		if err != nil {
			return err
		}
		sub.markUsed(ip)
		c.ports.add(&port{meta: p.meta(), network: n, subnet: sub, ip: ip, mac: p.MAC, deviceID: p.DeviceID, deviceOwner: p.DeviceOwner})
	}
	return c.restoreFIPs(s)
}

// savedAddress resolves where a port or a floating IP (kind, id) saved in
// s has its address: its network, its subnet (both restored before it)
// and the address itself. Caller holds c.mu.
func (c neutronService) savedAddress(kind, id, networkID, subnetID, addr string) (*network, *subnet, netip.Addr, error) {
	n, ok1 := c.networks.get(networkID)
	sub, ok2 := c.subnets.get(subnetID)
	a, err := netip.ParseAddr(addr)
	if !ok1 || !ok2 || err != nil {
		return nil, nil, netip.Addr{}, fmt.Errorf("%s %s: bad network, subnet or address", kind, id)
	}
	return n, sub, a, nil
}

// markUsed marks a, when it is one of sub's addresses, as taken.
func (sub *subnet) markUsed(a netip.Addr) {
	if a.IsValid() && sub.prefix.Contains(a) {
		b, h := a.As4(), sub.host(0).As4()
		sub.used[be32(b)-be32(h)] = true
	}
}

// save adds its networks, subnets and ports to s (Cloud.state). Caller holds c.mu.
func (c neutronService) save(s *State) {
	for _, n := range c.networks.order {
		s.Networks = append(s.Networks, stNetwork{metaOf(&n.meta), n.shared, n.external})
	}
	for _, sn := range c.subnets.order {
		s.Subnets = append(s.Subnets, stSubnet{metaOf(&sn.meta), sn.network.id, sn.prefix.String(), sn.gateway.String(), sn.next})
	}
	for _, p := range c.ports.order {
		s.Ports = append(s.Ports, stPort{metaOf(&p.meta), p.network.id, p.subnet.id, p.ip.String(), p.mac, p.deviceID, p.deviceOwner})
	}
	c.saveFIPs(s)
}
