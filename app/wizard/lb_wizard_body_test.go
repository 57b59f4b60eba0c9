package wizard

import (
	"bytes"
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	model "github.com/octaview/octaview/app/internal/wizard"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// wizTestWizard is a wizard, on the kinds' own forms, with a named load
// balancer on subnet s1.
func wizTestWizard() *model.Model {
	w := model.New(wizardKinds())
	w.LB["name"], w.LB["vip_subnet_id"] = "web", "s1"
	return w
}

// addCookiePool adds a pool to w: LEAST_CONNECTIONS with APP_COOKIE
// persistence (cookie "sid"), a member on subnet at each of addrs (the
// second of weight 5) and a TCP monitor with max_retries_down 2.
func addCookiePool(w *model.Model, subnet string, addrs ...string) {
	p := w.NewPool()
	p.V["lb_algorithm"], p.V["session_persistence.type"], p.V["session_persistence.cookie_name"] = "LEAST_CONNECTIONS", "APP_COOKIE", "sid"
	for _, a := range addrs {
		m := w.NewMember()
		m["address"], m["subnet_id"] = a, subnet
		p.Members = append(p.Members, m)
	}
	p.Members[1]["weight"] = "5"
	p.Monitor["type"], p.Monitor["max_retries_down"] = "TCP", "2"
	w.Pools = append(w.Pools, p)
}

// apiPolicy is an L7 policy that redirects to w's second pool what
// starts with /api and does not carry the header X-Beta: 1 (a rule
// inverted).
func apiPolicy(w *model.Model) model.Policy {
	pol := w.NewPolicy()
	pol.V["action"], pol.V["_pool"] = "REDIRECT_TO_POOL", "1"
	pol.Rules[0]["value"] = "/api"
	hdr := w.NewRule()
	hdr["type"], hdr["compare_type"], hdr["key"], hdr["value"], hdr["invert"] = "HEADER", "EQUAL_TO", "X-Beta", "1", "true"
	pol.Rules = append(pol.Rules, hdr)
	return pol
}

// wizJSONEqual compares a body with the JSON it should be.
func wizJSONEqual(t *testing.T, got octavia.Object, want string) {
	t.Helper()
	gb, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	var g, w any
	if err := json.Unmarshal(gb, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("the test's JSON: %v", err)
	}
	if !reflect.DeepEqual(g, w) {
		pretty, _ := json.MarshalIndent(g, "", "  ")
		t.Errorf("got %s\nwant %s", pretty, want)
	}
}

func TestWizardBody(t *testing.T) {
	const defaultMonitor = `{"type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 3, "http_method": "GET", "url_path": "/", "expected_codes": "200"}`
	tests := []struct {
		name  string
		setup func(w *model.Model)
		want  string
	}{{
		name:  "a bare load balancer: no listeners, no pools",
		setup: func(w *model.Model) { w.LB["description"] = "front" },
		want:  `{"name": "web", "description": "front", "vip_subnet_id": "s1"}`,
	}, {
		name: "a fixed VIP address, tags, flavor and zone",
		setup: func(w *model.Model) {
			w.LB["vip_address"], w.LB["tags"], w.LB["flavor_id"], w.LB["availability_zone"] = "10.0.0.50", "prod, web", "f1", "az1"
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "vip_address": "10.0.0.50", "tags": ["prod", "web"], "flavor_id": "f1", "availability_zone": "az1"}`,
	}, {
		name: "an existing port: no subnet or address sent",
		setup: func(w *model.Model) {
			w.LB["_vip"], w.LB["vip_port_id"], w.LB["vip_address"] = "port", "p1", "10.0.0.50"
		},
		want: `{"name": "web", "vip_port_id": "p1"}`,
	}, {
		name: "the defaults: HTTP :80, ROUND_ROBIN, HTTP monitor GET / 200 every 5 s",
		setup: func(w *model.Model) {
			w.Listeners = append(w.Listeners, w.NewListener())
			w.Pools = append(w.Pools, w.NewPool())
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [{"protocol": "HTTP", "protocol_port": 80,
			"default_pool": {"name": "pool-1", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "healthmonitor": ` + defaultMonitor + `}}]}`,
	}, {
		name: "TLS fields only for TERMINATED_HTTPS",
		setup: func(w *model.Model) {
			plain := w.NewListener()
			plain["default_tls_container_ref"], plain["sni_container_refs"] = "https://barbican/c/1", "https://barbican/c/2"
			w.Listeners = append(w.Listeners, plain)
			tls := w.NewListener()
			tls["protocol"], tls["protocol_port"] = "TERMINATED_HTTPS", "443"
			tls["default_tls_container_ref"], tls["sni_container_refs"] = "https://barbican/c/1", "https://barbican/c/2"
			w.Listeners = append(w.Listeners, tls)
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [{"protocol": "HTTP", "protocol_port": 80},
			{"protocol": "TERMINATED_HTTPS", "protocol_port": 443, "default_tls_container_ref": "https://barbican/c/1", "sni_container_refs": ["https://barbican/c/2"]}]}`,
	}, {
		name: "members and monitor nested in the default pool, typed",
		setup: func(w *model.Model) {
			l := w.NewListener()
			l["connection_limit"], l["timeout_client_data"], l["allowed_cidrs"] = "100", "30000", "10.0.0.0/8\n192.168.0.0/16"
			w.Listeners = append(w.Listeners, l)
			addCookiePool(w, "s1", "10.0.0.11", "10.0.0.12")
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [{"protocol": "HTTP", "protocol_port": 80, "connection_limit": 100,
			"timeout_client_data": 30000, "allowed_cidrs": ["10.0.0.0/8", "192.168.0.0/16"],
			"default_pool": {"name": "pool-1", "protocol": "HTTP", "lb_algorithm": "LEAST_CONNECTIONS",
				"session_persistence": {"type": "APP_COOKIE", "cookie_name": "sid"},
				"members": [{"address": "10.0.0.11", "protocol_port": 80, "weight": 1, "subnet_id": "s1"},
					{"address": "10.0.0.12", "protocol_port": 80, "weight": 5, "subnet_id": "s1"}],
				"healthmonitor": {"type": "TCP", "delay": 5, "timeout": 3, "max_retries": 3, "max_retries_down": 2}}}]}`,
	}, {
		name: "no monitor: the pool has none",
		setup: func(w *model.Model) {
			w.Listeners = append(w.Listeners, w.NewListener())
			p := w.NewPool()
			p.Monitor = nil
			w.Pools = append(w.Pools, p)
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [{"protocol": "HTTP", "protocol_port": 80,
			"default_pool": {"name": "pool-1", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}}]}`,
	}, {
		name: "L7 policies and rules nested in their listener; a redirect pool by name, defined in pools",
		setup: func(w *model.Model) {
			w.Listeners = append(w.Listeners, w.NewListener())
			w.Pools = append(w.Pools, w.NewPool())
			w.Pools = append(w.Pools, w.NewPool())
			w.Pools[0].Monitor, w.Pools[1].Monitor = nil, nil
			rej := w.NewPolicy()
			rej.V["action"], rej.V["position"], rej.V["redirect_url"] = "REJECT", "1", "http://unused"
			rej.Rules[0]["value"] = "/admin"
			w.Policies = append(w.Policies, apiPolicy(w), rej)
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [{"protocol": "HTTP", "protocol_port": 80,
			"default_pool": {"name": "pool-1", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"},
			"l7policies": [
				{"action": "REDIRECT_TO_POOL", "redirect_pool": {"name": "pool-2"}, "rules": [
					{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"},
					{"type": "HEADER", "compare_type": "EQUAL_TO", "key": "X-Beta", "value": "1", "invert": true}]},
				{"action": "REJECT", "position": 1, "rules": [{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/admin"}]}]}],
			"pools": [{"name": "pool-2", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}]}`,
	}, {
		name: "a pool shared by two listeners: in full once, by name after",
		setup: func(w *model.Model) {
			w.Listeners = append(w.Listeners, w.NewListener())
			w.Listeners = append(w.Listeners, w.NewListener())
			w.Pools = append(w.Pools, w.NewPool())
			w.Pools[0].Monitor = nil
			w.Listeners[1]["_pool"] = "0"
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [
			{"protocol": "HTTP", "protocol_port": 80, "default_pool": {"name": "pool-1", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}},
			{"protocol": "HTTP", "protocol_port": 8080, "default_pool": {"name": "pool-1"}}]}`,
	}, {
		name: "a pool of no listener, a listener of no pool",
		setup: func(w *model.Model) {
			w.Pools = append(w.Pools, w.NewPool())
			w.Listeners = append(w.Listeners, w.NewListener())
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [{"protocol": "HTTP", "protocol_port": 80}],
			"pools": [{"name": "pool-1", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "healthmonitor": ` + defaultMonitor + `}]}`,
	}, {
		name: "a removed pool is no one's default pool any more",
		setup: func(w *model.Model) {
			w.Listeners = append(w.Listeners, w.NewListener())
			w.Listeners = append(w.Listeners, w.NewListener())
			w.Pools = append(w.Pools, w.NewPool())
			w.Pools = append(w.Pools, w.NewPool())
			w.Pools[1].Monitor = nil
			w.RemovePool(0)
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [{"protocol": "HTTP", "protocol_port": 80},
			{"protocol": "HTTP", "protocol_port": 8080, "default_pool": {"name": "pool-2", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}}]}`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := wizTestWizard()
			tt.setup(w)
			body, err := w.Body()
			if err != nil {
				t.Fatalf("body: %v", err)
			}
			wizJSONEqual(t, body, tt.want)
		})
	}
}

func TestWizardBodyNotANumber(t *testing.T) {
	w := wizTestWizard()
	w.Listeners = append(w.Listeners, w.NewListener())
	w.Listeners[0]["protocol_port"] = "eighty"
	if _, err := w.Body(); err == nil || !strings.Contains(err.Error(), "eighty") {
		t.Errorf("got %v, want an error naming %q", err, "eighty")
	}
}

func TestWizardCheck(t *testing.T) {
	tests := []struct {
		name  string
		step  int
		setup func(w *model.Model)
		want  map[string]string // input id -> a word of its message
	}{
		{"the first step, filled", model.StepLB, func(w *model.Model) {}, map[string]string{}},
		{"no subnet", model.StepLB, func(w *model.Model) { w.LB["vip_subnet_id"] = "" }, map[string]string{"create-subnet": "required"}},
		{"no port for a VIP by port", model.StepLB, func(w *model.Model) { w.LB["_vip"] = "port" }, map[string]string{"create-vip-port-id": "required"}},
		{"a port that is no number", model.StepListeners, func(w *model.Model) {
			w.Listeners = append(w.Listeners, w.NewListener())
			w.Listeners[0]["protocol_port"] = "x"
		}, map[string]string{"wz-listener-0-protocol-port": "whole number"}},
		{"TERMINATED_HTTPS needs its certificate", model.StepListeners, func(w *model.Model) {
			w.Listeners = append(w.Listeners, w.NewListener())
			w.Listeners[0]["protocol"] = "TERMINATED_HTTPS"
		}, map[string]string{"wz-listener-0-default-tls-container-ref": "certificate"}},
		{"pool names unique", model.StepPools, func(w *model.Model) {
			w.Pools = append(w.Pools, w.NewPool())
			w.Pools = append(w.Pools, w.NewPool())
			w.Pools[1].V["name"] = "pool-1"
		}, map[string]string{"wz-pool-1-name": "unique"}},
		{"APP_COOKIE needs its cookie", model.StepPools, func(w *model.Model) {
			w.Pools = append(w.Pools, w.NewPool())
			w.Pools[0].V["session_persistence.type"] = "APP_COOKIE"
		}, map[string]string{"wz-pool-0-session-persistence-cookie-name": "required"}},
		{"a member needs its address", model.StepMembers, func(w *model.Model) {
			w.Pools = append(w.Pools, w.NewPool())
			w.Pools[0].Members = append(w.Pools[0].Members, w.NewMember())
		}, map[string]string{"wz-member-0-0-address": "required"}},
		{"a rule needs its value", model.StepL7, func(w *model.Model) {
			w.Listeners = append(w.Listeners, w.NewListener())
			w.Policies = append(w.Policies, w.NewPolicy())
			w.Policies[0].V["redirect_url"] = "https://example.com/"
		}, map[string]string{"wz-rule-0-0-value": "required"}},
		{"a redirect to no pool", model.StepL7, func(w *model.Model) {
			w.Listeners = append(w.Listeners, w.NewListener())
			w.Policies = append(w.Policies, w.NewPolicy())
			w.Policies[0].V["action"] = "REDIRECT_TO_POOL"
			w.Policies[0].Rules[0]["value"] = "/"
		}, map[string]string{"wz-policy-0-pool": "pool"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := wizTestWizard()
			w.LB["vip_subnet_id"] = "6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8a7f" // Octavia's rules want a UUID
			tt.setup(w)
			got := w.Check(tt.step)
			if len(got) != len(tt.want) {
				t.Errorf("got %v, want errors on %v", got, tt.want)
			}
			for id, word := range tt.want {
				if !strings.Contains(got[id], word) {
					t.Errorf("%s: got %q, want it to say %q", id, got[id], word)
				}
			}
		})
	}
}

func TestWizardStepOfFault(t *testing.T) {
	tests := []struct {
		fault string
		want  int
	}{
		{"Validation failure: VIP address 192.168.9.9 is not in subnet 5e0d.", model.StepLB},
		{"The selected flavor is not allowed in this deployment: f1", model.StepLB},
		{"An SNI or default certificate container reference must be provided for TERMINATED_HTTPS listeners.", model.StepListeners},
		{"Pool names must be unique when creating a fully populated loadbalancer.", model.StepPools},
		{"Another member on this pool is already using ip 10.0.0.11 on protocol_port 80", model.StepMembers},
		{"Validation failure: The timeout value must be less than or equal to the delay value.", model.StepMonitors},
		{"Invalid L7 Policy arguments: A redirect_url must be provided with a REDIRECT_TO_URL action.", model.StepL7},
		{"Error parsing L7Rule: key must be specified when using the HEADER type.", model.StepL7},
		{"Quota has been met for resources: Something", model.StepReview},
	}
	w := wizTestWizard()
	for _, tt := range tests {
		if got := w.StepOfFault(tt.fault); got != tt.want {
			t.Errorf("%q: got step %s, want %s", tt.fault, model.Titles[got], model.Titles[tt.want])
		}
	}
}

func TestWizardWritten(t *testing.T) {
	w := wizTestWizard()
	if got, want := model.Written(wizMustBody(t, w), nil), `POST load balancer "web", VIP subnet s1`; got != want {
		t.Errorf("bare: got %q, want %q", got, want)
	}
	w.Listeners = append(w.Listeners, w.NewListener())
	w.Listeners = append(w.Listeners, w.NewListener())
	w.Pools = append(w.Pools, w.NewPool())
	w.Listeners[1]["_pool"] = "0"
	w.Pools[0].Members = []form.Values{{"address": "10.0.0.1", "protocol_port": "80"}, {"address": "10.0.0.2", "protocol_port": "80"}}
	w.Policies = append(w.Policies, w.NewPolicy())
	want := `POST load balancer "web", VIP subnet s1 with 2 listeners, 1 pool, 2 members, 1 health monitor, 1 L7 policy, 1 rule`
	if got := model.Written(wizMustBody(t, w), nil); got != want {
		t.Errorf("tree: got %q, want %q", got, want)
	}
}

func wizMustBody(t *testing.T, w *model.Model) octavia.Object {
	t.Helper()
	b, err := w.Body()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestWizardJSONIsSent creates a full tree in the lab through the client
// (a listener with its default pool, two members and a monitor and a
// redirect policy with its rule; a second pool of no listener): the
// request's body is the review's JSON byte for byte (compacted), it is the
// only write, and the lab accepts it.
func TestWizardJSONIsSent(t *testing.T) {
	c, rec := labtest.Record(t, labcloud.New(labcloud.Options{}), "demo", "demo")
	subs, err := octavia.Collect(c.Network().Subnets(t.Context(), subnets.ListOpts{}))
	if err != nil || len(subs) == 0 {
		t.Fatalf("subnets: got %d, %v; want some", len(subs), err)
	}
	w := wizTestWizard()
	w.LB["vip_subnet_id"] = subs[0].ID
	w.Listeners = append(w.Listeners, w.NewListener())
	w.Pools = append(w.Pools, w.NewPool())
	w.Pools[0].Members = []form.Values{{"address": "10.0.0.11", "protocol_port": "80", "weight": "1"}, {"address": "10.0.0.12", "protocol_port": "80", "weight": "1"}}
	pol := w.NewPolicy()
	pol.V["redirect_url"], pol.Rules[0]["value"] = "https://example.com/", "/old"
	w.Policies = append(w.Policies, pol)
	// A pool of no listener goes in "pools"; a REDIRECT_TO_POOL policy names
	// it, as Octavia resolves it within the request.
	w.Pools = append(w.Pools, w.NewPool())
	w.Pools[1].Monitor = nil
	toPool := w.NewPolicy()
	toPool.V["action"], toPool.V["_pool"] = "REDIRECT_TO_POOL", "1"
	toPool.Rules[0]["value"] = "/api"
	w.Policies = append(w.Policies, toPool)
	body := wizMustBody(t, w)
	shown := wizardJSON(body)

	created, _, err := c.Create(t.Context(), octavia.KindLoadBalancer, "", body)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	var writes []string
	var sent [][]byte
	for _, r := range rec.Matching("", "") {
		if r.Method != http.MethodGet && strings.Contains(r.Path, "/lbaas/") {
			writes, sent = append(writes, r.Method+" "+r.Path), append(sent, r.Body)
		}
	}
	lb, err := c.Get(t.Context(), tab.LBRef(created.Text("id")))
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if len(writes) != 1 || !strings.HasPrefix(writes[0], "POST ") || !strings.HasSuffix(writes[0], "/lbaas/loadbalancers") {
		t.Fatalf("writes: got %v, want one POST of loadbalancers", writes)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(shown)); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(sent[0])); got != compact.String() {
		t.Errorf("sent: got %s\nwant the JSON shown: %s", got, compact.String())
	}
	policies, err := octavia.Collect(c.List(t.Context(), octavia.KindL7Policy, "", octavia.ListQuery{Filters: map[string][]string{"listener_id": lb.IDs("listeners")}}))
	if err != nil || len(lb.IDs("listeners")) != 1 || len(lb.IDs("pools")) != 2 || len(policies) != 2 {
		t.Fatalf("created: got %d listeners, %d pools, %d L7 policies (%v); want 1 listener with 2 L7 policies and 2 pools",
			len(lb.IDs("listeners")), len(lb.IDs("pools")), len(policies), err)
	}
	redirected := 0
	for _, pol := range policies {
		if pol.Text("action") != "REDIRECT_TO_POOL" {
			continue
		}
		redirected++
		p, err := c.Get(t.Context(), octavia.Ref{Kind: octavia.KindPool, ID: pol.Text("redirect_pool_id")})
		if err != nil || p.Text("name") != "pool-2" {
			t.Errorf("redirect pool: got %+v, %v; want pool-2", p, err)
		}
	}
	if redirected != 1 {
		t.Errorf("got %d REDIRECT_TO_POOL policies, want 1", redirected)
	}
}

// TestWizardItemCheck: Octavia's rules (the kind's Validate) see the
// values that would be sent, by attribute; their word on a field of the
// item shows on its input, their word on an attribute the one-request
// create nests (loadbalancer_id) is left out.
func TestWizardItemCheck(t *testing.T) {
	var saw form.Values
	kind := model.New(wizardKinds()).Kinds().Listener
	kind.Validate = func(v form.Values, create bool) form.Errs {
		saw = v
		return form.Errs{"loadbalancer_id": "Load balancer is required.", "protocol_port": "Port must be 1 to 65535.",
			"default_tls_container_ref": "not shown"}
	}
	it := model.Item{Step: model.StepListeners, Kind: kind, ID: "wz-listener-0",
		V: form.Values{"protocol": "HTTP", "protocol_port": "80", "name": " web ", "default_tls_container_ref": "hidden", "_pool": "0"}}
	got := it.Check()
	want := map[string]string{"wz-listener-0-protocol-port": "Port must be 1 to 65535."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("errors: got %v, want %v", got, want)
	}
	wantSaw := form.Values{"protocol": "HTTP", "protocol_port": "80", "name": "web"}
	if !reflect.DeepEqual(saw, wantSaw) {
		t.Errorf("the rules saw %v, want %v (shown fields with a value, trimmed; no wizard keys)", saw, wantSaw)
	}
}

// TestWizardFieldsAreTheKinds': the wizard's items are the kinds' own form
// fields, but what the nesting gives and admin_state_up; its own defaults
// are the ones New says (a pool's name required, a policy redirecting).
func TestWizardFieldsAreTheKinds(t *testing.T) {
	k := model.New(wizardKinds()).Kinds()
	for _, tc := range []struct {
		name    string
		wizard  []form.Field
		res     *console.Resource
		without []string
	}{
		{"load balancer", k.LB.Fields, console.LBResource, nil},
		{"listener", k.Listener.Fields, console.ListenerRes, []string{"loadbalancer_id", "default_pool_id"}},
		{"pool", k.Pool.Fields, console.PoolRes, []string{"loadbalancer_id", "listener_id"}},
		{"member", k.Member.Fields, console.MemberRes, nil},
		{"monitor", k.Monitor.Fields, console.MonitorRes, []string{"pool_id"}},
		{"policy", k.Policy.Fields, console.L7policyRes, []string{"listener_id", "redirect_pool_id"}},
		{"rule", k.Rule.Fields, console.L7ruleRes, nil},
	} {
		want := form.Keys(form.Without(tc.res.Fields, append(tc.without, "admin_state_up")...))
		if got := form.Keys(tc.wizard); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got fields %v, want the kind's %v", tc.name, got, want)
		}
	}
	if f := k.Pool.Fields[slices.IndexFunc(k.Pool.Fields, func(f form.Field) bool { return f.Key == "name" })]; !f.Required {
		t.Errorf("a wizard pool's name is not required")
	}
	if slices.IndexFunc(console.PoolRes.Fields, func(f form.Field) bool { return f.Key == "name" && f.Required }) >= 0 {
		t.Errorf("New changed the pool form's own field")
	}
	if v := model.New(wizardKinds()).NewPolicy().V; v["action"] != "REDIRECT_TO_URL" {
		t.Errorf("a new wizard policy's action: got %q, want REDIRECT_TO_URL", v["action"])
	}
	if got := form.Defaults(console.MonitorRes.Fields); got["timeout"] != "3" || got["delay"] != "5" {
		t.Errorf("the monitor form's defaults: got %v, want delay 5, timeout 3 (the wizard's too)", got)
	}
}
