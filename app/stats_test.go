package app

import (
	"net/url"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/section"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// t0 is the time of the first sample of the series tests.
var t0 = time.Date(2026, 11, 30, 21, 0, 0, 0, time.UTC)

// sample is a stats sample sec seconds after t0 whose counters all come
// from n: bytes in n, bytes out 10n, total connections n/100, errors
// n/1000, active connections 5.
func sample(sec float64, n int64) tab.StatsSample {
	return tab.StatsSample{At: t0.Add(time.Duration(sec * float64(time.Second))), BytesIn: n, BytesOut: 10 * n,
		ActiveConnections: 5, TotalConnections: n / 100, RequestErrors: n / 1000}
}

// wantRate is a rate the series tests expect: bytes in per second at sec.
type wantRate struct {
	sec     float64
	bytesIn float64
	start   bool
}

func TestStatsSeriesAdd(t *testing.T) {
	tests := []struct {
		name       string
		samples    []tab.StatsSample
		wantTaken  []bool
		wantRates  []wantRate
		wantResets int
	}{
		{
			name:      "one sample gives no rate",
			samples:   []tab.StatsSample{sample(0, 1000)},
			wantTaken: []bool{true},
		},
		{
			name:      "two samples 3 s apart give the rate between them",
			samples:   []tab.StatsSample{sample(0, 3000), sample(3, 12000)},
			wantTaken: []bool{true, true},
			wantRates: []wantRate{{3, 3000, true}},
		},
		{
			name:      "the Hub's replay of the sample taken is skipped",
			samples:   []tab.StatsSample{sample(0, 0), sample(3, 3000), sample(3, 3000), sample(6, 6000)},
			wantTaken: []bool{true, true, false, true},
			wantRates: []wantRate{{3, 1000, true}, {6, 1000, false}},
		},
		{
			name:      "an older sample than the last is skipped",
			samples:   []tab.StatsSample{sample(0, 0), sample(6, 6000), sample(3, 1000), sample(9, 9000)},
			wantTaken: []bool{true, true, false, true},
			wantRates: []wantRate{{6, 1000, true}, {9, 1000, false}},
		},
		{
			name:       "a counter that goes down starts a new series, never a negative rate",
			samples:    []tab.StatsSample{sample(0, 0), sample(3, 3000), sample(6, 600), sample(9, 3600), sample(12, 6600)},
			wantTaken:  []bool{true, true, true, true, true},
			wantRates:  []wantRate{{3, 1000, true}, {9, 1000, true}, {12, 1000, false}},
			wantResets: 1,
		},
		{
			name: "only the request errors going down is a reset too",
			samples: []tab.StatsSample{sample(0, 0), sample(3, 3000),
				{At: t0.Add(6 * time.Second), BytesIn: 6000, BytesOut: 60000, TotalConnections: 60, RequestErrors: 0}},
			wantTaken:  []bool{true, true, true},
			wantRates:  []wantRate{{3, 1000, true}},
			wantResets: 1,
		},
		{
			name: "active connections going down is no reset (a gauge)",
			samples: []tab.StatsSample{sample(0, 0),
				{At: t0.Add(3 * time.Second), BytesIn: 3000, BytesOut: 30000, ActiveConnections: 0, TotalConnections: 30, RequestErrors: 3}},
			wantTaken: []bool{true, true},
			wantRates: []wantRate{{3, 1000, true}},
		},
		{
			name:      "counters standing still give a zero rate",
			samples:   []tab.StatsSample{sample(0, 500), sample(3, 500)},
			wantTaken: []bool{true, true},
			wantRates: []wantRate{{3, 0, true}},
		},
		{
			name: "rates older than 5 minutes before the last sample are dropped",
			samples: []tab.StatsSample{sample(0, 0), sample(3, 3000), sample(6, 6000),
				sample(303, 303000), sample(306, 306000)},
			wantTaken: []bool{true, true, true, true, true},
			wantRates: []wantRate{{6, 1000, false}, {303, 1000, false}, {306, 1000, false}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s section.StatsSeries
			for i, x := range tt.samples {
				if got := s.Add(x); got != tt.wantTaken[i] {
					t.Errorf("sample %d taken: got %v, want %v", i, got, tt.wantTaken[i])
				}
			}
			if len(s.Rates) != len(tt.wantRates) {
				t.Fatalf("got %d rates %+v, want %d", len(s.Rates), s.Rates, len(tt.wantRates))
			}
			for i, w := range tt.wantRates {
				r := s.Rates[i]
				if got := r.At.Sub(t0).Seconds(); got != w.sec {
					t.Errorf("rate %d at: got %v s, want %v s", i, got, w.sec)
				}
				if r.BytesIn != w.bytesIn || r.BytesOut != 10*w.bytesIn {
					t.Errorf("rate %d: got bytes in %v/s, out %v/s; want %v/s, %v/s", i, r.BytesIn, r.BytesOut, w.bytesIn, 10*w.bytesIn)
				}
				if r.Start != w.start {
					t.Errorf("rate %d starts a series: got %v, want %v", i, r.Start, w.start)
				}
				if r.BytesIn < 0 || r.BytesOut < 0 || r.Connections < 0 || r.Errors < 0 {
					t.Errorf("rate %d: got a negative rate %+v", i, r)
				}
			}
			if s.Resets != tt.wantResets {
				t.Errorf("resets: got %d, want %d", s.Resets, tt.wantResets)
			}
		})
	}
}

func TestStatsSeriesLatest(t *testing.T) {
	tests := []struct {
		name      string
		samples   []tab.StatsSample
		wantFresh bool
		wantIn    float64
	}{
		{"no sample", nil, false, 0},
		{"one sample: no rate yet", []tab.StatsSample{sample(0, 0)}, false, 0},
		{"two samples: the rate of the last", []tab.StatsSample{sample(0, 0), sample(2, 4000)}, true, 2000},
		{"a reset last: no rate for now", []tab.StatsSample{sample(0, 0), sample(3, 3000), sample(6, 10)}, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s section.StatsSeries
			for _, x := range tt.samples {
				s.Add(x)
			}
			r, fresh := s.Latest()
			if fresh != tt.wantFresh || (fresh && r.BytesIn != tt.wantIn) {
				t.Errorf("got %v/s fresh %v, want %v/s fresh %v", r.BytesIn, fresh, tt.wantIn, tt.wantFresh)
			}
		})
	}
}

