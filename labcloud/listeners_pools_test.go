package labcloud

import (
	"fmt"
	"net/http"
	"testing"
)

// TestListenersShareDefaultPool: as in Octavia (Zed, TestFidelityGraphAndPools),
// a pool may be the default pool of two listeners of its load balancer, by
// create and by update; it lists both. A listener created with a default
// pool has an updated_at.
func TestListenersShareDefaultPool(t *testing.T) {
	c, demo, lb := webLab(t)
	pool := obj(demo.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/pools", map[string]any{"pool": map[string]any{
		"loadbalancer_id": lb, "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}}).json(t), "pool")["id"].(string)
	completePending(c)
	var lis []string
	for _, port := range []int{80, 81} {
		l := obj(demo.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
			"loadbalancer_id": lb, "protocol": "HTTP", "protocol_port": port, "default_pool_id": pool}}).json(t), "listener")
		if l["default_pool_id"] != pool {
			t.Errorf("listener on %d: default_pool_id %v, want %s", port, l["default_pool_id"], pool)
		}
		if l["updated_at"] == nil { // as Zed answers: it sets the pool in a second write
			t.Errorf("listener on %d: updated_at null, want the create's time", port)
		}
		lis = append(lis, l["id"].(string))
		completePending(c)
	}
	third := obj(demo.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
		"loadbalancer_id": lb, "protocol": "HTTP", "protocol_port": 82}}).json(t), "listener")["id"].(string)
	completePending(c)
	demo.must(http.StatusOK, http.MethodPut, "/load-balancer/v2/lbaas/listeners/"+third, map[string]any{"listener": map[string]any{"default_pool_id": pool}})
	completePending(c)
	lis = append(lis, third)
	got := obj(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/pools/"+pool, nil).json(t), "pool")["listeners"]
	want := []any{}
	for _, id := range lis {
		want = append(want, map[string]any{"id": id})
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pool listeners = %v, want %v", got, want)
	}
	// one listener let go of it: the others keep it
	demo.must(http.StatusNoContent, http.MethodDelete, "/load-balancer/v2/lbaas/listeners/"+lis[0], nil)
	completePending(c)
	got = obj(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/pools/"+pool, nil).json(t), "pool")["listeners"]
	if fmt.Sprint(got) != fmt.Sprint(want[1:]) {
		t.Errorf("after deleting a listener: pool listeners = %v, want %v", got, want[1:])
	}
}
