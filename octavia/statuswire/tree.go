package statuswire

import (
	"fmt"
	"iter"
)

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
func (lb LoadBalancer) Pending() bool { return lb.FirstPending() != "" }

// FirstPending is the provisioning status of the first object of the
// tree (the load balancer, then its children in the tree's order) that is
// PENDING_*, "" when none is: what a wait on the whole tree shows, each
// object's own status (a fully populated create leaves its children
// PENDING_CREATE while the load balancer is ACTIVE).
func (lb LoadBalancer) FirstPending() ProvisioningStatus {
	for n := range lb.nodes() {
		if n.status.Pending() {
			return n.status
		}
	}
	return ""
}

// FirstInError names the first child of the load balancer (listener,
// pool, health monitor, member, in the tree's order) whose provisioning
// status is ERROR, e.g. `pool "web-pool" (1b2d…)`; "" when none is.
func (lb LoadBalancer) FirstInError() string {
	for n := range lb.nodes() {
		if n.kind != kindLoadBalancer && n.status.Is("ERROR") {
			return fmt.Sprintf("%s %q (%s)", n.kind, n.name, n.id)
		}
	}
	return ""
}

// kindLoadBalancer is the kind of a Tree's root node.
const kindLoadBalancer = "load balancer"

// node is an object of a Tree as nodes yields it: its kind in words, its
// name, id and provisioning status.
type node struct {
	kind, name, id string
	status         ProvisioningStatus
}

// nodes yields the load balancer, then its children in the tree's order:
// each listener, then each of its pools, the pool's health monitor and its
// members.
func (lb LoadBalancer) nodes() iter.Seq[node] {
	return func(yield func(node) bool) {
		if !yield(node{kindLoadBalancer, lb.Name, lb.ID, lb.ProvisioningStatus}) {
			return
		}
		for _, l := range lb.Listeners {
			if !yield(node{"listener", l.Name, l.ID, l.ProvisioningStatus}) {
				return
			}
			for _, p := range l.Pools {
				if !yield(node{"pool", p.Name, p.ID, p.ProvisioningStatus}) {
					return
				}
				if m := p.HealthMonitor; m != nil && !yield(node{"health monitor", m.Name, m.ID, m.ProvisioningStatus}) {
					return
				}
				for _, m := range p.Members {
					if !yield(node{"member", m.Name, m.ID, m.ProvisioningStatus}) {
						return
					}
				}
			}
		}
	}
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
