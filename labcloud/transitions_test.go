package labcloud

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// inBubble runs f in a synctest bubble with a fresh Cloud (Delay 2 s, so
// every transition is done after 3 s).
func inBubble(t *testing.T, opts Options, f func(t *testing.T, c *Cloud)) {
	synctest.Test(t, func(t *testing.T) {
		if opts.Delay == 0 {
			opts.Delay = 2 * time.Second
		}
		f(t, New(opts))
	})
}

const settle = 3 * time.Second

func TestLoadBalancerLifecycle(t *testing.T) {
	inBubble(t, Options{Seed: 1}, func(t *testing.T, c *Cloud) {
		demo := login(t, c, "demo")
		lb := demo.createLB("web", nil)
		id := lb["id"].(string)
		if got := lb["provisioning_status"]; got != "PENDING_CREATE" {
			t.Fatalf("create answered provisioning_status %v, want PENDING_CREATE", got)
		}
		if got := lb["operating_status"]; got != "OFFLINE" {
			t.Errorf("create answered operating_status %v, want OFFLINE", got)
		}
		if got := lb["updated_at"]; got != nil {
			t.Errorf("create answered updated_at %v, want null", got)
		}
		if got := demo.lbStatus(id); got != "PENDING_CREATE" {
			t.Errorf("GET right after create: got %s, want PENDING_CREATE", got)
		}

		r := demo.must(http.StatusConflict, http.MethodPut, "/load-balancer/v2/lbaas/loadbalancers/"+id, map[string]any{"loadbalancer": map[string]any{"name": "x"}})
		if got, want := r.fault(t), "Invalid state PENDING_CREATE of loadbalancer resource "+id; got != want {
			t.Errorf("PUT while pending: got %q, want %q", got, want)
		}
		r = demo.must(http.StatusConflict, http.MethodPost, "/load-balancer/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
			"loadbalancer_id": id, "protocol": "HTTP", "protocol_port": 80}})
		if got, want := r.fault(t), "Load Balancer "+id+" is immutable and cannot be updated."; got != want {
			t.Errorf("child write while pending: got %q, want %q", got, want)
		}

		time.Sleep(settle)
		r = demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers/"+id, nil)
		lb = obj(r.json(t), "loadbalancer")
		if lb["provisioning_status"] != "ACTIVE" || lb["operating_status"] != "ONLINE" {
			t.Fatalf("after %v: got %v/%v, want ACTIVE/ONLINE", settle, lb["provisioning_status"], lb["operating_status"])
		}

		l := obj(demo.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
			"loadbalancer_id": id, "protocol": "HTTP", "protocol_port": 80}}).json(t), "listener")
		if got := demo.lbStatus(id); got != "PENDING_UPDATE" {
			t.Errorf("LB after listener create: got %s, want PENDING_UPDATE", got)
		}
		time.Sleep(settle)

		r = demo.must(http.StatusBadRequest, http.MethodDelete, "/load-balancer/v2/lbaas/loadbalancers/"+id, nil)
		if got, want := r.fault(t), "Validation failure: Cannot delete Load Balancer "+id+" - it has children"; got != want {
			t.Errorf("delete with children: got %q, want %q", got, want)
		}
		demo.must(http.StatusNoContent, http.MethodDelete, "/load-balancer/v2/lbaas/loadbalancers/"+id+"?cascade=true", nil)
		if got := demo.lbStatus(id); got != "PENDING_DELETE" {
			t.Errorf("after cascade delete: got %s, want PENDING_DELETE", got)
		}
		lr := obj(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/listeners/"+l["id"].(string), nil).json(t), "listener")
		if lr["provisioning_status"] != "PENDING_DELETE" {
			t.Errorf("listener after cascade delete: got %v, want PENDING_DELETE", lr["provisioning_status"])
		}
		time.Sleep(settle)
		if got := demo.lbStatus(id); got != "404" {
			t.Errorf("after the delete completed: got %s, want 404", got)
		}
		r = demo.must(http.StatusNotFound, http.MethodGet, "/load-balancer/v2/lbaas/listeners/"+l["id"].(string), nil)
		if got, want := r.fault(t), "Listener "+l["id"].(string)+" not found."; got != want {
			t.Errorf("listener 404: got %q, want %q", got, want)
		}
	})
}

