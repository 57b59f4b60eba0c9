//go:build !js

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// countingFetch answers one load balancer named after the poll number.
func countingFetch(n *atomic.Int64) statusFetch {
	return func(ctx context.Context) ([]serverapi.StatusLB, error) {
		i := n.Add(1)
		return []serverapi.StatusLB{{ID: "lb1", Name: fmt.Sprintf("poll-%d", i), ProvisioningStatus: string(octavia.StatusActive),
			OperatingStatus: string(octavia.OperatingOnline), Tree: octavia.StatusLoadBalancer{ID: "lb1", Listeners: []octavia.StatusListener{}}}}, nil
	}
}

// steppedFetch runs fetch only when the test says so: the feed's loop waits in
// the returned fetch until step is called (step waits for the loop to be there), so
// a test outside a synctest bubble knows exactly which polls ran. Give the feed a
// short interval, so that step does not wait for it.
func steppedFetch(fetch statusFetch) (stepped statusFetch, step func()) {
	gate := make(chan struct{})
	stepped = func(ctx context.Context) ([]serverapi.StatusLB, error) {
		select {
		case <-gate:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return fetch(ctx)
	}
	return stepped, func() { gate <- struct{}{} }
}

func TestStatusFeedPollsOncePerIntervalWhateverTheViewers(t *testing.T) {
	for _, viewers := range []int{0, 1, 1000} {
		t.Run(fmt.Sprintf("%d viewers", viewers), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var polls atomic.Int64
				feed := newStatusFeed(countingFetch(&polls), nil)
				ctx, cancel := context.WithCancel(t.Context())
				go feed.run(ctx)
				var chans []<-chan []byte
				for range viewers {
					ch, _, leave := feed.subscribe()
					defer leave()
					chans = append(chans, ch)
				}
				time.Sleep(30*time.Second - time.Millisecond)
				synctest.Wait()
				if got := polls.Load(); got != 10 {
					t.Errorf("in 30 s: got %d upstream polls, want 10 (at 0, 3, ..., 27 s)", got)
				}
				for i, ch := range chans {
					select {
					case b := <-ch:
						if !strings.Contains(string(b), `"poll-10"`) {
							t.Fatalf("viewer %d: got %s, want the newest snapshot (poll 10)", i, b)
						}
					default:
						t.Fatalf("viewer %d got no snapshot", i)
					}
				}
				cancel()
				synctest.Wait()
			})
		})
	}
}

// TestStatusFeedWaitsAnIntervalAfterEachPoll: the next poll starts an interval after
// the previous one returned (the CLI's rhythm), so a slow cloud is not polled back to
// back.
func TestStatusFeedWaitsAnIntervalAfterEachPoll(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		var starts []time.Duration
		feed := newStatusFeed(func(ctx context.Context) ([]serverapi.StatusLB, error) {
			starts = append(starts, time.Since(start))
			time.Sleep(time.Second) // the cloud takes 1 s to answer
			return nil, nil
		}, nil)
		ctx, cancel := context.WithCancel(t.Context())
		go feed.run(ctx)
		time.Sleep(30*time.Second - time.Millisecond)
		synctest.Wait()
		cancel()
		synctest.Wait()
		want := []time.Duration{0, 4 * time.Second, 8 * time.Second, 12 * time.Second, 16 * time.Second, 20 * time.Second, 24 * time.Second, 28 * time.Second}
		if !slices.Equal(starts, want) {
			t.Errorf("in 30 s with 1 s polls: got polls starting at %v, want %v (3 s after each answer)", starts, want)
		}
	})
}

func TestStatusFeedKeepsLastGoodDataOnError(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		polls := 0
		feed := newStatusFeed(func(ctx context.Context) ([]serverapi.StatusLB, error) {
			if polls++; polls > 1 {
				return nil, fmt.Errorf("listing load balancers: Keystone is down")
			}
			return []serverapi.StatusLB{{ID: "lb1", Name: "web"}}, nil
		}, nil)
		ctx, cancel := context.WithCancel(t.Context())
		go feed.run(ctx)
		time.Sleep(waiters.DefaultInterval) // the first poll, then a failed one
		synctest.Wait()
		b, err := feed.snapshot(t.Context())
		cancel()
		synctest.Wait()
		if err != nil {
			t.Fatal(err)
		}
		var snap serverapi.Status
		json.Unmarshal(b, &snap)
		if snap.Error != "listing load balancers: Keystone is down" || len(snap.LoadBalancers) != 1 || snap.UpdatedAt == "" {
			t.Errorf("got %s, want the error and the last good load balancers", b)
		}
		if _, err := time.Parse(time.RFC3339, snap.UpdatedAt); err != nil {
			t.Errorf("updated_at %q: %v, want RFC 3339", snap.UpdatedAt, err)
		}
	})
}

// eventWriter is an in-memory http.ResponseWriter that can flush (no sockets, so it
// works inside a synctest bubble).
type eventWriter struct {
	mu      sync.Mutex
	header  http.Header
	code    int
	b       strings.Builder
	flushes int
}

