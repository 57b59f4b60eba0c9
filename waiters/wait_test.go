package waiters

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"testing/synctest"
	"time"
)

// answer is one scripted reply of a fakeGetter.
type answer struct {
	status string
	err    error
}

// fakeGetter answers from a script (repeating its last answer), optionally
// taking delay of (fake) time per call, and records what it returned.
type fakeGetter struct {
	answers  []answer
	delay    time.Duration
	returned []string // statuses returned, one per call
	ctxErrs  []error  // ctx.Err() seen at the end of each call
}

func (g *fakeGetter) get(ctx context.Context) (string, error) {
	if g.delay > 0 {
		select {
		case <-time.After(g.delay):
		case <-ctx.Done():
			g.returned = append(g.returned, "")
			g.ctxErrs = append(g.ctxErrs, ctx.Err())
			return "", fmt.Errorf("get: %w", ctx.Err())
		}
	}
	a := g.answers[min(len(g.returned), len(g.answers)-1)]
	g.returned = append(g.returned, a.status)
	g.ctxErrs = append(g.ctxErrs, ctx.Err())
	return a.status, a.err
}

// repeat returns n copies of a.
func repeat(a answer, n int) []answer {
	out := make([]answer, n)
	for i := range out {
		out[i] = a
	}
	return out
}

// httpError is a Getter's error for an HTTP status, as a client would return
// it: a 404 matches ErrGone.
type httpError struct{ code int }

func (e httpError) Error() string { return fmt.Sprintf("GET lb-1: HTTP %d", e.code) }

func (e httpError) Is(target error) bool { return target == ErrGone && e.code == 404 }

func httpErr(code int) error { return httpError{code: code} }

var errBoom = errors.New("boom")

var (
	pendingCreate = answer{status: "PENDING_CREATE"}
	pendingUpdate = answer{status: "PENDING_UPDATE"}
	pendingDelete = answer{status: "PENDING_DELETE"}
	active        = answer{status: "ACTIVE"}
	errorStatus   = answer{status: "ERROR"}
	notFound      = answer{err: httpErr(404)}
)

type waitCase struct {
	name      string
	answers   []answer
	delay     time.Duration // each Get takes this long
	opts      Options
	precancel bool          // ctx cancelled before the wait starts
	cancelAt  time.Duration // > 0: ctx cancelled at this time

	want      error  // nil, a sentinel (returned as is), *StatusError, or an HTTP error (matched by code)
	wantMsg   string // if set, the error's full message
	wantPolls int
	wantEnd   time.Duration // when the wait returned
	wantLast  Poll          // if set, the last OnPoll
}

// runWaitCases runs each case of wait in its own synctest bubble.
func runWaitCases(t *testing.T, wait func(context.Context, Getter, Options) error, cases []waitCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				// A day of fake time bounds every case, so that a broken
				// wait fails with DeadlineExceeded instead of hanging.
				ctx, cancel := context.WithTimeout(t.Context(), 24*time.Hour)
				defer cancel()
				if c.precancel {
					cancel()
				}
				if c.cancelAt > 0 {
					time.AfterFunc(c.cancelAt, cancel)
				}
				g := &fakeGetter{answers: c.answers, delay: c.delay}
				var polls []Poll
				opts := c.opts
				opts.OnPoll = func(p Poll) { polls = append(polls, p) }

				start := time.Now()
				err := wait(ctx, g.get, opts)
				end := time.Since(start)

				checkErr(t, err, c.want)
				if c.wantMsg != "" && (err == nil || err.Error() != c.wantMsg) {
					t.Errorf("got error %v, want message %q", err, c.wantMsg)
				}
				if len(g.returned) != c.wantPolls {
					t.Errorf("got %d GETs, want %d", len(g.returned), c.wantPolls)
				}
				if len(polls) != c.wantPolls {
					t.Fatalf("got %d OnPoll calls, want %d", len(polls), c.wantPolls)
				}
				if end != c.wantEnd {
					t.Errorf("wait returned after %v, want %v", end, c.wantEnd)
				}
				interval := c.opts.Interval
				if interval == 0 {
					interval = DefaultInterval
				}
				for i, p := range polls {
					if p.Attempt != i+1 {
						t.Errorf("poll %d: got Attempt %d, want %d", i, p.Attempt, i+1)
					}
					if p.Status != g.returned[i] {
						t.Errorf("poll %d: got Status %q, want %q (as read)", i, p.Status, g.returned[i])
					}
					// A Get of d starts at i*(d+interval) and ends d later.
					if i == len(polls)-1 && c.wantLast != (Poll{}) {
						continue // checked below: it may have been cut off
					}
					if want := time.Duration(i)*(c.delay+interval) + c.delay; p.Elapsed != want {
						t.Errorf("poll %d: got Elapsed %v, want %v", i, p.Elapsed, want)
					}
				}
				if c.wantLast != (Poll{}) && len(polls) > 0 && polls[len(polls)-1] != c.wantLast {
					t.Errorf("got last poll %+v, want %+v", polls[len(polls)-1], c.wantLast)
				}
			})
		})
	}
}

