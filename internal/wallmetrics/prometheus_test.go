package wallmetrics

import (
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/internal/promtest"
)

// scrapes is a wall whose member m1 a test sets, and the member's status
// each scrape read, in order.
type scrapes struct {
	mu     sync.Mutex
	status string
	served []string
}

func (s *scrapes) snapshot() serverapi.Wall {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.served = append(s.served, s.status)
	return wall(serverapi.WallShow{Names: true, Members: true}, s.status)
}

// set sets m1's status and returns how many scrapes read the old one.
func (s *scrapes) set(status string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status = status
	return len(s.served)
}

func (s *scrapes) since(n int) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.served[n:])
}

// TestPrometheusSeesMemberDown: a real Prometheus scraping a wall's
// handler every second sees its member go ERROR within two scrapes of the
// change, and its ONLINE series go stale.
func TestPrometheusSeesMemberDown(t *testing.T) {
	w := &scrapes{status: "ONLINE"}
	srv := httptest.NewServer(Handler(w.snapshot))
	defer srv.Close()
	prom := promtest.Start(t, srv.URL+"/metrics")

	const online = `octavia_member_operating_status{wall="noc",member="m1",status="ONLINE"}`
	const down = `octavia_member_operating_status{wall="noc",member="m1",status="ERROR"}`
	waitScrapes(t, w, 0, 20, "the member ONLINE", func() bool { return len(query(t, prom, online)) == 1 })

	before := w.set("ERROR")
	var first int // the scrape after the change that Prometheus first has in ERROR (1: the first)
	waitScrapes(t, w, before, 10, "the member in ERROR", func() bool {
		series := query(t, prom, down+"[1m]")
		if len(series) == 0 {
			return false
		}
		served := w.since(before)
		first = slices.Index(served, "ERROR") + 1
		inError := len(served) - first + 1
		// Prometheus holds a sample of each scrape that served ERROR (the
		// last may still be on its way): its first is the first scrape's.
		if got := len(series[0].Points); got < inError-1 {
			t.Fatalf("Prometheus holds %d ERROR samples, %d scrapes served ERROR", got, inError)
		}
		return true
	})
	if first < 1 || first > 2 {
		t.Errorf("Prometheus first saw the member ERROR at scrape %d after the change, want within 2", first)
	}
	waitScrapes(t, w, before, 10, "the ONLINE series stale", func() bool { return len(query(t, prom, online)) == 0 })
	// The queries docs/walls.md gives: a member down for a while (m1's
	// since is in the past), a stalled or failing wall (it is not).
	if got := query(t, prom, `octavia_member_operating_status{status="ERROR"} == 1 and on(member) (time() - octavia_member_status_since_timestamp_seconds) > 0`); len(got) != 1 || got[0].Metric["member"] != "m1" {
		t.Errorf("the down-for-a-while query: got %+v, want m1", got)
	}
	if got := query(t, prom, `time() - octaview_wall_last_success_timestamp_seconds > 1e9 or octaview_wall_feed_error == 1`); len(got) != 0 {
		t.Errorf("the stalled-wall query: got %+v, want nothing", got)
	}
	tg, err := prom.Target()
	if err != nil {
		t.Fatal(err)
	}
	if tg.Health != "up" {
		t.Errorf("target %+v, want up", tg)
	}
	t.Logf("Prometheus saw the member ERROR at scrape %d after the change (target %s, last scrape %s)", first, tg.Health, tg.LastScrape.Format(time.RFC3339Nano))
}

func query(t *testing.T, prom *promtest.Server, expr string) []promtest.Series {
	t.Helper()
	s, err := prom.Query(expr)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// waitScrapes polls ok until it holds, failing once the wall served max
// scrapes past from without it: the bound is in scrapes, not in time.
func waitScrapes(t *testing.T, w *scrapes, from, max int, what string, ok func() bool) {
	t.Helper()
	for !ok() {
		if n := len(w.since(from)); n > max {
			t.Fatalf("Prometheus did not see %s in %d scrapes", what, n)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
