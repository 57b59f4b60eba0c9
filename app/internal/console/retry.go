package console

import (
	"context"
	"errors"
	"fmt"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/waiters"
)

// retryWhenActive is the "Retry when ACTIVE" offer shown beside a write that
// Octavia refused because its load balancer is busy (a 409 immutable:
// busy(err); the writer offers it). Pressed, it waits until the load
// balancer is ACTIVE, with the client's wait on the shared poll of the load
// balancer (no GET of its own when a page or an operation already polls
// it), then sends the same write once (Send, which makes it a new
// operation). The wait can be cancelled, and ends with the component
// (OnDismount).
type retryWhenActive struct {
	goapp.Compo

	ID   string // DOM id prefix: "{ID}-btn", "{ID}-cancel", "{ID}-state"
	LBID string // the busy load balancer
	// Send sends the refused write again, once, as a new write. UI
	// goroutine. It runs on its page's own context (saved in OnNav), not
	// this component's: its answer comes after this component is gone.
	Send func()

	rt      *tab.Runtime  // the tab's: its signed-in session
	uctx    goapp.Context // the component's own (OnMount): a button's goes away with the button
	gen     int           // counts the waits: an ended or cancelled one's answer is dropped
	cancel  context.CancelFunc
	waiting bool
	polls   int
	last    string // the load balancer's last status seen
	err     string
}

func (r *retryWhenActive) OnMount(ctx goapp.Context) { r.uctx = ctx }
func (r *retryWhenActive) OnDismount()               { r.stop() }

// start waits for the load balancer, then sends. UI goroutine; the wait
// runs in ctx.Async.
func (r *retryWhenActive) start(ctx goapp.Context, e goapp.Event) {
	sess := r.rt.CurrentSession()
	if sess == nil || r.waiting || r.LBID == "" {
		return
	}
	ctx = r.uctx // the button goes away while the wait runs, and a Dispatch with it
	r.stop()
	wctx, cancel := context.WithCancel(context.Background())
	r.gen++
	gen := r.gen
	r.cancel, r.waiting, r.err, r.polls, r.last = cancel, true, "", 0, ""
	lbID := r.LBID
	opts := waiters.Options{OnPoll: func(p waiters.Poll) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if r.gen == gen {
				r.polls, r.last = p.Attempt, p.Status
			}
		})
	}}
	ctx.Async(func() {
		_, err := tab.WaitClient(sess).WaitLoadBalancerActive(wctx, lbID, opts)
		ctx.Dispatch(func(ctx goapp.Context) {
			if r.gen != gen || !r.waiting {
				return // cancelled, or the component went away
			}
			r.stop()
			switch {
			case errors.Is(err, context.Canceled):
			case err != nil:
				r.err = "The retry was not sent: the load balancer " + tab.WaitFailure(err, r.last)
			case r.Send != nil:
				r.Send()
			}
		})
	})
}

// stop ends the wait, if one runs. UI goroutine.
func (r *retryWhenActive) stop() {
	r.gen++
	r.waiting = false
	if r.cancel != nil {
		r.cancel()
		r.cancel = nil
	}
}

// retryWaitText says what the wait does.
const retryWaitText = "Waiting for the load balancer to be ACTIVE, then the same write is sent once…"

// retryPollText says where the wait is: "(2 polls, last PENDING_UPDATE)",
// "" before the first poll.
func retryPollText(polls int, last string) string {
	if polls == 0 {
		return ""
	}
	return fmt.Sprintf("(%d %s, last %s)", polls, map[bool]string{true: "poll", false: "polls"}[polls == 1], ui.StatusLabel(last))
}

func (r *retryWhenActive) Render() goapp.UI {
	if r.waiting {
		// The polls' count grows after Cancel, not before it: the text
		// before it wrapped as it grew, and moved Cancel down a line under
		// the pointer about to press it. Cancel is not where Retry was,
		// so a double click on Retry does not cancel the wait.
		return ui.IDClassDiv(r.ID+"-state", "retry", "retry-waiting").Aria("live", "polite").Body(
			ui.ClassSpanText("retry-text", retryWaitText),
			ui.TypedButton(r.ID+"-cancel", "button").Class("btn", "btn-ghost").
				OnClick(func(ctx goapp.Context, e goapp.Event) { r.stop() }).Text("Cancel"),
			ui.ClassSpanText("retry-polls", retryPollText(r.polls, r.last)),
		)
	}
	return ui.IDClassDiv(r.ID+"-state", "retry").Body(
		ui.TypedButton(r.ID+"-btn", "button").Class("btn").OnClick(r.start).Text("Retry when ACTIVE"),
		goapp.If(r.err != "", func() goapp.UI { return ui.ClassSpanText("st-error-text", " "+r.err) }),
	)
}

// RetryWhenActive is the "Retry when ACTIVE" of a write refused busy, for
// rt's tab: id prefixes its DOM ids, lbID is the busy load balancer, send
// sends the write again once it is ACTIVE. UI goroutine.
func RetryWhenActive(rt *tab.Runtime, id, lbID string, send func()) goapp.UI {
	return &retryWhenActive{ID: id, LBID: lbID, rt: rt, Send: send}
}
