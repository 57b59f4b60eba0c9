package timeline

import (
	"unique"

	"github.com/octaview/octaview/app/serverapi"
)

// The kinds of objects a change names (serverapi.WallChange.Kind).
const (
	KindLoadBalancer  = "loadbalancer"
	KindListener      = "listener"
	KindPool          = "pool"
	KindHealthMonitor = "healthmonitor"
	KindMember        = "member"
)

// The fields a change names (serverapi.WallChange.Field).
const (
	FieldProvisioning = "provisioning_status"
	FieldOperating    = "operating_status"
)

// object is one object of a poll, with its statuses.
type object struct {
	id, kind, name, lb string
	prov, oper         string
}

// walk calls visit with each object of one poll's load balancers, parents
// before children, in the tree's order; a pool under two listeners comes
// twice. Strings are the poll's own: the store interns what it keeps.
func walk(lbs []serverapi.StatusLB, visit func(object)) {
	for _, lb := range lbs {
		visit(object{lb.ID, KindLoadBalancer, lb.Name, lb.ID, lb.ProvisioningStatus, lb.OperatingStatus})
		for _, l := range lb.Tree.Listeners {
			visit(object{l.ID, KindListener, l.Name, lb.ID, string(l.ProvisioningStatus), string(l.OperatingStatus)})
			for _, p := range l.Pools {
				visit(object{p.ID, KindPool, p.Name, lb.ID, string(p.ProvisioningStatus), string(p.OperatingStatus)})
				if m := p.HealthMonitor; m != nil {
					visit(object{m.ID, KindHealthMonitor, m.Name, lb.ID, string(m.ProvisioningStatus), string(m.OperatingStatus)})
				}
				for _, m := range p.Members {
					visit(object{m.ID, KindMember, m.Name, lb.ID, string(m.ProvisioningStatus), string(m.OperatingStatus)})
				}
			}
		}
	}
}

// intern is v's canonical copy: a day of polls holds each status, name
// and id once, and not the poll's memory.
func intern(v string) string { return unique.Make(v).Value() }

// interned is o with its strings interned.
func (o object) interned() object {
	return object{intern(o.id), o.kind, intern(o.name), intern(o.lb), intern(o.prov), intern(o.oper)}
}