// activeLB creates a load balancer and waits until it is ACTIVE.
func activeLB(t *testing.T, cl *tclient, name string, extra map[string]any) string {
	t.Helper()
	id := cl.createLB(name, extra)["id"].(string)
	time.Sleep(settle)
	if got := cl.lbStatus(id); got != "ACTIVE" {
		t.Fatalf("LB %s: got %s, want ACTIVE", name, got)
	}
	return id
}

func TestChildWritesLockTheLoadBalancer(t *testing.T) {
	inBubble(t, Options{Seed: 2}, func(t *testing.T, c *Cloud) {
		demo := login(t, c, "demo")
		lbID := activeLB(t, demo, "tree", nil)
		ids := map[string]string{}
		steps := []struct {
			name, path, key string
			body            func() map[string]any
		}{
			{"listener", "/lbaas/listeners", "listener", func() map[string]any {
				return map[string]any{"loadbalancer_id": lbID, "protocol": "HTTP", "protocol_port": 80}
			}},
			{"pool", "/lbaas/pools", "pool", func() map[string]any {
				return map[string]any{"listener_id": ids["listener"], "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}
			}},
			{"member", "/lbaas/pools/{pool}/members", "member", func() map[string]any {
				return map[string]any{"address": "10.0.0.10", "protocol_port": 8080}
			}},
			{"health monitor", "/lbaas/healthmonitors", "healthmonitor", func() map[string]any {
				return map[string]any{"pool_id": ids["pool"], "type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 3}
			}},
			{"l7 policy", "/lbaas/l7policies", "l7policy", func() map[string]any {
				return map[string]any{"listener_id": ids["listener"], "action": "REJECT"}
			}},
			{"l7 rule", "/lbaas/l7policies/{l7policy}/rules", "rule", func() map[string]any {
				return map[string]any{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"}
			}},
		}
		for _, s := range steps {
			func() {
				path := "/load-balancer/v2" + s.path
				path = strings.ReplaceAll(path, "{pool}", ids["pool"])
				path = strings.ReplaceAll(path, "{l7policy}", ids["l7policy"])
				o := obj(demo.must(http.StatusCreated, http.MethodPost, path, map[string]any{s.key: s.body()}).json(t), s.key)
				ids[s.key] = o["id"].(string)
				if o["provisioning_status"] != "PENDING_CREATE" {
					t.Errorf(s.name+": create answered %v, want PENDING_CREATE", o["provisioning_status"])
				}
				if got := demo.lbStatus(lbID); got != "PENDING_UPDATE" {
					t.Errorf(s.name+": LB right after the write: got %s, want PENDING_UPDATE", got)
				}
				r := demo.must(http.StatusConflict, http.MethodPut, "/load-balancer/v2/lbaas/loadbalancers/"+lbID, map[string]any{"loadbalancer": map[string]any{"description": "x"}})
				if got, want := r.fault(t), "Invalid state PENDING_UPDATE of loadbalancer resource "+lbID; got != want {
					t.Errorf(s.name+": LB PUT while locked: got %q, want %q", got, want)
				}
				time.Sleep(settle)
				o = obj(demo.must(http.StatusOK, http.MethodGet, path+"/"+ids[s.key], nil).json(t), s.key)
				if o["provisioning_status"] != "ACTIVE" {
					t.Errorf(s.name+": after %v: got %v, want ACTIVE", settle, o["provisioning_status"])
				}
				if got := demo.lbStatus(lbID); got != "ACTIVE" {
					t.Errorf(s.name+": LB after %v: got %s, want ACTIVE", settle, got)
				}
			}()
		}
	})
}

func TestErrorLoadBalancerCanBeDeletedOrFailedOverButNotUpdated(t *testing.T) {
	inBubble(t, Options{Seed: 3}, func(t *testing.T, c *Cloud) {
		if err := c.SetFaults(Faults{Error: []string{"broken"}}); err != nil {
			t.Fatal(err)
		}
		admin := login(t, c, "admin")
		id := admin.createLB("broken", nil)["id"].(string)
		time.Sleep(settle)
		if got := admin.lbStatus(id); got != "ERROR" {
			t.Fatalf("got %s, want ERROR", got)
		}
		r := admin.must(http.StatusConflict, http.MethodPut, "/load-balancer/v2/lbaas/loadbalancers/"+id, map[string]any{"loadbalancer": map[string]any{"name": "fixed"}})
		if got, want := r.fault(t), "Invalid state ERROR of loadbalancer resource "+id; got != want {
			t.Errorf("PUT on ERROR: got %q, want %q", got, want)
		}
		if err := c.SetFaults(Faults{}); err != nil {
			t.Fatalf("SetFaults: %v", err)
		}
		admin.must(http.StatusAccepted, http.MethodPut, "/load-balancer/v2/lbaas/loadbalancers/"+id+"/failover", nil)
		if got := admin.lbStatus(id); got != "PENDING_UPDATE" {
			t.Errorf("after failover: got %s, want PENDING_UPDATE", got)
		}
		time.Sleep(settle)
		if got := admin.lbStatus(id); got != "ACTIVE" {
			t.Errorf("after the failover completed: got %s, want ACTIVE", got)
		}
		admin.must(http.StatusNoContent, http.MethodDelete, "/load-balancer/v2/lbaas/loadbalancers/"+id, nil)
	})
}

func TestChildInErrorWhileTheLoadBalancerReturnsToActive(t *testing.T) {
	inBubble(t, Options{Seed: 4}, func(t *testing.T, c *Cloud) {
		demo := login(t, c, "demo")
		lbID := activeLB(t, demo, "lb", nil)
		if err := c.SetFaults(Faults{Error: []string{"bad-listener"}}); err != nil {
			t.Fatalf("SetFaults: %v", err)
		}
		l := obj(demo.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
			"name": "bad-listener", "loadbalancer_id": lbID, "protocol": "TCP", "protocol_port": 443}}).json(t), "listener")
		time.Sleep(settle)
		got := obj(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/listeners/"+l["id"].(string), nil).json(t), "listener")
		if got["provisioning_status"] != "ERROR" {
			t.Errorf("listener: got %v, want ERROR", got["provisioning_status"])
		}
		if s := demo.lbStatus(lbID); s != "ACTIVE" {
			t.Errorf("LB: got %s, want ACTIVE", s)
		}
	})
}

func TestStuckFaultHoldsPendingUntilLifted(t *testing.T) {
	inBubble(t, Options{Seed: 5}, func(t *testing.T, c *Cloud) {
		if err := c.SetFaults(Faults{Stuck: []string{"slow"}}); err != nil {
			t.Fatalf("SetFaults: %v", err)
		}
		demo := login(t, c, "demo")
		id := demo.createLB("slow", nil)["id"].(string)
		time.Sleep(time.Minute)
		if got := demo.lbStatus(id); got != "PENDING_CREATE" {
			t.Fatalf("stuck LB after a minute: got %s, want PENDING_CREATE", got)
		}
		if err := c.SetFaults(Faults{}); err != nil {
			t.Fatalf("SetFaults: %v", err)
		}
		if got := demo.lbStatus(id); got != "ACTIVE" {
			t.Errorf("after the fault was lifted: got %s, want ACTIVE", got)
		}
	})
}

func TestOperatingStatusFollowsMembersAndMonitors(t *testing.T) {
	inBubble(t, Options{Seed: 6}, func(t *testing.T, c *Cloud) {
		demo := login(t, c, "demo")
		body := map[string]any{"listeners": []any{map[string]any{
			"protocol": "HTTP", "protocol_port": 80, "default_pool": map[string]any{"name": "web"},
		}}, "pools": []any{map[string]any{
			"name": "web", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
			"members": []any{
				map[string]any{"name": "a", "address": "10.1.0.11", "protocol_port": 80},
				map[string]any{"name": "b", "address": "10.1.0.12", "protocol_port": 80},
			},
		}}}
		id := activeLB(t, demo, "ops", body)
		tree := func() map[string]any {
			r := demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers/"+id+"/status", nil)
			return obj(obj(r.json(t), "statuses"), "loadbalancer")
		}
		poolOf := func(lb map[string]any) map[string]any {
			return list(list(lb, "listeners")[0].(map[string]any), "pools")[0].(map[string]any)
		}
		memberOper := func(p map[string]any) []any {
			var out []any
			for _, m := range list(p, "members") {
				out = append(out, m.(map[string]any)["operating_status"])
			}
			return out
		}
		lb := tree()
		if got := memberOper(poolOf(lb)); got[0] != "NO_MONITOR" || got[1] != "NO_MONITOR" {
			t.Errorf("members without a monitor: got %v, want NO_MONITOR", got)
		}
		poolID := poolOf(lb)["id"].(string)
		demo.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/healthmonitors", map[string]any{"healthmonitor": map[string]any{
			"pool_id": poolID, "type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 2}})
		time.Sleep(settle)

		cases := []struct {
			name             string
			down             []string
			wantLB, wantPool string
			wantA, wantB     string
		}{
			{"all healthy", nil, "ONLINE", "ONLINE", "ONLINE", "ONLINE"},
			{"one member down", []string{"a"}, "DEGRADED", "DEGRADED", "ERROR", "ONLINE"},
			{"all members down", []string{"a", "10.1.0.12"}, "DEGRADED", "ERROR", "ERROR", "ERROR"},
		}
		for _, tc := range cases {
			func() {
				if err := c.SetFaults(Faults{DownMembers: tc.down}); err != nil {
					t.Fatalf("SetFaults: %v", err)
				}
				lb := tree()
				p := poolOf(lb)
				m := memberOper(p)
				if lb["operating_status"] != tc.wantLB || p["operating_status"] != tc.wantPool || m[0] != tc.wantA || m[1] != tc.wantB {
					t.Errorf("%s: got LB %v pool %v members %v, want LB %s pool %s members [%s %s]", tc.name,
						lb["operating_status"], p["operating_status"], m, tc.wantLB, tc.wantPool, tc.wantA, tc.wantB)
				}
			}()
		}
	})
}

func TestAmphoraeFollowTopologyAndFailover(t *testing.T) {
	cases := []struct {
		name      string
		topology  string
		wantRoles []string
	}{
		{"single", "", []string{"STANDALONE"}},
		{"active standby", "ACTIVE_STANDBY", []string{"MASTER", "BACKUP"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			inBubble(t, Options{Seed: 7}, func(t *testing.T, c *Cloud) {
				admin := login(t, c, "admin")
				var extra map[string]any
				if tc.topology != "" {
					fp := obj(admin.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/flavorprofiles", map[string]any{"flavorprofile": map[string]any{
						"name": "ha", "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "` + tc.topology + `"}`}}).json(t), "flavorprofile")
					fl := obj(admin.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/flavors", map[string]any{"flavor": map[string]any{
						"name": "ha", "flavor_profile_id": fp["id"]}}).json(t), "flavor")
					extra = map[string]any{"flavor_id": fl["id"]}
				}
				amps := func(lbID string) map[string]string {
					r := admin.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/octavia/amphorae?loadbalancer_id="+lbID, nil)
					out := map[string]string{}
					for _, a := range list(r.json(t), "amphorae") {
						am := a.(map[string]any)
						out[am["role"].(string)] = am["id"].(string)
					}
					return out
				}
				id := admin.createLB(tc.name, extra)["id"].(string)
				if got := amps(id); len(got) != 0 {
					t.Errorf("amphorae while PENDING_CREATE: got %v, want none", got)
				}
				time.Sleep(settle)
				before := amps(id)
				if len(before) != len(tc.wantRoles) {
					t.Fatalf("got amphorae %v, want roles %v", before, tc.wantRoles)
				}
				for _, role := range tc.wantRoles {
					if before[role] == "" {
						t.Errorf("no %s amphora in %v", role, before)
					}
				}
				admin.must(http.StatusAccepted, http.MethodPut, "/load-balancer/v2/lbaas/loadbalancers/"+id+"/failover", nil)
				time.Sleep(settle)
				after := amps(id)
				for _, role := range tc.wantRoles {
					if after[role] == "" || after[role] == before[role] {
						t.Errorf("%s after failover: got %q, want a new amphora (was %q)", role, after[role], before[role])
					}
				}
				admin.must(http.StatusNotFound, http.MethodGet, "/load-balancer/v2/octavia/amphorae/"+before[tc.wantRoles[0]], nil)
			})
		})
	}
}

