package octavia

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/octaview/octaview/waiters"
)

// Kind names a type of Octavia resource. The kinds of a load balancer's
// tree (load balancer to L7 rule) have provisioning statuses, waits and
// tags; the others are named for the journal of writes and for messages.
type Kind string

// Kinds, named as Octavia's JSON envelopes name them.
const (
	KindLoadBalancer Kind = "loadbalancer"
	KindListener     Kind = "listener"
	KindPool         Kind = "pool"
	KindMember       Kind = "member"
	KindMonitor      Kind = "healthmonitor"
	KindL7Policy     Kind = "l7policy"
	KindL7Rule       Kind = "rule"

	KindAmphora                 Kind = "amphora"
	KindQuota                   Kind = "quota"
	KindProvider                Kind = "provider"
	KindFlavor                  Kind = "flavor"
	KindFlavorProfile           Kind = "flavorprofile"
	KindAvailabilityZone        Kind = "availability_zone"
	KindAvailabilityZoneProfile Kind = "availability_zone_profile"
)

// String returns the kind in words, e.g. "health monitor".
func (k Kind) String() string {
	switch k {
	case KindLoadBalancer:
		return "load balancer"
	case KindMonitor:
		return "health monitor"
	case KindL7Policy:
		return "L7 policy"
	case KindL7Rule:
		return "L7 rule"
	case KindFlavorProfile:
		return "flavor profile"
	case KindAvailabilityZone:
		return "availability zone"
	case KindAvailabilityZoneProfile:
		return "availability zone profile"
	}
	return string(k)
}

// Ref points at one resource, for the child waits and UpdateTags.
type Ref struct {
	Kind Kind
	ID   string
	// ParentID is the pool of a member or the L7 policy of a rule; "" otherwise.
	ParentID string
	// LoadBalancerID is the load balancer the resource belongs to (the ID
	// itself for KindLoadBalancer). "" = found by reading the resource and its
	// parents, which a delete wait cannot do (the resource may be gone).
	LoadBalancerID string
}

// String returns e.g. "member 7a3c… of pool 1b2d…".
func (r Ref) String() string {
	s := r.Kind.String() + " " + r.ID
	switch r.Kind {
	case KindMember:
		s += " of pool " + r.ParentID
	case KindL7Rule:
		s += " of L7 policy " + r.ParentID
	}
	return s
}

// url returns the resource's Octavia URL.
func (r Ref) url(c *Client) (string, error) {
	need := func(parent string) error {
		if r.ID == "" || (parent != "" && r.ParentID == "") {
			return fmt.Errorf("%s: missing ID or %s ID", r.Kind, parent)
		}
		return nil
	}
	switch r.Kind {
	case KindLoadBalancer:
		return loadBalancerURL(c, r.ID), need("")
	case KindListener:
		return listenerURL(c, r.ID), need("")
	case KindPool:
		return poolURL(c, r.ID), need("")
	case KindMember:
		return memberURL(c, r.ParentID, r.ID), need("pool")
	case KindMonitor:
		return monitorURL(c, r.ID), need("")
	case KindL7Policy:
		return l7PolicyURL(c, r.ID), need("")
	case KindL7Rule:
		return l7RuleURL(c, r.ParentID, r.ID), need("L7 policy")
	}
	return "", fmt.Errorf("unknown kind %q", r.Kind)
}

// refBody holds what any Octavia resource says about its status, tags and parents.
type refBody struct {
	ProvisioningStatus string     `json:"provisioning_status"`
	Tags               []string   `json:"tags"`
	LoadBalancers      []idObject `json:"loadbalancers"` // listeners, pools
	Pools              []idObject `json:"pools"`         // health monitors
	ListenerID         string     `json:"listener_id"`   // L7 policies
}

type idObject struct {
	ID string `json:"id"`
}

// read GETs the resource r points at.
func (c *Client) read(ctx context.Context, r Ref) (*refBody, error) {
	op := "get " + r.String()
	u, err := r.url(c)
	if err != nil {
		return nil, &Error{Code: EINVALID, Op: op, Err: err}
	}
	return getOne[refBody](ctx, c, op, u, string(r.Kind))
}

// LoadBalancerOf returns the id of the load balancer r belongs to:
// r.LoadBalancerID when set, else found by reading r and its parents (a
// member's pool, a rule's L7 policy and its listener), as the child waits
// do.
func (c *Client) LoadBalancerOf(ctx context.Context, r Ref) (string, error) {
	return c.loadBalancerOf(ctx, r)
}

