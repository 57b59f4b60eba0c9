//go:build !js

package console

import (
	"context"
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// TestWriteFindsItsLoadBalancerOnce: a write looks up its object's load
// balancer (a member's: GET its pool) at most once, however many times it
// is sent: a member edit refused busy finds it, its retry and the retry's
// wait use it; an edit accepted at once finds it from the answer for its
// wait; a write from a page that knows it looks up nothing.
func TestWriteFindsItsLoadBalancerOnce(t *testing.T) {
	cloud := labtest.OneLB("web", time.Minute, "10.0.0.1", "10.0.0.2")
	demo, rec := labtest.Record(t, cloud, "demo", "demo")
	lb := labtest.IDs(t, demo, octavia.KindLoadBalancer, "")["web"]
	lbObj, err := demo.Get(t.Context(), tab.LBRef(lb))
	if err != nil {
		t.Fatal(err)
	}
	pool := labtest.First(lbObj.IDs("pools"))
	var members []string
	for o, err := range demo.List(t.Context(), octavia.KindMember, pool, octavia.ListQuery{}) {
		if err != nil {
			t.Fatal(err)
		}
		members = append(members, o.Text("id"))
	}
	if len(members) != 2 {
		t.Fatalf("members: got %d, want 2", len(members))
	}
	sess := &tab.Session{Client: demo}
	edit := func(member string) Write {
		ref := octavia.Ref{Kind: octavia.KindMember, ParentID: pool, ID: member}
		return Write{Op: tab.Operation{Kind: tab.OpUpdate, Wait: tab.WaitActive, Ref: ref}, Was: "ACTIVE",
			Send: func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error) {
				return c.Update(ctx, ref, octavia.Object{"weight": 5})
			}}
	}
	lookups := func() int { return rec.Count("/pools/" + pool) }

	rec.Reset()
	a := sendOnce(t.Context(), sess, edit(members[0]))
	if a.Err != nil || a.Ref.LoadBalancerID != lb {
		t.Fatalf("an edit: got %v, load balancer %q; want accepted, %s", a.Err, a.Ref.LoadBalancerID, lb)
	}
	if n := lookups(); n != 1 {
		t.Errorf("an accepted edit: %d lookups of its load balancer, want 1 (from the answer)", n)
	}

	// Its load balancer is now PENDING_UPDATE for a minute: a second
	// member's edit is refused busy; its retry is too.
	rec.Reset()
	a = sendOnce(t.Context(), sess, edit(members[1]))
	retry := a.retry(edit(members[1]))
	if !tab.Busy(a.Err) || retry == nil || retry.LB != lb {
		t.Fatalf("an edit while busy: got %v, retry %v; want a busy 409 and a retry naming %s", a.Err, retry, lb)
	}
	a = sendOnce(t.Context(), sess, *retry)
	if !tab.Busy(a.Err) || a.Ref.LoadBalancerID != lb || a.BusyAs != string(octavia.StatusPendingUpdate) {
		t.Fatalf("the retry: got %v, load balancer %q, busy as %q", a.Err, a.Ref.LoadBalancerID, a.BusyAs)
	}
	if n := lookups(); n != 1 {
		t.Errorf("a busy edit and its retry: %d lookups of the load balancer, want 1", n)
	}

	// A page that knows the load balancer (Write.LB) makes none.
	rec.Reset()
	wr := edit(members[1])
	wr.LB = lb
	if a = sendOnce(t.Context(), sess, wr); !tab.Busy(a.Err) || a.Ref.LoadBalancerID != lb {
		t.Fatalf("an edit naming its load balancer: got %v, %q", a.Err, a.Ref.LoadBalancerID)
	}
	if n := lookups(); n != 0 {
		t.Errorf("an edit naming its load balancer: %d lookups, want 0", n)
	}
}
