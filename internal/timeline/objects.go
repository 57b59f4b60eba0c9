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

// flatten lists the objects of one poll's load balancers, each once (a pool
// under two listeners is one pool), parents before children, in the tree's
// order. Strings are interned: a day of polls holds each status and name
// once.
func flatten(lbs []serverapi.StatusLB) []object {
	var out []object
	seen := make(map[string]bool)
	add := func(o object) {
		if o.id == "" || seen[o.id] {
			return
		}
		seen[o.id] = true
		o.id, o.kind, o.name, o.lb = intern(o.id), intern(o.kind), intern(o.name), intern(o.lb)
		o.prov, o.oper = intern(o.prov), intern(o.oper)
		out = append(out, o)
	}
	for _, lb := range lbs {
		add(object{lb.ID, KindLoadBalancer, lb.Name, lb.ID, lb.ProvisioningStatus, lb.OperatingStatus})
		for _, l := range lb.Tree.Listeners {
			add(object{l.ID, KindListener, l.Name, lb.ID, string(l.ProvisioningStatus), string(l.OperatingStatus)})
			for _, p := range l.Pools {
				add(object{p.ID, KindPool, p.Name, lb.ID, string(p.ProvisioningStatus), string(p.OperatingStatus)})
				if m := p.HealthMonitor; m != nil {
					add(object{m.ID, KindHealthMonitor, m.Name, lb.ID, string(m.ProvisioningStatus), string(m.OperatingStatus)})
				}
				for _, m := range p.Members {
					add(object{m.ID, KindMember, m.Name, lb.ID, string(m.ProvisioningStatus), string(m.OperatingStatus)})
				}
			}
		}
	}
	return out
}

func intern(s string) string { return unique.Make(s).Value() }
