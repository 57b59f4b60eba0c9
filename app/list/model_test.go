package list

import (
	"slices"
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
)

// modelRows are three load balancers' rows, in the list's order.
func modelRows() []tab.Row {
	return []tab.Row{
		{ID: "a", Name: "alpha", ProjectID: "p-1", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE", Seq: 0},
		{ID: "b", Name: "beta", ProvisioningStatus: "PENDING_UPDATE", OperatingStatus: "ONLINE", Seq: 1},
		{ID: "c", Name: "gamma", ProvisioningStatus: "ERROR", OperatingStatus: "ERROR", Seq: 2},
	}
}

func ids(rows []tab.Row) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.ID)
	}
	return out
}

// TestModelShown: the table shows the rows the search and the status
// filter keep, in the sorted column's order; a second sort on the same
// column reverses it, and clearing the search shows every row again.
func TestModelShown(t *testing.T) {
	cases := []struct {
		name  string
		m     model
		sorts []int // sortOn calls
		want  []string
	}{
		{"everything", model{}, nil, []string{"a", "b", "c"}},
		{"searched by name", model{query: "gam"}, nil, []string{"c"}},
		{"pending only", model{statusFilter: ui.TonePending.Class()}, nil, []string{"b"}},
		{"in error only", model{statusFilter: ui.ToneError.Class()}, nil, []string{"c"}},
		{"by name, reversed", model{}, []int{console.SortName}, []string{"c", "b", "a"}},
		{"by name, reversed twice", model{}, []int{console.SortName, console.SortName}, []string{"a", "b", "c"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.m
			m.rows = modelRows()
			for _, col := range tc.sorts {
				m.sortOn(col)
			}
			if got := ids(m.shown(m.rows, nil, time.Time{})); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
			if got, want := m.filtered(), m.query != "" || m.statusFilter != ""; got != want {
				t.Errorf("filtered: got %v, want %v", got, want)
			}
			m.clearSearch()
			if got := m.shown(m.rows, nil, time.Time{}); len(got) != 3 || m.filtered() {
				t.Errorf("after clearing the search: got %v (filtered %v), want all 3 rows", ids(got), m.filtered())
			}
		})
	}
}

// TestModelPutAndDrop: one object's row read again takes its old row's
// place in Octavia's order and keeps its project; a new one goes between
// its neighbours by name; a dropped one is gone; the rows a load's merger
// may hold are never written.
func TestModelPutAndDrop(t *testing.T) {
	m := model{rows: modelRows()}
	held := m.rows
	m.put(tab.Row{ID: "a", Name: "alpha", ProvisioningStatus: "ACTIVE", OperatingStatus: "DEGRADED"})
	m.put(tab.Row{ID: "d", Name: "delta", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"})
	m.drop("b")
	if got, want := ids(m.rows), []string{"a", "d", "c"}; !slices.Equal(got, want) {
		t.Fatalf("rows: got %v, want %v", got, want)
	}
	a, d := m.rows[0], m.rows[1]
	if a.OperatingStatus != "DEGRADED" || a.ProjectID != "p-1" || a.Seq != 0 {
		t.Errorf("the row read again: got %+v, want DEGRADED, in p-1, at 0", a)
	}
	if d.Seq != 1.5 {
		t.Errorf("the new row's place: got %v, want 1.5 (between beta and gamma)", d.Seq)
	}
	if !slices.Equal(ids(held), []string{"a", "b", "c"}) || held[0].OperatingStatus != "ONLINE" {
		t.Errorf("the rows held before were written: %+v", held)
	}
}

// TestModelAlerts: the tab's title counts the rows in ERROR or DEGRADED.
func TestModelAlerts(t *testing.T) {
	m := model{rows: modelRows()}
	if got := m.alerts(); got != 1 {
		t.Errorf("got %d, want 1 (gamma in ERROR)", got)
	}
	m.takeLive([]tab.Row{{ID: "a", Name: "alpha", ProvisioningStatus: "ACTIVE", OperatingStatus: "DEGRADED"}}, func(tab.Row) {})
	if got := m.alerts(); got != 2 {
		t.Errorf("after alpha went DEGRADED: got %d, want 2", got)
	}
}
