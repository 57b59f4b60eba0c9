package app

import (
	"context"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// lbHub is the one poller of single load balancers: the list page (for its
// pending rows), the detail page and the operation waits of a load balancer
// all subscribe to the same key, so a load balancer costs one GET per 3 s
// however many of them watch it. Lists are never re-read by a poll.
var lbHub = waiters.NewHub[*loadbalancers.LoadBalancer](waiters.DefaultInterval)

// lbKey is the lbHub key of load balancer id as the session's project sees it.
func lbKey(sess *session, id string) string {
	return sess.Info.ProjectID + "/loadbalancer/" + id
}

// fetchLB reads one load balancer. Blocks: the Hub calls it on its loop's
// goroutine.
func fetchLB(c *octavia.Client, id string) func(ctx context.Context) (*loadbalancers.LoadBalancer, error) {
	return func(ctx context.Context) (*loadbalancers.LoadBalancer, error) {
		return c.GetLoadBalancer(ctx, id)
	}
}

// watchLB subscribes fn to the shared poll of load balancer id (GET every
// 3 s, the first at once or, when the poll already runs, its latest answer
// replayed). fn runs on the Hub's goroutine: hop to the UI goroutine with
// ctx.Dispatch. stop leaves the poll.
func watchLB(sess *session, id string, fn func(waiters.Update[*loadbalancers.LoadBalancer])) (stop func()) {
	return lbHub.Subscribe(lbKey(sess, id), fetchLB(sess.Client, id), fn)
}

// lbStatusGetter is a waiters.Getter that reads the load balancer's
// provisioning status from its shared poll instead of a GET of its own:
// each call returns the newest poll not returned yet, waiting for the next
// one if there is none. A poll made before the wait joined (the Hub's
// replay) is skipped: it may predate the write, and a stale ACTIVE would
// end a wait for ACTIVE at once. A wait that uses it (waiters.ForActive,
// waiters.ForDelete) keeps its semantics (404, ERROR, timeout) and shares
// its GETs with the pages that show the load balancer. stop leaves the
// poll; call it when the wait ends.
func lbStatusGetter(sess *session, id string) (get waiters.Getter, stop func()) {
	newest := make(chan waiters.Update[*loadbalancers.LoadBalancer], 1)
	stop = watchLB(sess, id, func(u waiters.Update[*loadbalancers.LoadBalancer]) {
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
			if u.Value == nil {
				return "", nil
			}
			return u.Value.ProvisioningStatus, nil
		}
	}
	return get, stop
}
