package tab

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// An operation in words: its title, what was accepted, how it ended or
// what it waits for, and what a refused write says (the store that runs
// the waits: operations.go).

// opStuck reports whether a wait has run so long that it may be stuck:
// the panel then links to its load balancer's page.
func OpStuck(op Operation, now time.Time) bool {
	return op.State == OpWaiting && op.Elapsed(now) > StuckAfter && op.LbID() != ""
}

// OpTitle names an operation: `Create load balancer "web"`.
func OpTitle(op Operation) string {
	verb := map[OpKind]string{OpCreate: "Create", OpUpdate: "Edit", OpDelete: "Delete", OpFailover: "Fail over"}[op.Kind]
	if op.Verb != "" {
		verb = op.Verb
	}
	return fmt.Sprintf("%s %s %q", verb, op.Ref.Kind, ui.DisplayName(op.Name, op.Ref.ID))
}

// OpAcceptedText says that Octavia accepted the write, with its answer.
func OpAcceptedText(op Operation) string {
	s := "Accepted by Octavia"
	switch {
	case op.StatusCode != 0 && op.RequestID != "":
		s += fmt.Sprintf(" (HTTP %d, request %s)", op.StatusCode, op.RequestID)
	case op.StatusCode != 0:
		s += fmt.Sprintf(" (HTTP %d)", op.StatusCode)
	case op.RequestID != "":
		s += fmt.Sprintf(" (request %s)", op.RequestID)
	}
	return s + "."
}

// opDone says what the accepted write did, as the start of a sentence:
// "The load balancer was created", "The delete was accepted".
func opDone(op Operation) string {
	switch op.Kind {
	case OpCreate:
		return fmt.Sprintf("The %s was created", op.Ref.Kind)
	case OpDelete:
		return "The delete was accepted"
	}
	return "The write was accepted"
}

// StatusOfLB reports whether op's Status is its load balancer's, not its
// own object's: a child's write waits for its load balancer to be ACTIVE
// again (python-octaviaclient's --wait), then, for a create or an update,
// for the object itself.
func (op Operation) StatusOfLB() bool {
	if op.Ref.Kind == octavia.KindLoadBalancer {
		return false
	}
	if op.StatusOf != "" {
		return op.StatusOf == octavia.KindLoadBalancer
	}
	return op.Wait == WaitLBActive
}

// OpOutcomeText is the sentence an operation ends with, or while it waits,
// what it is waiting for. A failed wait always says that the write itself
// was accepted: the load balancer was created (or its delete accepted).
func OpOutcomeText(op Operation, now time.Time) string {
	el := ui.FormatElapsed(op.Elapsed(now))
	switch op.State {
	case OpWaiting:
		what := string(octavia.StatusActive)
		if op.Wait == WaitDeleted {
			what = "it to be gone (404)"
		}
		if op.Wait == WaitLBActive && op.Ref.Kind != octavia.KindLoadBalancer {
			what = "its load balancer to be " + string(octavia.StatusActive)
		}
		s := fmt.Sprintf("Waiting for %s; %s so far, %d polls.", what, el, op.Polls)
		if op.Elapsed(now) > StuckAfter {
			s += " This is taking long: it may be stuck; you can stop watching, Octavia carries on."
		}
		return s
	case OpSucceeded:
		switch {
		case op.Wait == WaitNone:
			return "Done: Octavia applied it at once."
		case op.Wait == WaitDeleted:
			return fmt.Sprintf("Deleted: Octavia answers 404 for it, after %s.", el)
		}
		return fmt.Sprintf("%s after %s.", octavia.StatusActive, el)
	case OpFailed:
		return fmt.Sprintf("%s, but the wait failed after %s: %s", opDone(op), el, op.Reason)
	case OpGone:
		return goneText(op, el)
	case OpStopped:
		return fmt.Sprintf("You stopped watching after %s; %s and Octavia carries on (last seen %s).", el,
			strings.ToLower(opDone(op)[:1])+opDone(op)[1:], ui.StatusLabel(op.Status))
	}
	return ""
}

// WaitFailure says, in one sentence, why a wait ended without success;
// last is the last provisioning status it saw.
func WaitFailure(err error, last string) string {
	var se *waiters.StatusError
	var ce *octavia.ChildError
	switch {
	case errors.As(err, &ce):
		return ce.Child + " went to " + ui.StatusLabel(string(octavia.StatusError)) + "."
	case errors.As(err, &se):
		return fmt.Sprintf("it went to %s.", ui.StatusLabel(se.Status))
	case errors.Is(err, waiters.ErrTimeout):
		return fmt.Sprintf("it was still %s when the wait timed out.", ui.StatusLabel(last))
	case errors.Is(err, waiters.ErrNoStatus):
		return "Octavia's answer had no provisioning_status to wait on."
	}
	return "polling its status failed: " + octavia.Message(err)
}

// busyText is the message for a write refused because the load balancer is
// immutable (409): which state it is in (the fault's, else status: its
// load balancer's as read), and Octavia's own words.
func busyText(err error, status string) string {
	var e *octavia.Error
	fault := ""
	if errors.As(err, &e) {
		fault = e.Fault
	}
	if s := StatusInFault(fault); s != "" {
		status = s
	}
	msg := "This load balancer is busy"
	switch {
	case octavia.ProvisioningStatus(status).Is(octavia.StatusActive):
		msg = "This load balancer was busy; it is " + ui.StatusLabel(status) + " now: try again."
	case status != "":
		msg += " (" + ui.StatusLabel(status) + "); try again when it is " + string(octavia.StatusActive) + "."
	default:
		msg += "; try again when it is " + string(octavia.StatusActive) + "."
	}
	if fault != "" {
		msg += " Octavia said: " + fault
	}
	return msg
}

// StatusInFault finds the provisioning status an Octavia fault names
// ("Invalid state PENDING_UPDATE of loadbalancer resource ..."), or "".
func StatusInFault(fault string) string {
	for _, s := range []octavia.ProvisioningStatus{octavia.StatusPendingCreate, octavia.StatusPendingUpdate, octavia.StatusPendingDelete, octavia.StatusError} {
		if strings.Contains(strings.ToUpper(fault), string(s)) {
			return string(s)
		}
	}
	return ""
}

// WriteErrorText is what a refused write says: busyText for a 409
// immutable, else the client's one-sentence message.
func WriteErrorText(err error, status string) string {
	if Busy(err) {
		return busyText(err, status)
	}
	var e *octavia.Error
	if octavia.ErrorCodeOf(err) == octavia.EFORBIDDEN && errors.As(err, &e) {
		s := "Your role does not allow this."
		if e.Fault != "" {
			s += " Octavia said: " + e.Fault
		}
		return s
	}
	return octavia.Message(err)
}

// Busy reports whether a write was refused because the load balancer is
// in a PENDING_* state: the client's EIMMUTABLE, which covers both of
// Octavia's answers ("... is immutable and cannot be updated." and
// "Invalid state PENDING_UPDATE of loadbalancer resource ...").
func Busy(err error) bool {
	return octavia.ErrorCodeOf(err) == octavia.EIMMUTABLE
}
