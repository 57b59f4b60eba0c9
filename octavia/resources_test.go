package octavia

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia/internal/scripted"
)

// lbNamed returns the ID of the only load balancer called name.
func lbNamed(t testing.TB, c *Client, name string) string {
	t.Helper()
	lbs, err := Collect(c.List(t.Context(), KindLoadBalancer, "", named(name)))
	if err != nil || len(lbs) != 1 {
		t.Fatalf("load balancer %s: got %d, %v; want one", name, len(lbs), err)
	}
	return lbs[0].Text("id")
}

// shopLab is a lab scenario with one ACTIVE load balancer of demo's, "shop".
var shopLab = labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "shop"}}}}

// cannedListenerStats answers a listener's stats with fixed counters (the lab's grow with time).
func cannedListenerStats(r *http.Request) *cannedAnswer {
	if r.Method == http.MethodGet && strings.Contains(r.URL.Path, "/listeners/") && strings.HasSuffix(r.URL.Path, "/stats") {
		return &cannedAnswer{Status: 200, Body: `{"stats": {"active_connections": 0, "bytes_in": 1024, "bytes_out": 4096, "request_errors": 0, "total_connections": 7}}`}
	}
	return nil
}

// TestChildResources drives every write and read of the resources under a
// load balancer against the lab, checking the request Octavia got (method,
// path, envelope) and the value decoded from its answer.
func TestChildResources(t *testing.T) {
	c, lab, _ := startCloud(t, shopLab, nil)
	srv := lab.recording
	ctx := t.Context()
	lbID := lbNamed(t, c, "shop")
	const v2 = "/load-balancer/v2.0/lbaas/"

	// create each kind, checking the POST Octavia got
	run := func(k Kind, parentID, path string, body Object) Ref {
		t.Helper()
		o, acc, err := c.Create(ctx, k, parentID, body)
		if err != nil {
			t.Fatalf("create %s: %v", k, err)
		}
		if status := o.Text("provisioning_status"); status != string(StatusPendingCreate) || acc.StatusCode != 201 || acc.RequestID == "" {
			t.Errorf("create %s: got %s, %+v; want PENDING_CREATE, 201 and a request id", k, status, acc)
		}
		r := lastRequest(t, srv, http.MethodPost)
		var env map[string]json.RawMessage
		if r.Path != path || json.Unmarshal([]byte(r.Body), &env) != nil || env[string(k)] == nil {
			t.Errorf("create %s: got POST %s %s, want POST %s with a %q envelope", k, r.Path, r.Body, path, k)
		}
		return RefOf(k, parentID, o)
	}
	listener := run(KindListener, "", v2+"listeners", Object{"loadbalancer_id": lbID, "name": "http", "protocol": "HTTP", "protocol_port": 80})
	pool := run(KindPool, "", v2+"pools", Object{"listener_id": listener.ID, "name": "web", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"})
	member := run(KindMember, pool.ID, v2+"pools/"+pool.ID+"/members", Object{"name": "web1", "address": "10.0.0.11", "protocol_port": 8080})
	monitor := run(KindMonitor, "", v2+"healthmonitors", Object{"pool_id": pool.ID, "type": "HTTP", "delay": 5, "timeout": 5, "max_retries": 3, "url_path": "/health"})
	policy := run(KindL7Policy, "", v2+"l7policies", Object{"listener_id": listener.ID, "name": "api", "action": "REDIRECT_TO_POOL", "redirect_pool_id": pool.ID})
	rule := run(KindL7Rule, policy.ID, v2+"l7policies/"+policy.ID+"/rules", Object{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"})

	// a duplicate member is a permanent conflict
	_, _, err := c.Create(ctx, KindMember, pool.ID, Object{"address": "10.0.0.11", "protocol_port": 8080})
	if ErrorCodeOf(err) != ECONFLICT {
		t.Errorf("duplicate member: got %v, want ECONFLICT", err)
	}

	// reads and lists
	reads := []struct {
		ref  Ref
		list ListQuery
	}{
		{listener, ListQuery{Filters: url.Values{"loadbalancer_id": {lbID}}}},
		{pool, ListQuery{Filters: url.Values{"loadbalancer_id": {lbID}}, Fields: []string{"id"}}},
		{member, named("web1")},
		{monitor, ListQuery{}},
		{policy, named("api")},
		{rule, ListQuery{}},
	}
	for _, tt := range reads {
		t.Run("read "+tt.ref.Kind.String(), func(t *testing.T) {
			o, err := c.Get(ctx, tt.ref)
			if id, status := o.Text("id"), o.Text("provisioning_status"); err != nil || id != tt.ref.ID || status != string(StatusActive) {
				t.Errorf("got %s %s, %v; want %s ACTIVE", id, status, err, tt.ref.ID)
			}
			all, err := Collect(c.List(ctx, tt.ref.Kind, tt.ref.ParentID, tt.list))
			if err != nil || len(all) != 1 {
				t.Errorf("list: got %d, %v; want 1", len(all), err)
			}
		})
	}

	// updates, unsets and deletes
	update := func(r Ref, body Object) func() (Accepted, error) {
		return func() (Accepted, error) {
			_, acc, err := c.Update(ctx, r, body)
			return acc, err
		}
	}
	del := func(r Ref) func() (Accepted, error) {
		return func() (Accepted, error) { return c.Delete(ctx, r, false) }
	}
	writes := []struct {
		name, method, path, body string
		do                       func() (Accepted, error)
	}{
		{"update listener", http.MethodPut, v2 + "listeners/" + listener.ID, `{"listener":{"name":"renamed"}}`, update(listener, Object{"name": "renamed"})},
		{"unset listener", http.MethodPut, v2 + "listeners/" + listener.ID, `{"listener":{"connection_limit":null,"default_pool_id":null}}`,
			update(listener, Object{"connection_limit": nil, "default_pool_id": nil})},
		{"update pool", http.MethodPut, v2 + "pools/" + pool.ID, `{"pool":{"name":"renamed"}}`, update(pool, Object{"name": "renamed"})},
		{"unset pool", http.MethodPut, v2 + "pools/" + pool.ID, `{"pool":{"session_persistence":null}}`, update(pool, Object{"session_persistence": nil})},
		{"update member", http.MethodPut, v2 + "pools/" + pool.ID + "/members/" + member.ID, `{"member":{"name":"renamed"}}`, update(member, Object{"name": "renamed"})},
		{"unset member", http.MethodPut, v2 + "pools/" + pool.ID + "/members/" + member.ID, `{"member":{"weight":null}}`, update(member, Object{"weight": nil})},
		{"update monitor", http.MethodPut, v2 + "healthmonitors/" + monitor.ID, `{"healthmonitor":{"name":"renamed"}}`, update(monitor, Object{"name": "renamed"})},
		{"unset monitor", http.MethodPut, v2 + "healthmonitors/" + monitor.ID, `{"healthmonitor":{"url_path":null}}`, update(monitor, Object{"url_path": nil})},
		{"update L7 policy", http.MethodPut, v2 + "l7policies/" + policy.ID, `{"l7policy":{"name":"renamed"}}`, update(policy, Object{"name": "renamed"})},
		{"unset L7 policy", http.MethodPut, v2 + "l7policies/" + policy.ID, `{"l7policy":{"description":null}}`, update(policy, Object{"description": nil})},
		{"update L7 rule", http.MethodPut, v2 + "l7policies/" + policy.ID + "/rules/" + rule.ID, `{"rule":{"value":"/v2"}}`, update(rule, Object{"value": "/v2"})},
		{"unset L7 rule", http.MethodPut, v2 + "l7policies/" + policy.ID + "/rules/" + rule.ID, `{"rule":{"key":null}}`, update(rule, Object{"key": nil})},
		{"batch update members", http.MethodPut, v2 + "pools/" + pool.ID + "/members", `{"members":[{"address":"10.0.0.12","protocol_port":8080}]}`, func() (Accepted, error) {
			return c.BatchUpdateMembers(ctx, pool.ID, []pools.BatchUpdateMemberOptsBuilder{pools.BatchUpdateMemberOpts{Address: "10.0.0.12", ProtocolPort: 8080}})
		}},
		{"delete L7 rule", http.MethodDelete, v2 + "l7policies/" + policy.ID + "/rules/" + rule.ID, "", del(rule)},
		{"delete L7 policy", http.MethodDelete, v2 + "l7policies/" + policy.ID, "", del(policy)},
		{"delete monitor", http.MethodDelete, v2 + "healthmonitors/" + monitor.ID, "", del(monitor)},
		{"delete pool", http.MethodDelete, v2 + "pools/" + pool.ID, "", del(pool)},
		{"delete listener", http.MethodDelete, v2 + "listeners/" + listener.ID, "", del(listener)},
	}
	for _, tt := range writes {
		t.Run(tt.name, func(t *testing.T) {
			acc, err := tt.do()
			if err != nil {
				t.Fatal(err)
			}
			if acc.RequestID == "" || acc.StatusCode < 200 || acc.StatusCode > 204 {
				t.Errorf("got %+v, want a 2xx with a request id", acc)
			}
			r := lastRequest(t, srv, tt.method)
			if r.Path != tt.path {
				t.Errorf("got %s %s, want %s", r.Method, r.Path, tt.path)
			}
			if tt.body != "" {
				scripted.CheckJSON(t, "body", r.Body, tt.body)
			}
		})
	}
	if _, err := c.Get(ctx, listener); ErrorCodeOf(err) != ENOTFOUND {
		t.Errorf("after delete: got %v, want ENOTFOUND", err)
	}

	stats, err := c.ListenerStats(ctx, listener.ID)
	if ErrorCodeOf(err) != ENOTFOUND || stats != nil {
		t.Errorf("stats of a deleted listener: got %v, %v; want ENOTFOUND", stats, err)
	}
}

func TestListenerStats(t *testing.T) {
	c, _, _ := startCloud(t, shopLab, cannedListenerStats)
	lbID := lbNamed(t, c, "shop")
	l, _, err := c.Create(t.Context(), KindListener, "", Object{"loadbalancer_id": lbID, "protocol": "TCP", "protocol_port": 443})
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.ListenerStats(t.Context(), l.Text("id"))
	if err != nil || s.BytesIn != 1024 || s.BytesOut != 4096 {
		t.Errorf("got %+v, %v; want bytes_in 1024, bytes_out 4096", s, err)
	}
}

func TestWritesAsReaderAreForbidden(t *testing.T) {
	lab := newLabServer(t, labcloud.Options{}, nil)
	cfg := demoConfig(lab.URL, nil)
	cfg.Username, cfg.Password = "viewer", "viewer"
	c, err := New(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Session().HasRole("reader") || c.Session().HasRole("member") {
		t.Errorf("got roles %v, want reader only", c.Session().Roles)
	}
	_, _, err = c.Create(t.Context(), KindLoadBalancer, "", Object{"name": "x", "vip_subnet_id": publicSubnet(t, c)})
	if ErrorCodeOf(err) != EFORBIDDEN {
		t.Errorf("got %v, want EFORBIDDEN", err)
	}
}
