package octavia

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/octaview/octaview/waiters"
)

// Outcome says what a wait saw.
type Outcome struct {
	Polls      int                // GETs made (all phases of a child wait together)
	Status     ProvisioningStatus // the last status read; DELETED after a successful delete wait
	SawPending bool               // whether any PENDING_* status was read (false after a write = the stale-ACTIVE race)
	Elapsed    time.Duration      // from the start of the wait to its end
}

// tracker counts polls into an Outcome and chains the caller's OnPoll.
type tracker struct {
	out    Outcome
	start  time.Time
	onPoll func(waiters.Poll)
}

func newTracker(opts waiters.Options) *tracker {
	return &tracker{start: time.Now(), onPoll: opts.OnPoll}
}

// options returns opts with OnPoll recording into t.
func (t *tracker) options(opts waiters.Options) waiters.Options {
	opts.OnPoll = func(p waiters.Poll) {
		t.out.Polls++
		if p.Status != "" {
			t.out.Status = ProvisioningStatus(p.Status)
			if t.out.Status.Pending() {
				t.out.SawPending = true
			}
		}
		if t.onPoll != nil {
			p.Attempt = t.out.Polls
			p.Elapsed = time.Since(t.start)
			t.onPoll(p)
		}
	}
	return opts
}

// remaining returns opts with Timeout reduced by the time already spent;
// ok is false when a set Timeout has run out.
func (t *tracker) remaining(opts waiters.Options) (waiters.Options, bool) {
	if opts.Timeout <= 0 {
		return opts, true
	}
	opts.Timeout -= time.Since(t.start)
	return opts, opts.Timeout > 0
}

func (t *tracker) done() Outcome {
	t.out.Elapsed = time.Since(t.start)
	return t.out
}

// waitError names the resource in a failed wait's error; errors.Is/As still
// find waiters.ErrTimeout, *waiters.StatusError and the *Error of a failed GET.
func waitError(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("wait for %s: %w", what, err)
}

// poll runs one phase of a wait on r's status, read from c's source:
// waiters.ForDelete when gone, else waiters.ForActive (with wrap, if set,
// around the reader: the tree wait's check of the children).
func (c *Client) poll(ctx context.Context, r Ref, opts waiters.Options, gone bool, wrap func(waiters.Getter) waiters.Getter) error {
	get, stop := c.statuses().Status(r)
	defer stop()
	if on := opts.OnPoll; on != nil { // say whose status each poll read
		opts.OnPoll = func(p waiters.Poll) { p.Of = string(r.Kind); on(p) }
	}
	if wrap != nil {
		get = wrap(get)
	}
	if gone {
		return waiters.ForDelete(ctx, get, opts)
	}
	return waiters.ForActive(ctx, get, opts)
}

// WaitLoadBalancerActive polls the load balancer (first poll at once, then
// every opts.Interval, 3 s by default) until it is ACTIVE, as "--wait" does.
// ERROR fails with a *waiters.StatusError; no time limit unless opts.Timeout
// is set (then waiters.ErrTimeout). Outcome.SawPending is false when the load
// balancer was ACTIVE at every poll, which right after a write means the
// service answered before it moved to PENDING_* (the stale-ACTIVE race).
// The statuses come from the client's StatusSource (GETs of its own by
// default), as for every wait below.
func (c *Client) WaitLoadBalancerActive(ctx context.Context, id string, opts waiters.Options) (Outcome, error) {
	t := newTracker(opts)
	r := Ref{Kind: KindLoadBalancer, ID: id}
	err := c.poll(ctx, r, t.options(opts), false, nil)
	return t.done(), waitError(r.String(), err)
}

