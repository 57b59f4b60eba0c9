package labcloud

import (
	"net/http"
	"slices"
	"time"
)

// buildGraph validates a fully populated create body and links its pools,
// members, monitors, listeners, L7 policies and rules under lb (which is not
// stored yet, so a failure leaves nothing behind).
func (c lbKind) buildGraph(lb *loadBalancer, b *lbBody, now time.Time) *apiError {
	poolBodies := append([]poolBody(nil), b.Pools...)
	for i := range b.Listeners {
		dp := b.Listeners[i].DefaultPool
		if dp == nil {
			continue
		}
		if dp.Name == nil || *dp.Name == "" {
			return validation("Pools must be named when creating a fully populated loadbalancer.")
		}
		if dp.Protocol != nil {
			poolBodies = append(poolBodies, *dp)
		}
	}
	byName := map[string]*pool{}
	for i := range poolBodies {
		pb := &poolBodies[i]
		if pb.Name == nil || *pb.Name == "" {
			return validation("Pools must be named when creating a fully populated loadbalancer.")
		}
		if byName[*pb.Name] != nil {
			return validation("Pool names must be unique when creating a fully populated loadbalancer.")
		}
		for _, attr := range []struct {
			set  bool
			name string
		}{{pb.Protocol != nil, "protocol"}, {pb.LBAlgorithm != nil, "lb_algorithm"}} {
			if !attr.set {
				return validation("Pool definition for '%s' missing required attribute: %s", *pb.Name, attr.name)
			}
		}
		p, err := poolKind{c.Cloud}.buildPool(pb, lb, now)
		if err != nil {
			return err
		}
		for j := range pb.Members {
			m, err := memberKind{c.Cloud}.buildMember(&pb.Members[j], p, now)
			if err != nil {
				return err
			}
			p.members = append(p.members, m)
		}
		if pb.HealthMonitor != nil {
			h, err := monitorKind{c.Cloud}.buildMonitor(pb.HealthMonitor, p, now)
			if err != nil {
				return err
			}
			p.hm = h
		}
		byName[*pb.Name] = p
		lb.pools = append(lb.pools, p)
	}
	for i := range b.Listeners {
		lbd := &b.Listeners[i]
		l, err := listenerKind{c.Cloud}.buildListener(lbd, lb, now)
		if err != nil {
			return err
		}
		if lbd.DefaultPool != nil {
			p := byName[*lbd.DefaultPool.Name]
			if p == nil {
				return errorf(http.StatusBadRequest, "Missing details for Pool object: %s", *lbd.DefaultPool.Name)
			}
			setDefaultPool(l, p)
		}
		lb.listeners = append(lb.listeners, l)
		for j := range lbd.L7Policies {
			pb := &lbd.L7Policies[j]
			if pb.RedirectPool != nil && pb.RedirectPool.Name != nil {
				rp := byName[*pb.RedirectPool.Name]
				if rp == nil {
					return validation("Pool '%s' was referenced but no full definition was found.", *pb.RedirectPool.Name)
				}
				pb.RedirectPoolID = &rp.id
			}
			pol, err := l7policyKind{c.Cloud}.buildL7Policy(pb, l, now)
			if err != nil {
				return err
			}
			// at its position, as a policy created alone: Octavia (Zed)
			// creates a graph's policies one by one, in body order
			l.l7policies = slices.Insert(l.l7policies, pol.position-1, pol)
			renumber(l, now)
			for r := range pb.Rules {
				rule, err := l7ruleKind{c.Cloud}.buildL7Rule(&pb.Rules[r], pol, now)
				if err != nil {
					return err
				}
				pol.rules = append(pol.rules, rule)
			}
		}
	}
	counts := map[string]int{} // what the create adds, by kind
	for _, o := range treeOf(lb)[1:] {
		counts[kindOf(o)]++
	}
	for _, kind := range []string{KindPool, KindListener, KindMember, KindHealthMonitor, KindL7Policy, KindL7Rule} {
		if err := c.checkQuota(lb.projectID, kind, counts[kind]); err != nil {
			return err
		}
	}
	return nil
}

// registerTree stores lb and everything under it. Caller holds c.mu.
func (c *Cloud) registerTree(lb *loadBalancer) {
	c.lbs.add(lb)
	for _, o := range treeOf(lb)[1:] {
		switch v := o.(type) {
		case *listener:
			c.listeners.add(v)
		case *pool:
			c.pools.add(v)
		case *member:
			c.members.add(v)
		case *healthMonitor:
			c.monitors.add(v)
		case *l7policy:
			c.l7policies.add(v)
		case *l7rule:
			c.l7rules.add(v)
		}
	}
}
