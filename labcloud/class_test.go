package labcloud

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

func TestPendingTooLong(t *testing.T) {
	now := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		since time.Time
		want  bool
	}{
		{"never recorded", time.Time{}, false},
		{"just now", now, false},
		{"2 s ago", now.Add(-2 * time.Second), false},
		{"exactly a minute ago", now.Add(-PendingTooLong), false},
		{"61 s ago", now.Add(-61 * time.Second), true},
		{"an hour ago", now.Add(-time.Hour), true},
	} {
		if got := pendingTooLong(tc.since, now); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestNewLoadBalancerNotFlaggedForAMinute: a trainee's load balancer in
// PENDING_CREATE (its updated_at still null, as Octavia's) is not "needs
// help" in its first minute, and is after it while still pending; the same
// for a PENDING_UPDATE that began on an object created long before.
func TestNewLoadBalancerNotFlaggedForAMinute(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 1, Trainees: 1, Delay: 10 * time.Minute})
		t1 := login(t, c, "trainee1")
		lb := t1.createLB("web", nil)
		if lb["updated_at"] != nil {
			t.Fatalf("a new load balancer's updated_at: got %v, want null (as Octavia)", lb["updated_at"])
		}
		help := func() serverapi.Trainee { return c.Class().Trainees[0] }
		time.Sleep(2 * time.Second)
		if tr := help(); tr.Help != serverapi.HelpNone || tr.HelpText != "" {
			t.Errorf("2 s after the create: help %d %q, want none", tr.Help, tr.HelpText)
		}
		time.Sleep(57 * time.Second)
		if tr := help(); tr.Help != serverapi.HelpNone {
			t.Errorf("59 s after the create: help %d %q, want none", tr.Help, tr.HelpText)
		}
		time.Sleep(2 * time.Second)
		if tr := help(); tr.Help != serverapi.HelpPending || !strings.Contains(tr.HelpText, "load balancer web has been PENDING") {
			t.Errorf("61 s after the create: help %d %q, want pending, naming web", tr.Help, tr.HelpText)
		}
	})
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 1, Trainees: 1, Delay: time.Second})
		login(t, c, "trainee1").createLB("web", nil)
		time.Sleep(time.Hour)
		if err := c.SetProjectFaults([]string{"trainee1"}, Faults{Stuck: []string{"web"}}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Second)
		if got := c.Class().Trainees[0].LoadBalancers[0].ProvisioningStatus; got != statusPendingUpdate {
			t.Fatalf("the stuck load balancer: got %s, want %s", got, statusPendingUpdate)
		}
		if tr := c.Class().Trainees[0]; tr.Help != serverapi.HelpNone {
			t.Errorf("2 s into a PENDING_UPDATE of an hour-old load balancer: help %d %q, want none", tr.Help, tr.HelpText)
		}
		time.Sleep(time.Minute)
		if tr := c.Class().Trainees[0]; tr.Help != serverapi.HelpPending {
			t.Errorf("62 s into a stuck PENDING_UPDATE: help %d %q, want pending", tr.Help, tr.HelpText)
		}
	})
}

// TestShippedExercisesGiveTheConsolesPath: every step of a shipped
// exercise gives the console's path beside its CLI hint, and the class
// carries both to the pages.
func TestShippedExercisesGiveTheConsolesPath(t *testing.T) {
	for _, name := range ShippedExercises() {
		e, err := ShippedExercise(name)
		if err != nil {
			t.Fatal(err)
		}
		c := New(Options{Trainees: 1})
		c.SetExercise(e, false)
		info := c.Class().Exercise
		for i, s := range info.Steps {
			if s.Console == "" || s.Hint == "" || s.Console != e.Steps[i].Console {
				t.Errorf("%s step %d (%s): console %q, CLI %q; want both, as the file gives them", name, i+1, s.Title, s.Console, s.Hint)
			}
		}
	}
}