// WaitTreeActive waits after a fully populated create: the load balancer
// must be ACTIVE (as WaitLoadBalancerActive), then every child of its status
// tree (listeners, pools, health monitors, members) must have left
// PENDING_*; a child in ERROR fails the wait with a *ChildError naming it.
// While children are pending, Outcome.Status reads PENDING_UPDATE. Each poll
// of an ACTIVE load balancer also reads its tree (from the StatusSource).
func (c *Client) WaitTreeActive(ctx context.Context, id string, opts waiters.Options) (Outcome, error) {
	t := newTracker(opts)
	r := Ref{Kind: KindLoadBalancer, ID: id}
	tree, stopTree := c.statuses().Tree(id)
	defer stopTree()
	var failed *ChildError
	err := c.poll(ctx, r, t.options(opts), false, func(get waiters.Getter) waiters.Getter {
		return func(ctx context.Context) (string, error) {
			st, err := get(ctx)
			if err != nil || !ProvisioningStatus(st).Is(StatusActive) {
				return st, err
			}
			tr, err := tree(ctx)
			switch {
			case err != nil:
				return "", err
			case tr.LoadBalancer.FirstInError() != "":
				failed = &ChildError{Child: tr.LoadBalancer.FirstInError()}
				return string(StatusError), nil
			case tr.LoadBalancer.Pending():
				return string(tr.LoadBalancer.FirstPending()), nil // the child's own status, not an invented one
			}
			return st, nil
		}
	})
	if failed != nil && err != nil {
		err = failed
	}
	return t.done(), waitError(r.String(), err)
}

// WaitLoadBalancerDeleted polls the load balancer until it answers 404, as
// "delete --wait" does: every opts.Interval (3 s by default), for at most
// opts.Timeout (300 s when 0, wall clock). ERROR fails with a
// *waiters.StatusError, any error other than 404 ends the wait.
func (c *Client) WaitLoadBalancerDeleted(ctx context.Context, id string, opts waiters.Options) (Outcome, error) {
	t := newTracker(opts)
	r := Ref{Kind: KindLoadBalancer, ID: id}
	err := c.poll(ctx, r, t.options(opts), true, nil)
	if err == nil {
		t.out.Status = StatusDeleted
	}
	return t.done(), waitError(r.String(), err)
}

// WaitChildActive waits after a write on a listener, pool, member, health
// monitor, L7 policy or rule: it polls the parent load balancer until it
// leaves PENDING_* (ACTIVE; ERROR fails), then reads the child itself, polling
// on while the child is PENDING_*. A child in ERROR fails the wait with a
// *waiters.StatusError naming the child, even though the load balancer is
// ACTIVE again (python-octaviaclient reports success there). Interval and
// Timeout (0 = no limit) cover both phases together. A Ref of a load
// balancer waits for it alone; an amphora's, for its load balancer.
func (c *Client) WaitChildActive(ctx context.Context, child Ref, opts waiters.Options) (Outcome, error) {
	t := newTracker(opts)
	lbID, err := c.LoadBalancerOf(ctx, child)
	if err != nil {
		return t.done(), waitError(child.String(), err)
	}
	lb := Ref{Kind: KindLoadBalancer, ID: lbID}
	if err := c.poll(ctx, lb, t.options(opts), false, nil); err != nil {
		return t.done(), waitError(fmt.Sprintf("%s (its %s)", child, lb), err)
	}
	if child.Kind == KindLoadBalancer || child.Kind == KindAmphora {
		return t.done(), nil
	}
	rest, ok := t.remaining(opts)
	if !ok {
		return t.done(), waitError(child.String(), waiters.ErrTimeout)
	}
	err = c.poll(ctx, child, t.options(rest), false, nil)
	return t.done(), waitError(child.String(), err)
}

// WaitChildDeleted waits after deleting a listener, pool, member, health
// monitor, L7 policy or rule: the parent load balancer (child.LoadBalancerID,
// required) must leave PENDING_*, then the child must answer 404 (polled on
// while it does not, up to opts.Timeout; 300 s when 0).
func (c *Client) WaitChildDeleted(ctx context.Context, child Ref, opts waiters.Options) (Outcome, error) {
	t := newTracker(opts)
	if child.LoadBalancerID == "" && child.Kind != KindLoadBalancer {
		return t.done(), &Error{Code: EINVALID, Op: "wait for " + child.String(), Err: errors.New("a delete wait needs the LoadBalancerID")}
	}
	if child.Kind == KindLoadBalancer {
		return c.WaitLoadBalancerDeleted(ctx, child.ID, opts)
	}
	lb := Ref{Kind: KindLoadBalancer, ID: child.LoadBalancerID}
	if err := c.poll(ctx, lb, t.options(opts), false, nil); err != nil {
		return t.done(), waitError(fmt.Sprintf("%s (its %s)", child, lb), err)
	}
	rest, ok := t.remaining(opts)
	if !ok {
		return t.done(), waitError(child.String(), waiters.ErrTimeout)
	}
	err := c.poll(ctx, child, t.options(rest), true, nil)
	if err == nil {
		t.out.Status = StatusDeleted
	}
	return t.done(), waitError(child.String(), err)
}
