package list

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/shell"
	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

func TestOpOutcomeText(t *testing.T) {
	start := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	now := start.Add(9 * time.Second)
	ended := start.Add(7 * time.Second)
	tests := []struct {
		name string
		op   tab.Operation
		want []string // parts the sentence must contain
	}{
		{"create waiting", tab.Operation{Kind: tab.OpCreate, Wait: tab.WaitActive, Ref: tab.LBRef("lb1"), State: tab.OpWaiting, StartedAt: start, Polls: 3},
			[]string{"Waiting for ACTIVE", "9 s so far", "3 polls"}},
		{"create waiting long", tab.Operation{Kind: tab.OpCreate, Wait: tab.WaitActive, Ref: tab.LBRef("lb1"), State: tab.OpWaiting, StartedAt: now.Add(-3 * time.Minute)},
			[]string{"may be stuck"}},
		{"delete waiting", tab.Operation{Kind: tab.OpDelete, Wait: tab.WaitDeleted, Ref: tab.LBRef("lb1"), State: tab.OpWaiting, StartedAt: start},
			[]string{"gone (404)"}},
		{"create succeeded", tab.Operation{Kind: tab.OpCreate, Wait: tab.WaitActive, Ref: tab.LBRef("lb1"), State: tab.OpSucceeded, StartedAt: start, EndedAt: ended},
			[]string{"ACTIVE after 7 s"}},
		{"delete succeeded", tab.Operation{Kind: tab.OpDelete, Wait: tab.WaitDeleted, Ref: tab.LBRef("lb1"), State: tab.OpSucceeded, StartedAt: start, EndedAt: ended},
			[]string{"Deleted", "404", "7 s"}},
		{"create failed says it was created", tab.Operation{Kind: tab.OpCreate, Wait: tab.WaitActive, Ref: tab.LBRef("lb1"), State: tab.OpFailed, StartedAt: start, EndedAt: ended, Reason: "it went to ERROR."},
			[]string{"The load balancer was created", "the wait failed after 7 s", "it went to ERROR."}},
		{"delete failed says it was accepted", tab.Operation{Kind: tab.OpDelete, Wait: tab.WaitDeleted, Ref: tab.LBRef("lb1"), State: tab.OpFailed, StartedAt: start, EndedAt: ended, Reason: "it went to ERROR."},
			[]string{"The delete was accepted", "the wait failed", "ERROR"}},
		{"create stopped", tab.Operation{Kind: tab.OpCreate, Wait: tab.WaitActive, Ref: tab.LBRef("lb1"), State: tab.OpStopped, StartedAt: start, EndedAt: ended, Status: string(octavia.StatusPendingCreate)},
			[]string{"stopped watching", "was created", "Octavia carries on", "PENDING_CREATE"}},
		{"member create failed names the member", tab.Operation{Kind: tab.OpCreate, Wait: tab.WaitActive, Ref: octavia.Ref{Kind: octavia.KindMember, ID: "m1", ParentID: "p1"}, State: tab.OpFailed, StartedAt: start, EndedAt: ended, Reason: "it went to ERROR."},
			[]string{"The member was created", "the wait failed"}},
		{"edit failed says the write was accepted", tab.Operation{Kind: tab.OpUpdate, Wait: tab.WaitActive, Ref: octavia.Ref{Kind: octavia.KindListener, ID: "l1"}, State: tab.OpFailed, StartedAt: start, EndedAt: ended, Reason: "it went to ERROR."},
			[]string{"The write was accepted", "the wait failed"}},
		{"flavor create: no wait", tab.Operation{Kind: tab.OpCreate, Wait: tab.WaitNone, Ref: octavia.Ref{Kind: octavia.KindFlavor, ID: "f1"}, State: tab.OpSucceeded, StartedAt: start, EndedAt: start},
			[]string{"applied it at once"}},
		{"failover waiting", tab.Operation{Kind: tab.OpFailover, Wait: tab.WaitLBActive, Ref: octavia.Ref{Kind: octavia.KindAmphora, ID: "a1", LoadBalancerID: "lb1"}, State: tab.OpWaiting, StartedAt: start},
			[]string{"its load balancer to be ACTIVE"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tab.OpOutcomeText(tt.op, now)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("got %q, want it to contain %q", got, w)
				}
			}
		})
	}
}