// checkErr compares got with want as the contract promises: sentinels and
// context errors as is, *StatusError as that type, HTTP errors by code,
// other errors through errors.Is.
func checkErr(t *testing.T, got, want error) {
	t.Helper()
	var code httpError
	switch {
	case want == nil:
		if got != nil {
			t.Errorf("got error %v, want nil", got)
		}
	case errors.As(want, new(*StatusError)):
		se, ok := got.(*StatusError)
		if !ok || se.Status != want.(*StatusError).Status {
			t.Errorf("got error %#v, want %#v", got, want)
		}
	case errors.As(want, &code):
		if gotCode, ok := errors.AsType[httpError](got); !ok || gotCode.code != code.code {
			t.Errorf("got error %v, want one with HTTP code %d", got, code.code)
		}
	case want == ErrTimeout || want == ErrNoStatus || want == context.Canceled || want == context.DeadlineExceeded:
		if got != want {
			t.Errorf("got error %v, want %v as is", got, want)
		}
	default:
		if !errors.Is(got, want) {
			t.Errorf("got error %v, want one wrapping %v", got, want)
		}
	}
}

func TestForActive(t *testing.T) {
	runWaitCases(t, ForActive, []waitCase{
		{name: "active at once", answers: []answer{active}, want: nil, wantPolls: 1, wantEnd: 0},
		{name: "pending then active, first poll immediate, one per 3 s",
			answers: []answer{pendingCreate, pendingCreate, pendingUpdate, active},
			want:    nil, wantPolls: 4, wantEnd: 9 * time.Second},
		{name: "statuses are compared lower-cased",
			answers: []answer{{status: "pending_create"}, {status: "Active"}},
			want:    nil, wantPolls: 2, wantEnd: 3 * time.Second},
		{name: "error is a StatusError",
			answers: []answer{pendingCreate, errorStatus},
			want:    &StatusError{Status: "ERROR"}, wantMsg: "waiters: the resource went to ERROR",
			wantPolls: 2, wantEnd: 3 * time.Second},
		{name: "lower-case error keeps the status as read",
			answers: []answer{{status: "error"}},
			want:    &StatusError{Status: "error"}, wantPolls: 1},
		{name: "getter error ends the wait, wrapped",
			answers: []answer{pendingUpdate, pendingUpdate, {err: errBoom}},
			want:    errBoom, wantMsg: "waiters: poll 3: boom", wantPolls: 3, wantEnd: 6 * time.Second},
		{name: "404 is an error while waiting for active",
			answers: []answer{pendingCreate, notFound},
			want:    httpErr(404), wantPolls: 2, wantEnd: 3 * time.Second},
		{name: "empty status is ErrNoStatus",
			answers: []answer{pendingCreate, {status: ""}},
			want:    ErrNoStatus, wantPolls: 2, wantEnd: 3 * time.Second},
		{name: "custom interval",
			answers: []answer{pendingCreate, pendingCreate, active},
			opts:    Options{Interval: 10 * time.Second},
			want:    nil, wantPolls: 3, wantEnd: 20 * time.Second},
		{name: "no limit by default, even past 300 s",
			answers: append(repeat(pendingUpdate, 1000), active),
			want:    nil, wantPolls: 1001, wantEnd: 3000 * time.Second,
			wantLast: Poll{Attempt: 1001, Status: "ACTIVE", Elapsed: 3000 * time.Second}},
		{name: "timeout set: ErrTimeout at the timeout, no poll at it",
			answers: []answer{pendingUpdate},
			opts:    Options{Timeout: 10 * time.Second},
			want:    ErrTimeout, wantPolls: 4, wantEnd: 10 * time.Second},
		{name: "timeout on a poll boundary",
			answers: []answer{pendingUpdate},
			opts:    Options{Timeout: 9 * time.Second},
			want:    ErrTimeout, wantPolls: 3, wantEnd: 9 * time.Second},
		{name: "timeout cuts a hanging GET",
			answers: []answer{pendingUpdate}, delay: time.Hour,
			opts: Options{Timeout: 10 * time.Second},
			want: ErrTimeout, wantPolls: 1, wantEnd: 10 * time.Second,
			wantLast: Poll{Attempt: 1, Status: "", Elapsed: 10 * time.Second}},
		{name: "cancelled mid-wait",
			answers: []answer{pendingCreate}, cancelAt: 7 * time.Second,
			want: context.Canceled, wantPolls: 3, wantEnd: 7 * time.Second},
		{name: "cancelled during a GET: the ctx error, not the GET's",
			answers: []answer{pendingCreate}, delay: time.Hour, cancelAt: 7 * time.Second,
			want: context.Canceled, wantPolls: 1, wantEnd: 7 * time.Second,
			wantLast: Poll{Attempt: 1, Status: "", Elapsed: 7 * time.Second}},
		{name: "cancelled before the wait: no poll",
			answers: []answer{active}, precancel: true,
			want: context.Canceled, wantPolls: 0, wantEnd: 0},
		{name: "GETs taking time: next poll one interval after the last returned",
			answers: []answer{pendingCreate, pendingCreate, active}, delay: time.Second,
			want: nil, wantPolls: 3, wantEnd: 9 * time.Second},
	})
}

