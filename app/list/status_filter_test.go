package list

import (
	"net/url"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// attentionNow is the time attentionRows are seen at.
func attentionNow() time.Time { return time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC) }

// attentionRows are rows of every case the "Needs attention" filter
// decides, at attentionNow: the name says whether it needs attention.
func attentionRows() []tab.Row {
	at := func(d time.Duration) string { return attentionNow().Add(-d).Format(octavia.TimeLayout) }
	return []tab.Row{
		{ID: "1", Name: "fine", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE", CreatedAt: at(time.Hour)},
		{ID: "2", Name: "need-prov-error", ProvisioningStatus: "ERROR", OperatingStatus: "ONLINE", CreatedAt: at(time.Hour)},
		{ID: "3", Name: "need-oper-error", ProvisioningStatus: "ACTIVE", OperatingStatus: "ERROR", CreatedAt: at(time.Hour)},
		{ID: "4", Name: "need-degraded", ProvisioningStatus: "ACTIVE", OperatingStatus: "DEGRADED", CreatedAt: at(time.Hour)},
		{ID: "5", Name: "need-offline-admin-up", ProvisioningStatus: "ACTIVE", OperatingStatus: "OFFLINE", CreatedAt: at(time.Hour)},
		{ID: "6", Name: "offline-admin-down", ProvisioningStatus: "ACTIVE", OperatingStatus: "OFFLINE", AdminDown: true, CreatedAt: at(time.Hour)},
		{ID: "7", Name: "pending-new", ProvisioningStatus: "PENDING_CREATE", OperatingStatus: "OFFLINE", CreatedAt: at(10 * time.Second)},
		{ID: "8", Name: "need-pending-stuck", ProvisioningStatus: "PENDING_UPDATE", OperatingStatus: "ONLINE", CreatedAt: at(time.Hour), UpdatedAt: at(tab.StuckAfter + time.Second)},
		{ID: "9", Name: "pending-updated-now", ProvisioningStatus: "PENDING_UPDATE", OperatingStatus: "ONLINE", CreatedAt: at(time.Hour), UpdatedAt: at(time.Second)},
		{ID: "10", Name: "no-monitor", ProvisioningStatus: "ACTIVE", OperatingStatus: "NO_MONITOR", CreatedAt: at(time.Hour)},
		{ID: "11", Name: "draining", ProvisioningStatus: "ACTIVE", OperatingStatus: "DRAINING", CreatedAt: at(time.Hour)},
	}
}

// TestNeedsAttention: ERROR (either status), DEGRADED, PENDING_* for longer
// than StuckAfter, OFFLINE while admin-up need attention; nothing else does.
func TestNeedsAttention(t *testing.T) {
	for _, r := range attentionRows() {
		want := len(r.Name) > 5 && r.Name[:5] == "need-"
		if got := needsAttention(&r, attentionNow()); got != want {
			t.Errorf("%s (%s/%s, admin down %v): got %v, want %v", r.Name, r.ProvisioningStatus, r.OperatingStatus, r.AdminDown, got, want)
		}
	}
}

// TestStatusFilter: each option of the status filter keeps its rows.
func TestStatusFilter(t *testing.T) {
	cases := []struct {
		filter string
		want   []string
	}{
		{"", []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}},
		{filterAttention, []string{"2", "3", "4", "5", "8"}},
		{"st-ok", []string{"1", "3", "4", "5", "6", "10", "11"}},
		{"st-pending", []string{"7", "8", "9"}},
		{"st-error", []string{"2"}},
		{"op-DEGRADED", []string{"4"}},
		{"op-OFFLINE", []string{"5", "6", "7"}},
		{"op-ERROR", []string{"3"}},
		{"op-NO_MONITOR", []string{"10"}},
		{"op-DRAINING", []string{"11"}},
	}
	for _, tc := range cases {
		t.Run(tc.filter, func(t *testing.T) {
			m := model{rows: attentionRows(), statusFilter: tc.filter}
			got := ids(m.shown(m.rows, nil, attentionNow()))
			slices.SortFunc(got, func(a, b string) int { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return x - y })
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestStatusOptions: a kind's filter offers the operating statuses Octavia
// gives it, and a URL's unknown value shows every row.
func TestStatusOptions(t *testing.T) {
	has := func(k octavia.Kind, v string) bool {
		return slices.ContainsFunc(statusOptions(k), func(o filterOption) bool { return o.value == v })
	}
	for _, tc := range []struct {
		kind  octavia.Kind
		value string
		want  bool
	}{
		{octavia.KindLoadBalancer, filterAttention, true},
		{octavia.KindLoadBalancer, "op-DEGRADED", true},
		{octavia.KindLoadBalancer, "op-DRAINING", false},
		{octavia.KindMember, "op-DRAINING", true},
		{octavia.KindMember, "op-NO_MONITOR", true},
		{octavia.KindMember, "op-DEGRADED", false},
		{octavia.KindMonitor, "op-DEGRADED", false},
		{octavia.KindL7Policy, "st-error", true},
	} {
		if got := has(tc.kind, tc.value); got != tc.want {
			t.Errorf("%s offers %q: got %v, want %v", tc.kind, tc.value, got, tc.want)
		}
	}
	if got := showOf(octavia.KindLoadBalancer, url.Values{showParam: {"<script>"}}); got != "" {
		t.Errorf("an unknown value from the URL: got %q, want \"\" (every row)", got)
	}
	if got := showOf(octavia.KindLoadBalancer, url.Values{showParam: {"op-DEGRADED"}}); got != "op-DEGRADED" {
		t.Errorf("op-DEGRADED from the URL: got %q", got)
	}
}

// TestStatusFilterURL: the filter is kept in the URL beside Octavia's
// filters, and the page's key (a new one reads the list again) ignores it.
func TestStatusFilterURL(t *testing.T) {
	u, _ := url.Parse("/load-balancers?tags=web")
	with := withShow(*u, filterAttention)
	if got, want := with.String(), "/load-balancers?show=attention&tags=web"; got != want {
		t.Errorf("with the filter: got %q, want %q", got, want)
	}
	if Key(with) != Key(u) {
		t.Errorf("key with the filter %q, without %q: want the same (no new read)", Key(with), Key(u))
	}
	odd, _ := url.Parse("/load-balancers?tags=b&show=op-DEGRADED&noshow=1")
	if got, want := Key(odd), "/load-balancers?tags=b&noshow=1"; got != want {
		t.Errorf("key of %s: got %q, want %q (the rest of the query as it was)", odd, got, want)
	}
	if got := withShow(*with, ""); got.Query().Has(showParam) || got.Query().Get("tags") != "web" {
		t.Errorf("the filter cleared: got %q, want the tags only", got)
	}
}

// TestAttentionCount: the summary counts the rows that need attention
// (a deleted row is none of them).
func TestAttentionCount(t *testing.T) {
	rows := append(attentionRows(), tab.Row{ID: "12", Name: "deleted", ProvisioningStatus: "DELETED", OperatingStatus: "ONLINE"})
	if got := attentionCount(rows, attentionNow()); got != 5 {
		t.Errorf("got %d, want 5", got)
	}
}

// TestSortByOperating: the Operating column sorts, both ways.
func TestSortByOperating(t *testing.T) {
	_, sorts := console.ListColumns(console.LBResource, false)
	if !slices.Contains(sorts, console.SortOperating) || slices.Contains(sorts, console.SortNone) {
		t.Fatalf("the load balancers' sorts %v: want every column sortable, the operating status too", sorts)
	}
	m := model{rows: attentionRows()}
	m.sortOn(console.SortOperating)
	shown := m.shown(m.rows, nil, attentionNow())
	if got := shown[0].OperatingStatus; got != "DEGRADED" {
		t.Errorf("first by operating status: got %s, want DEGRADED", got)
	}
	m.sortOn(console.SortOperating)
	shown = m.shown(m.rows, nil, attentionNow())
	if got := shown[0].OperatingStatus; got != "ONLINE" {
		t.Errorf("first by operating status reversed: got %s, want ONLINE", got)
	}
}

// TestRowsAdminDown: a row says when its object's admin state is down (the
// lab, as Octavia, answers fields=admin_state_up), so an OFFLINE load
// balancer an operator took down does not need attention.
func TestRowsAdminDown(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "lb", Count: 2}}}})
	c := labtest.As(t, cloud, "demo", "demo")
	rows, err := octavia.Collect(ReadRows(t.Context(), c, console.LBResource, console.ListQuery{}))
	if err != nil || len(rows) != 2 {
		t.Fatalf("got %d rows, %v; want 2", len(rows), err)
	}
	down := octavia.Ref{Kind: octavia.KindLoadBalancer, ID: rows[0].ID}
	if _, _, err := c.Update(t.Context(), down, octavia.Object{"admin_state_up": false}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitChildActive(t.Context(), down, waiters.Options{Interval: 10 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	rows, err = octavia.Collect(ReadRows(t.Context(), c, console.LBResource, console.ListQuery{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		want := r.ID == down.ID
		if r.AdminDown != want {
			t.Errorf("%s: admin down %v, want %v", r.Name, r.AdminDown, want)
		}
		if r.ID == down.ID && (r.OperatingStatus != "OFFLINE" || needsAttention(&r, time.Now())) {
			t.Errorf("%s taken down: %s, needs attention %v; want OFFLINE, no attention", r.Name, r.OperatingStatus, needsAttention(&r, time.Now()))
		}
	}
}
