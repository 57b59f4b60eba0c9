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

// objKey is the objHub key of r as the session's project sees it.
func objKey(sess *session, r octavia.Ref) string {
	return strings.Join([]string{sess.Info.ProjectID, string(r.Kind), r.ParentID, r.ID}, "/")
}

// fetchObject reads the object r points at. Blocks: the Hub calls it on its
// loop's goroutine.
func fetchObject(c *octavia.Client, r octavia.Ref) func(ctx context.Context) (object, error) {
	res := resourceOf(r.Kind)
	return func(ctx context.Context) (object, error) {
		return res.Get(ctx, c, r)
	}
}

// watch subscribes fn to the shared poll of r (GET every 3 s, the first at
// once or, when the poll already runs, its latest answer replayed). fn runs
// on the Hub's goroutine: hop to the UI goroutine with ctx.Dispatch. stop
// leaves the poll.
func watch(sess *session, r octavia.Ref, fn func(waiters.Update[object])) (stop func()) {
	return objHub.Subscribe(objKey(sess, r), fetchObject(sess.Client, r), fn)
}

// lbRef is the Ref of load balancer id.
func lbRef(id string) octavia.Ref {
	return octavia.Ref{Kind: octavia.KindLoadBalancer, ID: id, LoadBalancerID: id}
}

// statusGetter is a waiters.Getter that reads r's provisioning status from
// its shared poll instead of a GET of its own: each call returns the newest
// poll not returned yet, waiting for the next one if there is none. A poll
// made before the wait joined (the Hub's replay) is skipped: it may predate
// the write, and a stale ACTIVE would end a wait for ACTIVE at once. A wait
// that uses it (waiters.ForActive, waiters.ForDelete) keeps its semantics
// (404, ERROR, timeout) and shares its GETs with the pages that show the
// object. stop leaves the poll; call it when the wait ends.
func statusGetter(sess *session, r octavia.Ref) (get waiters.Getter, stop func()) {
	newest := make(chan waiters.Update[object], 1)
	stop = watch(sess, r, func(u waiters.Update[object]) {
		if u.Replay {
			return // polled before the write: the wait starts from the next poll
		}
		// Only this goroutine sends: after the drain there is room.
		select {
		case <-newest:
		default:
		}
		newest <- u
	})
	get = func(ctx context.Context) (string, error) {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case u := <-newest:
			if u.Err != nil {
				return "", u.Err
			}
			return u.Value.str("provisioning_status"), nil
		}
	}
	return get, stop
}
