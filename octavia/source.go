package octavia

import (
	"context"
	"fmt"

	"github.com/octaview/octaview/waiters"
)

// A StatusSource is where the client's waits read the statuses they poll.
// By default a wait sends GETs of its own (one per poll, as the CLI's
// --wait does); a program that already polls the same objects (the
// console's shared poll, one GET per object per 3 s however many views and
// waits watch it) gives its own source with WithStatusSource, and the wait
// then reads that poll instead.
//
// Each method returns a reader and stop, which the wait calls once it no
// longer reads (the source may then stop polling). A reader blocks until
// its next answer; it must not hand out an answer read before the reader
// was made (a poll from before the write would end a wait for ACTIVE at
// once), and it returns the fetch's error as is (an ENOTFOUND *Error ends
// a delete wait).
type StatusSource interface {
	// Status reads the status a wait on r polls: r.Kind.StatusKey() of r
	// (a provisioning status; an amphora's status).
	Status(r Ref) (get waiters.Getter, stop func())
	// Tree reads the status tree of load balancer lbID (GET …/status).
	Tree(lbID string) (get func(context.Context) (*StatusTree, error), stop func())
}

// WithStatusSource returns a copy of c whose waits (the Wait* methods, and
// UpdateTags when it waits for its load balancer) read statuses from src
// instead of GETs of their own; nil gives back the client's own GETs.
// Everything else is shared with c.
func (c *Client) WithStatusSource(src StatusSource) *Client {
	cp := *c
	cp.source = src
	return &cp
}

// statuses is the source of c's waits.
func (c *Client) statuses() StatusSource {
	if c.source != nil {
		return c.source
	}
	return directSource{c}
}

// directSource is the default StatusSource: a GET per read.
type directSource struct{ c *Client }

func (d directSource) Status(r Ref) (waiters.Getter, func()) {
	key := r.Kind.StatusKey()
	return func(ctx context.Context) (string, error) {
		o, err := d.c.Get(ctx, r)
		if err != nil {
			return "", err
		}
		return o.Text(key), nil
	}, func() {}
}

func (d directSource) Tree(lbID string) (func(context.Context) (*StatusTree, error), func()) {
	return func(ctx context.Context) (*StatusTree, error) { return d.c.LoadBalancerStatusTree(ctx, lbID) }, func() {}
}

// ChildError is the failure of WaitTreeActive when an object of the tree
// went to ERROR while its load balancer is ACTIVE again. It unwraps to a
// *waiters.StatusError (ErrorCodeOf: EFAILED).
type ChildError struct {
	Child string // the child, e.g. `pool "web-pool" (1b2d…)`
}

func (e *ChildError) Error() string { return fmt.Sprintf("%s went to %s", e.Child, StatusError) }

// Unwrap returns the ERROR status the child went to.
func (e *ChildError) Unwrap() error { return &waiters.StatusError{Status: string(StatusError)} }
