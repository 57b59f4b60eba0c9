package tab

import (
	"errors"
	"fmt"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// OpGone is the state of a wait for ACTIVE that ended on a 404: the object
// was deleted before it was ACTIVE (by the user in this tab, or elsewhere).
// The write did not fail and neither did the wait: python-octaviaclient's
// --wait ends with the GET's failure there, the console says what happened.
const OpGone OpState = "gone"

// WaitEnd is how op's wait ended: its state and, unless it succeeded, why
// (the reason's words go into opOutcomeText). err is the wait's result,
// stopped whether the user stopped it, ops the tab's operations (newest
// first): a delete among them of op's object, or of its load balancer,
// started after op, is the user's own.
func WaitEnd(op Operation, err error, stopped bool, ops []Operation) (OpState, string) {
	switch {
	case err == nil:
		return OpSucceeded, ""
	case stopped:
		return OpStopped, ""
	case op.Wait != WaitDeleted && errors.Is(err, waiters.ErrGone):
		if del, ok := deleteOf(op, ops); ok {
			return OpGone, fmt.Sprintf("you deleted it (%s)", OpTitle(del))
		}
		return OpGone, "it was deleted, not from this tab"
	}
	return OpFailed, WaitFailure(err, op.Status)
}

// deleteOf finds the delete, among ops, of op's object or of its load
// balancer, started after op began.
func deleteOf(op Operation, ops []Operation) (Operation, bool) {
	for _, d := range ops {
		if d.Kind != OpDelete || d.ID == op.ID || d.StartedAt.Before(op.StartedAt) {
			continue
		}
		same := d.Ref.Kind == op.Ref.Kind && d.Ref.ID == op.Ref.ID
		ofLB := d.Ref.Kind == octavia.KindLoadBalancer && op.LbID() != "" && d.Ref.ID == op.LbID()
		if same || ofLB {
			return d, true
		}
	}
	return Operation{}, false
}

// goneText is the outcome of a wait that ended in opGone, after el.
func goneText(op Operation, el string) string {
	return fmt.Sprintf("%s; then %s before it was %s: Octavia answers 404 for it (after %s). Nothing failed.",
		opDone(op), op.Reason, octavia.StatusActive, el)
}
