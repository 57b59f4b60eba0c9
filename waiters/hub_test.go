package waiters

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// counter is a fetch function that counts its calls and returns the call
// number; each call takes delay of (fake) time and gives up when its ctx
// ends, recording ctx errors it saw.
type counter struct {
	mu      sync.Mutex
	delay   time.Duration
	fail    map[int]error // call number → error to return
	calls   int
	ctxErrs []error
}

func (c *counter) fetch(ctx context.Context) (int, error) {
	c.mu.Lock()
	c.calls++
	n := c.calls
	c.mu.Unlock()
	if c.delay > 0 {
		select {
		case <-time.After(c.delay):
		case <-ctx.Done():
			c.mu.Lock()
			c.ctxErrs = append(c.ctxErrs, ctx.Err())
			c.mu.Unlock()
			return 0, ctx.Err()
		}
	}
	return n, c.fail[n]
}

func (c *counter) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls
}

// recorder collects the updates one subscriber receives.
type recorder struct {
	mu      sync.Mutex
	updates []Update[int]
}

func (r *recorder) fn(u Update[int]) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.updates = append(r.updates, u)
}

// got returns the updates as "attempt@elapsed" strings, easy to compare.
func (r *recorder) got() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, len(r.updates))
	for _, u := range r.updates {
		s := fmt.Sprintf("%d@%v", u.Attempt, u.Elapsed)
		if u.Err != nil {
			s += " err=" + u.Err.Error()
		}
		if u.Replay {
			s += " replay"
		}
		out = append(out, s)
	}
	return out
}

// loopsRunning says how many loops h has.
func loopsRunning[T any](h *Hub[T]) int {
	h.h.mu.Lock()
	defer h.h.mu.Unlock()
	return len(h.h.loops)
}

// at sleeps until d after start, then lets the bubble settle.
func at(start time.Time, d time.Duration) {
	time.Sleep(time.Until(start.Add(d)))
	synctest.Wait()
}

// pollingHub is a Hub polling every 3 s, a counter whose fetches take
// delay, and the bubble's time now, where the test's timeline starts.
func pollingHub(delay time.Duration) (start time.Time, h *Hub[int], f *counter) {
	return time.Now(), NewHub[int](3 * time.Second), &counter{delay: delay}
}

// twoSubscribers is a Hub polling every 3 s (interval 0) with recorders a
// and b subscribed to lb-1 in turn, one counter fetching for both.
type twoSubscribers struct {
	start        time.Time // when they subscribed
	a, b         *recorder
	stopA, stopB func()
}

// subscribeTwo subscribes a and b, inside a synctest bubble.
func subscribeTwo() *twoSubscribers {
	h, f := NewHub[int](0), &counter{}
	p := &twoSubscribers{start: time.Now(), a: &recorder{}, b: &recorder{}}
	p.stopA = h.Subscribe("lb-1", f.fetch, p.a.fn)
	p.stopB = h.Subscribe("lb-1", f.fetch, p.b.fn)
	return p
}

func TestHubSharesOneLoop(t *testing.T) {
	cases := []struct {
		name      string
		subs      int
		interval  time.Duration
		until     time.Duration
		wantGets  int
		wantEachs []string
	}{
		{name: "one subscriber", subs: 1, interval: 3 * time.Second, until: 9 * time.Second,
			wantGets: 4, wantEachs: []string{"1@0s", "2@3s", "3@6s", "4@9s"}},
		{name: "three subscribers share the GETs", subs: 3, interval: 3 * time.Second, until: 9 * time.Second,
			wantGets: 4, wantEachs: []string{"1@0s", "2@3s", "3@6s", "4@9s"}},
		{name: "interval 0 means 3 s", subs: 2, interval: 0, until: 6 * time.Second,
			wantGets: 3, wantEachs: []string{"1@0s", "2@3s", "3@6s"}},
		{name: "custom interval", subs: 2, interval: 5 * time.Second, until: 10 * time.Second,
			wantGets: 3, wantEachs: []string{"1@0s", "2@5s", "3@10s"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				start := time.Now()
				h := NewHub[int](c.interval)
				f := &counter{}
				recs := make([]*recorder, c.subs)
				stops := make([]func(), c.subs)
				for i := range recs {
					recs[i] = &recorder{}
					stops[i] = h.Subscribe("lb-1", f.fetch, recs[i].fn)
				}
				at(start, c.until)
				for _, stop := range stops {
					stop()
				}
				if got := f.count(); got != c.wantGets {
					t.Errorf("got %d GETs, want %d", got, c.wantGets)
				}
				for i, r := range recs {
					if got := r.got(); !slices.Equal(got, c.wantEachs) {
						t.Errorf("subscriber %d: got %v, want %v", i, got, c.wantEachs)
					}
				}
			})
		})
	}
}

