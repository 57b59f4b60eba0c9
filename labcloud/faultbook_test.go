package labcloud

import (
	"slices"
	"testing"
	"time"
)

// TestFaultBookActsWhere checks what acts on a project after each change
// of the book: the lab-wide faults alone, merged with a project's own
// (lists add up, the longer latency, the higher rate and the shorter token
// lifetime win, a project's outage replaces the lab's), and the lab's
// again once a project's are lifted.
func TestFaultBookActsWhere(t *testing.T) {
	sec := func(n int) Duration { return Duration{Duration: time.Duration(n) * time.Second} }
	b := newFaultBook()
	b.set(Faults{Latency: sec(2), ErrorRate: 0.5, Stuck: []string{"web"}, TokenTTL: sec(60), Octavia: Outage503})
	b.setProject("p1", Faults{Latency: sec(1), ErrorRate: 0.75, Stuck: []string{"shop"}, TokenTTL: sec(30), Octavia: OutageReset})
	b.setProject("p2", Faults{DownMembers: []string{"10.0.0.1"}})

	type want struct {
		latency  time.Duration
		rate     float64
		stuck    []string
		down     []string
		ttl      time.Duration
		octavia  string
		ownFault bool
	}
	check := func(t *testing.T, projectID string, w want) {
		t.Helper()
		f := b.of(projectID)
		if f.Latency.Duration != w.latency || f.ErrorRate != w.rate || f.TokenTTL.Duration != w.ttl || f.Octavia != w.octavia {
			t.Errorf("of(%q): latency %v, rate %v, ttl %v, octavia %q; want %v, %v, %v, %q",
				projectID, f.Latency.Duration, f.ErrorRate, f.TokenTTL.Duration, f.Octavia, w.latency, w.rate, w.ttl, w.octavia)
		}
		if !slices.Equal(f.Stuck, w.stuck) || !slices.Equal(f.DownMembers, w.down) {
			t.Errorf("of(%q): stuck %q, down %q; want %q, %q", projectID, f.Stuck, f.DownMembers, w.stuck, w.down)
		}
		if _, ok := b.own[projectID]; ok != w.ownFault {
			t.Errorf("own[%q] present: got %v, want %v", projectID, ok, w.ownFault)
		}
	}
	lab := want{latency: 2 * time.Second, rate: 0.5, stuck: []string{"web"}, ttl: time.Minute, octavia: Outage503}

	t.Run("merged", func(t *testing.T) {
		check(t, "p1", want{2 * time.Second, 0.75, []string{"web", "shop"}, nil, 30 * time.Second, OutageReset, true})
		check(t, "p2", want{2 * time.Second, 0.5, []string{"web"}, []string{"10.0.0.1"}, time.Minute, Outage503, true})
		check(t, "p3", lab)
	})
	t.Run("lab-wide change reaches the merged", func(t *testing.T) {
		b.set(Faults{Stuck: []string{"api"}})
		check(t, "p1", want{time.Second, 0.75, []string{"api", "shop"}, nil, 30 * time.Second, OutageReset, true})
		b.set(Faults{Latency: sec(2), ErrorRate: 0.5, Stuck: []string{"web"}, TokenTTL: sec(60), Octavia: Outage503})
	})
	t.Run("lifted", func(t *testing.T) {
		b.setProject("p1", Faults{})
		check(t, "p1", lab)
		b.dropProject("p2")
		check(t, "p2", lab)
	})
}

// TestFaultBookSaveRestore checks that a book restored from what it saved
// acts as it did, and that faults of a project the state lacks are refused.
func TestFaultBookSaveRestore(t *testing.T) {
	b := newFaultBook()
	b.set(Faults{Error: []string{"web"}})
	b.setProject("p1", Faults{Stuck: []string{"shop"}, Barbican: Outage503})
	var s State
	b.save(&s)

	projects := map[string]*project{"p1": {id: "p1", name: "trainee1"}}
	r := newFaultBook()
	if err := r.restore(&s, projects); err != nil {
		t.Fatalf("restore: %v", err)
	}
	if got := r.of("p1"); !slices.Equal(got.Error, []string{"web"}) || !slices.Equal(got.Stuck, []string{"shop"}) || got.Barbican != Outage503 {
		t.Errorf("restored of(p1) = %+v, want error [web], stuck [shop], barbican 503", *got)
	}
	if got := r.byName(projects); len(got) != 1 || got["trainee1"].Barbican != Outage503 {
		t.Errorf("restored byName = %v, want trainee1's own faults only", got)
	}
	empty := newFaultBook()
	if err := empty.restore(&s, map[string]*project{}); err == nil {
		t.Error("restore with p1's faults but no project p1: got no error")
	}
}