func TestForDelete(t *testing.T) {
	runWaitCases(t, ForDelete, []waitCase{
		{name: "404 at once", answers: []answer{notFound}, want: nil, wantPolls: 1, wantEnd: 0},
		{name: "pending then 404",
			answers: []answer{pendingDelete, pendingDelete, notFound},
			want:    nil, wantPolls: 3, wantEnd: 6 * time.Second},
		{name: "wrapped 404 is success",
			answers: []answer{pendingDelete, {err: fmt.Errorf("octavia: not found: %w", httpErr(404))}},
			want:    nil, wantPolls: 2, wantEnd: 3 * time.Second},
		{name: "active is not the end of a delete",
			answers: []answer{active, pendingDelete, notFound},
			want:    nil, wantPolls: 3, wantEnd: 6 * time.Second},
		{name: "error is a StatusError",
			answers: []answer{pendingDelete, errorStatus},
			want:    &StatusError{Status: "ERROR"}, wantPolls: 2, wantEnd: 3 * time.Second},
		{name: "statuses are compared lower-cased",
			answers: []answer{{status: "pending_delete"}, {status: "Error"}},
			want:    &StatusError{Status: "Error"}, wantPolls: 2, wantEnd: 3 * time.Second},
		{name: "403 ends the wait and is passed on",
			answers: []answer{pendingDelete, {err: httpErr(403)}},
			want:    httpErr(403), wantPolls: 2, wantEnd: 3 * time.Second},
		{name: "other getter error ends the wait, wrapped",
			answers: []answer{{err: errBoom}},
			want:    errBoom, wantMsg: "waiters: poll 1: boom", wantPolls: 1},
		{name: "empty status is ErrNoStatus",
			answers: []answer{{status: ""}},
			want:    ErrNoStatus, wantPolls: 1},
		{name: "default limit: 300 s, 100 polls",
			answers: []answer{pendingDelete},
			want:    ErrTimeout, wantPolls: 100, wantEnd: 300 * time.Second,
			wantLast: Poll{Attempt: 100, Status: "PENDING_DELETE", Elapsed: 297 * time.Second}},
		{name: "404 on the last poll before the limit",
			answers: append(repeat(pendingDelete, 99), notFound),
			want:    nil, wantPolls: 100, wantEnd: 297 * time.Second,
			wantLast: Poll{Attempt: 100, Status: "", Elapsed: 297 * time.Second}},
		{name: "default limit is wall-clock: slow GETs count",
			answers: []answer{pendingDelete}, delay: 10 * time.Second,
			// GETs start at 0, 13, ..., 299 s; the 24th is cut off at 300 s.
			want: ErrTimeout, wantPolls: 24, wantEnd: 300 * time.Second,
			wantLast: Poll{Attempt: 24, Status: "", Elapsed: 300 * time.Second}},
		{name: "custom timeout",
			answers: []answer{pendingDelete},
			opts:    Options{Timeout: 30 * time.Second, Interval: 5 * time.Second},
			want:    ErrTimeout, wantPolls: 6, wantEnd: 30 * time.Second},
		{name: "cancelled mid-wait",
			answers: []answer{pendingDelete}, cancelAt: 100 * time.Second,
			want: context.Canceled, wantPolls: 34, wantEnd: 100 * time.Second},
	})
}

// TestWaitGetterContext checks what the Getter receives: the caller's
// context without a timeout, one that ends at the deadline with one.
func TestWaitGetterContext(t *testing.T) {
	cases := []struct {
		name         string
		wait         func(context.Context, Getter, Options) error
		opts         Options
		wantDeadline time.Duration // 0: none
	}{
		{name: "ForActive without timeout", wait: ForActive},
		{name: "ForActive with timeout", wait: ForActive, opts: Options{Timeout: time.Minute}, wantDeadline: time.Minute},
		{name: "ForDelete default", wait: ForDelete, wantDeadline: DefaultDeleteTimeout},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				start := time.Now()
				var got time.Duration
				_ = c.wait(t.Context(), func(ctx context.Context) (string, error) {
					if d, ok := ctx.Deadline(); ok {
						got = d.Sub(start)
					}
					return "", httpErr(404)
				}, c.opts)
				if got != c.wantDeadline {
					t.Errorf("got Getter deadline after %v, want %v", got, c.wantDeadline)
				}
			})
		})
	}
}

// TestWaitWithoutOnPoll checks that OnPoll is optional.
func TestWaitWithoutOnPoll(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := &fakeGetter{answers: []answer{pendingCreate, active}}
		if err := ForActive(t.Context(), g.get, Options{}); err != nil {
			t.Fatalf("got %v, want nil", err)
		}
		if len(g.returned) != 2 {
			t.Errorf("got %d GETs, want 2", len(g.returned))
		}
	})
}
