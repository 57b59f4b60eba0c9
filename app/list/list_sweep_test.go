package list

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/labcloud"
)

// TestTakeIDs: a read of the list's ids adds what it lists that the rows
// lack; a row it does not list goes at the second read that does not list
// it (a read may have begun before the row was listed), unless a write of
// this tab on it is in flight.
func TestTakeIDs(t *testing.T) {
	m := model{rows: modelRows()} // a, b, c
	held := m.rows
	busy := func(id string) bool { return id == "c" }
	added, absent := m.takeIDs([]string{"a", "d"}, nil, busy)
	if !slices.Equal(added, []string{"d"}) {
		t.Errorf("first read: added %v, want [d]", added)
	}
	if got := ids(m.rows); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("first read: rows %v, want a, b, c (b missing once stays)", got)
	}
	if !absent["b"] || absent["c"] {
		t.Errorf("first read: absent %v, want b (c is busy)", absent)
	}
	added, absent = m.takeIDs([]string{"a", "d"}, absent, busy)
	if got := ids(m.rows); !slices.Equal(got, []string{"a", "c"}) {
		t.Errorf("second read: rows %v, want a, c (b gone, c in flight)", got)
	}
	if !slices.Equal(added, []string{"d"}) || len(absent) != 0 {
		t.Errorf("second read: added %v absent %v, want [d] and none", added, absent)
	}
	if !slices.Equal(ids(held), []string{"a", "b", "c"}) {
		t.Errorf("the rows held before were written: %v", ids(held))
	}
	// A row back in the list before its second miss stays.
	m = model{rows: modelRows()}
	_, absent = m.takeIDs([]string{"a", "c"}, nil, func(string) bool { return false })
	_, absent = m.takeIDs([]string{"a", "b", "c"}, absent, func(string) bool { return false })
	_, _ = m.takeIDs([]string{"a", "c"}, absent, func(string) bool { return false })
	if got := ids(m.rows); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("a row missing, listed, missing: rows %v, want it kept (never missed twice in a row)", got)
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
