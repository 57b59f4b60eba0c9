package list

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// TestTakeIDs: a read of the list's ids adds what it lists that the rows
// lack; a row it does not list goes at once when the read began after the
// last row was added, else at the second read that does not list it (a
// read may have begun before the row was listed); never while a write of
// this tab on it is in flight.
func TestTakeIDs(t *testing.T) {
	added := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	before, after := added.Add(-time.Second), added.Add(time.Second)
	busy := func(id string) bool { return id == "c" }
	none := func(string) bool { return false }

	m := model{rows: modelRows(), addedAt: added} // a, b, c
	held := m.rows
	got, absent := m.takeIDs([]string{"a", "d"}, before, nil, busy)
	if !slices.Equal(got, []string{"d"}) {
		t.Errorf("a read from before the last row came: added %v, want [d]", got)
	}
	if ids := ids(m.rows); !slices.Equal(ids, []string{"a", "b", "c"}) {
		t.Errorf("a read from before the last row came: rows %v, want a, b, c (b missing once stays)", ids)
	}
	if !absent["b"] || absent["c"] {
		t.Errorf("absent %v, want b (c is busy)", absent)
	}
	got, absent = m.takeIDs([]string{"a", "d"}, before, absent, busy)
	if ids := ids(m.rows); !slices.Equal(ids, []string{"a", "c"}) {
		t.Errorf("a second read without b: rows %v, want a, c (b gone, c in flight)", ids)
	}
	if !slices.Equal(got, []string{"d"}) || len(absent) != 0 {
		t.Errorf("a second read: added %v absent %v, want [d] and none", got, absent)
	}
	if !slices.Equal(ids(held), []string{"a", "b", "c"}) {
		t.Errorf("the rows held before were written: %v", ids(held))
	}

	m = model{rows: modelRows(), addedAt: added}
	m.takeIDs([]string{"a", "c"}, after, nil, none)
	if ids := ids(m.rows); !slices.Equal(ids, []string{"a", "c"}) {
		t.Errorf("a read from after the last row came, without b: rows %v, want a, c at once", ids)
	}

	m = model{rows: modelRows(), addedAt: added}
	_, absent = m.takeIDs([]string{"a", "c"}, before, nil, none)
	_, absent = m.takeIDs([]string{"a", "b", "c"}, before, absent, none)
	m.takeIDs([]string{"a", "c"}, before, absent, none)
	if ids := ids(m.rows); !slices.Equal(ids, []string{"a", "b", "c"}) {
		t.Errorf("b missing, listed, missing (reads from before): rows %v, want b kept (never missed twice in a row)", ids)
	}
}

// TestSweepTake: what the page does with each read of the list's ids, in
// the order a list lives through them: the same ids change nothing (no
// render); a new id is read once, not again while its read may be under
// way, and again once a read no longer lists it; a row deleted elsewhere
// goes without a read; more than sweepNewMost new ids read the whole list
// instead; a read of the newest ids adds but takes no row out.
func TestSweepTake(t *testing.T) {
	added := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	after := added.Add(time.Second)
	none := func(string) bool { return false }
	many := []string{"a", "b", "c"}
	for i := range sweepNewMost + 1 {
		many = append(many, fmt.Sprintf("n%02d", i))
	}
	var s rowSweep
	m := model{rows: modelRows(), addedAt: added} // a, b, c
	steps := []struct {
		name                  string
		read                  idRead
		wantRead              []string
		wantReload, wantShown bool
		wantRows              []string
	}{
		{"the same ids", idRead{IDs: []string{"a", "b", "c"}, At: after}, nil, false, false, []string{"a", "b", "c"}},
		{"a new id", idRead{IDs: []string{"a", "b", "c", "d"}, At: after}, []string{"d"}, false, true, []string{"a", "b", "c"}},
		{"the new id again, its read under way", idRead{IDs: []string{"a", "b", "c", "d"}, At: after}, nil, false, true, []string{"a", "b", "c"}},
		{"b deleted elsewhere", idRead{IDs: []string{"a", "c"}, At: after}, nil, false, true, []string{"a", "c"}},
		{"d again after a read without it", idRead{IDs: []string{"a", "c", "d"}, At: after}, []string{"d"}, false, true, []string{"a", "c"}},
		{"too many new ids", idRead{IDs: many, At: after}, nil, true, true, []string{"a", "c"}},
		{"the newest ids, without a and c", idRead{IDs: []string{"e"}, At: after, Newest: true}, []string{"e"}, false, true, []string{"a", "c"}},
	}
	for _, st := range steps {
		read, reload, shown := s.take(&m, st.read, none)
		if !slices.Equal(read, st.wantRead) || reload != st.wantReload || shown != st.wantShown {
			t.Errorf("%s: got read %v, reload %v, changed %v; want %v, %v, %v", st.name, read, reload, shown, st.wantRead, st.wantReload, st.wantShown)
		}
		if got := ids(m.rows); !slices.Equal(got, st.wantRows) {
			t.Errorf("%s: got rows %v, want %v", st.name, got, st.wantRows)
		}
	}
}