func TestHubKeysHaveTheirOwnLoops(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		h := NewHub[int](0)
		f1, f2 := &counter{}, &counter{}
		r1, r2, r3 := &recorder{}, &recorder{}, &recorder{}
		stop1 := h.Subscribe("lb-1", f1.fetch, r1.fn)
		stop2 := h.Subscribe("lb-2", f2.fetch, r2.fn)
		stop3 := h.Subscribe("lb-1", f2.fetch, r3.fn) // joins lb-1: its fetch is not used
		at(start, 3*time.Second)
		stop1()
		stop2()
		stop3()
		if got, want := f1.count(), 2; got != want {
			t.Errorf("lb-1: got %d GETs, want %d", got, want)
		}
		if got, want := f2.count(), 2; got != want {
			t.Errorf("lb-2: got %d GETs, want %d (the second lb-1 fetch must not be used)", got, want)
		}
		if got := loopsRunning(h); got != 0 {
			t.Errorf("got %d loops after every stop, want 0", got)
		}
	})
}

func TestHubLateJoin(t *testing.T) {
	cases := []struct {
		name    string
		delay   time.Duration // each fetch takes this long
		joinAt  time.Duration
		until   time.Duration
		wantA   []string
		wantB   []string
		wantGet int
	}{
		{name: "joins an idle loop: the latest poll at once, then every poll",
			joinAt: 4 * time.Second, until: 9 * time.Second,
			wantA:   []string{"1@0s", "2@3s", "3@6s", "4@9s"},
			wantB:   []string{"2@3s replay", "3@6s", "4@9s"},
			wantGet: 4},
		{name: "joins during the first fetch: that poll when it completes",
			delay: 2 * time.Second, joinAt: time.Second, until: 7 * time.Second,
			wantA:   []string{"1@2s", "2@7s"},
			wantB:   []string{"1@2s", "2@7s"},
			wantGet: 2},
		{name: "joins during a later fetch: the fresh poll, no stale replay",
			delay: 2 * time.Second, joinAt: 6 * time.Second, until: 7 * time.Second,
			wantA:   []string{"1@2s", "2@7s"},
			wantB:   []string{"2@7s"},
			wantGet: 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				start, h, f := pollingHub(c.delay)
				a, b := &recorder{}, &recorder{}
				stopA := h.Subscribe("lb-1", f.fetch, a.fn)
				at(start, c.joinAt)
				gets := f.count()
				stopB := h.Subscribe("lb-1", f.fetch, b.fn)
				synctest.Wait()
				if got := f.count(); got != gets {
					t.Errorf("joining made %d GETs, want 0", got-gets)
				}
				at(start, c.until)
				stopA()
				stopB()
				if got := a.got(); !slices.Equal(got, c.wantA) {
					t.Errorf("first subscriber: got %v, want %v", got, c.wantA)
				}
				if got := b.got(); !slices.Equal(got, c.wantB) {
					t.Errorf("late subscriber: got %v, want %v", got, c.wantB)
				}
				if got := f.count(); got != c.wantGet {
					t.Errorf("got %d GETs, want %d", got, c.wantGet)
				}
			})
		})
	}
}

func TestHubLeave(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := subscribeTwo()
		at(p.start, 4*time.Second)
		p.stopB()
		p.stopB() // a second stop must not count as another subscriber leaving
		at(p.start, 9*time.Second)
		if got, want := p.b.got(), []string{"1@0s", "2@3s"}; !slices.Equal(got, want) {
			t.Errorf("left subscriber: got %v, want %v", got, want)
		}
		if got, want := p.a.got(), []string{"1@0s", "2@3s", "3@6s", "4@9s"}; !slices.Equal(got, want) {
			t.Errorf("remaining subscriber: got %v, want %v", got, want)
		}
		p.stopA()
	})
}

