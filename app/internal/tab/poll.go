package tab

import (
	"context"
	"strings"
	"sync/atomic"
	"time"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// The tab's Runtime holds two pollers (its objs and trees Hubs). The
// poller of single objects: list pages (for their pending rows), detail
// pages and the operations' waits all subscribe to the same key, so an
// object costs one GET per 3 s however many views watch it. Lists are never
// re-read by a poll. The poller of load balancers' status trees (GET
// …/status) is the live source of every page of a load balancer's tree
// (its page, its children's pages, their embedded lists) and of every
// wait's reading of a load balancer's provisioning status (hubSource): one
// GET per load balancer per 3 s, whatever reads it.

// ObjHub is the poller of single objects of sess's tab.
func (s *Session) ObjHub() *waiters.Hub[octavia.Object] { return s.rt.objs }

// tabs is the share of polls of sess's tab with the browser's other tabs;
// nil when there is none (a session without a tab: every poll then GETs by
// itself).
func (s *Session) tabs() *tabShare {
	if s.rt == nil {
		return nil
	}
	return s.rt.tabs
}

// HubKey is the key of r in a hub, as the session's project sees it.
func HubKey(sess *Session, r octavia.Ref) string {
	return strings.Join([]string{sess.Info.ProjectID, string(r.Kind), r.ParentID, r.ID}, "/")
}

// Watch subscribes fn to the shared poll of r (GET every 3 s, the first at
// once or, when the poll already runs, its latest answer replayed). fn runs
// on the Hub's goroutine: hop to the UI goroutine with ctx.Dispatch. stop
// leaves the poll.
// The tabs of the browser share the poll (crosstab.go).
func Watch(sess *Session, r octavia.Ref, fn func(waiters.Update[octavia.Object])) (stop func()) {
	c, key := sess.Client, HubKey(sess, r)
	var served atomic.Pointer[octavia.Object]
	if o := sess.rt.Startup().TakeServedObject(r); o != nil { // the page's served object, if it came with one: the poll's first read
		served.Store(&o)
	}
	hub := sess.rt.objs
	return hub.Subscribe(key, SharedHubFetch(sess, "obj", hub, key, func(ctx context.Context) (octavia.Object, error) {
		if o := served.Swap(nil); o != nil {
			return *o, nil
		}
		return c.Get(ctx, r)
	}), fn)
}

// WatchTree subscribes fn to the shared poll of load balancer lbID's status
// tree (as watch does).
func WatchTree(sess *Session, lbID string, fn func(waiters.Update[*octavia.StatusTree])) (stop func()) {
	c, key := sess.Client, treeKey(sess, lbID)
	var served atomic.Pointer[octavia.StatusTree]
	served.Store(sess.rt.Startup().TakeServedTree(lbID)) // the page's served tree, if it came with one: the poll's first read
	hub := sess.rt.trees
	return hub.Subscribe(key, SharedHubFetch(sess, "tree", hub, key, func(ctx context.Context) (*octavia.StatusTree, error) {
		if t := served.Swap(nil); t != nil {
			return t, nil
		}
		return c.LoadBalancerStatusTree(ctx, lbID)
	}), fn)
}

// treeKey is the key of load balancer lbID's tree in the trees Hub.
func treeKey(sess *Session, lbID string) string { return HubKey(sess, LBRef(lbID)) }

// pokeTree makes the poll of load balancer lbID's tree, if one runs, read
// it at once, with a GET of this tab's own (a write of this tab: every view
// and wait sees its effect now, not up to 3 s later).
func pokeTree(sess *Session, lbID string) {
	key := treeKey(sess, lbID)
	if tabs := sess.tabs(); tabs != nil {
		tabs.demand(tabKeyOf(sess, "tree", key))
	}
	sess.rt.trees.Poke(key)
}

// PokeObject is pokeTree for the poll of object r.
func PokeObject(sess *Session, r octavia.Ref) {
	key := HubKey(sess, r)
	if tabs := sess.tabs(); tabs != nil {
		tabs.demand(tabKeyOf(sess, "obj", key))
	}
	sess.rt.objs.Poke(key)
}

// LBRef is the Ref of load balancer id.
func LBRef(id string) octavia.Ref {
	return octavia.Ref{Kind: octavia.KindLoadBalancer, ID: id, LoadBalancerID: id}
}

// HubSource is the octavia.StatusSource of the session's waits: they read
// the shared polls (objHub, treeHub) instead of GETs of their own, so a
// wait adds no GET to a page that shows the same object, and a hundred
// waits on one load balancer cost one GET per 3 s.
type HubSource struct{ Sess *Session }

// WaitClient is the session's client whose waits read the shared polls.
func WaitClient(sess *Session) *octavia.Client {
	return sess.Client.WithStatusSource(HubSource{sess})
}

// Status reads r's status from its shared poll: each call returns the
// newest poll not returned yet, waiting for the next one if there is none.
// A poll begun before the wait joined (the Hub's replay, a fetch in flight)
// is skipped: it may predate the write, and a stale ACTIVE would end a wait
// for ACTIVE at once; joining asks the poll for a read at once (the CLI's
// first poll is immediate). A load balancer's status is read from its
// status tree, the poll its pages read: a wait on a load balancer whose
// page is open adds no GET.
func (h HubSource) Status(r octavia.Ref) (waiters.Getter, func()) {
	if r.Kind == octavia.KindLoadBalancer {
		next, stop := h.Tree(r.ID)
		return func(ctx context.Context) (string, error) {
			t, err := next(ctx)
			if err != nil {
				return "", err
			}
			return string(t.LoadBalancer.ProvisioningStatus), nil
		}, stop
	}
	key := r.Kind.StatusKey()
	next, stop := newest(func(fn func(waiters.Update[octavia.Object])) func() { return Watch(h.Sess, r, fn) },
		func() { PokeObject(h.Sess, r) })
	return func(ctx context.Context) (string, error) {
		o, err := next(ctx)
		if err != nil {
			return "", err
		}
		return o.Text(key), nil
	}, stop
}

// Tree reads load balancer lbID's status tree from its shared poll, as
// Status does.
func (h HubSource) Tree(lbID string) (func(context.Context) (*octavia.StatusTree, error), func()) {
	return newest(func(fn func(waiters.Update[*octavia.StatusTree])) func() { return WatchTree(h.Sess, lbID, fn) },
		func() { pokeTree(h.Sess, lbID) })
}

// newest subscribes to a shared poll, pokes it (a read at once) and returns
// a reader of its newest answer not read yet (skipping a poll begun before
// it joined: a replay, a fetch in flight), and stop, which leaves the poll.
func newest[T any](subscribe func(func(waiters.Update[T])) func(), poke func()) (next func(context.Context) (T, error), stop func()) {
	latest := make(chan waiters.Update[T], 1)
	joined := time.Now()
	stop = subscribe(func(u waiters.Update[T]) {
		if u.Replay || u.Start.Before(joined) {
			return // polled before the write: the wait starts from the next poll
		}
		// Only this goroutine sends: after the drain there is room.
		select {
		case <-latest:
		default:
		}
		latest <- u
	})
	next = func(ctx context.Context) (T, error) {
		var zero T
		select {
		case <-ctx.Done():
			return zero, ctx.Err()
		case u := <-latest:
			return u.Value, u.Err
		}
	}
	poke()
	return next, stop
}

// StatsSample is one read of Octavia's traffic counters and when its answer
// came. ActiveConnections is a gauge; the other four only grow, until a
// failover or a restart sets them back.
type StatsSample struct {
	At                time.Time
	BytesIn           int64
	BytesOut          int64
	ActiveConnections int64
	TotalConnections  int64
	RequestErrors     int64
}
