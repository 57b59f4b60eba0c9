package labcloud

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// Duration is a time.Duration written in JSON as Go text ("250ms", "30s").
type Duration struct{ time.Duration }

func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(d.String()) }

func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		var n float64
		if err2 := json.Unmarshal(b, &n); err2 != nil {
			return fmt.Errorf("duration: want a string like \"250ms\": %w", err)
		}
		d.Duration = time.Duration(n * float64(time.Second))
		return nil
	}
	if s == "" {
		d.Duration = 0
		return nil
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	d.Duration = v
	return nil
}

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
// Options.Scenario and at runtime by an admin through PUT /lab/faults.
type Faults struct {
	// Latency is added to every Keystone, Octavia and Neutron answer to
	// anyone but the lab's admins; at most MaxLatency.
	Latency Duration `json:"latency"`
	// ErrorRate is the fraction (0..1) of Octavia answers replaced by a 500
	// fault; which ones is reproducible from Options.Seed.
	ErrorRate float64 `json:"error_rate"`
	// Error names resources (name or id) whose next transition ends in ERROR;
	// an ACTIVE one goes to ERROR at once.
	Error []string `json:"error,omitempty"`
	// Stuck names resources (name or id) that stay in PENDING_* until the
	// fault is lifted; an ACTIVE one goes to PENDING_UPDATE at once.
	Stuck []string `json:"stuck,omitempty"`
	// DownMembers names members (name, id or address) whose health monitor
	// fails: the member goes ERROR, its pool DEGRADED or ERROR.
	DownMembers []string `json:"down_members,omitempty"`
	// TokenTTL, when set, makes every token die that long after it was
	// issued, whatever its expires_at says.
	TokenTTL Duration `json:"token_ttl"`
	// Octavia and Keystone are outages: "" (none), "503" or "reset".
	Octavia  string `json:"octavia"`
	Keystone string `json:"keystone"`
}

// wire is f as the trainer's API writes it (Faults' own JSON).
func (f Faults) wire() serverapi.Faults {
	return serverapi.Faults{Latency: f.Latency.String(), ErrorRate: f.ErrorRate, Error: slices.Clone(f.Error),
		Stuck: slices.Clone(f.Stuck), DownMembers: slices.Clone(f.DownMembers), TokenTTL: f.TokenTTL.String(),
		Octavia: f.Octavia, Keystone: f.Keystone}
}

func (f *Faults) matches(list []string, m *meta) bool {
	return slices.Contains(list, m.id) || (m.name != "" && slices.Contains(list, m.name))
}

func (f *Faults) memberDown(m *member) bool {
	return f.matches(f.DownMembers, &m.meta) || slices.Contains(f.DownMembers, m.address)
}

func (f *Faults) validate() error {
	if f.ErrorRate < 0 || f.ErrorRate > 1 {
		return fmt.Errorf("error_rate %v is not between 0 and 1", f.ErrorRate)
	}
	for _, o := range []string{f.Octavia, f.Keystone} {
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
			if m.prov == statusActive && f.matches(f.Error, m) {
				m.setStatus(statusError, now)
				touched = true
			}
			if m.prov == statusActive && f.matches(f.Stuck, m) && lb.op == nil {
				c.lockTree(lb, o, statusPendingUpdate, now)
				c.schedule(&pendingOp{lb: lb, activate: []object{lb, o}}, now)
			}
		}
		if touched || len(f.DownMembers) > 0 || lb.oper == operDegraded || lb.oper == operError {
			c.refreshOperating(lb, now)
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
