package timeline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia/statuswire"
)

var t0 = time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC)

// tree is a load balancer lb with one listener, one pool with a monitor and
// two members, whose first member's operating status is m1; the others
// follow it as Octavia's do (a member in ERROR degrades its pool, listener
// and load balancer).
func tree(lb, m1 string) serverapi.StatusLB {
	up := "ONLINE"
	if m1 != "ONLINE" {
		up = "DEGRADED"
	}
	return serverapi.StatusLB{
		ID: lb, Name: "web-" + lb, ProvisioningStatus: "ACTIVE", OperatingStatus: up,
		Tree: statuswire.LoadBalancer{ID: lb, Name: "web-" + lb, ProvisioningStatus: "ACTIVE", OperatingStatus: statuswire.OperatingStatus(up),
			Listeners: []statuswire.Listener{{ID: lb + "-l1", Name: "http", ProvisioningStatus: "ACTIVE", OperatingStatus: statuswire.OperatingStatus(up),
				Pools: []statuswire.Pool{{ID: lb + "-p1", Name: "pool", ProvisioningStatus: "ACTIVE", OperatingStatus: statuswire.OperatingStatus(up),
					HealthMonitor: &statuswire.HealthMonitor{ID: lb + "-h1", Type: "HTTP", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"},
					Members: []statuswire.Member{
						{ID: lb + "-m1", Name: "a", ProvisioningStatus: "ACTIVE", OperatingStatus: statuswire.OperatingStatus(m1), Address: "10.0.0.1", ProtocolPort: 80},
						{ID: lb + "-m2", Name: "b", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE", Address: "10.0.0.2", ProtocolPort: 80},
					}}}}}},
	}
}

func mustObserve(t *testing.T, s *Store, src string, at time.Time, lbs ...serverapi.StatusLB) {
	t.Helper()
	if err := s.Observe(src, at, lbs); err != nil {
		t.Fatalf("Observe at %v: %v", at, err)
	}
}

func TestObserve(t *testing.T) {
	ch := func(at time.Time, id, kind, name, field, from, to string) serverapi.WallChange {
		return serverapi.WallChange{At: at.Format(time.RFC3339), ID: id, Kind: kind, Name: name, Field: field, From: from, To: to}
	}
	// m1Went is what lb1's tree (tree) records when its first member goes
	// from one operating status to another at at: the load balancer, the
	// listener and the pool change with it, in that order, then the member.
	m1Went := func(at time.Time, from, to string) []serverapi.WallChange {
		parent := func(m1 string) string { return tree("lb1", m1).OperatingStatus }
		return []serverapi.WallChange{
			ch(at, "lb1", KindLoadBalancer, "web-lb1", FieldOperating, parent(from), parent(to)),
			ch(at, "lb1-l1", KindListener, "http", FieldOperating, parent(from), parent(to)),
			ch(at, "lb1-p1", KindPool, "pool", FieldOperating, parent(from), parent(to)),
			ch(at, "lb1-m1", KindMember, "a", FieldOperating, from, to),
		}
	}
	t1, t2, t3 := t0.Add(3*time.Second), t0.Add(6*time.Second), t0.Add(9*time.Second)
	tests := []struct {
		name  string
		polls [][]serverapi.StatusLB
		want  []serverapi.WallChange
		since map[string]time.Time // id -> Since after the last poll; zero: not there
	}{{
		name:  "the first poll is the baseline",
		polls: [][]serverapi.StatusLB{{tree("lb1", "ONLINE")}},
		since: map[string]time.Time{"lb1": t0, "lb1-m1": t0, "lb1-h1": t0},
	}, {
		name:  "no change, no record",
		polls: [][]serverapi.StatusLB{{tree("lb1", "ONLINE")}, {tree("lb1", "ONLINE")}, {tree("lb1", "ONLINE")}},
		since: map[string]time.Time{"lb1": t0, "lb1-m1": t0},
	}, {
		name:  "a member goes down and its parents degrade",
		polls: [][]serverapi.StatusLB{{tree("lb1", "ONLINE")}, {tree("lb1", "ERROR")}},
		want:  m1Went(t1, "ONLINE", "ERROR"),
		since: map[string]time.Time{"lb1": t1, "lb1-m1": t1, "lb1-m2": t0, "lb1-h1": t0},
	}, {
		name:  "down and back up",
		polls: [][]serverapi.StatusLB{{tree("lb1", "ONLINE")}, {tree("lb1", "ERROR")}, {tree("lb1", "ERROR")}, {tree("lb1", "ONLINE")}},
		want:  append(m1Went(t1, "ONLINE", "ERROR"), m1Went(t3, "ERROR", "ONLINE")...),
		since: map[string]time.Time{"lb1": t3, "lb1-m1": t3, "lb1-m2": t0},
	}, {
		name: "a member appears and goes",
		polls: func() [][]serverapi.StatusLB {
			with := tree("lb1", "ONLINE")
			p := &with.Tree.Listeners[0].Pools[0]
			p.Members = append(p.Members, statuswire.Member{ID: "lb1-m3", Name: "c", ProvisioningStatus: "PENDING_CREATE", OperatingStatus: "OFFLINE"})
			return [][]serverapi.StatusLB{{tree("lb1", "ONLINE")}, {with}, {tree("lb1", "ONLINE")}}
		}(),
		want: []serverapi.WallChange{
			ch(t1, "lb1-m3", KindMember, "c", FieldProvisioning, "", "PENDING_CREATE"),
			ch(t2, "lb1-m3", KindMember, "c", FieldProvisioning, "PENDING_CREATE", ""),
		},
		since: map[string]time.Time{"lb1-m3": {}, "lb1-m1": t0},
	}, {
		name:  "a load balancer deleted: each of its objects goes",
		polls: [][]serverapi.StatusLB{{tree("lb1", "ONLINE"), tree("lb2", "ONLINE")}, {tree("lb1", "ONLINE")}},
		since: map[string]time.Time{"lb2": {}, "lb1": t0},
	}, {
		name: "a pool under two listeners is one pool",
		polls: func() [][]serverapi.StatusLB {
			two := func(m1 string) serverapi.StatusLB {
				lb := tree("lb1", m1)
				l2 := lb.Tree.Listeners[0]
				l2.ID, l2.Name = "lb1-l2", "https"
				lb.Tree.Listeners = append(lb.Tree.Listeners, l2)
				return lb
			}
			return [][]serverapi.StatusLB{{two("ONLINE")}, {two("ERROR")}}
		}(),
		want: append(m1Went(t1, "ONLINE", "ERROR"),
			ch(t1, "lb1-l2", KindListener, "https", FieldOperating, "ONLINE", "DEGRADED")),
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Open("", Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for i, lbs := range tt.polls {
				mustObserve(t, s, "cloud", t0.Add(time.Duration(i)*3*time.Second), lbs...)
			}
			if got := s.Changes("cloud", "lb1", time.Time{}); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Changes:\n got %+v\nwant %+v", got, tt.want)
			}
			for id, want := range tt.since {
				got, ok := s.Since("cloud", id)
				if ok != !want.IsZero() || !got.Equal(want) {
					t.Errorf("Since(%s) = %v, %v; want %v", id, got, ok, want)
				}
			}
		})
	}
}

func TestDeletedLoadBalancerChanges(t *testing.T) {
	s, _ := Open("", Options{})
	defer s.Close()
	mustObserve(t, s, "cloud", t0, tree("lb1", "ONLINE"), tree("lb2", "ONLINE"))
	mustObserve(t, s, "cloud", t0.Add(3*time.Second), tree("lb1", "ONLINE"))
	got := s.Changes("cloud", "lb2", time.Time{})
	if len(got) != 6 {
		t.Fatalf("got %d changes of the deleted lb2, want 6 (itself, listener, pool, monitor, two members): %+v", len(got), got)
	}
	for _, c := range got {
		if c.To != "" || c.From != "ACTIVE" || c.Field != FieldProvisioning {
			t.Errorf("change %+v: want ACTIVE to \"\" on provisioning_status", c)
		}
	}
}

func TestChangesFrom(t *testing.T) {
	s, _ := Open("", Options{})
	defer s.Close()
	for i := range 10 {
		m1 := "ONLINE"
		if i%2 == 1 {
			m1 = "ERROR"
		}
		mustObserve(t, s, "cloud", t0.Add(time.Duration(i)*time.Minute), tree("lb1", m1))
	}
	got := s.Changes("cloud", "lb1", t0.Add(7*time.Minute))
	if len(got) != 3*4 {
		t.Fatalf("got %d changes from minute 7, want 12 (3 polls × 4 objects)", len(got))
	}
	if got[0].At != t0.Add(7*time.Minute).Format(time.RFC3339) {
		t.Errorf("first change at %s, want minute 7", got[0].At)
	}
	if c := s.Changes("other", "lb1", time.Time{}); c != nil {
		t.Errorf("another feed's changes: %+v", c)
	}
}

// flap observes a member of lb1 flapping: down at odd polls, up at even.
func flap(t *testing.T, s *Store, polls int, every time.Duration) {
	t.Helper()
	for i := range polls {
		m1 := "ONLINE"
		if i%2 == 1 {
			m1 = "ERROR"
		}
		mustObserve(t, s, "cloud", t0.Add(time.Duration(i)*every), tree("lb1", m1))
	}
}

func TestBounds(t *testing.T) {
	tests := []struct {
		name      string
		opts      Options
		polls     int
		every     time.Duration
		wantCount int
		wantFirst time.Time
	}{
		{"per load balancer", Options{MaxPerLB: 100}, 101, time.Second, 100, t0.Add(76 * time.Second)},
		{"in all", Options{MaxTotal: 64}, 101, time.Second, 64, t0.Add(85 * time.Second)},
		{"in all, trimmed to 7/8", Options{MaxTotal: 64}, 102, time.Second, 56, t0.Add(88 * time.Second)},
		{"by age", Options{Retain: time.Hour}, 121, time.Minute, 61 * 4, t0.Add(60 * time.Minute)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := Open("", tt.opts)
			defer s.Close()
			flap(t, s, tt.polls, tt.every)
			got := s.Changes("cloud", "lb1", time.Time{})
			if len(got) != tt.wantCount {
				t.Errorf("kept %d changes, want %d", len(got), tt.wantCount)
			}
			if len(got) > 0 && got[0].At != tt.wantFirst.Format(time.RFC3339) {
				t.Errorf("oldest kept at %s, want %s", got[0].At, tt.wantFirst.Format(time.RFC3339))
			}
			if s.total != len(got) {
				t.Errorf("store counts %d changes, holds %d", s.total, len(got))
			}
		})
	}
}

func TestRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "walls.timeline.json")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	flap(t, s, 5, 30*time.Second)
	renamed := tree("lb1", "ERROR")
	renamed.Tree.Listeners[0].Pools[0].Members[0].Name = "a-renamed \"</script>\n\u2028 🚀"
	mustObserve(t, s, "cloud", t0.Add(5*30*time.Second), renamed)
	mustObserve(t, s, "other\n\"feed", t0, tree("lb9", "ONLINE"))
	wantChanges := s.Changes("cloud", "lb1", time.Time{})
	wantSince, _ := s.Since("cloud", "lb1-m1")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Observe("cloud", t0, nil); err == nil {
		t.Error("Observe after Close: no error")
	}
	if st, err := os.Stat(path); err != nil {
		t.Error(err)
	} else if st.Mode().Perm() != 0o600 {
		t.Errorf("the file's mode: %v, want 0600", st.Mode())
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*.tmp")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}

	s2, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if got := s2.Changes("cloud", "lb1", time.Time{}); !reflect.DeepEqual(got, wantChanges) {
		t.Errorf("changes after restart:\n got %+v\nwant %+v", got, wantChanges)
	}
	if got, ok := s2.Since("cloud", "lb1-m1"); !ok || !got.Equal(wantSince) {
		t.Errorf("Since(lb1-m1) after restart = %v, %v; want %v", got, ok, wantSince)
	}
	if got, ok := s2.Since("other\n\"feed", "lb9-h1"); !ok || !got.Equal(t0) {
		t.Errorf("Since(lb9-h1) of the other feed after restart = %v, %v; want %v", got, ok, t0)
	}
	// The restarted store diffs the next poll against the file's: the
	// member came back while the server was down.
	later := t0.Add(time.Hour)
	mustObserve(t, s2, "cloud", later, tree("lb1", "ONLINE"))
	got := s2.Changes("cloud", "lb1", later)
	if len(got) != 4 || got[3].ID != "lb1-m1" || got[3].From != "ERROR" || got[3].To != "ONLINE" {
		t.Errorf("first poll after restart recorded %+v, want the member's ERROR to ONLINE and its parents'", got)
	}
	if s2.total != len(wantChanges)+4 {
		t.Errorf("store counts %d changes after restart, want %d", s2.total, len(wantChanges)+4)
	}
}

func TestOpenBadFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, body, want string
	}{
		{"not JSON", "\x00\x01garbage", "is not a timeline file"},
		{"a broken gzip", "\x1f\x8b\x08garbage", "is not a timeline file"},
		{"two documents", `{"format":"octaview-timeline/1","strings":[""]} {}`, "more than one document"},
		{"truncated", `{"format":"octaview-timeline/1","strings":[""],"sources":[{"source":"c"`, "is not a timeline file"},
		{"foreign JSON", `{"walls":[{"name":"noc"}]}`, `format ""`},
		{"a later format", `{"format":"octaview-timeline/2"}`, `format "octaview-timeline/2"`},
		{"string out of range", `{"format":"octaview-timeline/1","strings":[""],"sources":[{"source":"c","objects":[{"i":"x","l":"x","k":7}],"current":[[0,0,0,0]]}]}`, "is corrupt: string 7 of 1"},
		{"object out of range", `{"format":"octaview-timeline/1","strings":[""],"sources":[{"source":"c","lbs":[{"lb":"x","c":[[0,3,0,0,0]]}]}]}`, "is corrupt: feed \"c\": object 3 of 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")+".json")
			if err := os.WriteFile(path, []byte(tt.body), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := Open(path, Options{})
			if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Open = %v; want an error naming %s and saying %q", err, path, tt.want)
			}
			if b, _ := os.ReadFile(path); string(b) != tt.body {
				t.Error("the bad file was changed")
			}
		})
	}
	if _, err := Open(filepath.Join(dir, "missing", "t.json"), Options{}); err != nil {
		t.Errorf("Open of a file not there yet: %v", err)
	}
}

