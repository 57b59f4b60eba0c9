package labcloud

import (
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// publicNetworkID is the id of the lab's seeded external network.
func (c *tclient) publicNetworkID() string {
	c.t.Helper()
	nets := list(c.must(http.StatusOK, http.MethodGet, "/network/v2.0/networks?router:external=true", nil).json(c.t), "networks")
	if len(nets) != 1 {
		c.t.Fatalf("got %d external networks, want 1 (public)", len(nets))
	}
	return nets[0].(map[string]any)["id"].(string)
}

func (c *tclient) createFIP(body map[string]any) map[string]any {
	c.t.Helper()
	return obj(c.must(http.StatusCreated, http.MethodPost, "/network/v2.0/floatingips", map[string]any{"floatingip": body}).json(c.t), "floatingip")
}

// neutronFault returns the type and message of a NeutronError body.
func (r tresp) neutronFault(t testing.TB) (typ, msg string) {
	t.Helper()
	e := obj(r.json(t), "NeutronError")
	typ, _ = e["type"].(string)
	msg, _ = e["message"].(string)
	return typ, msg
}

func TestFloatingIPLifecycle(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 1, Delay: time.Second})
		demo := login(t, c, "demo")
		ext := demo.publicNetworkID()
		lb := demo.createLB("web", nil)
		vipPort := lb["vip_port_id"].(string)

		f := demo.createFIP(map[string]any{"floating_network_id": ext})
		id := f["id"].(string)
		if f["status"] != fipDown || f["port_id"] != nil || f["router_id"] != nil || !strings.HasPrefix(f["floating_ip_address"].(string), "172.24.") {
			t.Fatalf("a new floating IP: got %v, want DOWN, unassociated, an address of 172.24.0.0/16", f)
		}
		f = obj(demo.must(http.StatusOK, http.MethodPut, "/network/v2.0/floatingips/"+id,
			map[string]any{"floatingip": map[string]any{"port_id": vipPort}}).json(t), "floatingip")
		if f["status"] != fipActive || f["port_id"] != vipPort || f["fixed_ip_address"] != lb["vip_address"] || f["router_id"] == nil {
			t.Fatalf("associated: got %v, want ACTIVE on port %s, fixed IP %v, a router", f, vipPort, lb["vip_address"])
		}
		for _, q := range []string{"port_id=" + vipPort, "floating_network_id=" + ext, "status=ACTIVE"} {
			if got := list(demo.must(http.StatusOK, http.MethodGet, "/network/v2.0/floatingips?"+q, nil).json(t), "floatingips"); len(got) != 1 {
				t.Errorf("list ?%s: got %d floating IPs, want 1", q, len(got))
			}
		}
		if got := list(demo.must(http.StatusOK, http.MethodGet, "/network/v2.0/floatingips?status=DOWN", nil).json(t), "floatingips"); len(got) != 0 {
			t.Errorf("list ?status=DOWN: got %d, want 0", len(got))
		}

		// The port has one: a second floating IP on it is refused, and
		// stays unassociated.
		second := demo.createFIP(map[string]any{"floating_network_id": ext})
		r := demo.must(http.StatusConflict, http.MethodPut, "/network/v2.0/floatingips/"+second["id"].(string),
			map[string]any{"floatingip": map[string]any{"port_id": vipPort}})
		if typ, msg := r.neutronFault(t); typ != "FloatingIPPortAlreadyAssociated" || !strings.Contains(msg, "already has a floating IP") {
			t.Errorf("a second floating IP on the port: got %s %q", typ, msg)
		}
		got := obj(demo.must(http.StatusOK, http.MethodGet, "/network/v2.0/floatingips/"+second["id"].(string), nil).json(t), "floatingip")
		if got["port_id"] != nil {
			t.Errorf("the refused floating IP: got port_id %v, want null", got["port_id"])
		}

		// The load balancer goes: the floating IP stays, unassociated.
		time.Sleep(2 * time.Second)
		demo.must(http.StatusNoContent, http.MethodDelete, "/load-balancer/v2/lbaas/loadbalancers/"+lb["id"].(string), nil)
		time.Sleep(2 * time.Second)
		f = obj(demo.must(http.StatusOK, http.MethodGet, "/network/v2.0/floatingips/"+id, nil).json(t), "floatingip")
		if f["port_id"] != nil || f["status"] != fipDown || f["floating_ip_address"] == nil {
			t.Errorf("after the load balancer's delete: got %v, want the address kept, unassociated, DOWN", f)
		}
		demo.must(http.StatusNoContent, http.MethodDelete, "/network/v2.0/floatingips/"+id, nil)
		demo.must(http.StatusNotFound, http.MethodGet, "/network/v2.0/floatingips/"+id, nil)
	})
}

