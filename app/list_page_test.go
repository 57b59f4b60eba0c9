package app

import (
	"fmt"
	"testing"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/labcloud"
)

func TestFollowedIDs(t *testing.T) {
	rows := func(n int, status func(i int) string) []row {
		out := make([]row, n)
		for i := range out {
			out[i] = row{ID: fmt.Sprintf("lb-%04d", i), ProvisioningStatus: status(i)}
		}
		return out
	}
	allPending := rows(1000, func(int) string { return "PENDING_CREATE" })
	everyTenth := rows(1000, func(i int) string {
		if i%10 == 0 {
			return "PENDING_UPDATE"
		}
		return "ACTIVE"
	})
	waits := []operation{
		{State: opWaiting, ProjectID: "p1", Ref: lbRef("lb-0999")},
		{State: opWaiting, ProjectID: "other", Ref: lbRef("lb-0998")},
		{State: opSucceeded, ProjectID: "p1", Ref: lbRef("lb-0997")},
	}
	cases := []struct {
		name  string
		shown []row
		first int
		ops   []operation
		want  []string // some ids that must be followed
		not   []string // some ids that must not be
		count int
	}{
		{"1,000 pending: the first listFollowMax in view", allPending, 0, nil,
			[]string{"lb-0000", fmt.Sprintf("lb-%04d", listFollowMax-1)}, []string{fmt.Sprintf("lb-%04d", listFollowMax), "lb-0500"}, listFollowMax},
		{"scrolled to the middle", allPending, 500, nil,
			[]string{"lb-0500"}, []string{"lb-0000", "lb-0499"}, listFollowMax},
		{"a few pending in view: all of them", everyTenth, 0, nil,
			[]string{"lb-0000", "lb-0080"}, []string{"lb-0001", "lb-0100"}, 9},
		{"operation waits of the project are followed too", allPending, 0, waits,
			[]string{"lb-0000", "lb-0999"}, []string{"lb-0998", "lb-0997"}, listFollowMax + 1},
		{"nothing pending", rows(50, func(int) string { return "ACTIVE" }), 0, nil, nil, []string{"lb-0000"}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := followedIDs(tc.shown, tc.first, tc.ops, "p1", octavia.KindLoadBalancer)
			if len(got) != tc.count {
				t.Errorf("got %d followed, want %d", len(got), tc.count)
			}
			for _, id := range tc.want {
				if !got[id] {
					t.Errorf("got %s not followed, want it followed", id)
				}
			}
			for _, id := range tc.not {
				if got[id] {
					t.Errorf("got %s followed, want it not followed", id)
				}
			}
		})
	}
}

func TestPrefetchFirstRows(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "bulk", Count: 100}}}})
	login := func() *octavia.Client { return labAs(t, cloud, "demo", "demo") }
	client, other := login(), login()
	sess := &session{Client: client, Info: client.Session()}
	key := "/load-balancers?"
	prefetchFirstRows(sess, "/load-balancers")
	if f := takeFirstRows(other, key); f != nil {
		t.Errorf("another session's list: got the prefetched page, want none")
	}
	prefetchFirstRows(sess, "/load-balancers")
	if f := takeFirstRows(client, "/listeners?"); f != nil {
		t.Errorf("another list: got the load balancers' prefetched page, want none")
	}
	prefetchFirstRows(sess, "/load-balancers")
	f := takeFirstRows(client, key)
	if f == nil {
		t.Fatal("the session's list: got no prefetched page, want it")
	}
	<-f.done
	if f.err != nil || len(f.rows) != listFirst {
		t.Errorf("prefetched page: got %d rows, %v; want %d", len(f.rows), f.err, listFirst)
	}
	if again := takeFirstRows(client, key); again != nil {
		t.Errorf("a second load (Refresh): got the prefetched page again, want none")
	}
	if f := prefetchFirstRows(sess, "/load-balancers/new"); f != nil {
		t.Errorf("a login to a page that is no list: got a prefetch, want none")
	}
	if f := prefetchFirstRows(sess, "/amphorae"); f != nil {
		t.Errorf("a list the session may not read (amphorae, admins only): got a prefetch, want none")
	}
	// Any kind's list, with its filters from the URL: the listeners of one load balancer.
	f = prefetchFirstRows(sess, "/listeners?loadbalancer_id=nothing")
	if f == nil {
		t.Fatal("a listener list: got no prefetch, want one")
	}
	<-f.done
	if f.err != nil || len(f.rows) != 0 || f.key != "/listeners?loadbalancer_id=nothing" {
		t.Errorf("the listeners of no load balancer: got %d rows, %v, key %q; want none", len(f.rows), f.err, f.key)
	}
}
