package app

import (
	"context"
	"strings"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// objHub is the one poller of single objects: list pages (for their
// pending rows), detail pages and the operations' waits all subscribe to
// the same key, so an object costs one GET per 3 s however many views
// watch it. Lists are never re-read by a poll.
var objHub = waiters.NewHub[object](waiters.DefaultInterval)

// treeHub is the one poller of load balancers' status trees (GET …/status):
// a status tree card and the waits of fully populated creates share it.
var treeHub = waiters.NewHub[*octavia.StatusTree](waiters.DefaultInterval)

// hubKey is the key of r in a hub, as the session's project sees it.
func hubKey(sess *session, r octavia.Ref) string {
	return strings.Join([]string{sess.Info.ProjectID, string(r.Kind), r.ParentID, r.ID}, "/")
}

// watch subscribes fn to the shared poll of r (GET every 3 s, the first at
// once or, when the poll already runs, its latest answer replayed). fn runs
// on the Hub's goroutine: hop to the UI goroutine with ctx.Dispatch. stop
// leaves the poll.
func watch(sess *session, r octavia.Ref, fn func(waiters.Update[object])) (stop func()) {
	c := sess.Client
	return objHub.Subscribe(hubKey(sess, r), func(ctx context.Context) (object, error) { return c.Get(ctx, r) }, fn)
}

// watchTree subscribes fn to the shared poll of load balancer lbID's status
// tree (as watch does).
func watchTree(sess *session, lbID string, fn func(waiters.Update[*octavia.StatusTree])) (stop func()) {
	c := sess.Client
	return treeHub.Subscribe(hubKey(sess, lbRef(lbID)), func(ctx context.Context) (*octavia.StatusTree, error) {
		return c.LoadBalancerStatusTree(ctx, lbID)
	}, fn)
}

// lbRef is the Ref of load balancer id.
func lbRef(id string) octavia.Ref {
	return octavia.Ref{Kind: octavia.KindLoadBalancer, ID: id, LoadBalancerID: id}
}

// hubSource is the octavia.StatusSource of the session's waits: they read
// the shared polls (objHub, treeHub) instead of GETs of their own, so a
// wait adds no GET to a page that shows the same object, and a hundred
// waits on one load balancer cost one GET per 3 s.
type hubSource struct{ sess *session }

// waitClient is the session's client whose waits read the shared polls.
func waitClient(sess *session) *octavia.Client {
	return sess.Client.WithStatusSource(hubSource{sess})
}

// Status reads r's status from its shared poll: each call returns the
// newest poll not returned yet, waiting for the next one if there is none.
// A poll made before the wait joined (the Hub's replay) is skipped: it may
// predate the write, and a stale ACTIVE would end a wait for ACTIVE at once.
func (h hubSource) Status(r octavia.Ref) (waiters.Getter, func()) {
	key := r.Kind.StatusKey()
	next, stop := newest(func(fn func(waiters.Update[object])) func() { return watch(h.sess, r, fn) })
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
func (h hubSource) Tree(lbID string) (func(context.Context) (*octavia.StatusTree, error), func()) {
	return newest(func(fn func(waiters.Update[*octavia.StatusTree])) func() { return watchTree(h.sess, lbID, fn) })
}

// newest subscribes to a shared poll and returns a reader of its newest
// answer not read yet (skipping the replay of a poll made before), and
// stop, which leaves the poll.
func newest[T any](subscribe func(func(waiters.Update[T])) func()) (next func(context.Context) (T, error), stop func()) {
	latest := make(chan waiters.Update[T], 1)
	stop = subscribe(func(u waiters.Update[T]) {
		if u.Replay {
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
	return next, stop
}
