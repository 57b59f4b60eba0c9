package labcloud

import (
	"net/http"
	"testing"
)

func TestRBAC(t *testing.T) {
	c := New(Options{Seed: 1, Trainees: 2, Scenario: &Scenario{LoadBalancers: []ScenarioLB{
		{Project: "admin", Name: "admins"},
		{Project: "demo", Name: "demos"},
		{Project: "trainee1", Name: "t1"},
	}}})
	admin, demo, viewer, t1 := login(t, c, "admin"), login(t, c, "demo"), login(t, c, "viewer"), login(t, c, "trainee1")
	lbID := func(name string) string {
		r := admin.must(http.StatusOK, "GET", "/load-balancer/v2/lbaas/loadbalancers?name="+name, nil)
		return ids(t, r, "loadbalancers")[0]
	}
	adminsLB, demosLB := lbID("admins"), lbID("demos")
	demoProject := keystoneID("project", "demo")
	policy := "Policy does not allow this request to be performed."
	cases := []struct {
		name       string
		who        *tclient
		method     string
		path       string
		body       any
		wantStatus int
		wantNames  []string // for lists
	}{
		{"admin lists every project", admin, "GET", "/load-balancer/v2/lbaas/loadbalancers", nil, 200, []string{"admins", "demos", "t1"}},
		{"a member lists its project only", demo, "GET", "/load-balancer/v2/lbaas/loadbalancers", nil, 200, []string{"demos"}},
		{"a reader lists its project", viewer, "GET", "/load-balancer/v2/lbaas/loadbalancers", nil, 200, []string{"demos"}},
		{"a trainee sees only its own", t1, "GET", "/load-balancer/v2/lbaas/loadbalancers", nil, 200, []string{"t1"}},
		{"listing another project is refused", demo, "GET", "/load-balancer/v2/lbaas/loadbalancers?project_id=" + keystoneID("project", "admin"), nil, 403, nil},
		{"showing another project's LB is refused", demo, "GET", "/load-balancer/v2/lbaas/loadbalancers/" + adminsLB, nil, 403, nil},
		{"a reader cannot create", viewer, "POST", "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": map[string]any{"vip_subnet_id": "x"}}, 403, nil},
		{"a reader cannot delete", viewer, "DELETE", "/load-balancer/v2/lbaas/loadbalancers/" + demosLB, nil, 403, nil},
		{"a member cannot create in another project", demo, "POST", "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": map[string]any{"project_id": keystoneID("project", "admin"), "vip_network_id": "x"}}, 403, nil},
		{"amphorae are admin only", demo, "GET", "/load-balancer/v2/octavia/amphorae", nil, 403, nil},
		{"admin lists amphorae", admin, "GET", "/load-balancer/v2/octavia/amphorae", nil, 200, nil},
		{"a member reads its quota", demo, "GET", "/load-balancer/v2/lbaas/quotas/" + demoProject, nil, 200, nil},
		{"a member cannot read another project's quota", demo, "GET", "/load-balancer/v2/lbaas/quotas/" + keystoneID("project", "admin"), nil, 403, nil},
		{"a member cannot set quotas", demo, "PUT", "/load-balancer/v2/lbaas/quotas/" + demoProject, map[string]any{"quota": map[string]any{"load_balancer": 100}}, 403, nil},
		{"quota defaults are admin only", demo, "GET", "/load-balancer/v2/lbaas/quotas/defaults", nil, 403, nil},
		{"admin reads quota defaults", admin, "GET", "/load-balancer/v2/lbaas/quotas/defaults", nil, 200, nil},
		{"a member reads flavors", demo, "GET", "/load-balancer/v2/lbaas/flavors", nil, 200, nil},
		{"a member cannot create flavors", demo, "POST", "/load-balancer/v2/lbaas/flavors", map[string]any{"flavor": map[string]any{"name": "x", "flavor_profile_id": "y"}}, 403, nil},
		{"a member cannot list flavor profiles", demo, "GET", "/load-balancer/v2/lbaas/flavorprofiles", nil, 403, nil},
		{"a member cannot create availability zones", demo, "POST", "/load-balancer/v2/lbaas/availabilityzones", map[string]any{"availability_zone": map[string]any{"name": "x", "availability_zone_profile_id": "y"}}, 403, nil},
		{"a member cannot fail over", demo, "PUT", "/load-balancer/v2/lbaas/loadbalancers/" + demosLB + "/failover", nil, 403, nil},
		{"no token", &tclient{t: t, h: c}, "GET", "/load-balancer/v2/lbaas/loadbalancers", nil, 401, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.who.t = t
			r := tc.who.must(tc.wantStatus, tc.method, tc.path, tc.body)
			if tc.wantStatus == http.StatusForbidden {
				if got := r.fault(t); got != policy {
					t.Errorf("got %q, want %q", got, policy)
				}
			}
			if tc.wantStatus == http.StatusUnauthorized {
				if id := r.header.Get("X-Openstack-Request-Id"); id != "" {
					t.Errorf("401 carries request id %q; keystonemiddleware answers without one", id)
				}
				if e := obj(r.json(t), "error"); e["title"] != "Unauthorized" {
					t.Errorf("401 body: got %s, want keystonemiddleware's error", r.body)
				}
			}
			if tc.wantNames != nil {
				got := names(t, r, "loadbalancers")
				if len(got) != len(tc.wantNames) {
					t.Fatalf("got %v, want %v", got, tc.wantNames)
				}
				for i := range got {
					if got[i] != tc.wantNames[i] {
						t.Errorf("got %v, want %v", got, tc.wantNames)
					}
				}
			}
		})
	}
}
