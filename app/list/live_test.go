package list

import (
	"encoding/json"
	"html"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// statusFixture is Octavia's GET .../status answer as a tree.
func statusFixture(t *testing.T) octavia.StatusLoadBalancer {
	t.Helper()
	var s struct {
		LB octavia.StatusLoadBalancer `json:"loadbalancer"`
	}
	b, err := os.ReadFile("../internal/console/testdata/status.json") // Octavia's GET .../status answer
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s.LB
}

// TestTreeRead: one read indexes every object of the tree with its two
// statuses; the next read marks what changed (and nothing on a first
// read); the alerts are the objects in ERROR or DEGRADED.
func TestTreeRead(t *testing.T) {
	at := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	first := tab.NewTreeRead(statusFixture(t), at, nil)
	if len(first.Changed) != 0 {
		t.Errorf("a first read: got %v changed, want none", first.Changed)
	}
	m2, ok := first.Status("m2")
	if !ok || m2.Kind != octavia.KindMember || m2.Pool != "p1" || m2.Oper != "ERROR" || m2.Prov != "PENDING_UPDATE" {
		t.Errorf("m2: got %+v, %v", m2, ok)
	}
	if got := first.Alerts(); got != 3 { // lb1 DEGRADED, p1 DEGRADED, m2 ERROR
		t.Errorf("alerts: got %d, want 3", got)
	}
	if got := first.Ids(octavia.KindMember, "p1"); len(got) != 2 {
		t.Errorf("members of p1: got %v", got)
	}

	tree := statusFixture(t)
	tree.Listeners[0].Pools[0].Members[1].OperatingStatus = "ONLINE"
	tree.Listeners[0].Pools[0].OperatingStatus = "ONLINE"
	next := tab.NewTreeRead(tree, at.Add(3*time.Second), first)
	if want := map[string]bool{"m2": true, "p1": true}; !maps.Equal(next.Changed, want) {
		t.Errorf("changed: got %v, want %v", next.Changed, want)
	}
	if got := next.Alerts(); got != 1 {
		t.Errorf("alerts after the member came back: got %d, want 1 (the load balancer)", got)
	}
}

// TestTreeRows: an embedded list's rows take their statuses from the
// page's read of the tree; rows not in it keep theirs; nothing is copied
// when nothing differs.
func TestTreeRows(t *testing.T) {
	r := tab.NewTreeRead(statusFixture(t), time.Now(), nil)
	rows := []tab.Row{
		{ID: "m1", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"},
		{ID: "m2", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"},
		{ID: "zz", ProvisioningStatus: "ACTIVE", OperatingStatus: "OFFLINE"},
	}
	got := treeRows(rows, r)
	if got[1].OperatingStatus != "ERROR" || got[1].ProvisioningStatus != "PENDING_UPDATE" {
		t.Errorf("m2: got %+v, want the tree's statuses", got[1])
	}
	if got[2].OperatingStatus != "OFFLINE" || rows[1].OperatingStatus != "ONLINE" {
		t.Errorf("a row outside the tree changed, or the list's own rows were written: %+v, %+v", got[2], rows[1])
	}
	same := rows[:1]
	if out := treeRows(same, r); &out[0] != &same[0] {
		t.Errorf("no difference: got a copy, want the rows themselves")
	}
	if out := treeRows(rows, nil); &out[0] != &rows[0] {
		t.Errorf("no tree: got a copy")
	}
}

// TestTreeWhy: a member in ERROR names its pool's monitor (its type until
// the monitor is read, then what it checks, with its page); a pool and its
// load balancer DEGRADED name the members down.
func TestTreeWhy(t *testing.T) {
	r := tab.NewTreeRead(statusFixture(t), time.Now(), nil)
	why := console.TreeWhy(r, "m2", nil)
	if len(why) != 1 || !strings.Contains(why[0].Text, "a HTTP monitor") || why[0].Href != "/health-monitors/hm1" {
		t.Errorf("member, monitor not read: got %+v", why)
	}
	mon := octavia.Object{"type": "HTTP", "http_method": "GET", "url_path": "/healthz", "expected_codes": "200-204", "delay": 5.0, "timeout": 3.0, "max_retries_down": 3.0}
	why = console.TreeWhy(r, "m2", map[string]octavia.Object{"hm1": mon})
	want := "HTTP GET /healthz, expecting 200-204, every 5 s (timeout 3 s), down after 3 failed checks"
	if len(why) != 1 || !strings.Contains(why[0].Text, want) {
		t.Errorf("member: got %+v, want it to say %q", why, want)
	}
	if got := console.MonitorsWanted(r, "m2"); !slices.Equal(got, []string{"hm1"}) {
		t.Errorf("monitors wanted for m2: got %v", got)
	}
	pool := console.TreeWhy(r, "p1", nil)
	if len(pool) != 1 || !strings.Contains(pool[0].Text, "1 of 2 members are down: b (") {
		t.Errorf("pool: got %+v", pool)
	}
	lb := console.TreeWhy(r, "lb1", nil)
	if len(lb) != 1 || !strings.Contains(lb[0].Text, "Pool web-pool is DEGRADED: 1 of 2 members are down") {
		t.Errorf("load balancer: got %+v", lb)
	}
	if got := console.TreeWhy(r, "m1", nil); got != nil {
		t.Errorf("a member ONLINE: got %+v, want nothing", got)
	}
	if got := console.MonitorsWanted(r, "m1"); got != nil {
		t.Errorf("monitors wanted for a member ONLINE: got %v", got)
	}
}

// TestLiveState: "live" only while the poll runs and its last read worked.
func TestLiveState(t *testing.T) {
	at := time.Date(2026, 12, 1, 12, 3, 7, 0, time.UTC)
	cases := []struct {
		name string
		s    tab.LiveState
		want string // "" = nothing shown
	}{
		{"not following", tab.LiveState{ReadAt: at}, ""},
		{"following, nothing read yet", tab.LiveState{Following: true}, ""},
		{"following and read", tab.LiveState{Following: true, ReadAt: at}, "live · every 3 s"},
		{"the last read failed", tab.LiveState{Following: true, ReadAt: at, Err: "Octavia is unavailable (503).", ErrAt: at.Add(6 * time.Second)},
			"Not live: the read at 12:03:13 UTC failed (Octavia is unavailable (503)); shown as read at 12:03:07 UTC"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ui := tab.RenderLive("x", tc.s, "what")
			switch {
			case tc.want == "" && ui != nil:
				t.Errorf("got %s, want nothing", goapp.HTMLString(ui))
			case tc.want != "" && (ui == nil || !strings.Contains(html.UnescapeString(goapp.HTMLString(ui)), ">"+tc.want+"<")):
				t.Errorf("got %v, want %q", ui, tc.want)
			}
		})
	}
}

// TestTakeLive: a live re-read updates the rows it read (their place in
// Octavia's order kept), adds one the list did not have next to its
// neighbours, and marks the rows whose status changed.
func TestTakeLive(t *testing.T) {
	m := &model{rows: []tab.Row{
		{ID: "a", Name: "alpha", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE", Seq: 0},
		{ID: "c", Name: "gamma", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE", Seq: 1},
		{ID: "d", Name: "delta-x", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE", Seq: 2},
	}}
	m.takeLive([]tab.Row{
		{ID: "a", Name: "alpha", ProvisioningStatus: "ACTIVE", OperatingStatus: "DEGRADED"},
		{ID: "b", Name: "beta", ProvisioningStatus: "PENDING_CREATE", OperatingStatus: "OFFLINE"},
		{ID: "c", Name: "gamma", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"},
	}, func(tab.Row) {})
	byID := map[string]tab.Row{}
	for _, r := range m.rows {
		byID[r.ID] = r
	}
	if len(m.rows) != 4 || byID["a"].OperatingStatus != "DEGRADED" || byID["a"].Seq != 0 {
		t.Fatalf("rows: got %+v", m.rows)
	}
	if s := byID["b"].Seq; !(s > 0 && s < 1) {
		t.Errorf("the new row's place: got %v, want between alpha's and gamma's", s)
	}
	if want := map[string]bool{"a": true}; !maps.Equal(m.changed, want) {
		t.Errorf("changed: got %v, want %v", m.changed, want)
	}
}
