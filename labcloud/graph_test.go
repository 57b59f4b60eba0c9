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
