package labcloud

import (
	"net/http"
	"slices"
	"testing"
	"testing/synctest"
	"time"
)

// TestRedirectPoolInTree: a REDIRECT_TO_POOL policy's pool is one of its
// listener's pools (the status tree) and shows the listener among its own
// (the pool's GET) while the policy is enabled and has a rule, as on the
// real Zed (fidelity_test.go's "redirect pool" steps); not before its
// first rule, not while disabled, not after the policy is deleted.
func TestRedirectPoolInTree(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 1, Delay: time.Second})
		demo := login(t, c, "demo")
		settle := func() { time.Sleep(5 * time.Second) }
		lb := demo.createLB("l7", nil)["id"].(string)
		settle()
		const api = "/load-balancer/v2/lbaas/"
		lis := obj(demo.must(http.StatusCreated, http.MethodPost, api+"listeners", map[string]any{"listener": map[string]any{
			"name": "http", "protocol": "HTTP", "protocol_port": 80, "loadbalancer_id": lb}}).json(t), "listener")["id"].(string)
		settle()
		newPool := func(name string, extra map[string]any) string {
			body := map[string]any{"name": name, "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}
			for k, v := range extra {
				body[k] = v
			}
			id := obj(demo.must(http.StatusCreated, http.MethodPost, api+"pools", map[string]any{"pool": body}).json(t), "pool")["id"].(string)
			settle()
			return id
		}
		newPool("default", map[string]any{"listener_id": lis})
		redirect := newPool("redirect", map[string]any{"loadbalancer_id": lb})
		pol := obj(demo.must(http.StatusCreated, http.MethodPost, api+"l7policies", map[string]any{"l7policy": map[string]any{
			"name": "api", "listener_id": lis, "action": "REDIRECT_TO_POOL", "redirect_pool_id": redirect}}).json(t), "l7policy")["id"].(string)
		settle()

		check := func(when string, want bool) {
			t.Helper()
			tree := obj(demo.must(http.StatusOK, http.MethodGet, api+"loadbalancers/"+lb+"/status", nil).json(t), "statuses")
			var pools []string
			for _, p := range list(list(obj(tree, "loadbalancer"), "listeners")[0].(map[string]any), "pools") {
				pools = append(pools, p.(map[string]any)["name"].(string))
			}
			wantPools := []string{"default"}
			if want {
				wantPools = append(wantPools, "redirect")
			}
			if !slices.Equal(pools, wantPools) {
				t.Errorf("%s: the listener's pools in the tree: got %v, want %v", when, pools, wantPools)
			}
			var listeners []string
			for _, l := range list(obj(demo.must(http.StatusOK, http.MethodGet, api+"pools/"+redirect, nil).json(t), "pool"), "listeners") {
				listeners = append(listeners, l.(map[string]any)["id"].(string))
			}
			if got := slices.Equal(listeners, []string{lis}); got != want {
				t.Errorf("%s: the redirect pool's listeners: got %v, want the listener: %v", when, listeners, want)
			}
		}
		check("a policy with no rule", false)
		demo.must(http.StatusCreated, http.MethodPost, api+"l7policies/"+pol+"/rules", map[string]any{"rule": map[string]any{
			"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"}})
		check("a rule just added (PENDING_CREATE)", true)
		settle()
		check("a policy with a rule", true)
		demo.must(http.StatusOK, http.MethodPut, api+"l7policies/"+pol, map[string]any{"l7policy": map[string]any{"admin_state_up": false}})
		settle()
		check("a disabled policy", false)
		demo.must(http.StatusOK, http.MethodPut, api+"l7policies/"+pol, map[string]any{"l7policy": map[string]any{"admin_state_up": true}})
		settle()
		check("enabled again", true)
		demo.must(http.StatusNoContent, http.MethodDelete, api+"l7policies/"+pol, nil)
		settle()
		check("the policy deleted", false)
	})
}
