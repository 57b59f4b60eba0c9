package timeline

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// manyLBs is n load balancers of tree's shape (six objects each).
func manyLBs(n int, m1 string) []serverapi.StatusLB {
	lbs := make([]serverapi.StatusLB, n)
	for i := range lbs {
		lbs[i] = tree(fmt.Sprintf("lb%05d", i), m1)
	}
	return lbs
}

// BenchmarkObserveQuiet is one poll of 10,000 load balancers (60,000
// objects) that changed nothing: the cost of every 3 s of a large cloud.
func BenchmarkObserveQuiet(b *testing.B) {
	s, _ := Open("", Options{})
	defer s.Close()
	lbs := manyLBs(10000, "ONLINE")
	s.Observe("cloud", t0, lbs)
	at := t0
	for b.Loop() {
		at = at.Add(3 * time.Second)
		s.Observe("cloud", at, lbs)
	}
}

// BenchmarkFlush is one write of the file of 10,000 load balancers, each
// with a day of a flapping member's changes capped at 1,000.
func BenchmarkFlush(b *testing.B) {
	s, _ := Open(filepath.Join(b.TempDir(), "t.json"), Options{MaxPerLB: 1000, FlushEvery: time.Hour})
	defer s.Close()
	at := t0
	for i := range 250 {
		m1 := "ONLINE"
		if i%2 == 1 {
			m1 = "ERROR"
		}
		s.Observe("cloud", at, manyLBs(10000, m1))
		at = at.Add(30 * time.Second)
	}
	b.Logf("%d changes held", s.total)
	for b.Loop() {
		s.mu.Lock()
		s.dirty = true
		s.mu.Unlock()
		if err := s.flush(); err != nil {
			b.Fatal(err)
		}
	}
}