func TestHubLastLeaveStopsTheLoop(t *testing.T) {
	cases := []struct {
		name       string
		delay      time.Duration
		stopAt     time.Duration
		wantGets   int
		wantGot    []string
		wantCtxErr bool // the fetch in flight saw its context cancelled
	}{
		{name: "between polls", stopAt: 4 * time.Second, wantGets: 2,
			wantGot: []string{"1@0s", "2@3s"}},
		{name: "during a fetch: it is cancelled and not delivered",
			delay: 2 * time.Second, stopAt: 11 * time.Second, wantGets: 3,
			wantGot: []string{"1@2s", "2@7s"}, wantCtxErr: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				start, h, f := pollingHub(c.delay)
				r := &recorder{}
				stop := h.Subscribe("lb-1", f.fetch, r.fn)
				at(start, c.stopAt)
				stop()
				synctest.Wait()
				if got := loopsRunning(h); got != 0 {
					t.Errorf("got %d loops after the last stop, want 0", got)
				}
				at(start, time.Hour)
				if got := f.count(); got != c.wantGets {
					t.Errorf("got %d GETs in an hour, want %d", got, c.wantGets)
				}
				if got := r.got(); !slices.Equal(got, c.wantGot) {
					t.Errorf("got %v, want %v", got, c.wantGot)
				}
				if got := len(f.ctxErrs) == 1 && errors.Is(f.ctxErrs[0], context.Canceled); got != c.wantCtxErr {
					t.Errorf("fetch saw ctx errors %v, want cancelled: %v", f.ctxErrs, c.wantCtxErr)
				}

				// A new subscriber starts a new loop, with its own fetch, counting afresh.
				f2, r2 := &counter{}, &recorder{}
				stop2 := h.Subscribe("lb-1", f2.fetch, r2.fn)
				at(start, time.Hour+3*time.Second)
				stop2()
				if got, want := r2.got(), []string{"1@0s", "2@3s"}; !slices.Equal(got, want) {
					t.Errorf("new loop: got %v, want %v", got, want)
				}
			})
		})
	}
}

func TestHubStopFromCallback(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		h := NewHub[int](0)
		f := &counter{}
		var got []int
		var stop func()
		var mu sync.Mutex // stop is assigned after Subscribe returns
		mu.Lock()
		stop = h.Subscribe("lb-1", f.fetch, func(u Update[int]) {
			got = append(got, u.Attempt)
			if u.Attempt == 2 {
				mu.Lock()
				s := stop
				mu.Unlock()
				s() // must not deadlock
			}
		})
		mu.Unlock()
		at(start, time.Hour)
		if want := []int{1, 2}; len(got) != len(want) || got[0] != 1 || got[1] != 2 {
			t.Errorf("got attempts %v, want %v", got, want)
		}
		if got := f.count(); got != 2 {
			t.Errorf("got %d GETs, want 2 (the loop ends with its last subscriber)", got)
		}
	})
}

func TestHubNoCallbackAfterStopReturns(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := subscribeTwo() // b keeps the loop running
		at(p.start, 3*time.Second)
		p.stopA()
		n := len(p.a.got())
		at(p.start, time.Minute)
		if got := len(p.a.got()); got != n {
			t.Errorf("got %d calls after stop returned, want 0", got-n)
		}
		if got := len(p.b.got()); got != 21 {
			t.Errorf("remaining subscriber: got %d updates in 60 s, want 21", got)
		}
		p.stopB()
	})
}

// TestHubStopDuringDelivery stops a subscriber while the loop is delivering
// a poll to the ones before it: that poll must not reach it.
func TestHubStopDuringDelivery(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		h := NewHub[int](0)
		f := &counter{}
		b := &recorder{}
		var mu sync.Mutex // guards stopB, assigned after Subscribe returns
		var stopB func()
		stopA := h.Subscribe("lb-1", f.fetch, func(u Update[int]) {
			if u.Attempt == 2 {
				mu.Lock()
				stopB() // B is next in this delivery
				mu.Unlock()
			}
		})
		mu.Lock()
		stopB = h.Subscribe("lb-1", f.fetch, b.fn)
		mu.Unlock()
		at(start, 9*time.Second)
		stopA()
		if got, want := b.got(), []string{"1@0s"}; !slices.Equal(got, want) {
			t.Errorf("stopped subscriber: got %v, want %v", got, want)
		}
	})
}

func TestHubFetchErrorKeepsPolling(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		h := NewHub[int](0)
		f := &counter{fail: map[int]error{2: errBoom}}
		r := &recorder{}
		stop := h.Subscribe("lb-1", f.fetch, r.fn)
		at(start, 6*time.Second)
		stop()
		if got, want := r.got(), []string{"1@0s", "2@3s err=boom", "3@6s"}; !slices.Equal(got, want) {
			t.Errorf("got %v, want %v", got, want)
		}
	})
}

