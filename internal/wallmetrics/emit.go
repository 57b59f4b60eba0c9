package wallmetrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/octaview/octaview/app/serverapi"
)

// emitter sends the series of one scrape's wall, each object once, at
// most its limit of objects.
type emitter struct {
	ch        chan<- prometheus.Metric
	d         *descs
	wall      string
	show      serverapi.WallShow
	left      int             // objects still allowed
	truncated int             // objects left out
	seen      map[string]bool // object ids sent (a pool under two listeners is one pool)
}

func (e *emitter) loadBalancer(lb serverapi.WallLB) {
	e.object(e.d.lb, lb.Since, []string{lb.ID}, lb.Name, lb.ProvisioningStatus, lb.OperatingStatus)
}

func (e *emitter) tree(lb serverapi.WallLB) {
	for _, l := range lb.Tree.Listeners {
		e.object(e.d.listener, lb.Since, []string{lb.ID, l.ID}, l.Name, string(l.ProvisioningStatus), string(l.OperatingStatus))
		for _, p := range l.Pools {
			if e.seen[p.ID] {
				continue // the pool, its monitor and members were sent under another listener
			}
			e.object(e.d.pool, lb.Since, []string{lb.ID, p.ID}, p.Name, string(p.ProvisioningStatus), string(p.OperatingStatus))
			if m := p.HealthMonitor; m != nil {
				e.object(e.d.monitor, lb.Since, []string{lb.ID, m.ID}, m.Name, string(m.ProvisioningStatus), string(m.OperatingStatus))
			}
			if !e.show.Members {
				continue
			}
			for _, m := range p.Members {
				e.object(e.d.member, lb.Since, []string{lb.ID, p.ID, m.ID}, m.Name, string(m.ProvisioningStatus), string(m.OperatingStatus))
			}
		}
	}
}

// object sends an object's series: ids are its parents' and its own, its
// own last; since is its load balancer's WallLB.Since.
func (e *emitter) object(k kindDescs, since map[string]string, ids []string, name, prov, oper string) {
	id := ids[len(ids)-1]
	if id == "" || e.seen[id] {
		return
	}
	e.seen[id] = true
	if e.left <= 0 {
		e.truncated++
		return
	}
	e.left--
	if !e.show.Names {
		name = id
	}
	labels := []string{e.wall}
	for _, v := range ids {
		labels = append(labels, label(v))
	}
	labels = append(labels, label(name))
	for _, s := range []struct {
		desc   *prometheus.Desc
		status string
	}{{k.prov, prov}, {k.oper, oper}} {
		if s.status != "" {
			e.send(s.desc, 1, append(labels, label(s.status))...)
		}
	}
	if t, err := time.Parse(time.RFC3339, since[id]); err == nil {
		e.send(k.since, unix(t), labels...)
	}
}

// send sends one series; one client_golang refuses is left out.
func (e *emitter) send(d *prometheus.Desc, v float64, labels ...string) {
	if m, err := prometheus.NewConstMetric(d, prometheus.GaugeValue, v, labels...); err == nil {
		e.ch <- m
	}
}