func TestStatsGrowWhileTheListenerIsUp(t *testing.T) {
	inBubble(t, Options{Seed: 8}, func(t *testing.T, c *Cloud) {
		demo := login(t, c, "demo")
		lbID := activeLB(t, demo, "busy", map[string]any{"listeners": []any{map[string]any{"protocol": "TCP", "protocol_port": 22}}})
		stats := func() float64 {
			r := demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers/"+lbID+"/stats", nil)
			return obj(r.json(t), "stats")["total_connections"].(float64)
		}
		first := stats()
		time.Sleep(10 * time.Second)
		second := stats()
		if second <= first {
			t.Fatalf("total_connections after 10 s: got %v, want more than %v", second, first)
		}
		lid := list(obj(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers/"+lbID, nil).json(t), "loadbalancer"), "listeners")[0].(map[string]any)["id"].(string)
		demo.must(http.StatusOK, http.MethodPut, "/load-balancer/v2/lbaas/listeners/"+lid, map[string]any{"listener": map[string]any{"admin_state_up": false}})
		time.Sleep(settle)
		third := stats()
		time.Sleep(10 * time.Second)
		if fourth := stats(); fourth != third {
			t.Errorf("a disabled listener's counters moved: got %v, want %v", fourth, third)
		}
	})
}

func TestQuotaIsEnforced(t *testing.T) {
	inBubble(t, Options{Seed: 9}, func(t *testing.T, c *Cloud) {
		admin := login(t, c, "admin")
		demo := login(t, c, "demo")
		demoProject := keystoneID("project", "demo")
		r := admin.must(http.StatusAccepted, http.MethodPut, "/load-balancer/v2/lbaas/quotas/"+demoProject, map[string]any{"quota": map[string]any{"load_balancer": 1}})
		if got := obj(r.json(t), "quota")["load_balancer"]; got != float64(1) {
			t.Errorf("quota after PUT: got %v, want 1", got)
		}
		demo.createLB("one", nil)
		r = demo.must(http.StatusForbidden, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": map[string]any{
			"name": "two", "vip_subnet_id": demo.subnetID()}})
		if got, want := r.fault(t), "Quota has been met for resources: Load Balancer"; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
		admin.must(http.StatusAccepted, http.MethodDelete, "/load-balancer/v2/lbaas/quotas/"+demoProject, nil)
		demo.createLB("two", nil)
	})
}