func TestOpTitleAndAccepted(t *testing.T) {
	op := tab.Operation{Kind: tab.OpDelete, Ref: tab.LBRef("x"), Name: "web", RequestID: "req-1", StatusCode: 204}
	if got, want := tab.OpTitle(op), `Delete load balancer "web"`; got != want {
		t.Errorf("opTitle: got %q, want %q", got, want)
	}
	if got, want := tab.OpAcceptedText(op), "Accepted by Octavia (HTTP 204, request req-1)."; got != want {
		t.Errorf("opAcceptedText: got %q, want %q", got, want)
	}
	if got, want := tab.OpAcceptedText(tab.Operation{StatusCode: 202}), "Accepted by Octavia (HTTP 202)."; got != want {
		t.Errorf("opAcceptedText without request id: got %q, want %q", got, want)
	}
}

func TestWaitFailure(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"error status", &waiters.StatusError{Status: string(octavia.StatusError)}, "it went to ERROR."},
		{"wrapped error status", fmt.Errorf("wait: %w", &waiters.StatusError{Status: "error"}), "it went to ERROR."},
		{"timeout", waiters.ErrTimeout, "it was still PENDING_CREATE when the wait timed out."},
		{"no status", waiters.ErrNoStatus, "no provisioning_status"},
		{"poll failed", &octavia.Error{Code: octavia.EUNAVAILABLE, StatusCode: 503, Fault: "maintenance"}, "polling its status failed: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tab.WaitFailure(tt.err, string(octavia.StatusPendingCreate)); !strings.Contains(got, tt.want) {
				t.Errorf("got %q, want it to contain %q", got, tt.want)
			}
		})
	}
}

func TestWriteErrorText(t *testing.T) {
	fault := "Invalid state PENDING_UPDATE of loadbalancer resource 1234"
	tests := []struct {
		name   string
		err    error
		status string
		want   []string
	}{
		{"immutable names the state from the fault",
			&octavia.Error{Code: octavia.EIMMUTABLE, StatusCode: 409, Fault: fault}, string(octavia.StatusActive),
			[]string{"This load balancer is busy (PENDING_UPDATE); try again when it is ACTIVE.", "Octavia said: " + fault}},
		{"immutable names the state it was known in when the fault does not",
			&octavia.Error{Code: octavia.EIMMUTABLE, StatusCode: 409, Fault: "Load Balancer 1234 is immutable and cannot be updated."}, string(octavia.StatusPendingDelete),
			[]string{"This load balancer is busy (PENDING_DELETE); try again when it is ACTIVE.", "Octavia said: Load Balancer 1234 is immutable"}},
		{"a 409 naming the ERROR state is not busy",
			&octavia.Error{Code: octavia.ECONFLICT, StatusCode: 409, Fault: "Invalid state ERROR of loadbalancer resource 1234"}, string(octavia.StatusError),
			[]string{"This conflicts with something that already exists. Invalid state ERROR of loadbalancer resource 1234."}},
		{"a 409 about something else is not busy",
			&octavia.Error{Code: octavia.ECONFLICT, StatusCode: 409, Fault: "Duplicate member 10.0.0.1:80"}, "",
			[]string{"Duplicate member"}},
		{"immutable without a fault uses the known state",
			&octavia.Error{Code: octavia.EIMMUTABLE, StatusCode: 409}, string(octavia.StatusPendingCreate),
			[]string{"busy (PENDING_CREATE)"}},
		{"a 403 says the role does not allow it, with Octavia's words",
			&octavia.Error{Code: octavia.EFORBIDDEN, StatusCode: 403, Fault: "Policy does not allow this request to be performed."}, "",
			[]string{"Your role does not allow this.", "Octavia said: Policy does not allow"}},
		{"other errors use the client's message",
			&octavia.Error{Code: octavia.EQUOTA, StatusCode: 403, Fault: "Quota has been met for resources: Load Balancer"}, "",
			[]string{"Quota has been met"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tab.WriteErrorText(tt.err, tt.status)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("got %q, want it to contain %q", got, w)
				}
			}
		})
	}
}