// statsLab logs in as demo to an in-memory lab (synctest-safe) whose load
// balancer "web" has a listener with members, so its counters grow, and
// returns the session, web's id, its listener's id and the GET counter.
func statsLab(t *testing.T) (sess *tab.Session, lbID, listenerID string, tr *labtest.Recorder) {
	t.Helper()
	cloud := labtest.OneLB("web", 0, "10.0.0.11", "10.0.0.12")
	c, tr := labtest.Record(t, cloud, "demo", "demo")
	lbs, err := octavia.Collect(c.List(t.Context(), octavia.KindLoadBalancer, "", octavia.ListQuery{Filters: url.Values{"name": {"web"}}}))
	if err != nil || len(lbs) != 1 {
		t.Fatalf("got %d load balancers named web, %v; want 1", len(lbs), err)
	}
	ls, err := octavia.Collect(c.List(t.Context(), octavia.KindListener, "", octavia.ListQuery{Filters: url.Values{"loadbalancer_id": {lbs[0].Text("id")}}}))
	if err != nil || len(ls) != 1 {
		t.Fatalf("got %d listeners of web, %v; want 1", len(ls), err)
	}
	return tab.NewSession(tab.NewRuntime(), c, serverapi.Config{}), lbs[0].Text("id"), ls[0].Text("id"), tr
}

