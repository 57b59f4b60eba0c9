package app

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/labcloud"
)

// wizTestWizard is a wizard with a named load balancer on subnet s1.
func wizTestWizard() *wizard {
	w := &wizard{lb: wizDefaults(wizLBFields)}
	w.lb["_vip"], w.lb["name"], w.lb["vip_subnet_id"] = "subnet", "web", "s1"
	return w
}

// wizJSONEqual compares a body with the JSON it should be.
func wizJSONEqual(t *testing.T, got object, want string) {
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
		setup func(w *wizard)
		want  string
	}{{
		name:  "a bare load balancer: no listeners, no pools",
		setup: func(w *wizard) { w.lb["description"] = "front" },
		want:  `{"name": "web", "description": "front", "vip_subnet_id": "s1"}`,
	}, {
		name: "a fixed VIP address, tags, flavor and zone",
		setup: func(w *wizard) {
			w.lb["vip_address"], w.lb["tags"], w.lb["flavor_id"], w.lb["availability_zone"] = "10.0.0.50", "prod, web", "f1", "az1"
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "vip_address": "10.0.0.50", "tags": ["prod", "web"], "flavor_id": "f1", "availability_zone": "az1"}`,
	}, {
		name: "an existing port: no subnet or address sent",
		setup: func(w *wizard) {
			w.lb["_vip"], w.lb["vip_port_id"], w.lb["vip_address"] = "port", "p1", "10.0.0.50"
		},
		want: `{"name": "web", "vip_port_id": "p1"}`,
	}, {
		name: "the defaults: HTTP :80, ROUND_ROBIN, HTTP monitor GET / 200 every 5 s",
		setup: func(w *wizard) {
			w.listeners = append(w.listeners, w.newListener())
			w.pools = append(w.pools, w.newPool())
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [{"protocol": "HTTP", "protocol_port": 80,
			"default_pool": {"name": "pool-1", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "healthmonitor": ` + defaultMonitor + `}}]}`,
	}, {
		name: "TLS fields only for TERMINATED_HTTPS",
		setup: func(w *wizard) {
			plain := w.newListener()
			plain["default_tls_container_ref"], plain["sni_container_refs"] = "https://barbican/c/1", "https://barbican/c/2"
			w.listeners = append(w.listeners, plain)
			tls := w.newListener()
			tls["protocol"], tls["protocol_port"] = "TERMINATED_HTTPS", "443"
			tls["default_tls_container_ref"], tls["sni_container_refs"] = "https://barbican/c/1", "https://barbican/c/2"
			w.listeners = append(w.listeners, tls)
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [{"protocol": "HTTP", "protocol_port": 80},
			{"protocol": "TERMINATED_HTTPS", "protocol_port": 443, "default_tls_container_ref": "https://barbican/c/1", "sni_container_refs": ["https://barbican/c/2"]}]}`,
	}, {
		name: "members and monitor nested in the default pool, typed",
		setup: func(w *wizard) {
			l := w.newListener()
			l["connection_limit"], l["timeout_client_data"], l["allowed_cidrs"] = "100", "30000", "10.0.0.0/8\n192.168.0.0/16"
			w.listeners = append(w.listeners, l)
			p := w.newPool()
			p.v["lb_algorithm"], p.v["session_persistence.type"], p.v["session_persistence.cookie_name"] = "LEAST_CONNECTIONS", "APP_COOKIE", "sid"
			for _, a := range []string{"10.0.0.11", "10.0.0.12"} {
				m := wizDefaults(wizMemberFields)
				m["address"], m["subnet_id"] = a, "s1"
				p.members = append(p.members, m)
			}
			p.members[1]["weight"] = "5"
			p.monitor["type"], p.monitor["max_retries_down"] = "TCP", "2"
			w.pools = append(w.pools, p)
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
		setup: func(w *wizard) {
			w.listeners = append(w.listeners, w.newListener())
			p := w.newPool()
			p.monitor = nil
			w.pools = append(w.pools, p)
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [{"protocol": "HTTP", "protocol_port": 80,
			"default_pool": {"name": "pool-1", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}}]}`,
	}, {
		name: "L7 policies and rules nested in their listener; a redirect pool by name, defined in pools",
		setup: func(w *wizard) {
			w.listeners = append(w.listeners, w.newListener())
			w.pools = append(w.pools, w.newPool())
			w.pools = append(w.pools, w.newPool())
			w.pools[0].monitor, w.pools[1].monitor = nil, nil
			pol := w.newPolicy()
			pol.v["action"], pol.v["_pool"] = "REDIRECT_TO_POOL", "1"
			pol.rules[0]["value"] = "/api"
			hdr := wizDefaults(wizRuleFields)
			hdr["type"], hdr["compare_type"], hdr["key"], hdr["value"], hdr["invert"] = "HEADER", "EQUAL_TO", "X-Beta", "1", "true"
			pol.rules = append(pol.rules, hdr)
			rej := w.newPolicy()
			rej.v["action"], rej.v["position"], rej.v["redirect_url"] = "REJECT", "1", "http://unused"
			rej.rules[0]["value"] = "/admin"
			w.policies = append(w.policies, pol, rej)
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
		setup: func(w *wizard) {
			w.listeners = append(w.listeners, w.newListener())
			w.listeners = append(w.listeners, w.newListener())
			w.pools = append(w.pools, w.newPool())
			w.pools[0].monitor = nil
			w.listeners[1]["_pool"] = "0"
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [
			{"protocol": "HTTP", "protocol_port": 80, "default_pool": {"name": "pool-1", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}},
			{"protocol": "HTTP", "protocol_port": 8080, "default_pool": {"name": "pool-1"}}]}`,
	}, {
		name: "a pool of no listener, a listener of no pool",
		setup: func(w *wizard) {
			w.pools = append(w.pools, w.newPool())
			w.listeners = append(w.listeners, w.newListener())
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [{"protocol": "HTTP", "protocol_port": 80}],
			"pools": [{"name": "pool-1", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "healthmonitor": ` + defaultMonitor + `}]}`,
	}, {
		name: "a removed pool is no one's default pool any more",
		setup: func(w *wizard) {
			w.listeners = append(w.listeners, w.newListener())
			w.listeners = append(w.listeners, w.newListener())
			w.pools = append(w.pools, w.newPool())
			w.pools = append(w.pools, w.newPool())
			w.pools[1].monitor = nil
			w.removePool(0)
		},
		want: `{"name": "web", "vip_subnet_id": "s1", "listeners": [{"protocol": "HTTP", "protocol_port": 80},
			{"protocol": "HTTP", "protocol_port": 8080, "default_pool": {"name": "pool-2", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}}]}`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := wizTestWizard()
			tt.setup(w)
			body, err := w.body()
			if err != nil {
				t.Fatalf("body: %v", err)
			}
			wizJSONEqual(t, body, tt.want)
		})
	}
}

