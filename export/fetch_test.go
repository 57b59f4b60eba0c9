//go:build !js

package export

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// TestFetch reads a tree whose lists take several pages (the lab's page
// size is 1) as its owner and as an admin, who gets the owner's project.
func TestFetch(t *testing.T) {
	srv := labcloud.NewServer(labcloud.Options{Delay: 50 * time.Millisecond, Seed: 2, MaxPageSize: 1})
	defer srv.Close()
	demo := newLabProject(t, srv, "demo", nil).c
	ctx := t.Context()
	pool := func(name string, members ...string) map[string]any {
		p := map[string]any{"name": name, "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
			"healthmonitor": map[string]any{"type": "TCP", "delay": 5, "timeout": 3, "max_retries": 3}}
		var ms []any
		for _, a := range members {
			ms = append(ms, map[string]any{"address": a, "protocol_port": 80})
		}
		p["members"] = ms
		return p
	}
	lb, _, err := demo.Create(ctx, octavia.KindLoadBalancer, "", octavia.Object{"name": "paged", "vip_subnet_id": labSubnet(t, demo, "demo-subnet"),
		"listeners": []any{
			map[string]any{"name": "a", "protocol": "HTTP", "protocol_port": 80, "default_pool": pool("pa", "10.2.0.1", "10.2.0.2", "10.2.0.3"),
				"l7policies": []any{
					map[string]any{"name": "second", "action": "REJECT", "rules": []any{
						map[string]any{"type": "PATH", "compare_type": "EQUAL_TO", "value": "/1"},
						map[string]any{"type": "PATH", "compare_type": "EQUAL_TO", "value": "/2"}}},
				}},
			map[string]any{"name": "b", "protocol": "HTTP", "protocol_port": 81, "default_pool": pool("pb", "10.2.0.4", "10.2.0.5")},
		}})
	if err != nil {
		t.Fatal(err)
	}
	id := lb.Text("id")
	wait := func() {
		t.Helper()
		if _, err := demo.WaitTreeActive(ctx, id, waiters.Options{Interval: 50 * time.Millisecond}); err != nil {
			t.Fatal(err)
		}
	}
	wait()
	// created last, listed last, but first in position
	listeners, err := octavia.Collect(demo.List(ctx, octavia.KindListener, "", octavia.ListQuery{Filters: map[string][]string{"name": {"a"}}}))
	if err != nil || len(listeners) != 1 {
		t.Fatalf("listener a: %v, %v", listeners, err)
	}
	if _, _, err := demo.Create(ctx, octavia.KindL7Policy, "", octavia.Object{"listener_id": listeners[0].Text("id"),
		"name": "first", "action": "REJECT", "position": 1}); err != nil {
		t.Fatal(err)
	}
	wait()
	fip, err := demo.Network().CreateFloatingIP(ctx, floatingips.CreateOpts{FloatingNetworkID: labExternalNetwork(t, demo), PortID: lb.Text("vip_port_id")})
	if err != nil {
		t.Fatal(err)
	}

	tr, err := Fetch(ctx, demo, id)
	if err != nil {
		t.Fatal(err)
	}
	members := 0
	for _, ms := range tr.Members {
		members += len(ms)
	}
	rules := 0
	for _, rs := range tr.Rules {
		rules += len(rs)
	}
	if len(tr.Listeners) != 2 || len(tr.Pools) != 2 || members != 5 || len(tr.Monitors) != 2 || len(tr.Policies) != 2 || rules != 2 {
		t.Errorf("Fetch: got %d listeners, %d pools, %d members, %d monitors, %d policies, %d rules; want 2, 2, 5, 2, 2, 2",
			len(tr.Listeners), len(tr.Pools), members, len(tr.Monitors), len(tr.Policies), rules)
	}
	if len(tr.Policies) == 2 && (tr.Policies[0].Text("name") != "first" || tr.Policies[1].Text("name") != "second") {
		t.Errorf("policies: got %s at %v, %s at %v; want them in position order: first, second", tr.Policies[0].Text("name"), tr.Policies[0]["position"], tr.Policies[1].Text("name"), tr.Policies[1]["position"])
	}
	if !tr.Existing || tr.Project != "" || tr.FloatingIP != fip.FloatingIP || tr.FloatingNetwork != fip.FloatingNetworkID {
		t.Errorf("Fetch: got Existing %v, Project %q, floating IP %q on %q; want true, \"\", %q on %q",
			tr.Existing, tr.Project, tr.FloatingIP, tr.FloatingNetwork, fip.FloatingIP, fip.FloatingNetworkID)
	}

	admin := newLabProject(t, srv, "admin", nil).c
	as, err := Fetch(ctx, admin, id)
	if err != nil {
		t.Fatal(err)
	}
	if as.Project != lb.Text("project_id") || as.Project == "" {
		t.Errorf("an admin's Fetch: got Project %q, want demo's %q", as.Project, lb.Text("project_id"))
	}
	script, err := CLI(as)
	if err != nil {
		t.Fatal(err)
	}
	if want := "--project=" + as.Project; !strings.Contains(script, want) || !strings.Contains(script, "--loadbalancer=\"$paged_id\"") {
		t.Errorf("an admin's script: want %s and the load balancer named by its captured id in\n%s", want, script)
	}
}

// TestFetchCost counts Fetch's requests: 1 for the load balancer, 1 list
// of its listeners and 1 of its pools, 2 per pool (members, monitor), 1
// per listener (its policies), 1 per policy (its rules), 1 to Neutron (the
// floating IP), when each list is one page.
func TestFetchCost(t *testing.T) {
	var reads atomic.Int64
	lab := labcloud.New(labcloud.Options{Delay: 50 * time.Millisecond, Seed: 3})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/identity") {
			reads.Add(1)
		}
		lab.ServeHTTP(w, r)
	}))
	defer srv.Close()
	c, err := octavia.New(t.Context(), octavia.Config{AuthURL: srv.URL + "/identity/v3",
		Username: "demo", Password: "demo", UserDomainName: "Default", ProjectName: "demo", ProjectDomainName: "Default"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	pool := func(name string) map[string]any {
		return map[string]any{"name": name, "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
			"healthmonitor": map[string]any{"type": "TCP", "delay": 5, "timeout": 3, "max_retries": 3},
			"members":       []any{map[string]any{"address": "10.2.0.1", "protocol_port": 80}, map[string]any{"address": "10.2.0.2", "protocol_port": 80}}}
	}
	lb, _, err := c.Create(ctx, octavia.KindLoadBalancer, "", octavia.Object{"name": "cost", "vip_subnet_id": labSubnet(t, c, "demo-subnet"),
		"listeners": []any{
			map[string]any{"protocol": "HTTP", "protocol_port": 80, "default_pool": pool("a"), "l7policies": []any{
				map[string]any{"action": "REJECT", "rules": []any{map[string]any{"type": "PATH", "compare_type": "EQUAL_TO", "value": "/x"}}}}},
			map[string]any{"protocol": "HTTP", "protocol_port": 81, "default_pool": pool("b")},
		}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitTreeActive(ctx, lb.Text("id"), waiters.Options{Interval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	before := reads.Load()
	if _, err := Fetch(ctx, c, lb.Text("id")); err != nil {
		t.Fatal(err)
	}
	const pools, listeners, policies = 2, 2, 1
	if got, want := reads.Load()-before, int64(3+2*pools+listeners+policies+1); got != want {
		t.Errorf("Fetch of a tree of 2 listeners, 2 pools, 1 policy: %d requests, want %d", got, want)
	}
}
