package list

import (
	"fmt"
	"testing"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

func TestLiveSpan(t *testing.T) {
	order := make([]seqRow, 1000) // a list in Octavia's order
	for i := range order {
		order[i] = seqRow{Seq: float64(i), ID: fmt.Sprintf("lb-%04d", i)}
	}
	view := func(ids ...int) map[string]bool {
		m := map[string]bool{}
		for _, i := range ids {
			m[order[i].ID] = true
		}
		return m
	}
	span := func(from, to int) map[string]bool {
		m := map[string]bool{}
		for i := from; i < to; i++ {
			m[order[i].ID] = true
		}
		return m
	}
	cases := []struct {
		name   string
		inView map[string]bool
		from   float64
		marker string
		limit  int
		next   float64
	}{
		{"the top of the list: no marker", span(0, 90), 0, "", 90, 0},
		{"scrolled to the middle: from the row before", span(500, 590), 0, "lb-0499", 90, 0},
		{"the last rows", span(910, 1000), 0, "lb-0909", 90, 0},
		{"rows scattered by a search: the first stretch of 100, then the rest", view(3, 50, 102, 103, 700), 0, "lb-0002", 100, 103},
		{"the next re-read starts where the last stopped", view(3, 50, 102, 103, 700), 103, "lb-0102", 1, 700},
		{"and wraps to the top after the last", view(3, 50, 102, 103, 700), 700, "lb-0699", 1, 0},
		{"nothing in view", nil, 0, "", 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			marker, limit, next := liveSpan(order, tc.inView, tc.from, listLiveMost)
			if marker != tc.marker || limit != tc.limit || next != tc.next {
				t.Errorf("got marker %q, limit %d, next %v; want %q, %d, %v", marker, limit, next, tc.marker, tc.limit, tc.next)
			}
		})
	}
}

// TestLiveReadOfTheRowsInView: a list read in Octavia's order by name
// (listSort) knows each row's place (Seq); one request with liveSpan's
// marker and limit then reads exactly the rows in view, wherever they are
// in the list, from the lab as from Octavia (sort and marker together).
func TestLiveReadOfTheRowsInView(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "bulk", Count: 250}}}})
	c := labtest.As(t, cloud, "demo", "demo")
	q := console.ListQuery{Sort: listSort(console.LBResource)}
	var rows []tab.Row
	for r, err := range ReadRows(t.Context(), c, console.LBResource, q) {
		if err != nil {
			t.Fatal(err)
		}
		r.Seq = float64(len(rows))
		rows = append(rows, r)
	}
	tab.SortRows(rows) // the list's order (compareRow)
	for i := range rows {
		if rows[i].Seq != float64(i) {
			t.Fatalf("row %d (%s) is %v in Octavia's order: want the same order by name", i, rows[i].Name, rows[i].Seq)
		}
	}
	for _, first := range []int{0, 100, 170} {
		inView := map[string]bool{}
		for i := first; i < first+80; i++ {
			inView[rows[i].ID] = true
		}
		marker, limit, _ := liveSpan(bySeq(rows), inView, 0, listLiveMost)
		q := console.ListQuery{Sort: listSort(console.LBResource), Marker: marker, Limit: limit}
		n := 0
		for r, err := range ReadRows(t.Context(), c, console.LBResource, q) {
			if err != nil {
				t.Fatal(err)
			}
			if !inView[r.ID] {
				t.Errorf("view from row %d: read %s, which is not in view", first, r.Name)
			}
			if n++; n == limit {
				break
			}
		}
		if n != len(inView) {
			t.Errorf("view from row %d: read %d rows, want the %d in view", first, n, len(inView))
		}
	}
}

func TestPrefetchFirstRows(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "bulk", Count: 100}}}})
	login := func() *octavia.Client { return labtest.As(t, cloud, "demo", "demo") }
	client, other := login(), login()
	sess := &tab.Session{Client: client, Info: client.Session()}
	rt := tab.NewRuntime()
	key := "/load-balancers?"
	PrefetchFirstRows(rt, sess, "/load-balancers")
	if f := rt.TakeFirstRows(other, key); f != nil {
		t.Errorf("another session's list: got the prefetched page, want none")
	}
	PrefetchFirstRows(rt, sess, "/load-balancers")
	if f := rt.TakeFirstRows(client, "/listeners?"); f != nil {
		t.Errorf("another list: got the load balancers' prefetched page, want none")
	}
	PrefetchFirstRows(rt, sess, "/load-balancers")
	f := rt.TakeFirstRows(client, key)
	if f == nil {
		t.Fatal("the session's list: got no prefetched page, want it")
	}
	<-f.Done
	if f.Err != nil || len(f.Rows) != First {
		t.Errorf("prefetched page: got %d rows, %v; want %d", len(f.Rows), f.Err, First)
	}
	if again := rt.TakeFirstRows(client, key); again != nil {
		t.Errorf("a second load (Refresh): got the prefetched page again, want none")
	}
	if f := PrefetchFirstRows(rt, sess, "/load-balancers/new"); f != nil {
		t.Errorf("a login to a page that is no list: got a prefetch, want none")
	}
	if f := PrefetchFirstRows(rt, sess, "/amphorae"); f != nil {
		t.Errorf("a list the session may not read (amphorae, admins only): got a prefetch, want none")
	}
	// Any kind's list, with its filters from the URL: the listeners of one load balancer.
	f = PrefetchFirstRows(rt, sess, "/listeners?loadbalancer_id=nothing")
	if f == nil {
		t.Fatal("a listener list: got no prefetch, want one")
	}
	<-f.Done
	if f.Err != nil || len(f.Rows) != 0 || rt.TakeFirstRows(client, "/listeners?loadbalancer_id=nothing") != f {
		t.Errorf("the listeners of no load balancer: got %d rows, %v, or kept for another key; want none, for its own", len(f.Rows), f.Err)
	}
}
