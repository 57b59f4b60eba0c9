package wallmetrics

import (
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/octaview/octaview/app/serverapi"
)

// MaxObjects is the most objects (load balancers, listeners, pools, health
// monitors, members) a wall exports; the rest are counted in
// octaview_wall_objects_truncated. Each object makes three series.
const MaxObjects = 5000

// Handler serves the Prometheus metrics of one wall: each scrape calls
// snapshot for what the wall shows now (a Wall as the server sends it,
// already redacted as its WallShow says). The metrics are on a registry of
// the handler's own: a server's other metrics are not in it.
func Handler(snapshot func() serverapi.Wall) http.Handler {
	return handler(snapshot, MaxObjects)
}

func handler(snapshot func() serverapi.Wall, limit int) http.Handler {
	reg := prometheus.NewRegistry()
	reg.MustRegister(&collector{snapshot: snapshot, limit: limit, descs: newDescs()})
	// ContinueOnError: a series client_golang refuses (a duplicate the
	// cloud sent) leaves the others served; errors are not logged (they
	// would name objects).
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}

// collector makes a wall's series from its snapshot at each scrape.
type collector struct {
	snapshot func() serverapi.Wall
	limit    int
	descs    descs
}

func (c *collector) Describe(ch chan<- *prometheus.Desc) { c.descs.describe(ch) }

func (c *collector) Collect(ch chan<- prometheus.Metric) {
	w := c.snapshot()
	e := &emitter{ch: ch, d: &c.descs, wall: label(w.Name), show: w.Show, left: c.limit, seen: make(map[string]bool)}
	for _, lb := range w.LoadBalancers {
		e.loadBalancer(lb)
	}
	if !w.Show.Summary {
		for _, lb := range w.LoadBalancers {
			e.tree(lb)
		}
	}
	d := &c.descs
	ch <- prometheus.MustNewConstMetric(d.truncated, prometheus.GaugeValue, float64(e.truncated), e.wall)
	failed := 0.0
	if w.Error != "" {
		failed = 1
	}
	ch <- prometheus.MustNewConstMetric(d.feedError, prometheus.GaugeValue, failed, e.wall)
	if t, err := time.Parse(time.RFC3339, w.UpdatedAt); err == nil {
		ch <- prometheus.MustNewConstMetric(d.lastSuccess, prometheus.GaugeValue, unix(t), e.wall)
	}
	for status, n := range w.Summary.ByOperating {
		if status != "" {
			ch <- prometheus.MustNewConstMetric(d.lbCount, prometheus.GaugeValue, float64(n), e.wall, label(status))
		}
	}
}

// label is v as a label value: valid UTF-8 (client_golang refuses a
// series otherwise, and a hostile name must not blank the scrape).
func label(v string) string { return strings.ToValidUTF8(v, "\uFFFD") }

func unix(t time.Time) float64 { return float64(t.UnixMilli()) / 1e3 }
