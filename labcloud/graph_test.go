package labcloud

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
)

// TestGraphL7PolicyPositions: a fully populated create places each L7
// policy at its position, in body order, as Zed does (TestFidelityGraphAndPools):
// first@2, second@1, third (none) give second, first, third.
func TestGraphL7PolicyPositions(t *testing.T) {
	c := New(Options{Seed: 1})
	demo := login(t, c, "demo")
	body := map[string]any{"loadbalancer": map[string]any{
		"name": "graph", "vip_subnet_id": demo.subnetID(),
		"listeners": []any{map[string]any{"protocol": "HTTP", "protocol_port": 80, "l7policies": []any{
			map[string]any{"name": "first", "action": "REJECT", "position": 2},
			map[string]any{"name": "second", "action": "REJECT", "position": 1},
			map[string]any{"name": "third", "action": "REJECT"},
			map[string]any{"name": "fourth", "action": "REJECT", "position": 9},
		}}},
	}}
	lb := obj(demo.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", body).json(t), "loadbalancer")
	want := "second@1 first@2 third@3 fourth@4 "
	check := func(where string, pols []any) {
		t.Helper()
		got := ""
		for _, p := range pols {
			p := p.(map[string]any)
			got += fmt.Sprintf("%v@%v ", p["name"], p["position"])
		}
		if got != want {
			t.Errorf("%s: got %q, want %q", where, got, want)
		}
	}
	lis := list(lb, "listeners")[0].(map[string]any)
	check("the create's answer", list(lis, "l7policies"))
	r := demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/l7policies?listener_id="+lis["id"].(string), nil)
	var page struct{ L7policies []any }
	if err := json.Unmarshal(r.body, &page); err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(page.L7policies, func(a, b any) int {
		return cmp.Compare(a.(map[string]any)["position"].(float64), b.(map[string]any)["position"].(float64))
	})
	check("GET l7policies, by position", page.L7policies)
}

// TestGraphQuotas: a fully populated create counts every object it adds
// against the project's quota of its kind: a quota one short of the
// graph's count refuses the whole create (403, the kind named, nothing
// left behind), a quota of exactly the count takes it.
func TestGraphQuotas(t *testing.T) {
	graph := func(subnet string) map[string]any {
		members := []any{
			map[string]any{"address": "10.0.0.11", "protocol_port": 80},
			map[string]any{"address": "10.0.0.12", "protocol_port": 80},
		}
		return map[string]any{"loadbalancer": map[string]any{
			"name": "graph", "vip_subnet_id": subnet,
			"listeners": []any{
				map[string]any{"protocol": "HTTP", "protocol_port": 80, "default_pool": map[string]any{"name": "a"},
					"l7policies": []any{map[string]any{"action": "REJECT", "rules": []any{
						map[string]any{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/x"},
						map[string]any{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/y"},
					}}}},
				map[string]any{"protocol": "HTTP", "protocol_port": 81},
			},
			"pools": []any{
				map[string]any{"name": "a", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "members": members,
					"healthmonitor": map[string]any{"type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 3}},
				map[string]any{"name": "b", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"},
			},
		}}
	}
	for _, tc := range []struct {
		key, name string
		count     int // of the graph
	}{
		{"listener", "Listener", 2},
		{"pool", "Pool", 2},
		{"member", "Member", 2},
		{"health_monitor", "Health Monitor", 1},
		{"l7policy", "L7 Policy", 1},
		{"l7rule", "L7 Rule", 2},
	} {
		t.Run(tc.key, func(t *testing.T) {
			for _, quota := range []int{tc.count - 1, tc.count} {
				c := New(Options{Seed: 1})
				admin, demo := login(t, c, "admin"), login(t, c, "demo")
				admin.must(http.StatusAccepted, http.MethodPut, "/load-balancer/v2/lbaas/quotas/"+keystoneID("project", "demo"),
					map[string]any{"quota": map[string]any{tc.key: quota}})
				r := demo.do(http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", graph(demo.subnetID()))
				if quota == tc.count {
					if r.status != http.StatusCreated {
						t.Errorf("quota %d: got %d %.300s, want 201", quota, r.status, r.body)
					}
					continue
				}
				if want := "Quota has been met for resources: " + tc.name; r.status != http.StatusForbidden || r.fault(t) != want {
					t.Errorf("quota %d: got %d %.300s, want 403 %q", quota, r.status, r.body, want)
				}
				if n := len(list(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil).json(t), "loadbalancers")); n != 0 {
					t.Errorf("quota %d: a refused create left %d load balancers", quota, n)
				}
			}
		})
	}
}
