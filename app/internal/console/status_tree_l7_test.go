package console

import (
	"strings"
	"testing"

	"github.com/octaview/octaview/octavia"
)

// l7Tree is a load balancer with one listener whose default pool is
// "web"; pool "api" is no listener's, so Octavia's tree leaves it out.
func l7Tree() octavia.StatusLoadBalancer {
	return octavia.StatusLoadBalancer{ID: "lb", Name: "shop", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE",
		Listeners: []octavia.StatusListener{{ID: "l1", Name: "http80", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE",
			Pools: []octavia.StatusPool{{ID: "web", Name: "web", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"}}}}}
}

func policy(id, name, pos, action, pool string, rules ...string) octavia.Object {
	rs := []any{}
	for _, r := range rules {
		rs = append(rs, map[string]any{"id": r})
	}
	return octavia.Object{"id": id, "name": name, "position": pos, "action": action, "redirect_pool_id": pool, "rules": rs,
		"provisioning_status": "ACTIVE", "operating_status": "ONLINE"}
}

func withPrefix(p octavia.Object, prefix string) octavia.Object {
	p["redirect_prefix"] = prefix
	return p
}

// TestLayoutStatusTreeL7: each listener's L7 policies follow its pools,
// with their action, position, rules; a redirect pool the tree leaves out
// is drawn under its policy, one it holds is joined by a redirect edge; a
// policy without a rule warns.
func TestLayoutStatusTreeL7(t *testing.T) {
	l7 := &TreeL7{
		Policies: map[string][]octavia.Object{"l1": {
			policy("p1", "api", "1", "REDIRECT_TO_POOL", "api", "r1"),
			policy("p2", "", "2", "REDIRECT_TO_POOL", "web", "r2", "r3"),
			policy("p3", "blocked", "3", "REJECT", ""),
			withPrefix(policy("p4", "old", "4", "REDIRECT_PREFIX", "", "r4"), "https://new.example"),
		}},
		Rules: map[string][]octavia.Object{
			"p1": {{"id": "r1", "type": "PATH", "compare_type": "STARTS_WITH", "value": "/api", "invert": false}},
			"p4": {{"id": "r4", "type": "HOST_NAME", "compare_type": "EQUAL_TO", "value": "old.example"}},
			"p2": {{"id": "r2", "type": "HEADER", "key": "X-Env", "compare_type": "EQUAL_TO", "value": "blue", "invert": true}, {"id": "r3"}},
		},
		Pools: map[string]octavia.Object{"api": {"id": "api", "name": "api-pool", "members": []any{map[string]any{"id": "m1"}},
			"provisioning_status": "ACTIVE", "operating_status": "ONLINE"}},
	}
	l := LayoutStatusTree(l7Tree(), l7)
	type want struct {
		kind           octavia.Kind
		id, name       string
		action, detail string
		col            int
		warn           bool
	}
	wants := []want{
		{octavia.KindLoadBalancer, "lb", "shop", "", "1 listeners · 1 pools · 0 members", 0, false},
		{octavia.KindListener, "l1", "http80", "", "", 1, false},
		{octavia.KindPool, "web", "web", "", "0 members", 2, false},
		{octavia.KindL7Policy, "p1", "#1 api", "→ POOL", "PATH STARTS_WITH /api", 2, false},
		{octavia.KindPool, "api", "api-pool", "", "1 members", 3, false},
		{octavia.KindL7Policy, "p2", "#2 (no name) p2", "→ POOL", "NOT HEADER X-Env EQUAL_TO blue +1 more", 2, false},
		{octavia.KindL7Policy, "p3", "#3 blocked", "REJECT", "no rule: never matches", 2, true},
		{octavia.KindL7Policy, "p4", "#4 old", "→ PREFIX", "HOST_NAME EQUAL_TO old.example", 2, false},
	}
	if len(l.Nodes) != len(wants) {
		t.Fatalf("nodes: got %d, want %d: %+v", len(l.Nodes), len(wants), l.Nodes)
	}
	for i, w := range wants {
		n := l.Nodes[i]
		if n.Kind != w.kind || n.ID != w.id || n.Name != w.name || n.Action != w.action || n.Detail != w.detail || (n.Warn != "") != w.warn {
			t.Errorf("node %d: got %s %s %q %q %q warn %q, want %s %s %q %q %q warn %v", i, n.Kind, n.ID, n.Name, n.Action, n.Detail, n.Warn,
				w.kind, w.id, w.name, w.action, w.detail, w.warn)
		}
		if x := treePad + w.col*(treeNodeW+treeColGap); n.X != x {
			t.Errorf("node %d (%s) x: got %d, want column %d", i, n.Name, n.X, w.col)
		}
	}
	var redirects []treeEdge
	for _, e := range l.Edges {
		if e.Redirect {
			redirects = append(redirects, e)
		}
	}
	if len(redirects) != 1 || redirects[0].From != 5 || redirects[0].To != 2 {
		t.Errorf("redirect edges: got %v, want one from p2 (5) to web (2)", redirects)
	}
	if got := treeNodeLabel(l.Nodes[6]); !strings.Contains(got, "action REJECT") || !strings.Contains(got, "never matches") {
		t.Errorf("label of the policy without a rule: got %q, want its action and the warning", got)
	}
	kids, redirect := treeKids(l)
	if got := kids[3]; len(got) != 1 || got[0] != 4 {
		t.Errorf("list: children of p1: got %v, want its redirect pool (4)", got)
	}
	if got := treeNodeLabel(l.Nodes[7]); !strings.Contains(got, "action redirect to PREFIX https://new.example") {
		t.Errorf("label of the prefix redirect: got %q, want its action and prefix", got)
	}
	if got := kids[1]; len(got) != 5 {
		t.Errorf("list: children of the listener: got %v, want its pool and 4 policies", got)
	}
	if redirect[5] != 2 {
		t.Errorf("list: p2's pool: got %d, want web (2)", redirect[5])
	}
}

// TestLayoutStatusTreeL7Shared: a pool the tree leaves out that two
// policies redirect to is drawn once, under the first.
func TestLayoutStatusTreeL7Shared(t *testing.T) {
	l7 := &TreeL7{
		Policies: map[string][]octavia.Object{"l1": {policy("p1", "a", "1", "REDIRECT_TO_POOL", "api", "r1"), policy("p2", "b", "2", "REDIRECT_TO_POOL", "api", "r2")}},
		Pools:    map[string]octavia.Object{"api": {"id": "api", "name": "api-pool"}},
	}
	l := LayoutStatusTree(l7Tree(), l7)
	n := 0
	for _, x := range l.Nodes {
		if x.ID == "api" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("nodes of pool api: got %d, want 1", n)
	}
	if i := l.index("api"); l.Edges[len(l.Edges)-1] != (treeEdge{From: l.index("p2"), To: i, Redirect: true}) {
		t.Errorf("last edge: got %v, want p2's redirect to api", l.Edges[len(l.Edges)-1])
	}
}

func TestObjectWarning(t *testing.T) {
	tests := []struct {
		name string
		kind octavia.Kind
		o    octavia.Object
		want bool
	}{
		{"policy without rule", octavia.KindL7Policy, octavia.Object{"rules": []any{}}, true},
		{"policy with a rule", octavia.KindL7Policy, octavia.Object{"rules": []any{map[string]any{"id": "r"}}}, false},
		{"rules not read", octavia.KindL7Policy, octavia.Object{"name": "x"}, false},
		{"a pool", octavia.KindPool, octavia.Object{"rules": []any{}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ObjectWarning(tt.kind, tt.o) != ""; got != tt.want {
				t.Errorf("got warning %v, want %v", got, tt.want)
			}
		})
	}
}
