package statuswire

import "fmt"

// Tree is the answer of GET /v2/lbaas/loadbalancers/{id}/status
// ("loadbalancer status show"), the "statuses" object: the statuses of a
// load balancer and of everything under it. It has its own types, with
// Octavia's key names, because gophercloud's loadbalancers.StatusTree reads
// a pool's monitor as "healthmonitor" where this answer says
// "health_monitor", and so loses it.
type Tree struct {
	LoadBalancer LoadBalancer `json:"loadbalancer"`
}

// LoadBalancer is the load balancer of a Tree. Pools hang under
// the listeners that use them (a pool on no listener is not in the tree).
type LoadBalancer struct {
	ID                 string             `json:"id"`
	Name               string             `json:"name"`
	OperatingStatus    OperatingStatus    `json:"operating_status"`
	ProvisioningStatus ProvisioningStatus `json:"provisioning_status"`
	Listeners          []Listener         `json:"listeners"`
}

// Listener is a listener of a Tree.
type Listener struct {
	ID                 string             `json:"id"`
	Name               string             `json:"name"`
	OperatingStatus    OperatingStatus    `json:"operating_status"`
	ProvisioningStatus ProvisioningStatus `json:"provisioning_status"`
	Pools              []Pool             `json:"pools"`
}

// Pool is a pool of a Tree. HealthMonitor is nil when the pool
// has none (Octavia then leaves the key out).
type Pool struct {
	ID                 string             `json:"id"`
	Name               string             `json:"name"`
	ProvisioningStatus ProvisioningStatus `json:"provisioning_status"`
	OperatingStatus    OperatingStatus    `json:"operating_status"`
	HealthMonitor      *HealthMonitor     `json:"health_monitor,omitempty"`
	Members            []Member           `json:"members"`
}

// HealthMonitor is a pool's health monitor in a Tree; Type is
// Octavia's monitor type (HTTP, HTTPS, PING, TCP, TLS-HELLO, UDP-CONNECT,
// SCTP).
type HealthMonitor struct {
	ID                 string             `json:"id"`
	Name               string             `json:"name"`
	Type               string             `json:"type"`
	ProvisioningStatus ProvisioningStatus `json:"provisioning_status"`
	OperatingStatus    OperatingStatus    `json:"operating_status"`
}

// Member is a pool member of a Tree.
type Member struct {
	ID                 string             `json:"id"`
	Name               string             `json:"name"`
	OperatingStatus    OperatingStatus    `json:"operating_status"`
	ProvisioningStatus ProvisioningStatus `json:"provisioning_status"`
	Address            string             `json:"address"`
	ProtocolPort       int                `json:"protocol_port"`
}

// Pending reports whether the load balancer or anything under it (listener,
// pool, health monitor, member) is in one of the PENDING_* states.
func (lb LoadBalancer) Pending() bool {
	if lb.ProvisioningStatus.Pending() {
		return true
	}
	for _, l := range lb.Listeners {
		if l.ProvisioningStatus.Pending() {
			return true
		}
		for _, p := range l.Pools {
			if p.ProvisioningStatus.Pending() || (p.HealthMonitor != nil && p.HealthMonitor.ProvisioningStatus.Pending()) {
				return true
			}
			for _, m := range p.Members {
				if m.ProvisioningStatus.Pending() {
					return true
				}
			}
		}
	}
	return false
}

// FirstPending is the provisioning status of the first object of the
// tree (the load balancer, then its children in the tree's order) that is
// PENDING_*, "" when none is: what a wait on the whole tree shows, each
// object's own status (a fully populated create leaves its children
// PENDING_CREATE while the load balancer is ACTIVE).
func (lb LoadBalancer) FirstPending() ProvisioningStatus {
	if lb.ProvisioningStatus.Pending() {
		return lb.ProvisioningStatus
	}
	for _, l := range lb.Listeners {
		if l.ProvisioningStatus.Pending() {
			return l.ProvisioningStatus
		}
		for _, p := range l.Pools {
			if p.ProvisioningStatus.Pending() {
				return p.ProvisioningStatus
			}
			if m := p.HealthMonitor; m != nil && m.ProvisioningStatus.Pending() {
				return m.ProvisioningStatus
			}
			for _, m := range p.Members {
				if m.ProvisioningStatus.Pending() {
					return m.ProvisioningStatus
				}
			}
		}
	}
	return ""
}

// FirstInError names the first child of the load balancer (listener,
// pool, health monitor, member, in the tree's order) whose provisioning
// status is ERROR, e.g. `pool "web-pool" (1b2d…)`; "" when none is.
func (lb LoadBalancer) FirstInError() string {
	bad := func(s ProvisioningStatus) bool { return s.Is("ERROR") }
	name := func(kind, n, id string) string { return fmt.Sprintf("%s %q (%s)", kind, n, id) }
	for _, l := range lb.Listeners {
		if bad(l.ProvisioningStatus) {
			return name("listener", l.Name, l.ID)
		}
		for _, p := range l.Pools {
			if bad(p.ProvisioningStatus) {
				return name("pool", p.Name, p.ID)
			}
			if m := p.HealthMonitor; m != nil && bad(m.ProvisioningStatus) {
				return name("health monitor", m.Name, m.ID)
			}
			for _, m := range p.Members {
				if bad(m.ProvisioningStatus) {
					return name("member", m.Name, m.ID)
				}
			}
		}
	}
	return ""
}

// FillLists makes the lists Octavia left out (or sent as null) empty, so
// that the tree encodes them as [] like Octavia does.
func (lb *LoadBalancer) FillLists() {
	if lb.Listeners == nil {
		lb.Listeners = []Listener{}
	}
	for i := range lb.Listeners {
		l := &lb.Listeners[i]
		if l.Pools == nil {
			l.Pools = []Pool{}
		}
		for j := range l.Pools {
			if l.Pools[j].Members == nil {
				l.Pools[j].Members = []Member{}
			}
		}
	}
}