func TestFloatingIPFaults(t *testing.T) {
	c := New(Options{Seed: 1, Trainees: 1})
	demo := login(t, c, "demo")
	viewer := login(t, c, "viewer")
	trainee := login(t, c, "trainee1")
	ext := demo.publicNetworkID()
	lb := demo.createLB("web", nil)
	f := demo.createFIP(map[string]any{"floating_network_id": ext, "port_id": lb["vip_port_id"]})
	if f["port_id"] != lb["vip_port_id"] {
		t.Fatalf("create with port_id: got port %v, want %v", f["port_id"], lb["vip_port_id"])
	}
	private := list(demo.must(http.StatusOK, http.MethodGet, "/network/v2.0/networks?router:external=false", nil).json(t), "networks")[0].(map[string]any)["id"]
	for _, tc := range []struct {
		name     string
		who      *tclient
		method   string
		path     string
		body     map[string]any
		code     int
		typ, msg string
	}{
		{"not an external network", demo, http.MethodPost, "", map[string]any{"floating_network_id": private}, 400, "BadRequest", "is not a valid external network"},
		{"no such network", demo, http.MethodPost, "", map[string]any{"floating_network_id": "f00"}, 404, "NetworkNotFound", "Network f00 could not be found."},
		{"an address, not admin", demo, http.MethodPost, "", map[string]any{"floating_network_id": ext, "floating_ip_address": "172.24.9.9"}, 403, "PolicyNotAuthorized", "create_floatingip:floating_ip_address"},
		{"a reader", viewer, http.MethodPost, "", map[string]any{"floating_network_id": ext}, 403, "PolicyNotAuthorized", "(rule:create_floatingip)"},
		{"fixed IP without port", demo, http.MethodPost, "", map[string]any{"floating_network_id": ext, "fixed_ip_address": "10.0.0.5"}, 400, "BadRequest", "cannot be specified without a port_id"},
		{"a port that has one", demo, http.MethodPost, "", map[string]any{"floating_network_id": ext, "port_id": lb["vip_port_id"]}, 409, "FloatingIPPortAlreadyAssociated", "Cannot associate floating IP 172.24."},
		{"another project's port", trainee, http.MethodPost, "", map[string]any{"floating_network_id": ext, "port_id": lb["vip_port_id"]}, 404, "PortNotFound", "could not be found"},
		{"another project's floating IP", trainee, http.MethodPut, "/" + f["id"].(string), map[string]any{"port_id": nil}, 404, "FloatingIPNotFound", "could not be found"},
		{"a reader's update", viewer, http.MethodPut, "/" + f["id"].(string), map[string]any{"port_id": nil}, 403, "PolicyNotAuthorized", "update_floatingip"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.who.must(tc.code, tc.method, "/network/v2.0/floatingips"+tc.path, map[string]any{"floatingip": tc.body})
			if typ, msg := r.neutronFault(t); typ != tc.typ || !strings.Contains(msg, tc.msg) {
				t.Errorf("got %s %q, want %s containing %q", typ, msg, tc.typ, tc.msg)
			}
		})
	}
	if got := list(trainee.must(http.StatusOK, http.MethodGet, "/network/v2.0/floatingips", nil).json(t), "floatingips"); len(got) != 0 {
		t.Errorf("another project lists %d floating IPs, want 0", len(got))
	}
	if got := list(demo.must(http.StatusOK, http.MethodGet, "/network/v2.0/floatingips", nil).json(t), "floatingips"); len(got) != 1 {
		t.Errorf("after the refused writes demo has %d floating IPs, want 1", len(got))
	}

	// The admin may ask for an address; one in use is a conflict.
	admin := login(t, c, "admin")
	addr := f["floating_ip_address"].(string)
	r := admin.must(http.StatusConflict, http.MethodPost, "/network/v2.0/floatingips",
		map[string]any{"floatingip": map[string]any{"floating_network_id": ext, "floating_ip_address": addr}})
	if typ, msg := r.neutronFault(t); typ != "IpAddressAlreadyAllocated" || !strings.Contains(msg, addr) {
		t.Errorf("an address in use: got %s %q", typ, msg)
	}
	got := admin.createFIP(map[string]any{"floating_network_id": ext, "floating_ip_address": "172.24.200.7"})
	if got["floating_ip_address"] != "172.24.200.7" {
		t.Errorf("admin's chosen address: got %v", got["floating_ip_address"])
	}

	// Disassociate: port_id null.
	f = obj(demo.must(http.StatusOK, http.MethodPut, "/network/v2.0/floatingips/"+f["id"].(string),
		map[string]any{"floatingip": map[string]any{"port_id": nil}}).json(t), "floatingip")
	if f["port_id"] != nil || f["status"] != fipDown {
		t.Errorf("after port_id null: got %v, want unassociated", f)
	}
}