func TestWizardBodyNotANumber(t *testing.T) {
	w := wizTestWizard()
	w.listeners = append(w.listeners, w.newListener())
	w.listeners[0]["protocol_port"] = "eighty"
	if _, err := w.body(); err == nil || !strings.Contains(err.Error(), "eighty") {
		t.Errorf("got %v, want an error naming %q", err, "eighty")
	}
}

func TestWizardCheck(t *testing.T) {
	tests := []struct {
		name  string
		step  int
		setup func(w *wizard)
		want  map[string]string // input id -> a word of its message
	}{
		{"the first step, filled", wizStepLB, func(w *wizard) {}, map[string]string{}},
		{"no name", wizStepLB, func(w *wizard) { w.lb["name"] = " " }, map[string]string{"create-name": "required"}},
		{"no port for a VIP by port", wizStepLB, func(w *wizard) { w.lb["_vip"] = "port" }, map[string]string{"create-vip-port-id": "required"}},
		{"a port that is no number", wizStepListeners, func(w *wizard) {
			w.listeners = append(w.listeners, w.newListener())
			w.listeners[0]["protocol_port"] = "x"
		}, map[string]string{"wz-listener-0-protocol-port": "whole number"}},
		{"TERMINATED_HTTPS needs its certificate", wizStepListeners, func(w *wizard) {
			w.listeners = append(w.listeners, w.newListener())
			w.listeners[0]["protocol"] = "TERMINATED_HTTPS"
		}, map[string]string{"wz-listener-0-default-tls-container-ref": "required"}},
		{"pool names unique", wizStepPools, func(w *wizard) {
			w.pools = append(w.pools, w.newPool())
			w.pools = append(w.pools, w.newPool())
			w.pools[1].v["name"] = "pool-1"
		}, map[string]string{"wz-pool-1-name": "unique"}},
		{"APP_COOKIE needs its cookie", wizStepPools, func(w *wizard) {
			w.pools = append(w.pools, w.newPool())
			w.pools[0].v["session_persistence.type"] = "APP_COOKIE"
		}, map[string]string{"wz-pool-0-session-persistence-cookie-name": "required"}},
		{"a member needs its address", wizStepMembers, func(w *wizard) {
			w.pools = append(w.pools, w.newPool())
			w.pools[0].members = append(w.pools[0].members, wizDefaults(wizMemberFields))
		}, map[string]string{"wz-member-0-0-address": "required"}},
		{"a rule needs its value", wizStepL7, func(w *wizard) {
			w.listeners = append(w.listeners, w.newListener())
			w.policies = append(w.policies, w.newPolicy())
			w.policies[0].v["redirect_url"] = "https://example.com/"
		}, map[string]string{"wz-rule-0-0-value": "required"}},
		{"a redirect to no pool", wizStepL7, func(w *wizard) {
			w.listeners = append(w.listeners, w.newListener())
			w.policies = append(w.policies, w.newPolicy())
			w.policies[0].v["action"] = "REDIRECT_TO_POOL"
			w.policies[0].rules[0]["value"] = "/"
		}, map[string]string{"wz-policy-0-pool": "pool"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := wizTestWizard()
			w.lb["vip_subnet_id"] = "6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8a7f" // Octavia's rules want a UUID
			tt.setup(w)
			got := w.check(tt.step)
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
		{"Validation failure: VIP address 192.168.9.9 is not in subnet 5e0d.", wizStepLB},
		{"The selected flavor is not allowed in this deployment: f1", wizStepLB},
		{"An SNI or default certificate container reference must be provided for TERMINATED_HTTPS listeners.", wizStepListeners},
		{"Pool names must be unique when creating a fully populated loadbalancer.", wizStepPools},
		{"Another member on this pool is already using ip 10.0.0.11 on protocol_port 80", wizStepMembers},
		{"Validation failure: The timeout value must be less than or equal to the delay value.", wizStepMonitors},
		{"Invalid L7 Policy arguments: A redirect_url must be provided with a REDIRECT_TO_URL action.", wizStepL7},
		{"Error parsing L7Rule: key must be specified when using the HEADER type.", wizStepL7},
		{"Quota has been met for resources: Something", wizStepReview},
	}
	w := wizTestWizard()
	for _, tt := range tests {
		if got := w.stepOfFault(tt.fault); got != tt.want {
			t.Errorf("%q: got step %s, want %s", tt.fault, wizStepTitles[got], wizStepTitles[tt.want])
		}
	}
}

func TestWizardWritten(t *testing.T) {
	w := wizTestWizard()
	if got, want := wizardWritten(wizMustBody(t, w)), `POST load balancer "web", VIP subnet s1`; got != want {
		t.Errorf("bare: got %q, want %q", got, want)
	}
	w.listeners = append(w.listeners, w.newListener())
	w.listeners = append(w.listeners, w.newListener())
	w.pools = append(w.pools, w.newPool())
	w.listeners[1]["_pool"] = "0"
	w.pools[0].members = []formValues{{"address": "10.0.0.1", "protocol_port": "80"}, {"address": "10.0.0.2", "protocol_port": "80"}}
	w.policies = append(w.policies, w.newPolicy())
	want := `POST load balancer "web", VIP subnet s1 with 2 listeners, 1 pool, 2 members, 1 health monitor, 1 L7 policy, 1 rule`
	if got := wizardWritten(wizMustBody(t, w)); got != want {
		t.Errorf("tree: got %q, want %q", got, want)
	}
}

func wizMustBody(t *testing.T, w *wizard) object {
	t.Helper()
	b, err := w.body()
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
	cloud := labcloud.New(labcloud.Options{})
	var sent [][]byte
	var writes []string
	c, err := octavia.New(t.Context(), octavia.Config{AuthURL: "http://lab.test/identity/v3", Username: "demo", Password: "demo",
		UserDomainName: "Default", ProjectName: "demo", ProjectDomainName: "Default",
		HTTPClient: &http.Client{Transport: wizRecorder{labcloud.Transport(cloud), func(r *http.Request, body []byte) {
			if r.Method != http.MethodGet && strings.Contains(r.URL.Path, "/lbaas/") {
				writes = append(writes, r.Method+" "+r.URL.Path)
				sent = append(sent, body)
			}
		}}}})
	if err != nil {
		t.Fatal(err)
	}
	subs, err := octavia.Collect(c.Subnets(t.Context(), subnets.ListOpts{}))
	if err != nil || len(subs) == 0 {
		t.Fatalf("subnets: got %d, %v; want some", len(subs), err)
	}
	w := wizTestWizard()
	w.lb["vip_subnet_id"] = subs[0].ID
	w.listeners = append(w.listeners, w.newListener())
	w.pools = append(w.pools, w.newPool())
	w.pools[0].members = []formValues{{"address": "10.0.0.11", "protocol_port": "80", "weight": "1"}, {"address": "10.0.0.12", "protocol_port": "80", "weight": "1"}}
	pol := w.newPolicy()
	pol.v["redirect_url"], pol.rules[0]["value"] = "https://example.com/", "/old"
	w.policies = append(w.policies, pol)
	// A pool of no listener goes in "pools"; a REDIRECT_TO_POOL policy names
	// it, as Octavia resolves it within the request.
	w.pools = append(w.pools, w.newPool())
	w.pools[1].monitor = nil
	toPool := w.newPolicy()
	toPool.v["action"], toPool.v["_pool"] = "REDIRECT_TO_POOL", "1"
	toPool.rules[0]["value"] = "/api"
	w.policies = append(w.policies, toPool)
	rb := requestBody{Envelope: "loadbalancer", Body: wizMustBody(t, w)}
	shown := wizardJSON(rb)

	lb, _, err := c.CreateLoadBalancer(t.Context(), rb)
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
	if len(lb.Listeners) != 1 || len(lb.Pools) != 2 || len(lb.Listeners[0].L7Policies) != 2 {
		t.Fatalf("created: got %d listeners, %d pools, want 1 listener with 2 L7 policies and 2 pools", len(lb.Listeners), len(lb.Pools))
	}
	redirected := 0
	for _, ref := range lb.Listeners[0].L7Policies {
		pol, err := c.GetL7Policy(t.Context(), ref.ID)
		if err != nil {
			t.Fatal(err)
		}
		if pol.Action != "REDIRECT_TO_POOL" {
			continue
		}
		redirected++
		p, err := c.GetPool(t.Context(), pol.RedirectPoolID)
		if err != nil || p.Name != "pool-2" {
			t.Errorf("redirect pool: got %+v, %v; want pool-2", p, err)
		}
	}
	if redirected != 1 {
		t.Errorf("got %d REDIRECT_TO_POOL policies, want 1", redirected)
	}
}

// wizRecorder passes requests on and hands each one's body to seen.
type wizRecorder struct {
	next http.RoundTripper
	seen func(r *http.Request, body []byte)
}

func (rt wizRecorder) RoundTrip(r *http.Request) (*http.Response, error) {
	var body []byte
	if r.Body != nil {
		body, _ = io.ReadAll(r.Body)
		r.Body.Close()
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	rt.seen(r, body)
	return rt.next.RoundTrip(r)
}

// TestWizardItemCheck: Octavia's rules (validate.go) see the values that
// would be sent, by attribute; their word on a field of the item shows on
// its input, their word on an attribute the one-request create nests
// (loadbalancer_id) is left out.
func TestWizardItemCheck(t *testing.T) {
	var saw formValues
	it := wizItem{step: wizStepListeners, fields: wizListenerFields, id: "wz-listener-0",
		v: formValues{"protocol": "HTTP", "protocol_port": "80", "name": " web ", "default_tls_container_ref": "hidden", "_pool": "0"},
		validate: func(v formValues, create bool) fieldErrs {
			saw = v
			return fieldErrs{"loadbalancer_id": "Load balancer is required.", "protocol_port": "Port must be 1 to 65535.",
				"default_tls_container_ref": "not shown"}
		}}
	got := it.check()
	want := map[string]string{"wz-listener-0-protocol-port": "Port must be 1 to 65535."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("errors: got %v, want %v", got, want)
	}
	wantSaw := formValues{"protocol": "HTTP", "protocol_port": "80", "name": "web"}
	if !reflect.DeepEqual(saw, wantSaw) {
		t.Errorf("the rules saw %v, want %v (shown fields with a value, trimmed; no wizard keys)", saw, wantSaw)
	}
}