// loadBalancerOf returns r.LoadBalancerID, or finds it by reading r and its parents.
func (c *Client) loadBalancerOf(ctx context.Context, r Ref) (string, error) {
	if r.LoadBalancerID != "" {
		return r.LoadBalancerID, nil
	}
	if r.Kind == KindLoadBalancer {
		return r.ID, nil
	}
	var parent Ref
	switch r.Kind {
	case KindMember:
		parent = Ref{Kind: KindPool, ID: r.ParentID}
	case KindL7Rule:
		parent = Ref{Kind: KindL7Policy, ID: r.ParentID}
	default:
		b, err := c.read(ctx, r)
		if err != nil {
			return "", err
		}
		switch {
		case len(b.LoadBalancers) > 0:
			return b.LoadBalancers[0].ID, nil
		case len(b.Pools) > 0:
			parent = Ref{Kind: KindPool, ID: b.Pools[0].ID}
		case b.ListenerID != "":
			parent = Ref{Kind: KindListener, ID: b.ListenerID}
		default:
			return "", &Error{Code: EINTERNAL, Op: "find the load balancer of " + r.String(), Err: errors.New("the resource names no parent")}
		}
	}
	return c.loadBalancerOf(ctx, parent)
}

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

// statusGetter reads r's provisioning_status.
func (c *Client) statusGetter(r Ref) waiters.Getter {
	return func(ctx context.Context) (string, error) {
		b, err := c.read(ctx, r)
		if err != nil {
			return "", err
		}
		return b.ProvisioningStatus, nil
	}
}

// waitError names the resource in a failed wait's error; errors.Is/As still
// find waiters.ErrTimeout, *waiters.StatusError and the *Error of a failed GET.
func waitError(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("wait for %s: %w", what, err)
}

// WaitLoadBalancerActive polls the load balancer (first poll at once, then
// every opts.Interval, 3 s by default) until it is ACTIVE, as "--wait" does.
// ERROR fails with a *waiters.StatusError; no time limit unless opts.Timeout
// is set (then waiters.ErrTimeout). Outcome.SawPending is false when the load
// balancer was ACTIVE at every poll, which right after a write means the
// service answered before it moved to PENDING_* (the stale-ACTIVE race).
func (c *Client) WaitLoadBalancerActive(ctx context.Context, id string, opts waiters.Options) (Outcome, error) {
	t := newTracker(opts)
	r := Ref{Kind: KindLoadBalancer, ID: id}
	err := waiters.ForActive(ctx, c.statusGetter(r), t.options(opts))
	return t.done(), waitError(r.String(), err)
}

// WaitLoadBalancerDeleted polls the load balancer until it answers 404, as
// "delete --wait" does: every opts.Interval (3 s by default), for at most
// opts.Timeout (300 s when 0, wall clock). ERROR fails with a
// *waiters.StatusError, any error other than 404 ends the wait.
func (c *Client) WaitLoadBalancerDeleted(ctx context.Context, id string, opts waiters.Options) (Outcome, error) {
	t := newTracker(opts)
	r := Ref{Kind: KindLoadBalancer, ID: id}
	err := waiters.ForDelete(ctx, c.statusGetter(r), t.options(opts))
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
// Timeout (0 = no limit) cover both phases together.
func (c *Client) WaitChildActive(ctx context.Context, child Ref, opts waiters.Options) (Outcome, error) {
	t := newTracker(opts)
	lbID, err := c.loadBalancerOf(ctx, child)
	if err != nil {
		return t.done(), waitError(child.String(), err)
	}
	lb := Ref{Kind: KindLoadBalancer, ID: lbID}
	if err := waiters.ForActive(ctx, c.statusGetter(lb), t.options(opts)); err != nil {
		return t.done(), waitError(fmt.Sprintf("%s (its %s)", child, lb), err)
	}
	if child.Kind == KindLoadBalancer {
		return t.done(), nil
	}
	rest, ok := t.remaining(opts)
	if !ok {
		return t.done(), waitError(child.String(), waiters.ErrTimeout)
	}
	err = waiters.ForActive(ctx, c.statusGetter(child), t.options(rest))
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
	if err := waiters.ForActive(ctx, c.statusGetter(lb), t.options(opts)); err != nil {
		return t.done(), waitError(fmt.Sprintf("%s (its %s)", child, lb), err)
	}
	rest, ok := t.remaining(opts)
	if !ok {
		return t.done(), waitError(child.String(), waiters.ErrTimeout)
	}
	err := waiters.ForDelete(ctx, c.statusGetter(child), t.options(rest))
	if err == nil {
		t.out.Status = StatusDeleted
	}
	return t.done(), waitError(child.String(), err)
}
