package app

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// TestWaitEndDeletedIsNotFailure: a create's wait on a load balancer that
// was deleted meanwhile reads Octavia's 404 from the lab; it ends "gone",
// saying who deleted it, never "failed".
func TestWaitEndDeletedIsNotFailure(t *testing.T) {
	var id string
	var start time.Time
	var waitErr error
	synctest.Test(t, func(t *testing.T) {
		cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "web"}}}})
		c := labtest.As(t, cloud, "demo", "demo")
		lbs, err := octavia.Collect(c.Rows(t.Context(), octavia.KindLoadBalancer, "", octavia.ListQuery{Fields: []string{"id"}}))
		if err != nil || len(lbs) != 1 {
			t.Fatalf("got %q, %v; want one load balancer", lbs, err)
		}
		id = lbs[0][0]
		start = time.Now()
		if _, err := c.Delete(t.Context(), octavia.Ref{Kind: octavia.KindLoadBalancer, ID: id}, true); err != nil {
			t.Fatal(err)
		}
		if _, err := c.WaitLoadBalancerDeleted(t.Context(), id, waiters.Options{}); err != nil {
			t.Fatal(err)
		}
		_, waitErr = c.WaitTreeActive(t.Context(), id, waiters.Options{})
	})
	if waitErr == nil {
		t.Fatal("the create's wait on a deleted load balancer ended without an error")
	}

	create := tab.Operation{ID: "c", Kind: tab.OpCreate, Wait: tab.WaitActive, Ref: tab.LBRef(id), Name: "web", StartedAt: start.Add(-time.Second)}
	listener := tab.Operation{ID: "l", Kind: tab.OpCreate, Wait: tab.WaitActive, Ref: octavia.Ref{Kind: octavia.KindListener, ID: "l1", LoadBalancerID: id}, StartedAt: start}
	del := tab.Operation{ID: "d", Kind: tab.OpDelete, Wait: tab.WaitDeleted, Ref: tab.LBRef(id), Name: "web", StartedAt: start}
	oldDel := tab.Operation{ID: "d0", Kind: tab.OpDelete, Wait: tab.WaitDeleted, Ref: tab.LBRef(id), StartedAt: start.Add(-time.Hour)}
	tests := []struct {
		name      string
		op        tab.Operation
		err       error
		ops       []tab.Operation
		want      tab.OpState
		reason    string
		outcome   []string
		notInText string
	}{
		{"deleted in this tab", create, waitErr, []tab.Operation{del, create}, tab.OpGone, "you deleted it",
			[]string{"The load balancer was created; then you deleted it", `Delete load balancer "web"`, "404", "Nothing failed."}, "wait failed"},
		{"its load balancer deleted in this tab", listener, waitErr, []tab.Operation{del, listener}, tab.OpGone, "you deleted it", []string{"then you deleted it"}, ""},
		{"deleted elsewhere", create, waitErr, []tab.Operation{create}, tab.OpGone, "not from this tab", []string{"deleted, not from this tab", "404"}, ""},
		{"a delete before the create is not this one", create, waitErr, []tab.Operation{create, oldDel}, tab.OpGone, "not from this tab", nil, ""},
		{"ERROR is a failure", create, &waiters.StatusError{Status: "ERROR"}, []tab.Operation{del}, tab.OpFailed, "it went to ERROR.", []string{"the wait failed"}, ""},
		{"a delete's own 404 is success", del, nil, nil, tab.OpSucceeded, "", nil, ""},
		{"stopped", create, t.Context().Err(), nil, tab.OpStopped, "", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stopped := tt.name == "stopped"
			if stopped {
				tt.err = waiters.ErrTimeout // any error: the user's stop wins
			}
			state, reason := tab.WaitEnd(tt.op, tt.err, stopped, tt.ops)
			if state != tt.want || !strings.Contains(reason, tt.reason) {
				t.Fatalf("got %s, %q; want %s, %q", state, reason, tt.want, tt.reason)
			}
			op := tt.op
			op.State, op.Reason, op.EndedAt = state, reason, op.StartedAt.Add(4*time.Second)
			text := tab.OpOutcomeText(op, op.EndedAt)
			for _, w := range tt.outcome {
				if !strings.Contains(text, w) {
					t.Errorf("outcome %q: want it to contain %q", text, w)
				}
			}
			if tt.notInText != "" && strings.Contains(text, tt.notInText) {
				t.Errorf("outcome %q: want no %q", text, tt.notInText)
			}
		})
	}
}
