package labcloud

import (
	"net/http"
	"net/netip"
	"strconv"
	"time"
)

var memberAttrs = commonAttrs[*member](true).with(attrs[*member]{
	"address":         func(m *member) string { return m.address },
	"protocol_port":   func(m *member) string { return strconv.Itoa(m.port) },
	"weight":          func(m *member) string { return strconv.Itoa(m.weight) },
	"backup":          func(m *member) string { return boolText(m.backup) },
	"subnet_id":       func(m *member) string { return deref(m.subnetID) },
	"monitor_address": func(m *member) string { return deref(m.monitorAddress) },
	"monitor_port": func(m *member) string {
		if m.monitorPort == nil {
			return ""
		}
		return strconv.Itoa(*m.monitorPort)
	},
})

type memberBody struct {
	Name           *string   `json:"name"`
	AdminStateUp   *bool     `json:"admin_state_up"`
	Address        *string   `json:"address"`
	ProtocolPort   *int      `json:"protocol_port"`
	Weight         *int      `json:"weight"`
	Backup         *bool     `json:"backup"`
	SubnetID       *string   `json:"subnet_id"`
	ProjectID      *string   `json:"project_id"`
	MonitorAddress *string   `json:"monitor_address"`
	MonitorPort    *int      `json:"monitor_port"`
	Tags           *[]string `json:"tags"`
}

// findMember is the member of the path's {pool} and {id} for k.
func (c memberKind) findMember(r *http.Request, k *caller) (*member, *apiError) {
	p, err := c.poolOfPath(r, k)
	if err != nil {
		return nil, err
	}
	id := r.PathValue("id")
	m, ok := c.members.get(id)
	if !ok || m.pool != p {
		return nil, notFound("Member", id)
	}
	return m, nil
}

// poolOfPath is the pool of the path's {pool} for k.
func (c memberKind) poolOfPath(r *http.Request, k *caller) (*pool, *apiError) {
	return c.findPool(r.PathValue("pool"), k)
}

// buildMember validates a member body for p; the member is not attached.
func (c memberKind) buildMember(b *memberBody, p *pool, now time.Time) (*member, *apiError) {
	if b.Address == nil {
		return nil, mandatory("address")
	}
	if _, err := netip.ParseAddr(*b.Address); err != nil {
		return nil, invalidInput("address", *b.Address, "Value should be IPv4 or IPv6 format")
	}
	if b.ProtocolPort == nil {
		return nil, mandatory("protocol_port")
	}
	if err := checkUUIDs("subnet_id", b.SubnetID); err != nil {
		return nil, err
	}
	if err := inRange("protocol_port", *b.ProtocolPort, 1, 65535); err != nil {
		return nil, err
	}
	for _, o := range p.members {
		if o.address == *b.Address && o.port == *b.ProtocolPort {
			return nil, errorf(http.StatusConflict, "Another member on this pool is already using ip %s on protocol_port %d", o.address, o.port)
		}
	}
	if b.SubnetID != nil {
		if _, ok := c.subnets.get(*b.SubnetID); !ok {
			return nil, invalidSubresource("Subnet", *b.SubnetID)
		}
	}
	m := &member{
		meta: c.newMeta(p.projectID, b.Name, nil, b.AdminStateUp, b.Tags, now),
		pool: p, address: *b.Address, port: *b.ProtocolPort, weight: 1, subnetID: b.SubnetID,
	}
	if p.hm == nil {
		m.oper = operNoMonitor // as Octavia's member controller sets it
	}
	if err := m.apply(b); err != nil {
		return nil, err
	}
	return m, nil
}

// checkMemberSubnets refuses members on a subnet the caller cannot see, as
// Octavia does: it looks a member's subnet up with the caller's token, so
// another project's (unshared) subnet is not found, like a VIP's
// (subnetUsable). Caller holds c.mu.
func (c *Cloud) checkMemberSubnets(ms []*member, admin bool) *apiError {
	for _, m := range ms {
		if m.subnetID == nil {
			continue
		}
		if s, ok := c.subnets.get(*m.subnetID); !ok || !subnetUsable(s, m.projectID, admin) {
			return invalidSubresource("Subnet", *m.subnetID)
		}
	}
	return nil
}

func (m *member) apply(b *memberBody) *apiError {
	if b.Weight != nil {
		if err := inRange("weight", *b.Weight, 0, 256); err != nil {
			return err
		}
		m.weight = *b.Weight
	}
	if b.Backup != nil {
		m.backup = *b.Backup
	}
	if b.MonitorAddress != nil {
		m.monitorAddress = strOrNil(*b.MonitorAddress)
	}
	if b.MonitorPort != nil {
		m.monitorPort = nil
		if *b.MonitorPort != 0 {
			if err := inRange("monitor_port", *b.MonitorPort, 1, 65535); err != nil {
				return err
			}
			m.monitorPort = b.MonitorPort
		}
	}
	m.cache = nil
	return nil
}

func (c memberKind) attachMember(p *pool, m *member, _ time.Time) {
	p.members = append(p.members, m)
	p.cache = nil
	c.members.add(m)
}

// child is the member kind's handler (childKind): under the path's
// pool, its subnet looked up as the caller sees it.
func (c memberKind) child() childKind[*pool, *member, memberBody] {
	return childKind[*pool, *member, memberBody]{
		cloud: c.Cloud, key: "member",
		pathParent: c.poolOfPath, admit: admitUnder[*pool](c.Cloud, "member"),
		build: c.buildMember, check: c.checkSubnet, attach: c.attachMember,
		find: c.findMember, change: c.change,
		listing: c.list,
	}
}

func (c memberKind) checkSubnet(_ *http.Request, k *caller, _ *memberBody, m *member, _ time.Time) *apiError {
	return c.checkMemberSubnets([]*member{m}, k.admin)
}

func (c memberKind) change(_ *http.Request, _ *caller, b *memberBody, m *member, _ time.Time) *apiError {
	if err := m.apply(b); err != nil {
		return err
	}
	m.update(b.Name, nil, b.AdminStateUp, b.Tags)
	return nil
}

func (c memberKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	p, err := c.poolOfPath(r, k)
	if err != nil {
		return err
	}
	return listObjects(c.Cloud, w, r, k, "members", c.members, memberAttrs, func(m *member) bool { return m.pool == p })
}

// restore adds its members, in their pools from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c memberKind) restore(s *State) error {
	for _, sm := range s.Members {
		p, ok := c.pools.get(sm.Pool)
		if !ok {
			return missingRef("member", sm.ID, "pool", sm.Pool)
		}
		m := &member{meta: sm.meta(), pool: p, address: sm.Address, port: sm.Port, weight: sm.Weight, backup: sm.Backup,
			subnetID: sm.SubnetID, monitorAddress: sm.MonitorAddress, monitorPort: sm.MonitorPort}
		p.members = append(p.members, m)
		c.members.add(m)
	}
	return nil
}

// save adds its members to s (Cloud.state). Caller holds c.mu.
func (c memberKind) save(s *State) {
	for _, m := range c.members.order {
		s.Members = append(s.Members, stMember{metaOf(&m.meta), m.pool.id, m.address, m.port, m.weight, m.backup,
			m.subnetID, m.monitorAddress, m.monitorPort})
	}
}