func TestFloatingIPStateRoundTrip(t *testing.T) {
	c := New(Options{Seed: 3})
	demo := login(t, c, "demo")
	ext := demo.publicNetworkID()
	lb := demo.createLB("web", nil)
	on := demo.createFIP(map[string]any{"floating_network_id": ext, "port_id": lb["vip_port_id"]})
	off := demo.createFIP(map[string]any{"floating_network_id": ext, "description": "spare"})
	r := restarted(t, c, Options{})
	demo2 := login(t, r, "demo")
	for _, want := range []map[string]any{on, off} {
		got := obj(demo2.must(http.StatusOK, http.MethodGet, "/network/v2.0/floatingips/"+want["id"].(string), nil).json(t), "floatingip")
		for _, k := range []string{"floating_ip_address", "port_id", "fixed_ip_address", "status", "description"} {
			if got[k] != want[k] {
				t.Errorf("restored %s: got %s %v, want %v", want["id"], k, got[k], want[k])
			}
		}
	}
	// Their addresses stay taken: the admin cannot allocate them again.
	login(t, r, "admin").must(http.StatusConflict, http.MethodPost, "/network/v2.0/floatingips", map[string]any{"floatingip": map[string]any{
		"floating_network_id": ext, "floating_ip_address": off["floating_ip_address"]}})
}

// TestStateDanglingAddress: a state whose port or floating IP names a
// network, subnet or port it does not hold, or an address that is not
// one, is refused with an error naming the object.
func TestStateDanglingAddress(t *testing.T) {
	c := New(Options{Seed: 3})
	demo := login(t, c, "demo")
	lb := demo.createLB("web", nil)
	demo.createFIP(map[string]any{"floating_network_id": demo.publicNetworkID(), "port_id": lb["vip_port_id"]})
	data, err := c.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		spoil func(s *State) string // spoils s, returns whom the error names
		want  string
	}{
		{"a port's subnet", func(s *State) string { s.Ports[0].Subnet = "nope"; return "port " + s.Ports[0].ID }, "bad network, subnet or address"},
		{"a port's address", func(s *State) string { s.Ports[0].IP = "10.0.0"; return "port " + s.Ports[0].ID }, "bad network, subnet or address"},
		{"a floating IP's network", func(s *State) string {
			s.FloatingIPs[0].Network = "nope"
			return "floating ip " + s.FloatingIPs[0].ID
		}, "bad network, subnet or address"},
		{"a floating IP's port", func(s *State) string {
			s.FloatingIPs[0].Port = "nope"
			return "floating ip " + s.FloatingIPs[0].ID
		}, "port nope is not in the state"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ParseState(data)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Ports) == 0 || len(s.FloatingIPs) == 0 {
				t.Fatalf("the state holds %d ports and %d floating IPs, want some of each", len(s.Ports), len(s.FloatingIPs))
			}
			who := tc.spoil(s)
			_, err = NewFromState(Options{}, s)
			if err == nil || !strings.Contains(err.Error(), who+": "+tc.want) {
				t.Errorf("got %v, want an error saying %q", err, who+": "+tc.want)
			}
		})
	}
}

