package octavia

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia/internal/scripted"
)

// named is the list query of the objects called name ("" = all of them).
func named(name string) ListQuery {
	if name == "" {
		return ListQuery{}
	}
	return ListQuery{Filters: url.Values{"name": {name}}}
}

// lbRef points at load balancer id.
func lbRef(id string) Ref { return Ref{Kind: KindLoadBalancer, ID: id} }

func netListOpts(name string) networks.ListOpts { return networks.ListOpts{Name: name} }

// publicSubnet returns the ID of the lab's public subnet.
func publicSubnet(t testing.TB, c *Client) string {
	t.Helper()
	subs, err := Collect(c.Network().Subnets(t.Context(), subnets.ListOpts{Name: "public-subnet"}))
	if err != nil || len(subs) != 1 {
		t.Fatalf("public subnet: got %+v, %v; want one", subs, err)
	}
	return subs[0].ID
}

// lastRequest returns the last request the lab got with method.
func lastRequest(t *testing.T, srv *recording, method string) request {
	t.Helper()
	reqs := srv.Requests()
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].Method == method {
			return reqs[i]
		}
	}
	t.Fatalf("got no %s request", method)
	return request{}
}

func TestLoadBalancerDecodesOctaviaShapes(t *testing.T) {
	// In a bubble the clock starts at 2000-01-01 00:00:00 UTC: the lab stamps
	// the load balancer created then in Octavia's format, without a zone.
	synctest.Test(t, func(t *testing.T) {
		c, _, _ := bubbleLab(t, labcloud.Options{})
		subnet := publicSubnet(t, c)
		if _, _, err := c.Create(t.Context(), KindLoadBalancer, "", Object{"name": "web", "vip_subnet_id": subnet, "tags": []string{"prod"}}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Minute) // ACTIVE by now
		lbs, err := Collect(c.List(t.Context(), KindLoadBalancer, "", named("web")))
		if err != nil || len(lbs) != 1 {
			t.Fatalf("got %d, %v; want 1 load balancer", len(lbs), err)
		}
		lb := lbs[0]
		want := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
		if !lb.Time("created_at").Equal(want) {
			t.Errorf("got created_at %v, want %v", lb["created_at"], want)
		}
		if lb.Text("provisioning_status") != string(StatusActive) || lb.Text("operating_status") != string(OperatingOnline) {
			t.Errorf("got statuses %s/%s, want ACTIVE/ONLINE", lb.Text("provisioning_status"), lb.Text("operating_status"))
		}
		if !slices.Equal(lb.Strings("tags"), []string{"prod"}) || lb.Text("vip_subnet_id") != subnet || lb.Text("provider") != "amphora" {
			t.Errorf("got %+v, want tags [prod], subnet %s, amphora", lb, subnet)
		}
		got, err := c.Get(t.Context(), lbRef(lb.Text("id")))
		if err != nil || got.Text("id") != lb.Text("id") || !got.Time("created_at").Equal(want) {
			t.Errorf("Get: got %+v, %v; want the same load balancer", got, err)
		}
	})
}

