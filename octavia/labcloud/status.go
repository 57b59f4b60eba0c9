package labcloud

import (
	"container/heap"
	"slices"
	"time"
)

// pendingOp is one accepted write on a load balancer's tree: at due, the
// objects in activate leave PENDING_* and those in remove are gone.
type pendingOp struct {
	lb       *loadBalancer
	due      time.Time
	activate []object
	remove   []object
	after    func(now time.Time) // optional extra work (failover)
	index    int
}

type opHeap []*pendingOp

func (h opHeap) Len() int           { return len(h) }
func (h opHeap) Less(i, j int) bool { return h[i].due.Before(h[j].due) }
func (h opHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *opHeap) Push(x any) {
	op := x.(*pendingOp)
	op.index = len(*h)
	*h = append(*h, op)
}
func (h *opHeap) Pop() any {
	old := *h
	op := old[len(old)-1]
	*h = old[:len(old)-1]
	op.index = -1
	return op
}

// delay returns Options.Delay with ±25 % jitter from the seeded source.
// Caller holds c.mu.
func (c *Cloud) delay() time.Duration {
	d := c.opts.Delay
	return d*3/4 + time.Duration(c.rng.Int64N(int64(d/2)+1))
}

// schedule registers op on its load balancer. Caller holds c.mu.
func (c *Cloud) schedule(op *pendingOp, now time.Time) {
	op.due = now.Add(c.delay())
	op.lb.op = op
	heap.Push(&c.ops, op)
}

// advance completes every transition due by now, in due order. Transitions
// are computed lazily on each request, so a synctest bubble drives them.
// Caller holds c.mu.
func (c *Cloud) advance(now time.Time) {
	for len(c.ops) > 0 && !c.ops[0].due.After(now) {
		op := heap.Pop(&c.ops).(*pendingOp)
		if c.opStuck(op) {
			c.parked = append(c.parked, op)
			continue
		}
		c.finish(op, op.due)
	}
}

// unpark gives parked transitions another chance (faults changed).
func (c *Cloud) unpark(now time.Time) {
	for _, op := range c.parked {
		op.due = now
		heap.Push(&c.ops, op)
	}
	c.parked = nil
}

func (c *Cloud) opStuck(op *pendingOp) bool {
	if len(c.faults.Stuck) == 0 {
		return false
	}
	for _, o := range append(slices.Clone(op.activate), op.remove...) {
		if c.faults.matches(c.faults.Stuck, o.base()) {
			return true
		}
	}
	return false
}

// finalStatus is ACTIVE, or ERROR when the error fault names the object.
func (c *Cloud) finalStatus(m *meta) string {
	if c.faults.matches(c.faults.Error, m) {
		return statusError
	}
	return statusActive
}

func (c *Cloud) finish(op *pendingOp, now time.Time) {
	lb := op.lb
	if lb.op == op {
		lb.op = nil
	}
	for _, o := range op.remove {
		c.removeObject(o, now)
	}
	if _, alive := c.lbs.get(lb.id); !alive {
		return
	}
	if op.after != nil {
		op.after(now)
	}
	for _, o := range op.activate {
		m := o.base()
		if m.prov == statusPendingCreate || m.prov == statusPendingUpdate {
			m.setStatus(c.finalStatus(m), now)
		}
	}
	c.refreshOperating(lb, now)
}

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
		renumber(v.listener, now)
		c.l7policies.remove(v)
	case *l7rule:
		v.policy.rules = deleteItem(v.policy.rules, v)
		v.policy.cache = nil
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

// refreshOperating recomputes operating_status from admin state, members
// and monitors (a simulated healthy data plane), and starts or stops the
// listeners' traffic counters. Caller holds c.mu.
func (c *Cloud) refreshOperating(lb *loadBalancer, now time.Time) {
	live := func(m *meta) bool { return m.prov != statusPendingCreate && m.prov != statusPendingDelete }
	degraded := false
	for _, p := range lb.pools {
		monitored := p.hm != nil && p.hm.enabled && p.hm.prov != statusPendingCreate
		if p.hm != nil && live(&p.hm.meta) {
			p.hm.setOper(map[bool]string{true: operOnline, false: operOffline}[p.hm.enabled])
		}
		up, down := 0, 0
		for _, m := range p.members {
			if !live(&m.meta) {
				continue
			}
			switch {
			case !m.enabled || !p.enabled:
				m.setOper(operOffline)
			case !monitored:
				m.setOper(operNoMonitor)
				up++
			case c.faults.memberDown(m):
				m.setOper(operError)
				down++
			default:
				m.setOper(operOnline)
				up++
			}
		}
		if !live(&p.meta) {
			continue
		}
		switch {
		case !p.enabled:
			p.setOper(operOffline)
		case down > 0 && up == 0:
			p.setOper(operError)
			degraded = true
		case down > 0:
			p.setOper(operDegraded)
			degraded = true
		default:
			p.setOper(operOnline)
		}
	}
	lbUp := lb.enabled && lb.prov != statusPendingCreate && lb.prov != statusError
	for _, l := range lb.listeners {
		if live(&l.meta) {
			l.setOper(map[bool]string{true: operOnline, false: operOffline}[l.enabled && lb.enabled])
			for _, p := range l.l7policies {
				if live(&p.meta) {
					p.setOper(map[bool]string{true: operOnline, false: operOffline}[p.enabled])
				}
				for _, r := range p.rules {
					if live(&r.meta) {
						r.setOper(map[bool]string{true: operOnline, false: operOffline}[r.enabled])
					}
				}
			}
		}
		l.setUp(lbUp && l.enabled && l.prov == statusActive, now)
	}
	if lb.prov == statusPendingCreate {
		return
	}
	switch {
	case lb.prov == statusError:
		lb.setOper(operError)
	case !lb.enabled:
		lb.setOper(operOffline)
	case degraded:
		lb.setOper(operDegraded)
	default:
		lb.setOper(operOnline)
	}
}
