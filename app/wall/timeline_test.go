package wall

import (
	"fmt"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia/statuswire"
)

// testLB is a load balancer ONLINE now with one listener, one pool and the
// member web-2 in memberStatus, and timeline tl.
func testLB(memberStatus string, tl ...serverapi.WallChange) serverapi.WallLB {
	return serverapi.WallLB{
		StatusLB: serverapi.StatusLB{
			ID: "lb", Name: "web", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE",
			Tree: statuswire.LoadBalancer{ID: "lb", Listeners: []statuswire.Listener{{
				ID: "l1", OperatingStatus: "ONLINE",
				Pools: []statuswire.Pool{{ID: "p1", OperatingStatus: "ONLINE",
					Members: []statuswire.Member{{ID: "m2", Name: "web-2", OperatingStatus: statuswire.OperatingStatus(memberStatus)}}}},
			}}},
		},
		Timeline: tl,
		Since:    map[string]string{"lb": "2026-12-01T00:00:00Z"}, // a wall that has run for days
	}
}

// sinceLB is lb with its Since.
func sinceLB(lb serverapi.WallLB, since map[string]string) serverapi.WallLB {
	lb.Since = since
	return lb
}

func change(at time.Time, id, kind, name, from, to string) serverapi.WallChange {
	return serverapi.WallChange{At: at.UTC().Format(time.RFC3339), ID: id, Kind: kind, Name: name, Field: operatingField, From: from, To: to}
}

// web2Change is a change of testLB's member web-2 at at.
func web2Change(at time.Time, from, to string) serverapi.WallChange {
	return change(at, "m2", "member", "web-2", from, to)
}

// segString is a compact form of a strip: "ONLINE/ 0-50 DEGRADED/ERROR 50-100".
func segString(segs []segment) string {
	s := ""
	for i, g := range segs {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%s/%s %.0f-%.0f", g.Status, g.Child, g.Left, g.Left+g.Width)
	}
	return s
}

