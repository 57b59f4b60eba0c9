package app

import (
	"context"
	"errors"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// labSession logs in as demo to an in-memory lab (synctest-safe) whose
// load balancer "web" is stuck in PENDING_UPDATE, and returns the session,
// web's id and the transport counting web's GETs; the session is of the
// tab whose runtime is rt.
func labSession(t *testing.T, rt *tab.Runtime) (*tab.Session, string, func() int) {
	t.Helper()
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "web"}}}})
	if err := cloud.SetFaults(labcloud.Faults{Stuck: []string{"web"}}); err != nil {
		t.Fatal(err)
	}
	c, rec := labtest.Record(t, cloud, "demo", "demo")
	lbs, err := octavia.Collect(c.List(t.Context(), octavia.KindLoadBalancer, "", octavia.ListQuery{Filters: url.Values{"name": {"web"}}}))
	if err != nil || len(lbs) != 1 {
		t.Fatalf("got %d load balancers named web, %v; want 1", len(lbs), err)
	}
	rec.Reset()
	id := lbs[0].Text("id")
	path := "/lbaas/loadbalancers/" + id
	return tab.NewSession(rt, c, serverapi.Config{}), id, func() int { return rec.Count(path) + rec.Count(path+"/status") }
}

// pollWindow is how long the shared-poll tests watch; pollsInWindow is how
// many GETs one shared poll makes meanwhile: at 0, 3, ..., 15 s.
const (
	pollWindow    = 15 * time.Second
	pollsInWindow = int(pollWindow/waiters.DefaultInterval) + 1
)

// watchWindow is a context done one second after pollWindow (time for the
// last poll's answer), cancelled when t ends.
func watchWindow(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), pollWindow+time.Second)
	t.Cleanup(cancel)
	return ctx
}

// TestSharedLBPoll: a page following a pending load balancer's status tree
// and an operation waiting on it share one GET per 3 s, where each used to
// make its own (the wait reads the load balancer's status from the tree),
// and each of them still sees every poll. A wait that joins asks for a read
// at once (the CLI's first poll is immediate): one GET more per wait at
// most.
func TestSharedLBPoll(t *testing.T) {
	tests := []struct {
		name     string
		watchers int // pages watching (watch)
		waits    int // operation waits (the client's wait on the shared poll: waitClient)
	}{
		{"one wait", 0, 1},
		{"a page and a wait", 1, 1},
		{"two pages and two waits", 2, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				sess, id, gets := labSession(t, tab.NewRuntime())
				ctx := watchWindow(t)
				var wg sync.WaitGroup
				seen := make([]atomic.Int32, tt.watchers+tt.waits) // polls each one saw
				for i := range tt.watchers {
					stop := tab.WatchTree(sess, id, func(u waiters.Update[*octavia.StatusTree]) { seen[i].Add(1) })
					wg.Go(func() { <-ctx.Done(); stop() })
				}
				for i := range tt.waits {
					wg.Go(func() {
						_, err := tab.WaitClient(sess).WaitLoadBalancerActive(ctx, id, waiters.Options{OnPoll: func(waiters.Poll) { seen[tt.watchers+i].Add(1) }})
						if !errors.Is(err, context.DeadlineExceeded) {
							t.Errorf("wait %d: got %v, want it still waiting at the end (the load balancer is stuck)", i, err)
						}
					})
				}
				wg.Wait()
				// pollsInWindow, whoever watches, and one at most when a wait
				// joins.
				if got, want := gets(), pollsInWindow; got < want || got > want+tt.waits {
					t.Errorf("GETs of the load balancer in %v: got %d, want %d to %d (one per 3 s, shared)", pollWindow, got, want, want+tt.waits)
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

// TestLBStatusGetterReadsAfterItJoined: a wait that joins a load
// balancer's poll while a page already follows it does not take the page's
// last poll (made before the write, it may say ACTIVE already): it asks
// for a read at once and its first status is that one's.
func TestLBStatusGetterReadsAfterItJoined(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		sess, id, gets := labSession(t, tab.NewRuntime())
		start := time.Now()
		stopPage := tab.WatchTree(sess, id, func(waiters.Update[*octavia.StatusTree]) {})
		defer stopPage()
		time.Sleep(4 * time.Second) // the page's polls at 0 s and 3 s are done
		synctest.Wait()
		get, leave := tab.HubSource{Sess: sess}.Status(tab.LBRef(id))
		defer leave()
		status, err := get(t.Context())
		if err != nil || status != string(octavia.StatusPendingUpdate) {
			t.Fatalf("got %q %v, want %s", status, err, octavia.StatusPendingUpdate)
		}
		if got, want := time.Since(start), 4*time.Second; got != want {
			t.Errorf("first status after %v, want %v (a read when it joined, not the replay of the one at 3 s)", got, want)
		}
		if got := gets(); got != 3 {
			t.Errorf("got %d GETs, want 3 (0 s, 3 s, and 4 s when the wait joined)", got)
		}
	})
}

// TestTreeWaitSharesTheCardsPoll: the wait of a fully populated create
// (WaitTreeActive on the shared polls) and the status tree card of the new
// load balancer's page read one status tree per 3 s between them, and the
// wait ends once the children are ACTIVE.
func TestTreeWaitSharesTheCardsPoll(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cloud := labcloud.New(labcloud.Options{Delay: 4500 * time.Millisecond})
		c, rec := labtest.Record(t, cloud, "demo", "demo")
		sess := tab.NewSession(tab.NewRuntime(), c, serverapi.Config{})
		subs, err := octavia.Collect(c.Network().Subnets(t.Context(), subnets.ListOpts{}))
		if err != nil || len(subs) == 0 {
			t.Fatalf("subnets: %d, %v", len(subs), err)
		}
		o, _, err := c.Create(t.Context(), octavia.KindLoadBalancer, "", octavia.Object{"name": "tree", "vip_subnet_id": subs[0].ID,
			"listeners": []any{map[string]any{"protocol": "HTTP", "protocol_port": 80, "default_pool": map[string]any{"name": "p",
				"protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "members": []any{map[string]any{"address": "10.0.0.7", "protocol_port": 80}}}}}})
		if err != nil {
			t.Fatal(err)
		}
		id := o.Text("id")
		rec.Reset()
		var cardPolls atomic.Int32
		stopCard := tab.WatchTree(sess, id, func(waiters.Update[*octavia.StatusTree]) { cardPolls.Add(1) })
		defer stopCard()
		out, err := tab.WaitClient(sess).WaitTreeActive(t.Context(), id, waiters.Options{})
		if err != nil || out.Status != octavia.StatusActive {
			t.Fatalf("got %+v, %v; want ACTIVE", out, err)
		}
		synctest.Wait() // a poll made meanwhile reaches the card
		trees := rec.Count("/lbaas/loadbalancers/" + id + "/status")
		if trees == 0 || int(cardPolls.Load()) != trees {
			t.Errorf("the card saw %d trees, %d were read: want one read per poll, shared with the wait", cardPolls.Load(), trees)
		}
		if lbs := rec.Count("/lbaas/loadbalancers/" + id); lbs != 0 {
			t.Errorf("got %d GETs of the load balancer, want none (the wait reads its status from the tree)", lbs)
		}
	})
}
