package app

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/labcloud"
	"github.com/octaview/octaview/waiters"
)

// countingTransport counts the GETs of one path on their way to the lab.
type countingTransport struct {
	next http.RoundTripper
	path string
	gets atomic.Int32
}

func (t *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method == http.MethodGet && t.path != "" && strings.HasSuffix(req.URL.Path, t.path) {
		t.gets.Add(1)
	}
	return t.next.RoundTrip(req)
}

// labSession logs in as demo to an in-memory lab (synctest-safe) whose
// load balancer "web" is stuck in PENDING_UPDATE, and returns the session,
// web's id and the transport counting web's GETs.
func labSession(t *testing.T) (*session, string, *countingTransport) {
	t.Helper()
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "web"}}}})
	if err := cloud.SetFaults(labcloud.Faults{Stuck: []string{"web"}}); err != nil {
		t.Fatal(err)
	}
	tr := &countingTransport{next: labcloud.Transport(cloud)}
	c := labVia(t, tr, "demo", "demo")
	lbs, err := octavia.Collect(c.LoadBalancers(t.Context(), loadbalancers.ListOpts{Name: "web"}))
	if err != nil || len(lbs) != 1 {
		t.Fatalf("got %d load balancers named web, %v; want 1", len(lbs), err)
	}
	tr.path = "/lbaas/loadbalancers/" + lbs[0].ID
	tr.gets.Store(0)
	return &session{Client: c, Info: c.Session()}, lbs[0].ID, tr
}

// TestSharedLBPoll: a page watching a pending load balancer and an
// operation waiting on it share one GET per 3 s, where each used to make its
// own; and each of them still sees every poll.
func TestSharedLBPoll(t *testing.T) {
	tests := []struct {
		name     string
		watchers int // pages watching (watch)
		waits    int // operation waits (statusGetter + waiters.ForActive)
	}{
		{"one wait", 0, 1},
		{"a page and a wait", 1, 1},
		{"two pages and two waits", 2, 2},
	}
	const window = 15 * time.Second
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				sess, id, tr := labSession(t)
				ctx, cancel := context.WithTimeout(t.Context(), window+time.Second)
				defer cancel()
				var wg sync.WaitGroup
				seen := make([]atomic.Int32, tt.watchers+tt.waits) // polls each one saw
				for i := range tt.watchers {
					stop := watch(sess, lbRef(id), func(u waiters.Update[object]) { seen[i].Add(1) })
					wg.Go(func() { <-ctx.Done(); stop() })
				}
				for i := range tt.waits {
					wg.Go(func() {
						get, stop := statusGetter(sess, lbRef(id))
						defer stop()
						err := waiters.ForActive(ctx, get, waiters.Options{OnPoll: func(waiters.Poll) { seen[tt.watchers+i].Add(1) }})
						if !errors.Is(err, context.DeadlineExceeded) {
							t.Errorf("wait %d: got %v, want it still waiting at the end (the load balancer is stuck)", i, err)
						}
					})
				}
				wg.Wait()
				// Polls at 0, 3, ..., 15 s: 6, whoever watches.
				if got, want := tr.gets.Load(), int32(window/waiters.DefaultInterval)+1; got != want {
					t.Errorf("GETs of the load balancer in %v: got %d, want %d (one per 3 s, shared)", window, got, want)
				}
				for i := range seen {
					if got := seen[i].Load(); got < 5 {
						t.Errorf("watcher %d saw %d polls, want at least 5", i, got)
					}
				}
			})
		})
	}
}

// TestLBStatusGetterSkipsReplay: a wait that joins a load balancer's poll
// while a page already follows it does not take the page's last poll (made
// before the write, it may say ACTIVE already): its first status is the
// next poll's.
func TestLBStatusGetterSkipsReplay(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		sess, id, tr := labSession(t)
		start := time.Now()
		stopPage := watch(sess, lbRef(id), func(waiters.Update[object]) {})
		defer stopPage()
		time.Sleep(4 * time.Second) // the page's polls at 0 s and 3 s are done
		synctest.Wait()
		get, leave := statusGetter(sess, lbRef(id))
		defer leave()
		status, err := get(t.Context())
		if err != nil || status != string(octavia.StatusPendingUpdate) {
			t.Fatalf("got %q %v, want %s", status, err, octavia.StatusPendingUpdate)
		}
		if got, want := time.Since(start), 6*time.Second; got != want {
			t.Errorf("first status after %v, want %v (the next poll, not the replay of the one at 3 s)", got, want)
		}
		if got := tr.gets.Load(); got != 3 {
			t.Errorf("got %d GETs, want 3 (0 s, 3 s, 6 s: the wait adds none)", got)
		}
	})
}
