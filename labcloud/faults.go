// The faults the lab injects, for teaching: the value (app/serverapi's
// Faults), its checks and how a project's add to the lab's, and the
// Cloud's calls that set them and apply them at once to the objects they
// name. What the lab holds is its faultBook (faultbook.go).

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

// mergeFaults is what acts on a project that has faults of its own: the
// lab-wide faults g plus the project's p. Lists add up, the longer latency
// and the higher error rate win, the shorter token lifetime wins, no_qos
// in either holds, and the project's outage, when it has one, replaces the
// lab-wide one.
func mergeFaults(g, p Faults) Faults {
	m := g
	m.Latency.Duration = max(g.Latency.Duration, p.Latency.Duration)
	m.ErrorRate = max(g.ErrorRate, p.ErrorRate)
	m.Error = append(slices.Clone(g.Error), p.Error...)
	m.Stuck = append(slices.Clone(g.Stuck), p.Stuck...)
	m.DownMembers = append(slices.Clone(g.DownMembers), p.DownMembers...)
	m.NoQoS = g.NoQoS || p.NoQoS
	if p.TokenTTL.Duration > 0 && (m.TokenTTL.Duration == 0 || p.TokenTTL.Duration < m.TokenTTL.Duration) {
		m.TokenTTL = p.TokenTTL
	}
	if p.Octavia != OutageNone {
		m.Octavia = p.Octavia
	}
	if p.Keystone != OutageNone {
		m.Keystone = p.Keystone
	}
	if p.Barbican != OutageNone {
		m.Barbican = p.Barbican
	}
	return m
}

// faultless reports whether f injects nothing.
func faultless(f *Faults) bool {
	return f.Latency.Duration == 0 && f.ErrorRate == 0 && len(f.Error) == 0 && len(f.Stuck) == 0 &&
		len(f.DownMembers) == 0 && !f.NoQoS && f.TokenTTL.Duration == 0 && f.Octavia == OutageNone && f.Keystone == OutageNone && f.Barbican == OutageNone
}

// SetFaults replaces the lab-wide faults, as PUT /lab/faults does.
func (c *Cloud) SetFaults(f Faults) error {
	if err := validateFaults(&f); err != nil {
		return err
	}
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.advance(now)
	c.setFaults(f, now)
	c.markChanged()
	return nil
}

// Faults returns the injected faults.
func (c *Cloud) Faults() Faults {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.faults.lab
}

// SetProjectFaults replaces the faults of the projects named (by name or
// id; {} lifts them), each scoped to its own project: a down member, a
// stuck or failed resource, latency, an outage or a short token lifetime
// acts on that project's objects and users only.
func (c *Cloud) SetProjectFaults(projects []string, f Faults) error {
	if err := validateFaults(&f); err != nil {
		return err
	}
	return c.eachProject(projects, func(p *project, now time.Time) error {
		c.setProjectFaults(p, f, now)
		return nil
	})
}

// ProjectFaults returns the faults of each project that has its own, by
// project name.
func (c *Cloud) ProjectFaults() map[string]Faults {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.faults.byName(c.projectsByID)
}

// setFaults replaces the lab-wide faults and applies the ones that act on
// existing objects at once. Caller holds c.mu.
func (c *Cloud) setFaults(f Faults, now time.Time) {
	c.faults.set(f)
	c.applyFaults(now, "")
}

// setProjectFaults replaces the faults of one project ({} lifts them) and
// applies at once those that act on its existing objects. Caller holds c.mu.
func (c *Cloud) setProjectFaults(p *project, f Faults, now time.Time) {
	c.faults.setProject(p.id, f)
	c.applyFaults(now, p.id)
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
		f := c.faults.of(lb.projectID)
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
