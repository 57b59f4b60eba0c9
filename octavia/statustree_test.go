package octavia

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/octaview/octaview/octavia/internal/scripted"
)

// Ids of the status tree fixture.
const (
	stLB       = "5a0b2a5c-9d36-4d0b-9f0f-2a4a8f1e6c11"
	stListener = "b1f3a0e2-4c6d-4f7e-8a9b-0c1d2e3f4a5b"
	stBareLsnr = "a0e2f9d1-3b5c-4e6d-9f8a-9b0c1d2e3f4a"
	stPoolHM   = "c2e4b1f3-5d7e-4a8f-9b0c-1d2e3f4a5b6c"
	stPoolBare = "d3f5c2a4-6e8f-4b9a-8c1d-2e3f4a5b6c7d"
	stMonitor  = "e4a6d3b5-7f9a-4cab-9d2e-3f4a5b6c7d8e"
	stMember   = "f5b7e4c6-8a0b-4dbc-8e3f-4a5b6c7d8e9f"
)

// statusBody is what a real Octavia (Zed) answers to GET
// .../loadbalancers/{id}/status, in its key order: the monitor is
// "health_monitor", and a pool without one has no such key.
const statusBody = `{"statuses": {"loadbalancer": {"id": "` + stLB + `", "name": "shop",
  "operating_status": "ONLINE", "provisioning_status": "PENDING_UPDATE",
  "listeners": [{"id": "` + stListener + `", "name": "http", "operating_status": "ONLINE", "provisioning_status": "ACTIVE",
    "pools": [
      {"id": "` + stPoolHM + `", "name": "web", "provisioning_status": "ACTIVE", "operating_status": "ONLINE",
       "health_monitor": {"id": "` + stMonitor + `", "name": "check", "type": "HTTP", "provisioning_status": "PENDING_UPDATE", "operating_status": "ONLINE"},
       "members": [{"id": "` + stMember + `", "name": "web-1", "operating_status": "NO_MONITOR", "provisioning_status": "ACTIVE",
         "address": "10.0.0.11", "protocol_port": 8080}]},
      {"id": "` + stPoolBare + `", "name": "", "provisioning_status": "ACTIVE", "operating_status": "OFFLINE", "members": []}
    ]}]}}}`

