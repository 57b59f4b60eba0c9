package list

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

func TestCompareFold(t *testing.T) {
	tests := []struct {
		name, a, b string
	}{
		{"equal", "web", "web"},
		{"case only", "Web", "wEB"},
		{"prefix", "web", "web-1"},
		{"digits", "scale-00099", "scale-00100"},
		{"upper before lower in bytes, not here", "B", "a"},
		{"punctuation against letters", "_x", "ax"},
		{"non-ASCII", "Éclair", "éclair-2"},
		{"mixed", "zeta", "Ärger"},
		{"empty", "", "a"},
	}
	sign := func(n int) int { return max(-1, min(1, n)) }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, p := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
				want := strings.Compare(strings.ToLower(p[0]), strings.ToLower(p[1]))
				if got := sign(tab.CompareFold(p[0], p[1])); got != want {
					t.Errorf("compareFold(%q, %q): got %d, want %d (as strings.ToLower then Compare)", p[0], p[1], got, want)
				}
			}
		})
	}
}

func TestMergeRows(t *testing.T) {
	lb := func(name, id string) tab.Row { return tab.Row{Name: name, ID: id} }
	a := []tab.Row{lb("alpha", "1"), lb("delta", "4"), lb("web", "9")}
	b := []tab.Row{lb("Beta", "2"), lb("delta", "3"), lb("zulu", "8")}
	got := console.MergeRows(a, b)
	var ids []string
	for _, x := range got {
		ids = append(ids, x.ID)
	}
	if want := []string{"1", "2", "3", "4", "9", "8"}; !slices.Equal(ids, want) {
		t.Errorf("merged ids: got %q, want %q (by name, case-insensitive, then id)", ids, want)
	}
	if a[0].ID != "1" || b[0].ID != "2" {
		t.Errorf("the inputs changed: got %q and %q", a[0].ID, b[0].ID)
	}
}

// TestLoadBalancerRows lists 1,050 load balancers (two pages) as rows: each
// page asks only for the row's columns, and every row is complete.
func TestLoadBalancerRows(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "bulk", Count: 1050}}}})
	c, rec := labtest.Record(t, cloud, "demo", "demo")
	rows, err := octavia.Collect(ReadRows(t.Context(), c, console.LBResource, console.ListQuery{}))
	if err != nil || len(rows) != 1050 {
		t.Fatalf("got %d rows, %v; want 1050", len(rows), err)
	}
	for _, r := range rows {
		if r.ID == "" || !strings.HasPrefix(r.Name, "bulk-") || r.Cells[0] == "" || r.ProvisioningStatus != "ACTIVE" ||
			r.OperatingStatus == "" || r.Cells[1] == "" || console.CreatedAt(&r).IsZero() {
			t.Fatalf("got row %+v, want every column filled", r)
		}
	}
	lists := rec.Matching(http.MethodGet, "/lbaas/loadbalancers")
	if len(lists) != 2 {
		t.Fatalf("got %d list requests, want 2 (two pages)", len(lists))
	}
	for _, q := range lists {
		v, _ := url.ParseQuery(q.Query)
		want := []string{"id", "name", "provisioning_status", "operating_status", "admin_state_up", "created_at", "updated_at", "vip_address", "vip_port_id", "provider"}
		if got := v["fields"]; !slices.Equal(got, want) {
			t.Errorf("fields asked: got %q, want %q", got, want)
		}
	}
}

func rowNames(rows []tab.Row) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.Name)
	}
	return out
}

func TestFilterRows(t *testing.T) {
	rows := []tab.Row{
		{ID: "aaaa-1111", Name: "web-frontend"},
		{ID: "bbbb-2222", Name: "API-gateway"},
		{ID: "cccc-3333", Name: "web-backend"},
	}
	tests := []struct {
		name, query string
		want        []string
	}{
		{"empty keeps all", "", []string{"web-frontend", "API-gateway", "web-backend"}},
		{"blank keeps all", "   ", []string{"web-frontend", "API-gateway", "web-backend"}},
		{"substring", "web", []string{"web-frontend", "web-backend"}},
		{"case-insensitive", "api", []string{"API-gateway"}},
		{"id prefix", "cccc", []string{"web-backend"}},
		{"no match", "db", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rowNames(console.FilterRows(rows, tt.query)); !slices.Equal(got, tt.want) {
				t.Errorf("filter %q: got %q, want %q", tt.query, got, tt.want)
			}
		})
	}
}

func TestSortRows(t *testing.T) {
	rows := []tab.Row{{ID: "2", Name: "b"}, {ID: "1", Name: "B"}, {ID: "3", Name: "a"}}
	tab.SortRows(rows)
	var got []string
	for _, r := range rows {
		got = append(got, r.ID)
	}
	if want := []string{"3", "1", "2"}; !slices.Equal(got, want) {
		t.Errorf("sorted ids: got %q, want %q (by name, case-insensitive, then id)", got, want)
	}
}

func TestCountOf(t *testing.T) {
	for n, want := range map[int]string{0: "0 load balancers", 1: "1 load balancer", 2: "2 load balancers", 10002: "10002 load balancers"} {
		if got := countOf(n, console.LBResource); got != want {
			t.Errorf("countOf(%d, load balancers): got %q, want %q", n, got, want)
		}
	}
}
