package waiters

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// The cost of watching one load balancer from 100 views for 60 s, polling
// every 3 s: a shared Hub makes one GET per interval (0 s, 3 s, ..., 60 s:
// 21 GETs); 100 independent waits make 100 times as many.
const (
	watchers    = 100
	watchFor    = 60 * time.Second
	wantHubGets = 21
	wantOwnGets = watchers * wantHubGets // 2,100
)

// hubGets runs 100 Hub subscribers to one load balancer for 60 s of fake
// time and returns the GETs made. It must run inside a synctest bubble.
func hubGets(t *testing.T) int {
	start := time.Now()
	h := NewHub[string](DefaultInterval)
	var gets atomic.Int64
	fetch := func(context.Context) (string, error) {
		gets.Add(1)
		return "PENDING_UPDATE", nil
	}
	seen := make([]int, watchers)
	stops := make([]func(), watchers)
	for i := range stops {
		stops[i] = h.Subscribe("lb-1", fetch, func(Update[string]) { seen[i]++ })
	}
	at(start, watchFor)
	for _, stop := range stops {
		stop()
	}
	for i, n := range seen {
		if n != wantHubGets {
			t.Errorf("subscriber %d: got %d updates, want %d", i, n, wantHubGets)
		}
	}
	return int(gets.Load())
}

// ownGets runs 100 independent ForActive waits on one load balancer for 60 s
// of fake time and returns the GETs made. It must run inside a synctest
// bubble.
func ownGets(t *testing.T) int {
	start := time.Now()
	ctx, cancel := context.WithCancel(t.Context())
	var gets atomic.Int64
	get := func(context.Context) (string, error) {
		gets.Add(1)
		return "PENDING_UPDATE", nil
	}
	var wg sync.WaitGroup
	for range watchers {
		wg.Go(func() {
			if err := ForActive(ctx, get, Options{}); err != context.Canceled {
				t.Errorf("got %v, want %v", err, context.Canceled)
			}
		})
	}
	at(start, watchFor)
	cancel()
	wg.Wait()
	return int(gets.Load())
}

func TestHub100SubscribersGets(t *testing.T) {
	cases := []struct {
		name string
		run  func(*testing.T) int
		want int
	}{
		{name: "one Hub loop", run: hubGets, want: wantHubGets},
		{name: "100 independent ForActive waits", run: ownGets, want: wantOwnGets},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				if got := c.run(t); got != c.want {
					t.Errorf("got %d GETs in 60 s, want %d", got, c.want)
				}
			})
		})
	}
}

// inBubble runs f in a synctest bubble from a benchmark. synctest.Test needs
// a *testing.T, which a benchmark does not have, so it goes through
// testing.RunTests (its matcher always matches, so -run '^$' does not skip
// it). With -v each iteration prints a "=== RUN" line.
func inBubble(b *testing.B, f func(t *testing.T)) {
	b.Helper()
	ok := testing.RunTests(func(string, string) (bool, error) { return true, nil },
		[]testing.InternalTest{{Name: b.Name(), F: func(t *testing.T) { synctest.Test(t, f) }}})
	if !ok {
		b.Fatal("the bubble failed")
	}
}

// benchGets runs count in a bubble per iteration and reports its GETs.
func benchGets(b *testing.B, count func(*testing.T) int, want int) {
	gets := 0
	for b.Loop() {
		gets = 0
		inBubble(b, func(t *testing.T) { gets = count(t) })
		if gets != want {
			b.Fatalf("got %d GETs in 60 s, want %d", gets, want)
		}
	}
	b.ReportMetric(float64(gets), "gets/op")
}

// BenchmarkHub100Subscribers: 100 subscribers to one load balancer for 60 s
// of fake time: 21 GETs per op.
func BenchmarkHub100Subscribers(b *testing.B) {
	benchGets(b, hubGets, wantHubGets)
}

// BenchmarkForActive100Independent: for comparison, 100 independent
// ForActive waits on one load balancer for 60 s of fake time: 2,100 GETs
// per op.
func BenchmarkForActive100Independent(b *testing.B) {
	benchGets(b, ownGets, wantOwnGets)
}