func TestQoSPoliciesAndExtensions(t *testing.T) {
	c := New(Options{Seed: 1, Trainees: 1})
	demo := login(t, c, "demo")
	trainee := login(t, c, "trainee1")
	pols := list(demo.must(http.StatusOK, http.MethodGet, "/network/v2.0/qos/policies", nil).json(t), "policies")
	names := map[string]bool{}
	for _, p := range pols {
		pm := p.(map[string]any)
		names[pm["name"].(string)] = pm["shared"].(bool)
		if pm["project_id"] != keystoneID("project", "demo") && pm["shared"] != true {
			t.Errorf("demo sees another project's policy %v", pm)
		}
	}
	if len(pols) != 3 || !names["public-default"] || names["bronze"] || names["silver"] {
		t.Errorf("demo's policies: got %v, want bronze, silver and the shared public-default", names)
	}
	tp := list(trainee.must(http.StatusOK, http.MethodGet, "/network/v2.0/qos/policies?shared=false", nil).json(t), "policies")
	if len(tp) != 2 || tp[0].(map[string]any)["id"] == pols[0].(map[string]any)["id"] {
		t.Errorf("trainee1's own policies: got %v, want its own two", tp)
	}
	id := pols[0].(map[string]any)["id"].(string)
	demo.must(http.StatusOK, http.MethodGet, "/network/v2.0/qos/policies/"+id, nil)
	trainee.must(http.StatusNotFound, http.MethodGet, "/network/v2.0/qos/policies/"+tp[0].(map[string]any)["id"].(string)[:8]+"x", nil)

	hasQoS := func() bool {
		for _, e := range list(demo.must(http.StatusOK, http.MethodGet, "/network/v2.0/extensions", nil).json(t), "extensions") {
			if e.(map[string]any)["alias"] == "qos" {
				return true
			}
		}
		return false
	}
	if !hasQoS() {
		t.Fatal("the extensions list lacks qos")
	}
	demo.must(http.StatusOK, http.MethodGet, "/network/v2.0/extensions/qos", nil)
	if err := c.SetFaults(Faults{NoQoS: true}); err != nil {
		t.Fatal(err)
	}
	if hasQoS() {
		t.Error("with no_qos the extensions list still has qos")
	}
	demo.must(http.StatusNotFound, http.MethodGet, "/network/v2.0/extensions/qos", nil)
	demo.must(http.StatusNotFound, http.MethodGet, "/network/v2.0/qos/policies", nil)
}

// TestVIPQoSValidated: Octavia checks a VIP QoS policy with Neutron: an
// unknown one is a 400 naming it, a known one is taken, and without the
// qos extension any is refused.
func TestVIPQoSValidated(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 1, Delay: time.Second})
		demo := login(t, c, "demo")
		pols := list(demo.must(http.StatusOK, http.MethodGet, "/network/v2.0/qos/policies?name=bronze", nil).json(t), "policies")
		bronze := pols[0].(map[string]any)["id"].(string)
		const unknown = "0b3c9a5e-0000-4000-8000-000000000000"
		r := demo.must(http.StatusBadRequest, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": map[string]any{
			"vip_subnet_id": demo.subnetID(), "vip_qos_policy_id": unknown}})
		if got := r.fault(t); got != "qos_policy "+unknown+" not found." {
			t.Errorf("an unknown policy: got %q", got)
		}
		lb := demo.createLB("web", map[string]any{"vip_qos_policy_id": bronze})
		if lb["vip_qos_policy_id"] != bronze {
			t.Errorf("a known policy: got %v, want %s", lb["vip_qos_policy_id"], bronze)
		}
		time.Sleep(2 * time.Second)
		if err := c.SetFaults(Faults{NoQoS: true}); err != nil {
			t.Fatal(err)
		}
		r = demo.must(http.StatusBadRequest, http.MethodPut, "/load-balancer/v2/lbaas/loadbalancers/"+lb["id"].(string),
			map[string]any{"loadbalancer": map[string]any{"vip_qos_policy_id": bronze}})
		if got := r.fault(t); !strings.Contains(got, "VIP QoS policy is not allowed in this deployment.") {
			t.Errorf("without the qos extension: got %q", got)
		}
		demo.must(http.StatusOK, http.MethodPut, "/load-balancer/v2/lbaas/loadbalancers/"+lb["id"].(string),
			map[string]any{"loadbalancer": map[string]any{"vip_qos_policy_id": nil}})
	})
}