func TestSegments(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	h := func(n float64) time.Time { return now.Add(time.Duration(-n * float64(time.Hour))) }
	tests := []struct {
		name string
		lb   serverapi.WallLB
		want string
	}{
		{"no changes: one segment of today's state", testLB("ONLINE"), "ONLINE/ 0-100"},
		{"a member down 12 h ago, still down", testLB("ERROR",
			web2Change(h(12), "ONLINE", "ERROR"),
			change(h(12), "lb", "loadbalancer", "web", "ONLINE", "DEGRADED"),
		), "ONLINE/ 0-50 DEGRADED/ERROR 50-100"},
		{"a member down for 6 h, back 6 h ago", testLB("ONLINE",
			web2Change(h(12), "ONLINE", "ERROR"),
			web2Change(h(6), "ERROR", "ONLINE"),
		), "ONLINE/ 0-50 ONLINE/ERROR 50-75 ONLINE/ 75-100"},
		{"changes older than the span only set the start", testLB("ERROR",
			web2Change(h(30), "ONLINE", "ERROR"),
		), "ONLINE/ERROR 0-100"},
		{"a load balancer created 6 h ago", testLB("ONLINE",
			serverapi.WallChange{At: h(6).Format(time.RFC3339), ID: "lb", Kind: "loadbalancer", Field: operatingField, From: "", To: "OFFLINE"},
			change(h(3), "lb", "loadbalancer", "web", "OFFLINE", "ONLINE"),
		), "/ 0-75 OFFLINE/ 75-88 ONLINE/ 88-100"},
		{"a member that went away counts until it did", testLB("ONLINE",
			change(h(18), "m9", "member", "old", "", "OFFLINE"),
			change(h(12), "m9", "member", "old", "OFFLINE", ""),
		), "ONLINE/ 0-25 ONLINE/OFFLINE 25-50 ONLINE/ 50-100"},
		{"provisioning changes and undated ones draw nothing", testLB("ONLINE",
			serverapi.WallChange{At: h(3).Format(time.RFC3339), ID: "lb", Field: "provisioning_status", From: "ACTIVE", To: "PENDING_UPDATE"},
			serverapi.WallChange{At: "yesterday", ID: "m2", Field: operatingField, From: "ONLINE", To: "ERROR"},
		), "ONLINE/ 0-100"},
		{"a change the server dated after now counts as now", testLB("ERROR",
			web2Change(now.Add(time.Minute), "ONLINE", "ERROR"),
		), "ONLINE/ 0-100"},
		{"only a Since 6 h ago: no record before", sinceLB(testLB("ERROR"), map[string]string{"m2": h(6).Format(time.RFC3339)}),
			"/ 0-75 ONLINE/ERROR 75-100"},
		{"a wall started 6 h ago: nothing before", sinceLB(testLB("ONLINE"), map[string]string{"lb": h(6).Format(time.RFC3339), "m2": h(6).Format(time.RFC3339)}),
			"/ 0-75 ONLINE/ 75-100"},
		{"a recorded change outweighs since", sinceLB(testLB("ERROR", web2Change(h(12), "ONLINE", "ERROR")), map[string]string{"m2": h(3).Format(time.RFC3339), "lb": h(30).Format(time.RFC3339)}),
			"ONLINE/ 0-50 ONLINE/ERROR 50-100"},
		{"a wall started 6 h ago, a member down 3 h ago: nothing before 6 h", sinceLB(testLB("ERROR", web2Change(h(3), "ONLINE", "ERROR")),
			map[string]string{"lb": h(6).Format(time.RFC3339), "l1": h(6).Format(time.RFC3339), "m2": h(3).Format(time.RFC3339)}),
			"/ 0-75 ONLINE/ 75-88 ONLINE/ERROR 88-100"},
		{"a day of changes with recent Since values: the changes date the record", sinceLB(testLB("ONLINE",
			web2Change(h(20), "ONLINE", "ERROR"), web2Change(h(1), "ERROR", "ONLINE")),
			map[string]string{"lb": h(1).Format(time.RFC3339), "m2": h(1).Format(time.RFC3339)}),
			"/ 0-17 ONLINE/ERROR 17-96 ONLINE/ 96-100"},
		{"since before the span changes nothing", sinceLB(testLB("ERROR"), map[string]string{"m2": h(30).Format(time.RFC3339)}),
			"ONLINE/ERROR 0-100"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := segString(segments(tt.lb, now, timelineSpan)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSegmentsCoverTheSpan(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	var tl []serverapi.WallChange
	st := []string{"ONLINE", "ERROR"}
	for i := range 250 { // a member flapping every 7 min for 29 h: 205 changes in the last 24 h
		at := now.Add(-time.Duration(250-i) * 7 * time.Minute)
		tl = append(tl, web2Change(at, st[i%2], st[(i+1)%2]))
	}
	segs := segments(testLB("ONLINE", tl...), now, timelineSpan)
	total := 0.0
	for i, s := range segs {
		total += s.Width
		if i > 0 && segs[i-1].Left+segs[i-1].Width-s.Left > 1e-9 {
			t.Fatalf("segment %d overlaps the one before: %+v after %+v", i, s, segs[i-1])
		}
	}
	if total < 99.999 || total > 100.001 {
		t.Errorf("segments cover %.3f%% of the span, want 100%%", total)
	}
	ms, more := marks(testLB("ONLINE", tl...), now, timelineSpan)
	if len(ms) != timelineMarks || more != 205-timelineMarks {
		t.Errorf("got %d marks and %d more, want %d and %d", len(ms), more, timelineMarks, 205-timelineMarks)
	}
	if ms[len(ms)-1].At != now.Add(-7*time.Minute) {
		t.Errorf("the last mark is at %v, want the latest change", ms[len(ms)-1].At)
	}
}

// TestMarksCountWhatTheServerLeftOut: the count of a day's changes holds
// the older ones the server did not send (WallLB.TimelineOmitted).
func TestMarksCountWhatTheServerLeftOut(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	lb := testLB("ONLINE", web2Change(now.Add(-time.Minute), "ONLINE", "ERROR"))
	lb.TimelineOmitted = 8000
	if ms, more := marks(lb, now, timelineSpan); len(ms) != 1 || more != 8000 {
		t.Errorf("got %d marks and %d more, want 1 and 8000", len(ms), more)
	}
}

func TestChangeText(t *testing.T) {
	at := time.Date(2026, 12, 6, 14, 2, 9, 0, time.UTC)
	tests := []struct {
		name string
		c    serverapi.WallChange
		want string
	}{
		{"a member down", serverapi.WallChange{Kind: "member", Name: "web-2", Field: operatingField, From: "ONLINE", To: "ERROR"}, "14:02 member web-2 ONLINE → ERROR"},
		{"no name on a customer wall", serverapi.WallChange{Kind: "pool", Field: operatingField, From: "ONLINE", To: "DEGRADED"}, "14:02 pool ONLINE → DEGRADED"},
		{"provisioning", serverapi.WallChange{Kind: "loadbalancer", Name: "web", Field: "provisioning_status", From: "ACTIVE", To: "PENDING_UPDATE"}, "14:02 loadbalancer web provisioning ACTIVE → PENDING_UPDATE"},
		{"appeared", serverapi.WallChange{Kind: "listener", Name: "http", Field: operatingField, To: "OFFLINE"}, "14:02 listener http appeared OFFLINE"},
		{"gone", serverapi.WallChange{Kind: "member", Name: "web-3", Field: operatingField, From: "ONLINE"}, "14:02 member web-3 ONLINE → gone"},
		{"hostile name stays text", serverapi.WallChange{Kind: "member", Name: `<img src=x>`, Field: operatingField, From: "ONLINE", To: "ERROR"}, "14:02 member <img src=x> ONLINE → ERROR"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := changeText(at, tt.c); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// BenchmarkSegments is one strip of a load balancer with 50 members, one
// of them flapping every 90 s for a day (960 changes): the page draws
// every strip once a second.
func BenchmarkSegments(b *testing.B) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	lb := testLB("ONLINE")
	pool := &lb.Tree.Listeners[0].Pools[0]
	for i := range 49 {
		pool.Members = append(pool.Members, statuswire.Member{ID: fmt.Sprintf("m%d", 100+i), OperatingStatus: "ONLINE"})
	}
	st := []string{"ONLINE", "ERROR"}
	for i := range 960 {
		lb.Timeline = append(lb.Timeline, web2Change(now.Add(-time.Duration(960-i)*90*time.Second), st[i%2], st[(i+1)%2]))
	}
	for b.Loop() {
		segments(lb, now, timelineSpan)
		marks(lb, now, timelineSpan)
	}
}

func TestSeverityNames(t *testing.T) {
	for s := 1; s <= maxSeverity; s++ {
		if got := severity(severityName(s)); got != s {
			t.Errorf("severity(%q) = %d, want %d", severityName(s), got, s)
		}
	}
	if got := severity("online"); got != 0 {
		t.Errorf("ONLINE ranks %d, want 0 (no child mark)", got)
	}
}
