//go:build !js

package console

import (
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// TestReadTreeL7AndDeleteGoes, on the lab: the tree's L7 read finds the
// listener's policies and their rules (the redirect pool of a policy with a
// rule is in the status tree, as on the real Zed); a read with nothing changed GETs no rule again, a rule added
// is read at the next one; and each delete dialog's listing is what the
// lab's cascade takes (labcloud/cascade.go).
func TestReadTreeL7AndDeleteGoes(t *testing.T) {
	cloud := labtest.OneLB("web", time.Millisecond, "10.0.0.1")
	c, rec := labtest.Record(t, cloud, "demo", "demo")
	fast := waiters.Options{Interval: time.Millisecond, Timeout: 10 * time.Second}
	lb := labtest.IDs(t, c, octavia.KindLoadBalancer, "")["web"]
	tree := func() octavia.StatusLoadBalancer {
		st, err := c.LoadBalancerStatusTree(t.Context(), lb)
		if err != nil {
			t.Fatal(err)
		}
		return st.LoadBalancer
	}
	listener := tree().Listeners[0].ID
	pool := labtest.Create(t, c, octavia.KindPool, "", octavia.Object{"loadbalancer_id": lb, "name": "api-pool", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}, fast).ID
	route := labtest.Create(t, c, octavia.KindL7Policy, "", octavia.Object{"listener_id": listener, "name": "api-route", "action": "REDIRECT_TO_POOL", "redirect_pool_id": pool}, fast).ID
	labtest.Create(t, c, octavia.KindL7Rule, route, octavia.Object{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"}, fast)
	empty := labtest.Create(t, c, octavia.KindL7Policy, "", octavia.Object{"listener_id": listener, "name": "no-rules", "action": "REJECT"}, fast).ID

	rec.Reset()
	l7, err := ReadTreeL7(t.Context(), c, tree(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ps := l7.Policies[listener]
	if len(ps) != 2 || ps[0].Text("id") != route || ps[1].Text("id") != empty {
		t.Fatalf("policies: got %v, want api-route then no-rules", ps)
	}
	if rs := l7.Rules[route]; len(rs) != 1 || RuleText(rs[0]) != "PATH STARTS_WITH /api" {
		t.Errorf("api-route's rules: got %v, want PATH STARTS_WITH /api", rs)
	}
	// a routing policy's pool is in Octavia's tree (the listener's pools):
	// nothing to read for it
	if ls := tree().Listeners[0].Pools; len(ls) != 2 || ls[1].ID != pool {
		t.Errorf("the listener's pools in the tree: got %v, want its default pool then api-pool", ls)
	}
	if _, ok := l7.Pools[pool]; ok {
		t.Errorf("redirect pools read: got %v, want none (api-pool is in the tree)", l7.Pools)
	}
	if n := rec.Count("/rules"); n != 1 {
		t.Errorf("rule GETs of a first read: got %d, want 1 (no-rules has none to read)", n)
	}

	rec.Reset()
	again, err := ReadTreeL7(t.Context(), c, tree(), l7)
	if err != nil {
		t.Fatal(err)
	}
	if n := rec.Count("/rules"); n != 0 || len(again.Rules[route]) != 1 {
		t.Errorf("a read with nothing changed: %d rule GETs, %d rules of api-route; want 0 and 1", n, len(again.Rules[route]))
	}
	labtest.Create(t, c, octavia.KindL7Rule, empty, octavia.Object{"type": "HOST_NAME", "compare_type": "EQUAL_TO", "value": "old.example"}, fast)
	rec.Reset()
	third, err := ReadTreeL7(t.Context(), c, tree(), again)
	if err != nil {
		t.Fatal(err)
	}
	if rs := third.Rules[empty]; len(rs) != 1 || RuleText(rs[0]) != "HOST_NAME EQUAL_TO old.example" {
		t.Errorf("no-rules' rule added: got %v, want it read", rs)
	}
	if n := rec.Count("/rules"); n != 1 {
		t.Errorf("rule GETs after one policy's rule was added: got %d, want 1", n)
	}

	names := func(string) string { return "" }
	get := func(k octavia.Kind, id string) octavia.Object {
		o, err := c.Get(t.Context(), octavia.Ref{Kind: k, ID: id})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	g, err := ReadDeleteGoes(t.Context(), c, octavia.KindListener, listener, get(octavia.KindListener, listener), names)
	if err != nil || len(g.Groups) != 2 || g.Groups[0].Text() != "2 L7 policies: api-route, no-rules" || g.Groups[1].Text() != "2 L7 rules" {
		t.Errorf("a listener's delete: got %+v, %v; want its 2 policies and their 2 rules", g, err)
	}
	g, err = ReadDeleteGoes(t.Context(), c, octavia.KindPool, pool, get(octavia.KindPool, pool), names)
	if err != nil || g.Refused == "" {
		t.Errorf("api-pool's delete: got %+v, %v; want refused (api-route redirects to it)", g, err)
	}
	if _, err := c.Delete(t.Context(), octavia.Ref{Kind: octavia.KindPool, ID: pool}, false); octavia.ErrorCodeOf(err) != octavia.ECONFLICT {
		t.Errorf("the lab's delete of api-pool: got %v, want a 409, as the dialog says", err)
	}
	g, err = ReadDeleteGoes(t.Context(), c, octavia.KindL7Policy, route, get(octavia.KindL7Policy, route), names)
	if err != nil || len(g.Groups) != 1 || g.Groups[0].Text() != "1 L7 rule: PATH STARTS_WITH /api" {
		t.Errorf("api-route's delete: got %+v, %v; want its rule", g, err)
	}
	g, err = ReadDeleteGoes(t.Context(), c, octavia.KindLoadBalancer, lb, get(octavia.KindLoadBalancer, lb), names)
	var kinds []octavia.Kind
	for _, gr := range g.Groups {
		kinds = append(kinds, gr.Kind)
	}
	if want := []octavia.Kind{octavia.KindListener, octavia.KindL7Policy, octavia.KindL7Rule, octavia.KindPool, octavia.KindMember}; err != nil || len(kinds) != len(want) {
		t.Errorf("the load balancer's cascade: got %v, %v; want %v", kinds, err, want)
	}
}
