// The state machine of writes: an accepted write puts objects in PENDING_*
// and schedules a pendingOp; advance completes the ops that are due, lazily
// on each request (so a synctest bubble drives them).

package labcloud

import (
	"container/heap"
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
		if c.faults.stuck(op) {
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
			m.setStatus(c.faults.finalStatus(m), now)
		}
	}
	lb.refreshOperating(c.faults.of(lb.projectID), now)
}
