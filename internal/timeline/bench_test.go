package timeline

import (
	"fmt"
	"os"
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

// BenchmarkFlush is one write of the file of 2,000 load balancers whose
// members flapped until each holds 100 changes (200,000 in all).
func BenchmarkFlush(b *testing.B) {
	s, _ := Open(filepath.Join(b.TempDir(), "t.json"), Options{MaxPerLB: 100, FlushEvery: time.Hour})
	defer s.Close()
	up, down := manyLBs(2000, "ONLINE"), manyLBs(2000, "ERROR")
	at := t0
	for i := range 30 {
		lbs := up
		if i%2 == 1 {
			lbs = down
		}
		s.Observe("cloud", at, lbs)
		at = at.Add(30 * time.Second)
	}
	if s.total != 2000*100 {
		b.Fatalf("%d changes held, want 200,000", s.total)
	}
	for b.Loop() {
		s.mu.Lock()
		s.dirty = true
		s.mu.Unlock()
		if err := s.flush(); err != nil {
			b.Fatal(err)
		}
	}
	st, _ := os.Stat(s.path)
	b.ReportMetric(float64(st.Size()), "file-bytes")
}
