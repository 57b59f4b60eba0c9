package octavia

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/l7policies"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/listeners"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/monitors"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia/internal/scripted"
)

// lbNamed returns the ID of the only load balancer called name.
func lbNamed(t testing.TB, c *Client, name string) string {
	t.Helper()
	lbs, err := Collect(c.LoadBalancers(t.Context(), lbListOpts(name)))
	if err != nil || len(lbs) != 1 {
		t.Fatalf("load balancer %s: got %d, %v; want one", name, len(lbs), err)
	}
	return lbs[0].ID
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
	var listenerID, poolID, memberID, monitorID, policyID, ruleID string
	run := func(name, path, envelope string, create func() (string, string, Accepted, error)) string {
		t.Helper()
		id, status, acc, err := create()
		if err != nil {
			t.Fatalf("create %s: %v", name, err)
		}
		if status != string(StatusPendingCreate) || acc.StatusCode != 201 || acc.RequestID == "" {
			t.Errorf("create %s: got %s, %+v; want PENDING_CREATE, 201 and a request id", name, status, acc)
		}
		r := lastRequest(t, srv, http.MethodPost)
		var env map[string]json.RawMessage
		if r.Path != path || json.Unmarshal([]byte(r.Body), &env) != nil || env[envelope] == nil {
			t.Errorf("create %s: got POST %s %s, want POST %s with a %q envelope", name, r.Path, r.Body, path, envelope)
		}
		return id
	}
	listenerID = run("listener", v2+"listeners", "listener", func() (string, string, Accepted, error) {
		l, acc, err := c.CreateListener(ctx, listeners.CreateOpts{LoadbalancerID: lbID, Name: "http", Protocol: listeners.ProtocolHTTP, ProtocolPort: 80})
		if err != nil {
			return "", "", acc, err
		}
		return l.ID, l.ProvisioningStatus, acc, nil
	})
	poolID = run("pool", v2+"pools", "pool", func() (string, string, Accepted, error) {
		p, acc, err := c.CreatePool(ctx, pools.CreateOpts{ListenerID: listenerID, Name: "web", Protocol: pools.ProtocolHTTP, LBMethod: pools.LBMethodRoundRobin})
		if err != nil {
			return "", "", acc, err
		}
		return p.ID, p.ProvisioningStatus, acc, nil
	})
	memberID = run("member", v2+"pools/"+poolID+"/members", "member", func() (string, string, Accepted, error) {
		m, acc, err := c.CreateMember(ctx, poolID, pools.CreateMemberOpts{Name: "web1", Address: "10.0.0.11", ProtocolPort: 8080})
		if err != nil {
			return "", "", acc, err
		}
		return m.ID, m.ProvisioningStatus, acc, nil
	})
	monitorID = run("health monitor", v2+"healthmonitors", "healthmonitor", func() (string, string, Accepted, error) {
		m, acc, err := c.CreateMonitor(ctx, monitors.CreateOpts{PoolID: poolID, Type: monitors.TypeHTTP, Delay: 5, Timeout: 5, MaxRetries: 3, URLPath: "/health"})
		if err != nil {
			return "", "", acc, err
		}
		return m.ID, m.ProvisioningStatus, acc, nil
	})
	policyID = run("L7 policy", v2+"l7policies", "l7policy", func() (string, string, Accepted, error) {
		p, acc, err := c.CreateL7Policy(ctx, l7policies.CreateOpts{ListenerID: listenerID, Name: "api", Action: l7policies.ActionRedirectToPool, RedirectPoolID: poolID})
		if err != nil {
			return "", "", acc, err
		}
		return p.ID, p.ProvisioningStatus, acc, nil
	})
	ruleID = run("L7 rule", v2+"l7policies/"+policyID+"/rules", "rule", func() (string, string, Accepted, error) {
		r, acc, err := c.CreateL7Rule(ctx, policyID, l7policies.CreateRuleOpts{RuleType: l7policies.TypePath, CompareType: l7policies.CompareTypeStartWith, Value: "/api"})
		if err != nil {
			return "", "", acc, err
		}
		return r.ID, r.ProvisioningStatus, acc, nil
	})

	// a duplicate member is a permanent conflict
	_, _, err := c.CreateMember(ctx, poolID, pools.CreateMemberOpts{Address: "10.0.0.11", ProtocolPort: 8080})
	if ErrorCodeOf(err) != ECONFLICT {
		t.Errorf("duplicate member: got %v, want ECONFLICT", err)
	}

	// reads and lists
	reads := []struct {
		name string
		read func() (id, status string, err error)
		list func() (n int, err error)
		want string
	}{
		{"listener", func() (string, string, error) {
			l, err := c.GetListener(ctx, listenerID)
			if err != nil {
				return "", "", err
			}
			return l.ID, l.ProvisioningStatus, nil
		}, func() (int, error) {
			all, err := Collect(c.Listeners(ctx, listeners.ListOpts{LoadbalancerID: lbID}))
			return len(all), err
		}, listenerID},
		{"pool", func() (string, string, error) {
			p, err := c.GetPool(ctx, poolID)
			if err != nil {
				return "", "", err
			}
			return p.ID, p.ProvisioningStatus, nil
		}, func() (int, error) {
			all, err := Collect(c.Pools(ctx, PoolListOpts{ListOpts: pools.ListOpts{LoadbalancerID: lbID}, PageOpts: PageOpts{Fields: []string{"id"}}}))
			return len(all), err
		}, poolID},
		{"member", func() (string, string, error) {
			m, err := c.GetMember(ctx, poolID, memberID)
			if err != nil {
				return "", "", err
			}
			return m.ID, m.ProvisioningStatus, nil
		}, func() (int, error) {
			all, err := Collect(c.Members(ctx, poolID, pools.ListMembersOpts{Name: "web1"}))
			return len(all), err
		}, memberID},
		{"health monitor", func() (string, string, error) {
			m, err := c.GetMonitor(ctx, monitorID)
			if err != nil {
				return "", "", err
			}
			return m.ID, m.ProvisioningStatus, nil
		}, func() (int, error) {
			all, err := Collect(c.Monitors(ctx, monitors.ListOpts{}))
			return len(all), err
		}, monitorID},
		{"L7 policy", func() (string, string, error) {
			p, err := c.GetL7Policy(ctx, policyID)
			if err != nil {
				return "", "", err
			}
			return p.ID, p.ProvisioningStatus, nil
		}, func() (int, error) {
			all, err := Collect(c.L7Policies(ctx, l7policies.ListOpts{Name: "api"}))
			return len(all), err
		}, policyID},
		{"L7 rule", func() (string, string, error) {
			r, err := c.GetL7Rule(ctx, policyID, ruleID)
			if err != nil {
				return "", "", err
			}
			return r.ID, r.ProvisioningStatus, nil
		}, func() (int, error) {
			all, err := Collect(c.L7Rules(ctx, policyID, l7policies.ListRulesOpts{}))
			return len(all), err
		}, ruleID},
	}
	for _, tt := range reads {
		t.Run("read "+tt.name, func(t *testing.T) {
			id, status, err := tt.read()
			if err != nil || id != tt.want || status != string(StatusActive) {
				t.Errorf("got %s %s, %v; want %s ACTIVE", id, status, err, tt.want)
			}
			n, err := tt.list()
			if err != nil || n != 1 {
				t.Errorf("list: got %d, %v; want 1", n, err)
			}
		})
	}

	// updates, unsets and deletes
	name := "renamed"
	writes := []struct {
		name, method, path, body string
		do                       func() (Accepted, error)
	}{
		{"update listener", http.MethodPut, v2 + "listeners/" + listenerID, `{"listener":{"name":"renamed"}}`, func() (Accepted, error) {
			_, acc, err := c.UpdateListener(ctx, listenerID, listeners.UpdateOpts{Name: &name})
			return acc, err
		}},
		{"unset listener", http.MethodPut, v2 + "listeners/" + listenerID, `{"listener":{"connection_limit":null,"default_pool_id":null}}`, func() (Accepted, error) {
			_, acc, err := c.UpdateListener(ctx, listenerID, Unset{"connection_limit", "default_pool_id"})
			return acc, err
		}},
		{"update pool", http.MethodPut, v2 + "pools/" + poolID, `{"pool":{"name":"renamed"}}`, func() (Accepted, error) {
			_, acc, err := c.UpdatePool(ctx, poolID, pools.UpdateOpts{Name: &name})
			return acc, err
		}},
		{"unset pool", http.MethodPut, v2 + "pools/" + poolID, `{"pool":{"session_persistence":null}}`, func() (Accepted, error) {
			_, acc, err := c.UpdatePool(ctx, poolID, Unset{"session_persistence"})
			return acc, err
		}},
		{"update member", http.MethodPut, v2 + "pools/" + poolID + "/members/" + memberID, `{"member":{"name":"renamed"}}`, func() (Accepted, error) {
			_, acc, err := c.UpdateMember(ctx, poolID, memberID, pools.UpdateMemberOpts{Name: &name})
			return acc, err
		}},
		{"unset member", http.MethodPut, v2 + "pools/" + poolID + "/members/" + memberID, `{"member":{"weight":null}}`, func() (Accepted, error) {
			_, acc, err := c.UpdateMember(ctx, poolID, memberID, Unset{"weight"})
			return acc, err
		}},
		{"update monitor", http.MethodPut, v2 + "healthmonitors/" + monitorID, `{"healthmonitor":{"name":"renamed"}}`, func() (Accepted, error) {
			_, acc, err := c.UpdateMonitor(ctx, monitorID, monitors.UpdateOpts{Name: &name})
			return acc, err
		}},
		{"unset monitor", http.MethodPut, v2 + "healthmonitors/" + monitorID, `{"healthmonitor":{"url_path":null}}`, func() (Accepted, error) {
			_, acc, err := c.UpdateMonitor(ctx, monitorID, Unset{"url_path"})
			return acc, err
		}},
		{"update L7 policy", http.MethodPut, v2 + "l7policies/" + policyID, `{"l7policy":{"name":"renamed"}}`, func() (Accepted, error) {
			_, acc, err := c.UpdateL7Policy(ctx, policyID, l7policies.UpdateOpts{Name: &name})
			return acc, err
		}},
		{"unset L7 policy", http.MethodPut, v2 + "l7policies/" + policyID, `{"l7policy":{"description":null}}`, func() (Accepted, error) {
			_, acc, err := c.UpdateL7Policy(ctx, policyID, Unset{"description"})
			return acc, err
		}},
		{"update L7 rule", http.MethodPut, v2 + "l7policies/" + policyID + "/rules/" + ruleID, `{"rule":{"value":"/v2"}}`, func() (Accepted, error) {
			_, acc, err := c.UpdateL7Rule(ctx, policyID, ruleID, l7policies.UpdateRuleOpts{Value: "/v2"})
			return acc, err
		}},
		{"unset L7 rule", http.MethodPut, v2 + "l7policies/" + policyID + "/rules/" + ruleID, `{"rule":{"key":null}}`, func() (Accepted, error) {
			_, acc, err := c.UpdateL7Rule(ctx, policyID, ruleID, Unset{"key"})
			return acc, err
		}},
		{"batch update members", http.MethodPut, v2 + "pools/" + poolID + "/members", `{"members":[{"address":"10.0.0.12","protocol_port":8080}]}`, func() (Accepted, error) {
			return c.BatchUpdateMembers(ctx, poolID, []pools.BatchUpdateMemberOptsBuilder{pools.BatchUpdateMemberOpts{Address: "10.0.0.12", ProtocolPort: 8080}})
		}},
		{"delete L7 rule", http.MethodDelete, v2 + "l7policies/" + policyID + "/rules/" + ruleID, "", func() (Accepted, error) { return c.DeleteL7Rule(ctx, policyID, ruleID) }},
		{"delete L7 policy", http.MethodDelete, v2 + "l7policies/" + policyID, "", func() (Accepted, error) { return c.DeleteL7Policy(ctx, policyID) }},
		{"delete monitor", http.MethodDelete, v2 + "healthmonitors/" + monitorID, "", func() (Accepted, error) { return c.DeleteMonitor(ctx, monitorID) }},
		{"delete pool", http.MethodDelete, v2 + "pools/" + poolID, "", func() (Accepted, error) { return c.DeletePool(ctx, poolID) }},
		{"delete listener", http.MethodDelete, v2 + "listeners/" + listenerID, "", func() (Accepted, error) { return c.DeleteListener(ctx, listenerID) }},
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
	if _, err := c.GetListener(ctx, listenerID); ErrorCodeOf(err) != ENOTFOUND {
		t.Errorf("after delete: got %v, want ENOTFOUND", err)
	}

	stats, err := c.ListenerStats(ctx, listenerID)
	if ErrorCodeOf(err) != ENOTFOUND || stats != nil {
		t.Errorf("stats of a deleted listener: got %v, %v; want ENOTFOUND", stats, err)
	}
}

func TestListenerStats(t *testing.T) {
	c, _, _ := startCloud(t, shopLab, cannedListenerStats)
	lbID := lbNamed(t, c, "shop")
	l, _, err := c.CreateListener(t.Context(), listeners.CreateOpts{LoadbalancerID: lbID, Protocol: listeners.ProtocolTCP, ProtocolPort: 443})
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.ListenerStats(t.Context(), l.ID)
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
	_, _, err = c.CreateLoadBalancer(t.Context(), loadbalancers.CreateOpts{Name: "x", VipSubnetID: publicSubnet(t, c)})
	if ErrorCodeOf(err) != EFORBIDDEN {
		t.Errorf("got %v, want EFORBIDDEN", err)
	}
}