func TestLoadBalancerStatusTree(t *testing.T) {
	runExtraCases(t, []extraCase{
		{
			name:    "monitor and members",
			answers: map[string][]cannedAnswer{"GET /lbaas/loadbalancers/" + stLB + "/status": answer(200, statusBody)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				v, err := c.LoadBalancerStatusTree(ctx, stLB)
				return v, Accepted{}, err
			},
			want: &StatusTree{LoadBalancer: StatusLoadBalancer{
				ID: stLB, Name: "shop", OperatingStatus: OperatingOnline, ProvisioningStatus: StatusPendingUpdate,
				Listeners: []StatusListener{{ID: stListener, Name: "http", OperatingStatus: OperatingOnline, ProvisioningStatus: StatusActive,
					Pools: []StatusPool{
						{ID: stPoolHM, Name: "web", ProvisioningStatus: StatusActive, OperatingStatus: OperatingOnline,
							HealthMonitor: &StatusHealthMonitor{ID: stMonitor, Name: "check", Type: "HTTP",
								ProvisioningStatus: StatusPendingUpdate, OperatingStatus: OperatingOnline},
							Members: []StatusMember{{ID: stMember, Name: "web-1", OperatingStatus: OperatingNoMonitor,
								ProvisioningStatus: StatusActive, Address: "10.0.0.11", ProtocolPort: 8080}}},
						{ID: stPoolBare, ProvisioningStatus: StatusActive, OperatingStatus: OperatingOffline, Members: []StatusMember{}},
					}}},
			}},
			sent: []sent{{line: "GET /lbaas/loadbalancers/" + stLB + "/status"}},
		},
		{
			name: "lists left out come back empty",
			answers: map[string][]cannedAnswer{"GET /lbaas/loadbalancers/" + stLB + "/status": answer(200, `{"statuses": {"loadbalancer": {
				"id": "`+stLB+`", "name": "", "operating_status": "OFFLINE", "provisioning_status": "PENDING_CREATE",
				"listeners": [{"id": "`+stListener+`", "name": "", "operating_status": "OFFLINE", "provisioning_status": "PENDING_CREATE",
				  "pools": [{"id": "`+stPoolBare+`", "name": "", "provisioning_status": "PENDING_CREATE", "operating_status": "OFFLINE"}]},
				 {"id": "`+stBareLsnr+`", "name": "", "operating_status": "OFFLINE", "provisioning_status": "PENDING_CREATE", "pools": null}]}}}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				v, err := c.LoadBalancerStatusTree(ctx, stLB)
				return v, Accepted{}, err
			},
			want: &StatusTree{LoadBalancer: StatusLoadBalancer{
				ID: stLB, OperatingStatus: OperatingOffline, ProvisioningStatus: StatusPendingCreate,
				Listeners: []StatusListener{
					{ID: stListener, OperatingStatus: OperatingOffline, ProvisioningStatus: StatusPendingCreate,
						Pools: []StatusPool{{ID: stPoolBare, ProvisioningStatus: StatusPendingCreate, OperatingStatus: OperatingOffline, Members: []StatusMember{}}}},
					{ID: stBareLsnr, OperatingStatus: OperatingOffline, ProvisioningStatus: StatusPendingCreate, Pools: []StatusPool{}},
				},
			}},
			sent: []sent{{line: "GET /lbaas/loadbalancers/" + stLB + "/status"}},
		},
		{
			name:    "not found",
			answers: map[string][]cannedAnswer{"GET /lbaas/loadbalancers/" + stLB + "/status": answer(404, octaviaFault("Load Balancer "+stLB+" not found."))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				v, err := c.LoadBalancerStatusTree(ctx, stLB)
				return v, Accepted{}, err
			},
			code: ENOTFOUND,
			sent: []sent{{line: "GET /lbaas/loadbalancers/" + stLB + "/status"}},
		},
	})
}

// TestStatusTreeEncodesOctaviaKeys re-encodes a decoded tree: what comes out
// has Octavia's key names (health_monitor, not healthmonitor) and values.
func TestStatusTreeEncodesOctaviaKeys(t *testing.T) {
	var in struct {
		Statuses json.RawMessage `json:"statuses"`
	}
	if err := json.Unmarshal([]byte(statusBody), &in); err != nil {
		t.Fatal(err)
	}
	var tree StatusTree
	if err := json.Unmarshal(in.Statuses, &tree); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	scripted.CheckJSON(t, "status tree", string(out), string(in.Statuses))
}

func TestStatusLoadBalancerPending(t *testing.T) {
	pool := func(hm, member ProvisioningStatus) StatusPool {
		p := StatusPool{ProvisioningStatus: StatusActive, Members: []StatusMember{{ProvisioningStatus: member}}}
		if hm != "" {
			p.HealthMonitor = &StatusHealthMonitor{ProvisioningStatus: hm}
		}
		return p
	}
	lb := func(lbStatus, listener ProvisioningStatus, pools ...StatusPool) StatusLoadBalancer {
		return StatusLoadBalancer{ProvisioningStatus: lbStatus, Listeners: []StatusListener{{ProvisioningStatus: listener, Pools: pools}}}
	}
	tests := []struct {
		name string
		lb   StatusLoadBalancer
		want bool
	}{
		{"all active", lb(StatusActive, StatusActive, pool(StatusActive, StatusActive), pool("", StatusActive)), false},
		{"load balancer", lb(StatusPendingUpdate, StatusActive), true},
		{"listener", lb(StatusActive, StatusPendingCreate), true},
		{"pool", lb(StatusActive, StatusActive, StatusPool{ProvisioningStatus: StatusPendingDelete}), true},
		{"health monitor", lb(StatusActive, StatusActive, pool(StatusPendingUpdate, StatusActive)), true},
		{"member", lb(StatusActive, StatusActive, pool("", "pending_create")), true},
		{"error is not pending", lb(StatusError, StatusError, pool(StatusError, StatusError)), false},
		{"empty", StatusLoadBalancer{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.lb.Pending(); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestStatusLoadBalancerFirstInError(t *testing.T) {
	ok := ProvisioningStatus("ACTIVE")
	bad := ProvisioningStatus("ERROR")
	tree := func(member ProvisioningStatus, mon *StatusHealthMonitor) StatusLoadBalancer {
		return StatusLoadBalancer{ProvisioningStatus: ok, Listeners: []StatusListener{{ID: "l1", Name: "http", ProvisioningStatus: ok,
			Pools: []StatusPool{{ID: "p1", Name: "web", ProvisioningStatus: ok, HealthMonitor: mon,
				Members: []StatusMember{{ID: "m1", Name: "a", ProvisioningStatus: ok}, {ID: "m2", Name: "b", ProvisioningStatus: member}}}}}}}
	}
	cases := []struct {
		name string
		lb   StatusLoadBalancer
		want string
	}{
		{"all active", tree(ok, nil), ""},
		{"empty", StatusLoadBalancer{ProvisioningStatus: ok}, ""},
		{"second member", tree(bad, nil), `member "b" (m2)`},
		{"monitor before members", tree(bad, &StatusHealthMonitor{ID: "h1", Name: "hm", ProvisioningStatus: bad}), `health monitor "hm" (h1)`},
		{"lower case", tree("error", nil), `member "b" (m2)`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.lb.FirstInError(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestFirstPending: a tree wait shows each object's own status: Zed's
// fully populated create leaves the children PENDING_CREATE under an
// ACTIVE load balancer, and the wait must say PENDING_CREATE, not an
// invented PENDING_UPDATE.
func TestFirstPending(t *testing.T) {
	lb := StatusLoadBalancer{ProvisioningStatus: StatusActive, Listeners: []StatusListener{{ProvisioningStatus: StatusActive,
		Pools: []StatusPool{{ProvisioningStatus: StatusActive, Members: []StatusMember{{ProvisioningStatus: StatusActive}, {ProvisioningStatus: StatusPendingCreate}}}}}}}
	if got := lb.FirstPending(); got != StatusPendingCreate {
		t.Errorf("a member PENDING_CREATE: got %q", got)
	}
	lb.Listeners[0].ProvisioningStatus = StatusPendingUpdate
	if got := lb.FirstPending(); got != StatusPendingUpdate {
		t.Errorf("a listener PENDING_UPDATE first: got %q", got)
	}
	lb.Listeners[0].ProvisioningStatus, lb.Listeners[0].Pools[0].Members[1].ProvisioningStatus = StatusActive, StatusActive
	if got := lb.FirstPending(); got != "" || lb.Pending() {
		t.Errorf("nothing pending: got %q", got)
	}
}