func (w *eventWriter) Header() http.Header { return w.header }
func (w *eventWriter) WriteHeader(code int) {
	w.mu.Lock()
	w.code = code
	w.mu.Unlock()
}
func (w *eventWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}
func (w *eventWriter) Flush() {
	w.mu.Lock()
	w.flushes++
	w.mu.Unlock()
}
func (w *eventWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

func TestStatusEventsStream(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var polls atomic.Int64
		m := newMetrics()
		feed := newStatusFeed(countingFetch(&polls), m)
		ctx, cancel := context.WithCancel(t.Context())
		go feed.run(ctx)
		synctest.Wait() // the first poll is done

		reqCtx, leave := context.WithCancel(t.Context())
		w := &eventWriter{header: http.Header{}}
		r, _ := http.NewRequestWithContext(reqCtx, "GET", "/api/status/events", nil)
		done := make(chan struct{})
		go func() {
			handleStatusEvents(feed, make(chan struct{})).ServeHTTP(w, r)
			close(done)
		}()
		time.Sleep(16 * time.Second) // polls at 3, 6, 9, 12, 15 s; a heartbeat at 15 s
		synctest.Wait()
		got := w.String()
		if w.code != 200 || w.header.Get("Content-Type") != "text/event-stream" {
			t.Errorf("got %d %q, want 200 text/event-stream", w.code, w.header.Get("Content-Type"))
		}
		events := strings.Count(got, "\ndata: ") + strings.Count(got[:min(len(got), 6)], "data: ")
		if events != 6 {
			t.Errorf("got %d events, want 6 (the current snapshot, then one per poll):\n%s", events, got)
		}
		for i := 1; i <= 6; i++ {
			if !strings.Contains(got, fmt.Sprintf(`"name":"poll-%d"`, i)) {
				t.Errorf("no event for poll %d in:\n%s", i, got)
			}
		}
		if !strings.Contains(got, "\n: keep-alive\n\n") {
			t.Errorf("no heartbeat comment after 15 s:\n%s", got)
		}
		if v := gaugeValue(t, m, "octaview_status_viewers"); v != 1 {
			t.Errorf("viewers gauge: got %v, want 1", v)
		}
		leave() // the browser closes the page
		synctest.Wait()
		select {
		case <-done:
		default:
			t.Fatal("the stream did not stop when the client left")
		}
		if v := gaugeValue(t, m, "octaview_status_viewers"); v != 0 {
			t.Errorf("viewers gauge after leaving: got %v, want 0", v)
		}
		cancel()
		synctest.Wait()
	})
}

func gaugeValue(t *testing.T, m *metrics, name string) float64 {
	t.Helper()
	mfs, err := m.registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name {
			return mf.GetMetric()[0].GetGauge().GetValue()
		}
	}
	t.Fatalf("no metric %s", name)
	return 0
}

// TestStatusManyViewersOverHTTP connects many SSE viewers to a real server; the test
// drives the polls itself and counts them: upstream work per poll does not grow with
// the viewers.
func TestStatusManyViewersOverHTTP(t *testing.T) {
	const viewers = 200
	var polls atomic.Int64
	fetch, step := steppedFetch(countingFetch(&polls))
	feed := newStatusFeed(fetch, nil)
	feed.interval = time.Millisecond
	feed.viewers = newViewerLimit(viewers, viewers, false) // all from loopback
	e := newTestEnv(t, envOptions{status: feed})
	go feed.run(t.Context())
	step()
	if _, err := feed.snapshot(t.Context()); err != nil {
		t.Fatal(err)
	}

	type viewer struct {
		resp *http.Response
		rd   *bufio.Reader
	}
	vs := make([]viewer, viewers)
	for i := range vs {
		resp, err := http.Get(e.Server.URL + "/api/status/events")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		if resp.StatusCode != 200 {
			t.Fatalf("viewer %d: got %d, want 200", i, resp.StatusCode)
		}
		vs[i] = viewer{resp, bufio.NewReader(resp.Body)}
		if got := nextEvent(t, vs[i].rd); !strings.Contains(got, `"poll-1"`) {
			t.Fatalf("viewer %d: first event %s, want the current snapshot", i, got)
		}
	}
	for p := 2; p <= 4; p++ {
		step()
		for i, v := range vs {
			if got := nextEvent(t, v.rd); !strings.Contains(got, fmt.Sprintf(`"poll-%d"`, p)) {
				t.Fatalf("viewer %d: got %s, want poll %d", i, got, p)
			}
		}
	}
	if got := polls.Load(); got != 4 {
		t.Errorf("got %d upstream polls for %d viewers, want 4 (one per poll)", got, viewers)
	}
	resp, body := e.do(t, "GET", "/api/status", "", "")
	var snap serverapi.Status
	if err := json.Unmarshal([]byte(body), &snap); err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET /api/status: %d %s", resp.StatusCode, body)
	}
	if len(snap.LoadBalancers) != 1 || snap.LoadBalancers[0].Name != "poll-4" || snap.LoadBalancers[0].Tree.ID != "lb1" {
		t.Errorf("GET /api/status: got %s, want poll 4's snapshot", body)
	}
	_, body = e.do(t, "GET", "/api/config", "", "")
	if !strings.Contains(body, `"status_page":true`) {
		t.Errorf("GET /api/config: got %s, want status_page true", body)
	}
}

// nextEvent reads one SSE event's data line.
func nextEvent(t testing.TB, rd *bufio.Reader) string {
	t.Helper()
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatalf("reading the stream: %v", err)
		}
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			return data
		}
	}
}