// TestReadIDs reads the ids of 1,999 load balancers (a list just under
// sweepMost, whose set of rows is read every 3 s): two GETs of ids only
// (Octavia's pages of 1,000), with the list's filters; a list of more than
// sweepMost stops at sweepMost+1 ids. It logs the cost (requests and bytes
// per read): docs/user-guide.md cites it.
func TestReadIDs(t *testing.T) {
	n := sweepMost - 1
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "bulk", Count: n}}}})
	rec := &labtest.Recorder{Next: labcloud.Transport(cloud)}
	counter := &byteCounter{next: rec}
	c := labtest.Via(t, counter, "demo", "demo")
	rec.Reset()
	counter.n = 0
	got, err := readIDs(t.Context(), c, console.LBResource, console.ListQuery{Filters: url.Values{}}, sweepMost+1)
	if err != nil || len(got) != n {
		t.Fatalf("got %d ids, %v; want %d", len(got), err, n)
	}
	lists := rec.Matching(http.MethodGet, "/lbaas/loadbalancers")
	if len(lists) != 2 {
		t.Fatalf("got %d GETs, want 2 (pages of %d)", len(lists), sweepPage)
	}
	for _, q := range lists {
		v, _ := url.ParseQuery(q.Query)
		if f := v["fields"]; !slices.Equal(f, []string{"id"}) {
			t.Errorf("fields asked: got %q, want id only", f)
		}
	}
	t.Logf("one read of the ids of %d load balancers: %d GETs, %d bytes (%.0f KB a minute at one read per 3 s)",
		n, len(lists), counter.n, float64(counter.n)*20/1024)

	none, err := readIDs(t.Context(), c, console.LBResource, console.ListQuery{Filters: url.Values{"tags": {"none-has-it"}}}, sweepMost+1)
	if err != nil || len(none) != 0 {
		t.Errorf("with a filter no row passes: got %d ids, %v; want none", len(none), err)
	}

	big := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "bulk", Count: sweepMost + 5}}}})
	over, err := readIDs(t.Context(), labtest.As(t, big, "demo", "demo"), console.LBResource, console.ListQuery{Filters: url.Values{}}, sweepMost+1)
	if err != nil || len(over) != sweepMost+1 {
		t.Errorf("a list of %d: got %d ids, %v; want %d (it stops there: no sweep)", sweepMost+5, len(over), err, sweepMost+1)
	}
}

// byteCounter counts the bytes of the answers' bodies that pass it.
type byteCounter struct {
	next http.RoundTripper
	n    int64
}

func (b *byteCounter) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := b.next.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	b.n += int64(len(body))
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, err
}

// TestReadNewestIDs: a long list reads the ids of its newest objects only,
// in one GET by created_at: a load balancer created since is among them,
// and newIDs names it as the one the rows lack.
func TestReadNewestIDs(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "bulk", Count: 50}}}})
	rec := &labtest.Recorder{Next: labcloud.Transport(cloud)}
	c := labtest.Via(t, rec, "demo", "demo")
	rows, err := octavia.Collect(ReadRows(t.Context(), c, console.LBResource, console.ListQuery{}))
	if err != nil || len(rows) != 50 {
		t.Fatalf("got %d rows, %v; want 50", len(rows), err)
	}
	subs, err := octavia.Collect(c.Network().Subnets(t.Context(), subnets.ListOpts{Name: "demo-subnet"}))
	if err != nil || len(subs) == 0 {
		t.Fatalf("demo-subnet: got %d, %v", len(subs), err)
	}
	subnet := subs[0].ID
	o, _, err := c.Create(t.Context(), octavia.KindLoadBalancer, "", octavia.Object{"name": "new-one", "vip_subnet_id": subnet})
	if err != nil {
		t.Fatal(err)
	}
	rec.Reset()
	got, err := readNewestIDs(t.Context(), c, console.LBResource, console.ListQuery{Filters: url.Values{}})
	if err != nil || len(got) != sweepNewest {
		t.Fatalf("got %d ids, %v; want %d", len(got), err, sweepNewest)
	}
	if got[0] != o.Text("id") {
		t.Errorf("the newest id: got %s, want new-one's %s", got[0], o.Text("id"))
	}
	lists := rec.Matching(http.MethodGet, "/lbaas/loadbalancers")
	if len(lists) != 1 {
		t.Fatalf("got %d GETs, want 1", len(lists))
	}
	v, _ := url.ParseQuery(lists[0].Query)
	if v.Get("sort") != "created_at:desc,id:desc" || v.Get("limit") != "20" || strings.Join(v["fields"], ",") != "id" {
		t.Errorf("the read: %s, want the 20 newest ids by created_at", lists[0].Query)
	}
	m := model{rows: rows}
	if added := m.newIDs(got); !slices.Equal(added, []string{o.Text("id")}) {
		t.Errorf("new ids: got %v, want new-one's only", added)
	}
}
