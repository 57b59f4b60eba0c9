package labcloud

import (
	"fmt"
	"slices"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// Duration is a time.Duration written in JSON as Go text ("250ms", "30s"):
// app/serverapi's, the trainer's contract.
type Duration = serverapi.Duration

// MaxLatency bounds Faults.Latency: the console's proxy gives up on an
// upstream answer after 60 s (a 504), so a longer latency would teach
// nothing more and only hold each request, a goroutine and a connection
// for as long. Up to it, a slow cloud's every symptom can be shown (a
// Keystone slower than the console's 30 s identity bound included); the
// lab's admins are spared latency, so the trainer can always lift it.
const MaxLatency = time.Minute

// Outage values for Faults.Octavia and Faults.Keystone.
const (
	OutageNone  = ""
	Outage503   = "503"   // 503 Service Unavailable
	OutageReset = "reset" // the connection is closed without an answer
)

// Faults are the failures the lab injects, for teaching. They are set by
// Options.Scenario and at runtime by an admin through PUT /lab/faults. The
// type is app/serverapi's (its fields say what each fault does): the lab
// answers the trainer's API in it.
type Faults = serverapi.Faults

// cloneFaults is a copy of f that shares no list with it (the trainer's
// Class is encoded after the lab's lock is released).
func cloneFaults(f Faults) Faults {
	f.Error, f.Stuck, f.DownMembers = slices.Clone(f.Error), slices.Clone(f.Stuck), slices.Clone(f.DownMembers)
	return f
}

// named reports whether list names m, by id or name (a fault's list).
func named(list []string, m *meta) bool {
	return slices.Contains(list, m.id) || (m.name != "" && slices.Contains(list, m.name))
}

// memberDown reports whether f's down members name m (by id, name or
// address).
func memberDown(f *Faults, m *member) bool {
	return named(f.DownMembers, &m.meta) || slices.Contains(f.DownMembers, m.address)
}

// validateFaults checks f's values: a rate, outages the lab knows,
// durations neither negative nor over MaxLatency.
func validateFaults(f *Faults) error {
	if f.ErrorRate < 0 || f.ErrorRate > 1 {
		return fmt.Errorf("error_rate %v is not between 0 and 1", f.ErrorRate)
	}
	for _, o := range []string{f.Octavia, f.Keystone, f.Barbican} {
		if o != OutageNone && o != Outage503 && o != OutageReset {
			return fmt.Errorf("outage %q is not one of \"\", \"503\", \"reset\"", o)
		}
	}
	if f.Latency.Duration < 0 || f.TokenTTL.Duration < 0 {
		return fmt.Errorf("durations must not be negative")
	}
	if f.Latency.Duration > MaxLatency {
		return fmt.Errorf("latency %v is more than %v: the console gives up on an answer after %v", f.Latency.Duration, MaxLatency, MaxLatency)
	}
	return nil
}

// setFaults replaces the lab-wide faults and applies the ones that act on
// existing objects at once. Caller holds c.mu.
func (c *Cloud) setFaults(f Faults, now time.Time) {
	c.faults = f
	c.rebuildEffective()
	c.applyFaults(now, "")
}

// applyFaults applies the faults that act on existing objects at once, on
// the load balancers of projectID ("" = every project): an ACTIVE object
// named by error goes to ERROR, one named by stuck to PENDING_UPDATE, and
// operating statuses follow the down members. Caller holds c.mu.
func (c *Cloud) applyFaults(now time.Time, projectID string) {
	c.unpark(now)
	for _, lb := range c.lbs.order {
		if projectID != "" && lb.projectID != projectID {
			continue
		}
		f := c.faultsFor(lb.projectID)
		touched := false
		for _, o := range treeOf(lb) {
			m := o.base()
			if m.prov == statusActive && named(f.Error, m) {
				m.setStatus(statusError, now)
				touched = true
			}
			if m.prov == statusActive && named(f.Stuck, m) && lb.op == nil {
				c.lockTree(lb, o, statusPendingUpdate, now)
				c.schedule(&pendingOp{lb: lb, activate: []object{lb, o}}, now)
			}
		}
		if touched || len(f.DownMembers) > 0 || lb.oper == operDegraded || lb.oper == operError {
			lb.refreshOperating(f, now)
		}
	}
}

// treeOf lists a load balancer and every object under it.
func treeOf(lb *loadBalancer) []object {
	out := []object{lb}
	for _, l := range lb.listeners {
		out = append(out, l)
		for _, p := range l.l7policies {
			out = append(out, p)
			for _, r := range p.rules {
				out = append(out, r)
			}
		}
	}
	for _, p := range lb.pools {
		out = append(out, p)
		if p.hm != nil {
			out = append(out, p.hm)
		}
		for _, m := range p.members {
			out = append(out, m)
		}
	}
	return out
}
