package wallmetrics

import (
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia/statuswire"
)

// wall is a wall "noc" with load balancer lb1 (listeners l1 and l2 sharing
// pool p1, its monitor h1 and members m1, m2), m1 in memberStatus.
func wall(show serverapi.WallShow, memberStatus string) serverapi.Wall {
	pool := statuswire.Pool{ID: "p1", Name: "pool", ProvisioningStatus: "ACTIVE", OperatingStatus: "DEGRADED",
		HealthMonitor: &statuswire.HealthMonitor{ID: "h1", Name: "hm", Type: "HTTP", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"},
		Members: []statuswire.Member{
			{ID: "m1", Name: "a", ProvisioningStatus: "ACTIVE", OperatingStatus: statuswire.OperatingStatus(memberStatus), Address: "10.0.0.1"},
			{ID: "m2", Name: "b", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE", Address: "10.0.0.2"},
		}}
	return serverapi.Wall{
		Name: "noc", Title: "NOC", Show: show, UpdatedAt: "2026-12-06T09:00:03Z",
		LoadBalancers: []serverapi.WallLB{{
			StatusLB: serverapi.StatusLB{ID: "lb1", Name: "web", ProvisioningStatus: "ACTIVE", OperatingStatus: "DEGRADED",
				Tree: statuswire.LoadBalancer{ID: "lb1", Listeners: []statuswire.Listener{
					{ID: "l1", Name: "http", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE", Pools: []statuswire.Pool{pool}},
					{ID: "l2", Name: "https", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE", Pools: []statuswire.Pool{pool}},
				}}},
			Since: map[string]string{"lb1": "2026-12-06T08:00:00Z", "m1": "2026-12-06T09:00:00Z"},
		}},
		Summary: serverapi.WallSummary{LoadBalancers: 1, ByOperating: map[string]int{"DEGRADED": 1}},
	}
}

// series is one line of the text format, labels sorted as client_golang
// writes them.
func series(name string, value string, labels map[string]string) string {
	var b strings.Builder
	b.WriteString(name + "{")
	for i, k := range slices.Sorted(maps.Keys(labels)) {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "%s=%q", k, labels[k])
	}
	b.WriteString("} " + value)
	return b.String()
}

func scrape(t *testing.T, h http.Handler) string {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if w.Code != http.StatusOK {
		t.Fatalf("scrape: %d %s", w.Code, w.Body)
	}
	return w.Body.String()
}

func TestMetrics(t *testing.T) {
	all := serverapi.WallShow{Names: true, Addresses: true, Members: true}
	m1 := func(name, status string) string {
		return series("octavia_member_operating_status", "1", map[string]string{"wall": "noc", "loadbalancer": "lb1", "pool": "p1", "member": "m1", "name": name, "status": status})
	}
	tests := []struct {
		name      string
		wall      serverapi.Wall
		want, not []string
	}{{
		name: "names and members",
		wall: wall(all, "ERROR"),
		want: []string{
			series("octavia_loadbalancer_operating_status", "1", map[string]string{"wall": "noc", "loadbalancer": "lb1", "name": "web", "status": "DEGRADED"}),
			series("octavia_loadbalancer_provisioning_status", "1", map[string]string{"wall": "noc", "loadbalancer": "lb1", "name": "web", "status": "ACTIVE"}),
			series("octavia_loadbalancer_status_since_timestamp_seconds", "1.796544e+09", map[string]string{"wall": "noc", "loadbalancer": "lb1", "name": "web"}),
			series("octavia_listener_operating_status", "1", map[string]string{"wall": "noc", "loadbalancer": "lb1", "listener": "l2", "name": "https", "status": "ONLINE"}),
			series("octavia_pool_operating_status", "1", map[string]string{"wall": "noc", "loadbalancer": "lb1", "pool": "p1", "name": "pool", "status": "DEGRADED"}),
			series("octavia_healthmonitor_provisioning_status", "1", map[string]string{"wall": "noc", "loadbalancer": "lb1", "healthmonitor": "h1", "name": "hm", "status": "ACTIVE"}),
			m1("a", "ERROR"),
			series("octavia_member_status_since_timestamp_seconds", "1.7965476e+09", map[string]string{"wall": "noc", "loadbalancer": "lb1", "pool": "p1", "member": "m1", "name": "a"}),
			series("octaview_wall_last_success_timestamp_seconds", "1.796547603e+09", map[string]string{"wall": "noc"}),
			series("octaview_wall_feed_error", "0", map[string]string{"wall": "noc"}),
			series("octaview_wall_load_balancers", "1", map[string]string{"wall": "noc", "status": "DEGRADED"}),
			series("octaview_wall_objects_truncated", "0", map[string]string{"wall": "noc"}),
		},
		not: []string{"10.0.0.1", `status="ONLINE",wall="noc"} 0`},
	}, {
		name: "no names: the ids",
		wall: wall(serverapi.WallShow{Members: true}, "ERROR"),
		want: []string{
			m1("m1", "ERROR"),
			series("octavia_loadbalancer_operating_status", "1", map[string]string{"wall": "noc", "loadbalancer": "lb1", "name": "lb1", "status": "DEGRADED"}),
		},
		not: []string{`name="web"`, `name="a"`, `name="pool"`},
	}, {
		name: "no members",
		wall: wall(serverapi.WallShow{Names: true}, "ERROR"),
		want: []string{series("octavia_pool_operating_status", "1", map[string]string{"wall": "noc", "loadbalancer": "lb1", "pool": "p1", "name": "pool", "status": "DEGRADED"})},
		not:  []string{"octavia_member_", `"m1"`},
	}, {
		name: "a summary wall: its load balancers only",
		wall: wall(serverapi.WallShow{Summary: true, Members: true}, "ERROR"),
		want: []string{series("octavia_loadbalancer_operating_status", "1", map[string]string{"wall": "noc", "loadbalancer": "lb1", "name": "lb1", "status": "DEGRADED"})},
		not:  []string{"octavia_listener_", "octavia_pool_", "octavia_member_", "octavia_healthmonitor_"},
	}, {
		name: "the feed failed: no error text",
		wall: func() serverapi.Wall {
			w := wall(all, "ONLINE")
			w.Error = "listing load balancers: token gAAAAsecret expired"
			return w
		}(),
		want: []string{series("octaview_wall_feed_error", "1", map[string]string{"wall": "noc"}), m1("a", "ONLINE")},
		not:  []string{"gAAAAsecret", "listing"},
	}, {
		name: "before the first poll",
		wall: serverapi.Wall{Name: "noc", Show: all},
		want: []string{series("octaview_wall_feed_error", "0", map[string]string{"wall": "noc"})},
		not:  []string{"octaview_wall_last_success_timestamp_seconds{", "octavia_"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := scrape(t, Handler(func() serverapi.Wall { return tt.wall }))
			for _, w := range tt.want {
				if !strings.Contains(got, "\n"+w+"\n") {
					t.Errorf("no line %s in\n%s", w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("%q in\n%s", n, got)
				}
			}
			// The shared pool is one pool: one series per object and field.
			if n := strings.Count(got, "octavia_pool_operating_status{"); n > 1 {
				t.Errorf("%d pool series, want one for the pool two listeners share", n)
			}
		})
	}
}

// TestMetricsSnapshotPerScrape: each scrape reads the wall as it is then.
func TestMetricsSnapshotPerScrape(t *testing.T) {
	status := "ONLINE"
	h := Handler(func() serverapi.Wall { return wall(serverapi.WallShow{Members: true}, status) })
	if got := scrape(t, h); !strings.Contains(got, `member="m1",name="m1",pool="p1",status="ONLINE"`) {
		t.Fatalf("first scrape:\n%s", got)
	}
	status = "ERROR"
	got := scrape(t, h)
	if !strings.Contains(got, `member="m1",name="m1",pool="p1",status="ERROR"`) || strings.Contains(got, `member="m1",name="m1",pool="p1",status="ONLINE"`) {
		t.Fatalf("second scrape, the member in ERROR:\n%s", got)
	}
}

func TestMetricsTruncated(t *testing.T) {
	w := wall(serverapi.WallShow{Members: true}, "ERROR")
	second := w.LoadBalancers[0]
	second.ID = "lb2"
	w.LoadBalancers = append(w.LoadBalancers, second)
	// 2 load balancers first, then lb1's listener l1: 3 objects; out: lb1's
	// l2, p1, h1, m1, m2 and lb2's l1 (the same ids: sent once, as lb1's).
	got := scrape(t, handler(func() serverapi.Wall { return w }, 3))
	for _, want := range []string{
		series("octaview_wall_objects_truncated", "5", map[string]string{"wall": "noc"}),
		series("octavia_loadbalancer_operating_status", "1", map[string]string{"wall": "noc", "loadbalancer": "lb2", "name": "lb2", "status": "DEGRADED"}),
		series("octavia_listener_operating_status", "1", map[string]string{"wall": "noc", "loadbalancer": "lb1", "listener": "l1", "name": "l1", "status": "ONLINE"}),
	} {
		if !strings.Contains(got, "\n"+want+"\n") {
			t.Errorf("no line %s in\n%s", want, got)
		}
	}
	if strings.Contains(got, "octavia_pool_") || strings.Contains(got, "octavia_member_") {
		t.Errorf("objects past the limit served:\n%s", got)
	}
}

// TestMetricsHostileNames: names that try to break the text format, or are
// not UTF-8, are escaped or replaced, and the scrape stays whole.
func TestMetricsHostileNames(t *testing.T) {
	w := wall(serverapi.WallShow{Names: true, Members: true}, "ERROR")
	lb := &w.LoadBalancers[0]
	lb.Name = "x\"} 1\nfake_metric 1\n#"
	lb.Tree.Listeners[0].Name = "bad\xff\xfeutf8"
	lb.Tree.Listeners[0].Pools[0].Members[1].Name = `back\slash {{.}} <script>`
	w.Name = "noc\nwall"
	got := scrape(t, Handler(func() serverapi.Wall { return w }))
	for line := range strings.SplitSeq(got, "\n") {
		if strings.HasPrefix(line, "fake_metric") {
			t.Errorf("a name made a series: %s", line)
		}
	}
	for _, want := range []string{
		`name="x\"} 1\nfake_metric 1\n#"`,
		`name="bad` + "\uFFFD" + `utf8"`,
		`name="back\\slash {{.}} <script>"`,
		`wall="noc\nwall"`,
		`member="m1"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
}
