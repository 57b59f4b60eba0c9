package export

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/octaview/octaview/octavia"
)

// wizardBody is a create body in the shape of the wizard's Model.Body: a
// pool in full under the first listener that uses it, or in the load
// balancer's pools, and by name elsewhere; octavia.Objects nested, numbers
// as Go ints.
func wizardBody(subnet string) octavia.Object {
	web := octavia.Object{"name": "web", "protocol": "HTTP", "lb_algorithm": "LEAST_CONNECTIONS",
		"members": []any{
			octavia.Object{"address": "10.2.0.11", "protocol_port": 8080, "weight": 3},
			octavia.Object{"name": "spare", "address": "10.2.0.12", "protocol_port": 8080, "backup": true},
		},
		"healthmonitor": octavia.Object{"type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 2, "url_path": "/health"}}
	return octavia.Object{"name": "plan-lb", "vip_subnet_id": subnet, "tags": []any{"plan"},
		"listeners": []any{
			octavia.Object{"name": "http", "protocol": "HTTP", "protocol_port": 80, "default_pool": web,
				"l7policies": []any{octavia.Object{"name": "to-static", "action": "REDIRECT_TO_POOL",
					"redirect_pool": octavia.Object{"name": "static"},
					"rules":         []any{octavia.Object{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/static"}}}}},
			octavia.Object{"name": "alt", "protocol": "HTTP", "protocol_port": 8080, "default_pool": octavia.Object{"name": "static"}},
		},
		"pools": []any{octavia.Object{"name": "static", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}},
	}
}

func TestFromCreateBody(t *testing.T) {
	body := wizardBody("subnet-1")
	tr, err := FromCreateBody(body)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Existing {
		t.Error("a plan is Existing")
	}
	if _, ok := body["listeners"]; !ok {
		t.Error("FromCreateBody changed its body")
	}
	if tr.LoadBalancer.Text("name") != "plan-lb" || tr.LoadBalancer["listeners"] != nil {
		t.Errorf("load balancer: got %v, want plan-lb without its listeners", tr.LoadBalancer)
	}
	if len(tr.Pools) != 2 || len(tr.Listeners) != 2 || len(tr.Monitors) != 1 || len(tr.Policies) != 1 {
		t.Fatalf("got %d pools, %d listeners, %d monitors, %d policies; want 2, 2, 1, 1",
			len(tr.Pools), len(tr.Listeners), len(tr.Monitors), len(tr.Policies))
	}
	web, static := tr.Pools[0], tr.Pools[1]
	if web.Text("name") != "web" || static.Text("name") != "static" {
		t.Fatalf("pools: got %v, %v", web, static)
	}
	for i, want := range []octavia.Object{web, static} {
		l := tr.Listeners[i]
		if l.Text("default_pool_id") != want.Text("id") || l["default_pool"] != nil {
			t.Errorf("listener %s: default_pool_id %q, want %s's %q", l.Text("name"), l.Text("default_pool_id"), want.Text("name"), want.Text("id"))
		}
		if got := want.IDs("listeners"); len(got) != 1 || got[0] != l.Text("id") {
			t.Errorf("pool %s's listeners: got %v, want %s", want.Text("name"), got, l.Text("id"))
		}
	}
	pol := tr.Policies[0]
	if pol.Text("redirect_pool_id") != static.Text("id") || pol.Text("listener_id") != tr.Listeners[0].Text("id") {
		t.Errorf("policy: got %v, want redirect to static on listener http", pol)
	}
	if rules := tr.Rules[pol.Text("id")]; len(rules) != 1 || rules[0].Text("value") != "/static" {
		t.Errorf("rules: got %v", rules)
	}
	if ms := tr.Members[web.Text("id")]; len(ms) != 2 || ms[1].Text("name") != "spare" {
		t.Errorf("members: got %v", ms)
	}
	if h := tr.Monitors[0]; h.IDs("pools")[0] != web.Text("id") || web.Text("healthmonitor_id") != h.Text("id") {
		t.Errorf("monitor: got %v on %v", h, web)
	}
	seen := map[string]bool{}
	Walk(tr, func(_ octavia.Kind, _ string, o octavia.Object) {
		id := o.Text("id")
		if !strings.HasPrefix(id, "plan-") || seen[id] {
			t.Errorf("id %q: want a unique plan- id", id)
		}
		seen[id] = true
	})
	if len(seen) != 10 {
		t.Errorf("Walk saw %d objects, want 10", len(seen))
	}

	bad := wizardBody("s")
	bad["pools"] = nil
	if _, err := FromCreateBody(bad); err == nil || !strings.Contains(err.Error(), `"static"`) {
		t.Errorf("a redirect to a pool not given: got %v, want an error naming it", err)
	}
}

// TestFromCreateBodyPositions: a policy with a position goes where Octavia
// puts it, the others move down; Policies is in position order.
func TestFromCreateBodyPositions(t *testing.T) {
	body := octavia.Object{"vip_subnet_id": "s", "listeners": []any{octavia.Object{"protocol": "HTTP", "protocol_port": 80,
		"l7policies": []any{
			octavia.Object{"name": "a", "action": "REJECT"},
			octavia.Object{"name": "b", "action": "REJECT", "position": 1},
			octavia.Object{"name": "c", "action": "REJECT", "position": 9},
			octavia.Object{"name": "d", "action": "REJECT", "position": 2},
		}}}}
	tr, err := FromCreateBody(body)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range tr.Policies {
		got = append(got, fmt.Sprintf("%s@%v", p.Text("name"), p["position"]))
	}
	if want := []string{"b@1", "d@2", "a@3", "c@4"}; !slices.Equal(got, want) {
		t.Errorf("policies: got %v, want %v", got, want)
	}
}
