package waiters

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// DefaultInterval is the time between two polls when Options.Interval (or
// the interval given to NewHub) is 0, as in python-octaviaclient.
const DefaultInterval = 3 * time.Second

// DefaultDeleteTimeout is ForDelete's limit when Options.Timeout is 0, as in
// python-octaviaclient; it is measured on the wall clock.
const DefaultDeleteTimeout = 300 * time.Second

// ErrGone is what "the resource no longer exists" means to ForDelete: a
// Getter error e with errors.Is(e, ErrGone) (an Octavia 404) ends the wait
// with success. The caller's error type says it, e.g. with an Is method;
// octavia.Error matches ErrGone when its code is ENOTFOUND.
var ErrGone = errors.New("waiters: the resource is gone")

// Getter reads one resource once and returns its status field as read
// (provisioning_status, or status for amphorae). It receives the wait's
// context; when the wait has a timeout, that context ends at the timeout.
type Getter func(ctx context.Context) (status string, err error)

// Options tune a wait. The zero value polls every 3 s; ForActive then waits
// without limit and ForDelete stops after 300 s.
type Options struct {
	Interval time.Duration // between polls; 0 (or less) means 3 s
	Timeout  time.Duration // 0 (or less): ForActive waits without limit; ForDelete stops after 300 s
	OnPoll   func(Poll)    // called after every poll, if set, on the waiting goroutine
}

// Poll reports one poll: Attempt counts from 1, Status is the value as read
// (what the Getter returned), Elapsed is the time since the wait began, taken
// when the Getter returned.
type Poll struct {
	Attempt int
	Status  string
	Elapsed time.Duration
	// Of is what was polled, as the caller names it (octavia's waits set
	// the kind: a child's wait polls its load balancer first); "" when
	// the caller does not say.
	Of string
}

// ForActive polls get until the status is active, compared lower-cased, as
// python-octaviaclient's --wait does. The first poll is immediate; each
// next one starts Interval (3 s by default) after the previous one
// returned. It returns:
//   - nil when the status is active;
//   - a *StatusError when it is error;
//   - ErrNoStatus when the status is empty;
//   - the Getter's error, wrapped (errors.Is and errors.As find it), which
//     ends the wait;
//   - ctx.Err() when ctx ends first;
//   - ErrTimeout when Options.Timeout is set and passes first (by default
//     there is no limit).
//
// Any other status (PENDING_CREATE, PENDING_UPDATE, ...) means poll again.
// ForActive blocks its caller between polls on a time.Timer (in the browser,
// a JS timer): a UI must call it from its own goroutine, never from
// go-app's UI goroutine.
func ForActive(ctx context.Context, get Getter, opts Options) error {
	return wait(ctx, get, opts, opts.Timeout, false)
}

// ForDelete polls get until it fails with an error matching ErrGone
// (errors.Is, so wrapped errors count: a 404), as python-octaviaclient's
// delete --wait does. The first poll is immediate; each next one starts
// Interval (3 s by default) after the previous one returned. It returns:
//   - nil when the Getter's error matches ErrGone (a 404);
//   - a *StatusError when the status is error, compared lower-cased;
//   - ErrNoStatus when the status is empty;
//   - any other Getter error, wrapped (a 403 included: errors.Is and
//     errors.As find it), which ends the wait;
//   - ctx.Err() when ctx ends first;
//   - ErrTimeout after Options.Timeout, 300 s when it is 0, measured on the
//     wall clock from the start of the wait (a Getter still running then is
//     cancelled through its context).
//
// Any other status (PENDING_DELETE, ACTIVE, ...) means poll again. With the
// default 3 s interval and instant answers, the 300 s limit allows 100 polls
// (at 0 s, 3 s, ..., 297 s) and ends the wait at 300 s. Like ForActive, it
// blocks its caller: never call it on go-app's UI goroutine.
func ForDelete(ctx context.Context, get Getter, opts Options) error {
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultDeleteTimeout
	}
	return wait(ctx, get, opts, timeout, true)
}

// wait runs the polling loop shared by ForActive and ForDelete: first poll
// immediate, then one poll Interval after the previous one returned, until
// a poll decides, ctx ends, or timeout (0: none) passes. forDelete selects
// ForDelete's outcomes (ErrGone is success, active is not an end).
func wait(ctx context.Context, get Getter, opts Options, timeout time.Duration, forDelete bool) error {
	interval := opts.Interval
	if interval <= 0 {
		interval = DefaultInterval
	}
	start := time.Now()
	getCtx := ctx
	var deadline time.Time
	if timeout > 0 {
		deadline = start.Add(timeout)
		var cancel context.CancelFunc
		getCtx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	timer := time.NewTimer(interval)
	timer.Stop()
	defer timer.Stop()

	for attempt := 1; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		status, err := get(getCtx)
		if opts.OnPoll != nil {
			opts.OnPoll(Poll{Attempt: attempt, Status: status, Elapsed: time.Since(start)})
		}
		if err != nil {
			switch {
			case forDelete && errors.Is(err, ErrGone):
				return nil
			case ctx.Err() != nil:
				return ctx.Err()
			case timeout > 0 && getCtx.Err() != nil:
				return ErrTimeout // the Getter was cut off at the deadline
			}
			return fmt.Errorf("waiters: poll %d: %w", attempt, err)
		}
		switch strings.ToLower(status) {
		case "active":
			if !forDelete {
				return nil
			}
		case "error":
			return &StatusError{Status: status}
		case "":
			return ErrNoStatus
		}

		// Sleep until the next poll, or until the deadline if it comes first.
		sleep := interval
		if timeout > 0 {
			if left := time.Until(deadline); left < sleep {
				sleep = left
			}
		}
		timer.Reset(sleep)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-timer.C:
		}
		if timeout > 0 && !time.Now().Before(deadline) {
			return ErrTimeout
		}
	}
}