func TestLoginErrorText(t *testing.T) {
	const auth = "http://127.0.0.1:8080/identity/v3"
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"wrong password", &octavia.Error{Code: octavia.EUNAUTHORIZED, StatusCode: 401}, "refused these credentials (401)"},
		{"unreachable", &octavia.Error{Code: octavia.EUNAVAILABLE, Err: errors.New("connection refused")}, "could not be reached at " + auth + " (no answer)."},
		{"unavailable", &octavia.Error{Code: octavia.EUNAVAILABLE, StatusCode: 503, Fault: "maintenance"}, "could not be reached at " + auth + " (HTTP 503). It said: maintenance"},
		{"not an octavia error", context.DeadlineExceeded, "could not be reached at " + auth},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := site.LoginErrorText(tt.err, auth); !strings.Contains(got, tt.want) {
				t.Errorf("got %q, want it to contain %q", got, tt.want)
			}
		})
	}
	// the server's login throttle says it all: only its words, at the form
	throttled := &octavia.Error{Code: octavia.EINVALID, StatusCode: 429, Fault: "Too many failed logins for this user: try again in 20 s."}
	if got := site.LoginErrorText(throttled, auth); got != throttled.Fault {
		t.Errorf("a throttled login: got %q, want %q", got, throttled.Fault)
	}
}

func TestOpRows(t *testing.T) {
	ops := []tab.Operation{
		{Kind: tab.OpCreate, State: tab.OpWaiting, ProjectID: "p", Ref: tab.LBRef("new"), Name: "fresh", Status: string(octavia.StatusPendingCreate)},
		{Kind: tab.OpCreate, State: tab.OpWaiting, ProjectID: "p", Ref: tab.LBRef("listed"), Name: "known"},
		{Kind: tab.OpCreate, State: tab.OpSucceeded, ProjectID: "p", Ref: tab.LBRef("done")},
		{Kind: tab.OpDelete, State: tab.OpWaiting, ProjectID: "p", Ref: tab.LBRef("going")},
		{Kind: tab.OpCreate, State: tab.OpWaiting, ProjectID: "other", Ref: tab.LBRef("theirs")},
	}
	got := opRows(ops, []tab.Row{{ID: "listed"}}, "p", console.LBResource, "")
	if len(got) != 1 || got[0].ID != "new" || got[0].Name != "fresh" || got[0].ProvisioningStatus != string(octavia.StatusPendingCreate) {
		t.Errorf("got %+v, want one PENDING_CREATE row for the new load balancer only", got)
	}
}

// TestOperationsPanelFolds: a wait stays in full view and cancellable
// however many operations came after it (it used to scroll into "and N
// older operations"), a failure too; the ended ones fold into one line.
func TestOperationsPanelFolds(t *testing.T) {
	now := time.Now()
	lb := octavia.Ref{Kind: octavia.KindLoadBalancer, ID: "lb-1", LoadBalancerID: "lb-1"}
	var ops []tab.Operation
	for i := range 7 {
		ops = append(ops, tab.Operation{ID: fmt.Sprint("done-", i), Kind: tab.OpUpdate, Wait: tab.WaitActive, Ref: lb, Name: fmt.Sprint("web-", i),
			State: tab.OpSucceeded, Status: "ACTIVE", StartedAt: now.Add(-time.Minute), EndedAt: now})
	}
	ops = append(ops, tab.Operation{ID: "failed", Kind: tab.OpUpdate, Wait: tab.WaitActive, Ref: lb, Name: "broken", State: tab.OpFailed, Reason: "it went to ERROR.",
		StartedAt: now.Add(-2 * time.Minute), EndedAt: now})
	ops = append(ops, tab.Operation{ID: "oldest-wait", Kind: tab.OpCreate, Wait: tab.WaitActive, Ref: lb, Name: "slow", State: tab.OpWaiting,
		Status: "PENDING_CREATE", StartedAt: now.Add(-3 * time.Minute)})
	html := goapp.HTMLString(shell.RenderOperations(tab.NewRuntime(), ops, now, false))
	details := strings.Index(html, "<details")
	wait, failed := strings.Index(html, `data-op="oldest-wait"`), strings.Index(html, `data-op="failed"`)
	switch {
	case details < 0 || wait < 0 || failed < 0:
		t.Fatalf("the panel: %s", html)
	case wait > details || failed > details:
		t.Errorf("the wait and the failure are folded away with the ended operations: %s", html)
	case !strings.Contains(html[wait:details], "Cancel wait"):
		t.Errorf("the oldest wait cannot be cancelled: %s", html[wait:details])
	case strings.Contains(html, "older operations"):
		t.Errorf("operations are still counted away: %s", html)
	case !strings.Contains(html, `7 ended operations; the newest: Edit load balancer &#34;web-0&#34;`):
		t.Errorf("the folded line: %s", html[details:])
	case strings.Count(html[details:], `op-succeeded`) != 7 || strings.Contains(html[details:details+30], "open"):
		t.Errorf("the ended operations are not all under the fold: %s", html[details:])
	}
}
