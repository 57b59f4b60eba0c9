// The cascade: what deleting an object removes under it.

package labcloud

import (
	"slices"
	"time"
)

// removeObject deletes an object and everything under it. Caller holds c.mu.
func (c *Cloud) removeObject(o object, now time.Time) {
	switch v := o.(type) {
	case *loadBalancer:
		for _, l := range slices.Clone(v.listeners) {
			c.removeObject(l, now)
		}
		for _, p := range slices.Clone(v.pools) {
			c.removeObject(p, now)
		}
		for _, a := range v.amphorae {
			c.amphorae.remove(a)
		}
		c.releasePort(v.vipPortID)
		c.lbs.remove(v)
	case *listener:
		for _, p := range slices.Clone(v.l7policies) {
			c.removeObject(p, now)
		}
		for _, p := range v.lb.pools {
			if i := slices.Index(p.listeners, v); i >= 0 {
				p.listeners = slices.Delete(p.listeners, i, i+1)
				p.cache = nil
			}
		}
		v.lb.listeners = deleteItem(v.lb.listeners, v)
		v.lb.cache = nil
		c.listeners.remove(v)
	case *pool:
		for _, m := range slices.Clone(v.members) {
			c.removeObject(m, now)
		}
		if v.hm != nil {
			c.removeObject(v.hm, now)
		}
		for _, l := range v.lb.listeners {
			if l.defaultPool == v {
				l.defaultPool = nil
				l.cache = nil
			}
		}
		v.lb.pools = deleteItem(v.lb.pools, v)
		v.lb.cache = nil
		c.pools.remove(v)
	case *member:
		v.pool.members = deleteItem(v.pool.members, v)
		v.pool.cache = nil
		c.members.remove(v)
	case *healthMonitor:
		if v.pool.hm == v {
			v.pool.hm = nil
			v.pool.cache = nil
		}
		c.monitors.remove(v)
	case *l7policy:
		for _, r := range slices.Clone(v.rules) {
			c.removeObject(r, now)
		}
		v.listener.l7policies = deleteItem(v.listener.l7policies, v)
		v.listener.cache = nil
		dropPoolViews(v.listener.lb)
		renumber(v.listener, now)
		c.l7policies.remove(v)
	case *l7rule:
		v.policy.rules = deleteItem(v.policy.rules, v)
		v.policy.cache = nil
		dropPoolViews(v.policy.listener.lb)
		c.l7rules.remove(v)
	}
}

func deleteItem[T comparable](s []T, v T) []T {
	if i := slices.Index(s, v); i >= 0 {
		return slices.Delete(s, i, i+1)
	}
	return s
}

// renumber keeps L7 policy positions 1..n in order.
func renumber(l *listener, now time.Time) {
	for i, p := range l.l7policies {
		if p.position != i+1 {
			p.position = i + 1
			p.cache = nil
		}
	}
}