func TestUnsetAndNumericStrings(t *testing.T) {
	inBubble(t, Options{Seed: 10}, func(t *testing.T, c *Cloud) {
		demo := login(t, c, "demo")
		lbID := activeLB(t, demo, "cli", map[string]any{"description": "d", "listeners": []any{map[string]any{
			"protocol": "HTTP", "protocol_port": 80, "connection_limit": 5}}})
		lid := list(obj(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers/"+lbID, nil).json(t), "loadbalancer"), "listeners")[0].(map[string]any)["id"].(string)
		cases := []struct {
			name, path, key string
			body            map[string]any
			field           string
			want            any
		}{
			{"connection limit as a string", "/lbaas/listeners/" + lid, "listener", map[string]any{"connection_limit": "100"}, "connection_limit", float64(100)},
			{"unset connection limit", "/lbaas/listeners/" + lid, "listener", map[string]any{"connection_limit": nil}, "connection_limit", float64(-1)},
			{"unset description", "/lbaas/loadbalancers/" + lbID, "loadbalancer", map[string]any{"description": nil}, "description", ""},
			{"unset tags", "/lbaas/loadbalancers/" + lbID, "loadbalancer", map[string]any{"tags": nil}, "tags", []any{}},
		}
		for _, tc := range cases {
			o := obj(demo.must(http.StatusOK, http.MethodPut, "/load-balancer/v2"+tc.path, map[string]any{tc.key: tc.body}).json(t), tc.key)
			if got := o[tc.field]; fmtAny(got) != fmtAny(tc.want) {
				t.Errorf("%s: got %s %v, want %v", tc.name, tc.field, got, tc.want)
			}
			time.Sleep(settle)
		}
	})
}

func fmtAny(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestL7PolicyRedirectCode(t *testing.T) {
	inBubble(t, Options{Seed: 11}, func(t *testing.T, c *Cloud) {
		demo := login(t, c, "demo")
		lbID := activeLB(t, demo, "l7", map[string]any{"listeners": []any{map[string]any{"protocol": "HTTP", "protocol_port": 80}}})
		lid := list(obj(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers/"+lbID, nil).json(t), "loadbalancer"), "listeners")[0].(map[string]any)["id"]
		p := obj(demo.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/l7policies", map[string]any{"l7policy": map[string]any{
			"listener_id": lid, "action": "REDIRECT_TO_URL", "redirect_url": "https://example.com/"}}).json(t), "l7policy")
		if p["redirect_http_code"] != float64(302) || p["position"] != float64(1) {
			t.Errorf("created: redirect_http_code %v position %v, want 302 and 1", p["redirect_http_code"], p["position"])
		}
		time.Sleep(settle)
		u := obj(demo.must(http.StatusOK, http.MethodPut, "/load-balancer/v2/lbaas/l7policies/"+p["id"].(string), map[string]any{"l7policy": map[string]any{"redirect_http_code": nil}}).json(t), "l7policy")
		if u["redirect_http_code"] != nil {
			t.Errorf("after unset: got %v, want null", u["redirect_http_code"])
		}
	})
}

// TestGraphCreateRedirectsToPoolOfTheSameRequest: a fully populated create
// whose L7 policy redirects to a pool named in the same request (as Octavia
// resolves it) makes the policy point at that pool.
func TestGraphCreateRedirectsToPoolOfTheSameRequest(t *testing.T) {
	inBubble(t, Options{Seed: 7}, func(t *testing.T, c *Cloud) {
		demo := login(t, c, "demo")
		body := map[string]any{"listeners": []any{map[string]any{
			"protocol": "HTTP", "protocol_port": 80, "default_pool": map[string]any{"name": "web"},
			"l7policies": []any{map[string]any{"action": "REDIRECT_TO_POOL", "redirect_pool": map[string]any{"name": "api"},
				"rules": []any{map[string]any{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"}}}},
		}}, "pools": []any{
			map[string]any{"name": "web", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"},
			map[string]any{"name": "api", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"},
		}}
		id := activeLB(t, demo, "ops", body)
		lb := obj(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers/"+id, nil).json(t), "loadbalancer")
		lid := list(lb, "listeners")[0].(map[string]any)["id"].(string)
		r := demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/l7policies?listener_id="+lid, nil)
		pols := list(r.json(t), "l7policies")
		if len(pols) != 1 {
			t.Fatalf("got %d L7 policies, want 1", len(pols))
		}
		rp, _ := pols[0].(map[string]any)["redirect_pool_id"].(string)
		pr := demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/pools/"+rp, nil)
		if got := obj(pr.json(t), "pool")["name"]; got != "api" {
			t.Errorf("redirect pool: got %v, want the pool named api", got)
		}
	})
}
