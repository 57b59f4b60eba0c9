package console

import (
	"slices"
	"testing"

	"github.com/octaview/octaview/octavia"
)

// TestGoesOf: each delete dialog lists what Octavia deletes with the
// object, by kind and name, what stays, and whether Octavia refuses it.
func TestGoesOf(t *testing.T) {
	names := map[string]string{"m1": "web-1", "hm": "check", "web": "web-pool", "l1": "http80"}
	name := func(id string) string { return names[id] }
	ids := func(ids ...string) []any {
		out := []any{}
		for _, id := range ids {
			out = append(out, map[string]any{"id": id})
		}
		return out
	}
	tests := []struct {
		name    string
		kind    octavia.Kind
		o       octavia.Object
		ls      goesLists
		groups  []string
		stays   int
		refused bool
	}{
		{"listener with L7 policies", octavia.KindListener, octavia.Object{"default_pool_id": "web"},
			goesLists{Policies: []octavia.Object{{"id": "p1", "name": "api", "rules": ids("r1", "r2")}, {"id": "p2", "name": "", "rules": ids()}}},
			[]string{"2 L7 policies: api, (no name) p2", "2 L7 rules"}, 1, false},
		{"listener alone", octavia.KindListener, octavia.Object{}, goesLists{}, nil, 0, false},
		{"pool", octavia.KindPool, octavia.Object{"healthmonitor_id": "hm", "listeners": ids("l1")},
			goesLists{Members: []octavia.Object{{"id": "m1", "name": "web-1", "address": "10.0.0.5", "protocol_port": 80.0}}},
			[]string{"1 member: web-1 (10.0.0.5:80)", "1 health monitor: check"}, 1, false},
		{"pool an L7 policy redirects to", octavia.KindPool, octavia.Object{},
			goesLists{Redirecting: []octavia.Object{{"id": "p1", "name": "api"}}}, nil, 0, true},
		{"L7 policy", octavia.KindL7Policy, octavia.Object{},
			goesLists{Rules: []octavia.Object{{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"}}},
			[]string{"1 L7 rule: PATH STARTS_WITH /api"}, 0, false},
		{"load balancer cascade", octavia.KindLoadBalancer, octavia.Object{},
			goesLists{Listeners: []octavia.Object{{"id": "l1", "name": "http80"}},
				Pools:    []octavia.Object{{"id": "web", "name": "web-pool", "members": ids("m1", "m2"), "healthmonitor_id": "hm"}},
				Policies: []octavia.Object{{"id": "p1", "name": "api", "rules": ids("r1")}}},
			[]string{"1 listener: http80", "1 L7 policy: api", "1 L7 rule", "1 pool: web-pool",
				"2 members: web-1, (no name) m2", "1 health monitor: check"}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := goesOf(tt.kind, tt.o, tt.ls, name)
			var got []string
			for _, gr := range g.Groups {
				got = append(got, gr.Text())
			}
			if !slices.Equal(got, tt.groups) {
				t.Errorf("groups: got %q, want %q", got, tt.groups)
			}
			if len(g.Stays) != tt.stays {
				t.Errorf("stays: got %q, want %d lines", g.Stays, tt.stays)
			}
			if (g.Refused != "") != tt.refused {
				t.Errorf("refused: got %q, want refused %v", g.Refused, tt.refused)
			}
		})
	}
}

func TestGoesGroupTextCut(t *testing.T) {
	g := GoesGroup{Kind: octavia.KindMember, Names: []string{"a", "b", "c", "d", "e", "f", "g", "h"}}
	if got, want := g.Text(), "8 members: a, b, c, d, e, f and 2 more"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