// TestFetchStats: the panel reads the stats of a load balancer from its
// stats path, those of a listener from the listener's, with Octavia's
// figures; any other kind is refused without a request.
func TestFetchStats(t *testing.T) {
	tests := []struct {
		name string
		kind octavia.Kind
		// want reads what the fetch must return, and the path it must GET
		// ("" = no request, an error).
		want func(t *testing.T, sess *tab.Session, lbID, lID string) (id, path string, want tab.StatsSample)
	}{
		{"load balancer", octavia.KindLoadBalancer, func(t *testing.T, sess *tab.Session, lbID, _ string) (string, string, tab.StatsSample) {
			s, err := sess.Client.LoadBalancerStats(t.Context(), lbID)
			if err != nil {
				t.Fatal(err)
			}
			return lbID, "/lbaas/loadbalancers/" + lbID + "/stats", tab.StatsSample{BytesIn: int64(s.BytesIn), BytesOut: int64(s.BytesOut),
				ActiveConnections: int64(s.ActiveConnections), TotalConnections: int64(s.TotalConnections), RequestErrors: int64(s.RequestErrors)}
		}},
		{"listener", octavia.KindListener, func(t *testing.T, sess *tab.Session, _, lID string) (string, string, tab.StatsSample) {
			s, err := sess.Client.ListenerStats(t.Context(), lID)
			if err != nil {
				t.Fatal(err)
			}
			return lID, "/lbaas/listeners/" + lID + "/stats", tab.StatsSample{BytesIn: int64(s.BytesIn), BytesOut: int64(s.BytesOut),
				ActiveConnections: int64(s.ActiveConnections), TotalConnections: int64(s.TotalConnections), RequestErrors: int64(s.RequestErrors)}
		}},
		{"a pool has no stats", octavia.KindPool, func(*testing.T, *tab.Session, string, string) (string, string, tab.StatsSample) {
			return "some-pool", "", tab.StatsSample{}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				sess, lbID, lID, tr := statsLab(t)
				time.Sleep(30 * time.Second) // traffic for the counters to count
				id, path, want := tt.want(t, sess, lbID, lID)
				before := tr.Count("/stats")
				got, err := section.FetchStats(sess.Client, tt.kind, id)(t.Context())
				if path == "" {
					if err == nil || tr.Count("/stats") != before {
						t.Errorf("got %+v, %v and %d requests; want an error and none", got, err, tr.Count("/stats")-before)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if n := tr.Count(path); n != 2 {
					t.Errorf("GETs of %s: got %d, want 2 (the test's read and the fetch's)", path, n)
				}
				if !got.At.Equal(time.Now()) {
					t.Errorf("sample time: got %v, want the time of the answer %v", got.At, time.Now())
				}
				got.At = time.Time{}
				if got != want || got.BytesIn == 0 {
					t.Errorf("got %+v, want %+v (Octavia's figures, traffic flowing)", got, want)
				}
			})
		})
	}
}

// TestSharedStatsPoll: panels showing the stats of one resource share one
// GET per 3 s, however many they are; another resource has its own poll;
// once the last panel leaves, the GETs stop.
func TestSharedStatsPoll(t *testing.T) {
	tests := []struct {
		name          string
		lbViews       int // panels on the load balancer's stats
		listenerViews int // panels on its listener's stats
	}{
		{"one view", 1, 0},
		{"two views of the load balancer", 2, 0},
		{"three views of the load balancer and two of its listener", 3, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				sess, lbID, lID, tr := statsLab(t)
				ctx := watchWindow(t)
				var wg sync.WaitGroup
				var mu sync.Mutex
				series := make([]section.StatsSeries, tt.lbViews+tt.listenerViews)
				for i := range series {
					kind, id := octavia.KindLoadBalancer, lbID
					if i >= tt.lbViews {
						kind, id = octavia.KindListener, lID
					}
					stop := section.WatchStats(sess, kind, id, func(u waiters.Update[tab.StatsSample]) {
						mu.Lock()
						defer mu.Unlock()
						if u.Err != nil {
							t.Errorf("view %d: poll failed: %v", i, u.Err)
							return
						}
						series[i].Add(u.Value)
					})
					wg.Go(func() { <-ctx.Done(); stop() })
				}
				wg.Wait()
				// pollsInWindow per resource shown, whoever shows it.
				for _, c := range []struct {
					path  string
					views int
				}{{"/loadbalancers/" + lbID + "/stats", tt.lbViews}, {"/listeners/" + lID + "/stats", tt.listenerViews}} {
					want := 0
					if c.views > 0 {
						want = pollsInWindow
					}
					if got := tr.Count(c.path); got != want {
						t.Errorf("GETs of %s in %v with %d views: got %d, want %d (one per 3 s, shared)", c.path, pollWindow, c.views, got, want)
					}
				}
				mu.Lock()
				for i, s := range series {
					if len(s.Rates) != pollsInWindow-1 {
						t.Errorf("view %d: got %d rates, want %d (one per poll after the first)", i, len(s.Rates), pollsInWindow-1)
					}
				}
				mu.Unlock()
				gets := tr.Count("/stats")
				time.Sleep(10 * time.Second)
				if got := tr.Count("/stats"); got != gets {
					t.Errorf("stats GETs in the 10 s after every view left: got %d, want 0", got-gets)
				}
			})
		})
	}
}
