package wallmetrics

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
)

// BenchmarkScrape is one scrape of a wall at MaxObjects: 1,000 load
// balancers of six objects each (5,000 exported, 1,000 truncated).
func BenchmarkScrape(b *testing.B) {
	w := wall(serverapi.WallShow{Names: true, Members: true}, "ERROR")
	one := w.LoadBalancers[0]
	w.LoadBalancers = nil
	for i := range 1000 {
		lb := one
		lb.ID = fmt.Sprintf("lb%04d", i)
		lb.Tree.Listeners = nil
		for _, l := range one.Tree.Listeners[:1] {
			l.ID = lb.ID + "-" + l.ID
			p := l.Pools[0]
			p.ID = lb.ID + "-p1"
			hm := *p.HealthMonitor
			hm.ID = lb.ID + "-h1"
			p.HealthMonitor = &hm
			p.Members = append(p.Members[:0:0], p.Members...)
			for j := range p.Members {
				p.Members[j].ID = fmt.Sprintf("%s-m%d", lb.ID, j)
			}
			l.Pools = append(l.Pools[:0:0], p)
			lb.Tree.Listeners = append(lb.Tree.Listeners, l)
		}
		w.LoadBalancers = append(w.LoadBalancers, lb)
	}
	h := Handler(func() serverapi.Wall { return w })
	var size int
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size), "bytes/scrape")
}