func TestLoadBalancerWrites(t *testing.T) {
	c, lab, _ := startCloud(t, labcloud.Options{}, nil)
	srv := lab.recording
	ctx := t.Context()
	admin, err := New(ctx, adminConfig(lab.URL))
	if err != nil {
		t.Fatal(err)
	}

	// fully populated create
	created, acc, err := c.Create(ctx, KindLoadBalancer, "", Object{
		"name": "shop", "vip_subnet_id": publicSubnet(t, c), "admin_state_up": true, "tags": []string{"prod"},
		"listeners": []Object{{"name": "http", "protocol": "HTTP", "protocol_port": 80}},
		"pools": []Object{{"name": "web", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
			"members": []Object{{"address": "10.0.0.11", "protocol_port": 8080}}}},
	})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if acc.StatusCode != http.StatusCreated || acc.RequestID == "" {
		t.Errorf("got %+v, want 201 with a request id", acc)
	}
	lb := RefOf(KindLoadBalancer, "", created)
	if st := created.Text("provisioning_status"); st != string(StatusPendingCreate) || len(created.IDs("listeners")) != 1 || len(created.IDs("pools")) != 1 {
		t.Errorf("got %s with %d listeners, %d pools; want PENDING_CREATE with 1 and 1", st, len(created.IDs("listeners")), len(created.IDs("pools")))
	}
	var sent struct {
		LB struct {
			Listeners []map[string]any `json:"listeners"`
			Pools     []map[string]any `json:"pools"`
		} `json:"loadbalancer"`
	}
	json.Unmarshal([]byte(lastRequest(t, srv, http.MethodPost).Body), &sent)
	if len(sent.LB.Listeners) != 1 || len(sent.LB.Pools) != 1 {
		t.Errorf("got body %s, want the listeners and pools in it", lastRequest(t, srv, http.MethodPost).Body)
	}

	tests := []struct {
		name     string
		do       func() (Accepted, error)
		method   string
		path     string
		query    string
		body     string
		wantCode int
	}{
		{"set", func() (Accepted, error) {
			_, acc, err := c.Update(ctx, lb, Object{"name": "shop2"})
			return acc, err
		}, http.MethodPut, "/load-balancer/v2.0/lbaas/loadbalancers/" + lb.ID, "", `{"loadbalancer":{"name":"shop2"}}`, 200},
		{"unset", func() (Accepted, error) {
			_, acc, err := c.Update(ctx, lb, Object{"description": nil, "vip_qos_policy_id": nil})
			return acc, err
		}, http.MethodPut, "/load-balancer/v2.0/lbaas/loadbalancers/" + lb.ID, "", `{"loadbalancer":{"description":null,"vip_qos_policy_id":null}}`, 200},
		{"failover (an admin's)", func() (Accepted, error) { return admin.FailoverLoadBalancer(ctx, lb.ID) },
			http.MethodPut, "/load-balancer/v2.0/lbaas/loadbalancers/" + lb.ID + "/failover", "", "", 202},
		{"delete with cascade", func() (Accepted, error) { return c.Delete(ctx, lb, true) },
			http.MethodDelete, "/load-balancer/v2.0/lbaas/loadbalancers/" + lb.ID, "cascade=true", "", 204},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			acc, err := tt.do()
			if err != nil {
				t.Fatal(err)
			}
			if acc.StatusCode != tt.wantCode || acc.RequestID == "" {
				t.Errorf("got %+v, want status %d and a request id", acc, tt.wantCode)
			}
			r := lastRequest(t, srv, tt.method)
			if r.Path != tt.path || r.Query.Encode() != tt.query {
				t.Errorf("got %s %s?%s, want %s?%s", r.Method, r.Path, r.Query.Encode(), tt.path, tt.query)
			}
			if tt.body != "" {
				scripted.CheckJSON(t, "body", r.Body, tt.body)
			}
		})
	}
}

func TestLoadBalancerDeleteWithoutCascade(t *testing.T) {
	c, lab, _ := startCloud(t, labcloud.Options{}, nil)
	srv := lab.recording
	lb, _, err := c.Create(t.Context(), KindLoadBalancer, "", Object{"name": "x", "vip_subnet_id": publicSubnet(t, c),
		"listeners": []Object{{"protocol": "HTTP", "protocol_port": 80}}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Delete(t.Context(), RefOf(KindLoadBalancer, "", lb), false)
	if ErrorCodeOf(err) != EINVALID {
		t.Errorf("got %v, want EINVALID (it has children)", err)
	}
	if q := lastRequest(t, srv, http.MethodDelete).Query; len(q) != 0 {
		t.Errorf("got query %v, want none", q)
	}
}

func TestLoadBalancerReads(t *testing.T) {
	// The counters are canned (the lab's grow with time); the rest is the lab's.
	c, _, _ := startCloud(t, labcloud.Options{}, func(r *http.Request) *cannedAnswer {
		if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/stats") {
			return &cannedAnswer{Status: 200, Body: `{"stats": {"active_connections": 0, "bytes_in": 1024, "bytes_out": 4096, "request_errors": 0, "total_connections": 7}}`}
		}
		return nil
	})
	ctx := t.Context()
	created, _, err := c.Create(ctx, KindLoadBalancer, "", Object{"name": "shop", "vip_subnet_id": publicSubnet(t, c),
		"listeners": []Object{{"name": "http", "protocol": "HTTP", "protocol_port": 80,
			"default_pool": Object{"name": "web", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}}}})
	if err != nil {
		t.Fatal(err)
	}
	lb := RefOf(KindLoadBalancer, "", created)
	stats, err := c.LoadBalancerStats(ctx, lb.ID)
	if err != nil || stats.BytesOut != 4096 || stats.TotalConnections != 7 {
		t.Errorf("stats: got %+v, %v; want bytes_out 4096, total_connections 7", stats, err)
	}
	tree, err := c.LoadBalancerStatusTree(ctx, lb.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := tree.LoadBalancer; got.ID != lb.ID || len(got.Listeners) != 1 ||
		len(got.Listeners[0].Pools) != 1 || got.ProvisioningStatus != StatusActive {
		t.Errorf("status tree: got %+v, want the load balancer ACTIVE with 1 listener and 1 pool", got)
	}
}