func TestWriteFailureReported(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "gone", "t.json") // its directory does not exist
	s, err := Open(path, Options{FlushEvery: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	mustObserve(t, s, "cloud", t0, tree("lb1", "ONLINE"))
	err = s.Close()
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("Close = %v; want the write's error naming %s", err, path)
	}
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Close = %v; want it to wrap os.ErrNotExist", err)
	}
}

// TestConcurrent runs feeds and readers at once (go test -race).
func TestConcurrent(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "t.json"), Options{FlushEvery: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for f := range 4 {
		src := fmt.Sprint("feed", f)
		wg.Go(func() {
			for i := range 200 {
				m1 := "ONLINE"
				if i%2 == 1 {
					m1 = "ERROR"
				}
				if err := s.Observe(src, t0.Add(time.Duration(i)*time.Second), []serverapi.StatusLB{tree("lb1", m1)}); err != nil {
					t.Error(err)
					return
				}
			}
		})
		wg.Go(func() {
			for range 200 {
				s.Changes(src, "lb1", time.Time{})
				s.Since(src, "lb1-m1")
			}
		})
	}
	wg.Wait()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for f := range 4 {
		if got := len(s.Changes(fmt.Sprint("feed", f), "lb1", time.Time{})); got != 199*4 {
			t.Errorf("feed%d: %d changes, want %d", f, got, 199*4)
		}
	}
}

// TestQuietPollsWriteNothing: the file is written after a change, at most
// every FlushEvery, and not at all while polls see nothing new.
func TestQuietPollsWriteNothing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "t.json")
		s, err := Open(path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		exists := func() bool { _, err := os.Stat(path); return err == nil }
		mustObserve(t, s, "cloud", time.Now(), tree("lb1", "ONLINE"))
		time.Sleep(DefaultFlushEvery - time.Millisecond)
		if exists() {
			t.Fatal("written before FlushEvery")
		}
		time.Sleep(2 * time.Millisecond)
		if !exists() {
			t.Fatal("the baseline is not written after FlushEvery")
		}
		os.Remove(path)
		for range 10 {
			mustObserve(t, s, "cloud", time.Now(), tree("lb1", "ONLINE"))
			time.Sleep(3 * time.Second)
		}
		if exists() {
			t.Fatal("quiet polls rewrote the file")
		}
		mustObserve(t, s, "cloud", time.Now(), tree("lb1", "ERROR"))
		time.Sleep(DefaultFlushEvery + time.Millisecond)
		if !exists() {
			t.Fatal("a change is not written after FlushEvery")
		}
	})
}

// TestFeeds: a feed whose first poll is empty records the load balancers
// that appear after; a feed no longer polled for Options.Retain (a wall
// removed from the file) is forgotten, and starts again from a baseline.
func TestFeeds(t *testing.T) {
	s, _ := Open("", Options{})
	defer s.Close()
	mustObserve(t, s, "empty", t0)
	mustObserve(t, s, "empty", t0.Add(3*time.Second), tree("lb1", "ONLINE"))
	if got := s.Changes("empty", "lb1", time.Time{}); len(got) != 6 || got[0].From != "" || got[0].To != "ACTIVE" {
		t.Errorf("a load balancer created after an empty first poll: got %+v, want its 6 objects appearing", got)
	}

	mustObserve(t, s, "removed", t0, tree("lb2", "ONLINE"))
	mustObserve(t, s, "removed", t0.Add(time.Minute), tree("lb2", "ERROR"))
	mustObserve(t, s, "empty", t0.Add(24*time.Hour+time.Minute), tree("lb1", "ONLINE"))
	if _, ok := s.Since("removed", "lb2"); !ok {
		t.Error("a feed polled 24 h ago is forgotten, want it kept for Options.Retain")
	}
	mustObserve(t, s, "empty", t0.Add(24*time.Hour+time.Minute+time.Millisecond), tree("lb1", "ONLINE"))
	if _, ok := s.Since("removed", "lb2"); ok {
		t.Error("a feed not polled for more than 24 h is still held")
	}
	if got := s.Changes("removed", "lb2", time.Time{}); len(got) != 0 {
		t.Errorf("its changes: %+v, want none", got)
	}
	mustObserve(t, s, "removed", t0.Add(25*time.Hour), tree("lb2", "ONLINE"))
	if got := s.Changes("removed", "lb2", time.Time{}); len(got) != 0 {
		t.Errorf("the feed polled again: got %+v, want a baseline", got)
	}
}
