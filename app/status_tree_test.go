package app

import (
	"encoding/json"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/listeners"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/monitors"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"
)

// octaviaStatusBody is Octavia's GET .../status answer, "statuses" object.
const octaviaStatusBody = `{"loadbalancer": {
  "id": "lb1", "name": "web", "provisioning_status": "ACTIVE", "operating_status": "DEGRADED",
  "listeners": [{
    "id": "l1", "name": "http", "provisioning_status": "ACTIVE", "operating_status": "ONLINE",
    "pools": [{
      "id": "p1", "name": "web-pool", "provisioning_status": "ACTIVE", "operating_status": "DEGRADED",
      "health_monitor": {"id": "hm1", "name": "", "type": "HTTP", "provisioning_status": "ACTIVE", "operating_status": "ONLINE"},
      "members": [
        {"id": "m1", "name": "", "address": "10.0.0.11", "protocol_port": 80, "provisioning_status": "ACTIVE", "operating_status": "ONLINE"},
        {"id": "m2", "name": "b", "address": "fd00::2", "protocol_port": 8080, "provisioning_status": "PENDING_UPDATE", "operating_status": "ERROR"}
      ]}]
  }, {
    "id": "l2", "name": "", "provisioning_status": "ACTIVE", "operating_status": "OFFLINE", "pools": []
  }]}}`

func TestLayoutStatusTree(t *testing.T) {
	var body struct {
		LB statusTree `json:"loadbalancer"`
	}
	if err := json.Unmarshal([]byte(octaviaStatusBody), &body); err != nil {
		t.Fatal(err)
	}
	l := layoutStatusTree(body.LB)

	type want struct {
		kind   nodeKind
		name   string
		detail string
		col    int
		row    float64 // in rows; parents sit between their children
	}
	wants := []want{
		{kindLoadBalancer, "web", "2 listeners · 1 pools · 2 members", 0, 2},
		{kindListener, "http", "", 1, 1},
		{kindPool, "web-pool", "2 members", 2, 1},
		{kindMonitor, "(no name) hm1", "HTTP", 3, 0},
		{kindMember, "(no name) m1", "10.0.0.11:80", 3, 1},
		{kindMember, "b", "[fd00::2]:8080", 3, 2},
		{kindListener, "(no name) l2", "", 1, 3},
	}
	if len(l.Nodes) != len(wants) {
		t.Fatalf("nodes: got %d, want %d", len(l.Nodes), len(wants))
	}
	for i, w := range wants {
		n := l.Nodes[i]
		if n.Kind != w.kind || n.Name != w.name || n.Detail != w.detail {
			t.Errorf("node %d: got %s %q %q, want %s %q %q", i, n.Kind, n.Name, n.Detail, w.kind, w.name, w.detail)
		}
		if x := treePad + w.col*(treeNodeW+treeColGap); n.X != x {
			t.Errorf("node %d (%s) x: got %d, want %d (column %d)", i, n.Name, n.X, x, w.col)
		}
		if y := treePad + int(w.row*float64(treeNodeH+treeRowGap)); n.Y != y {
			t.Errorf("node %d (%s) y: got %d, want %d (row %v)", i, n.Name, n.Y, y, w.row)
		}
	}
	wantEdges := []treeEdge{{2, 3}, {2, 4}, {2, 5}, {1, 2}, {0, 1}, {0, 6}}
	if len(l.Edges) != len(wantEdges) {
		t.Fatalf("edges: got %v, want %v", l.Edges, wantEdges)
	}
	for i := range wantEdges {
		if l.Edges[i] != wantEdges[i] {
			t.Errorf("edge %d: got %v, want %v", i, l.Edges[i], wantEdges[i])
		}
	}
	if w := 2*treePad + 4*treeNodeW + 3*treeColGap; l.Width != w {
		t.Errorf("width: got %d, want %d", l.Width, w)
	}
	if h := 2*treePad + 4*treeNodeH + 3*treeRowGap; l.Height != h {
		t.Errorf("height: got %d, want %d", l.Height, h)
	}
	if !body.LB.pending() {
		t.Errorf("pending: got false, want true (member m2 is PENDING_UPDATE)")
	}
}

func TestLayoutStatusTreeLoneLoadBalancer(t *testing.T) {
	l := layoutStatusTree(statusTree{ID: "lb", Name: "alone", ProvisioningStatus: "PENDING_CREATE"})
	if len(l.Nodes) != 1 || len(l.Edges) != 0 {
		t.Fatalf("got %d nodes, %d edges, want 1 and 0", len(l.Nodes), len(l.Edges))
	}
	if l.Width != 2*treePad+treeNodeW || l.Height != 2*treePad+treeNodeH {
		t.Errorf("size: got %dx%d, want %dx%d", l.Width, l.Height, 2*treePad+treeNodeW, 2*treePad+treeNodeH)
	}
	if n := l.Nodes[0]; n.X != treePad || n.Y != treePad {
		t.Errorf("position: got (%d,%d), want (%d,%d)", n.X, n.Y, treePad, treePad)
	}
}

func TestStatusTreeOf(t *testing.T) {
	gc := &loadbalancers.StatusTree{Loadbalancer: &loadbalancers.LoadBalancer{
		ID: "lb1", Name: "web", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE",
		Listeners: []listeners.Listener{{ID: "l1", Name: "http", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE",
			Pools: []pools.Pool{
				{ID: "p1", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE",
					Monitor: monitors.Monitor{ID: "hm1", Type: "TCP", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"},
					Members: []pools.Member{{ID: "m1", Address: "10.0.0.1", ProtocolPort: 80, ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"}}},
				{ID: "p2", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"},
			}}},
	}}
	got := statusTreeOf(gc)
	if got.Name != "web" || len(got.Listeners) != 1 || len(got.Listeners[0].Pools) != 2 {
		t.Fatalf("got %+v, want web with 1 listener and 2 pools", got)
	}
	p1, p2 := got.Listeners[0].Pools[0], got.Listeners[0].Pools[1]
	if p1.HealthMonitor == nil || p1.HealthMonitor.Type != "TCP" {
		t.Errorf("pool p1 monitor: got %+v, want the TCP monitor", p1.HealthMonitor)
	}
	if p2.HealthMonitor != nil {
		t.Errorf("pool p2 monitor: got %+v, want none", p2.HealthMonitor)
	}
	if len(p1.Members) != 1 || p1.Members[0].Address != "10.0.0.1" {
		t.Errorf("members: got %+v", p1.Members)
	}
	if got.pending() {
		t.Errorf("pending: got true, want false")
	}
	if z := statusTreeOf(nil); z.ID != "" || z.Listeners != nil {
		t.Errorf("statusTreeOf(nil): got %+v, want the zero tree", z)
	}
}

func TestShorten(t *testing.T) {
	tests := []struct {
		name, s string
		n       int
		want    string
	}{
		{"fits", "web", 5, "web"},
		{"exact", "abcde", 5, "abcde"},
		{"cut", "abcdefgh", 5, "abcd…"},
		{"runes", "éééééé", 4, "ééé…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := shorten(tt.s, tt.n); got != tt.want {
				t.Errorf("shorten(%q, %d): got %q, want %q", tt.s, tt.n, got, tt.want)
			}
		})
	}
}