// TestHubInterfaceValues: a Hub of an interface type delivers what fetch
// returned, a nil value with an error included (Hub's core holds values
// boxed; a nil one must come back as T's nil, not a panic).
func TestHubInterfaceValues(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		h := NewHub[fmt.Stringer](0)
		n := 0
		fetch := func(context.Context) (fmt.Stringer, error) {
			if n++; n == 2 {
				return nil, errBoom
			}
			return time.Duration(n) * time.Second, nil
		}
		var got []string
		stop := h.Subscribe("lb-1", fetch, func(u Update[fmt.Stringer]) {
			got = append(got, fmt.Sprintf("%d %v %v", u.Attempt, u.Value, u.Err))
		})
		at(start, 6*time.Second)
		stop()
		if want := []string{"1 1s <nil>", "2 <nil> boom", "3 3s <nil>"}; !slices.Equal(got, want) {
			t.Errorf("got %q, want %q", got, want)
		}
	})
}

func TestHubSubscribePanics(t *testing.T) {
	cases := []struct {
		name  string
		fetch func(context.Context) (int, error)
		fn    func(Update[int])
	}{
		{name: "nil fn", fetch: (&counter{}).fetch},
		{name: "nil fetch for a new loop", fn: func(Update[int]) {}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := NewHub[int](0)
			defer func() {
				if recover() == nil {
					t.Errorf("got no panic, want one")
				}
				if got := loopsRunning(h); got != 0 {
					t.Errorf("got %d loops, want 0", got)
				}
			}()
			h.Subscribe("lb-1", c.fetch, c.fn)
		})
	}
}

// TestHubConcurrent subscribes and stops from many goroutines at once (run
// it with -race): within each subscription attempts strictly increase, and
// when all have left no loop is left and no GET is made.
func TestHubConcurrent(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := NewHub[int](time.Second)
		keys := []string{"lb-1", "lb-2", "lb-3"}
		fetchers := []*counter{{}, {}, {}}
		var wg sync.WaitGroup
		first := make([]*recorder, 60)
		again := make([]*recorder, 60)
		for i := range first {
			first[i], again[i] = &recorder{}, &recorder{}
			wg.Go(func() {
				time.Sleep(time.Duration(i%7) * 500 * time.Millisecond)
				stop := h.Subscribe(keys[i%3], fetchers[i%3].fetch, first[i].fn)
				time.Sleep(time.Duration(i%5+1) * 700 * time.Millisecond)
				stop()
				if i%2 == 0 { // and come back for a while
					stop := h.Subscribe(keys[i%3], fetchers[i%3].fetch, again[i].fn)
					time.Sleep(time.Duration(i%3) * time.Second)
					stop()
				}
			})
		}
		wg.Wait()
		synctest.Wait()
		if got := loopsRunning(h); got != 0 {
			t.Errorf("got %d loops after every stop, want 0", got)
		}
		before := 0
		for _, f := range fetchers {
			before += f.count()
		}
		time.Sleep(time.Hour)
		after := 0
		for _, f := range fetchers {
			after += f.count()
		}
		if after != before {
			t.Errorf("got %d GETs after every stop, want 0", after-before)
		}
		for i := range first {
			if len(first[i].updates) == 0 {
				t.Errorf("subscriber %d: got no update in at least 700 ms, want one", i)
			}
			for _, r := range []*recorder{first[i], again[i]} {
				for j := 1; j < len(r.updates); j++ {
					if r.updates[j].Attempt <= r.updates[j-1].Attempt {
						t.Errorf("subscriber %d: got attempts %v, want them strictly increasing", i, r.got())
						break
					}
				}
			}
		}
	})
}

// TestHubPoke: a poke makes the loop fetch at once and starts its interval
// again from there; pokes during a fetch make one fetch after it; a poke
// of a key without a loop does nothing.
func TestHubPoke(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start, h, f := pollingHub(100 * time.Millisecond)
		h.Poke("lb-1") // no loop: nothing
		r := &recorder{}
		stop := h.Subscribe("lb-1", f.fetch, r.fn)
		at(start, time.Second)
		h.Poke("lb-1") // at 1 s: a fetch at once, then every 3 s from its end
		at(start, 4150*time.Millisecond)
		h.Poke("lb-1") // at 4.15 s, during the fetch of 4.1 s: one fetch after it
		h.Poke("lb-1")
		at(start, 5*time.Second)
		stop()
		want := []string{"1@100ms", "2@1.1s", "3@4.2s", "4@4.3s"}
		if got := r.got(); !slices.Equal(got, want) {
			t.Errorf("got %v, want %v", got, want)
		}
		// Start is when each fetch began (they take 100 ms each).
		var began []time.Duration
		for _, u := range r.updates {
			began = append(began, u.Start.Sub(start))
		}
		if want := []time.Duration{0, time.Second, 4100 * time.Millisecond, 4200 * time.Millisecond}; !slices.Equal(began, want) {
			t.Errorf("fetches began at %v, want %v", began, want)
		}
	})
}
