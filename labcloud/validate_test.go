package labcloud

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestOctaviaValidation: what Octavia's API layer refuses, the lab refuses
// with the same code and faultstring (each answer measured against a real
// Octavia Zed; the fidelity probe repeats them there).
func TestOctaviaValidation(t *testing.T) {
	c, demo, lb := webLab(t)
	subnet := demo.subnetID()
	lis := obj(demo.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
		"loadbalancer_id": lb, "protocol": "HTTP", "protocol_port": 80}}).json(t), "listener")["id"].(string)
	completePending(c)
	pool := obj(demo.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/pools", map[string]any{"pool": map[string]any{
		"listener_id": lis, "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}}).json(t), "pool")["id"].(string)
	completePending(c)

	long := strings.Repeat("n", 256)
	tooLong := "Invalid input for field/attribute %s. Value: '" + long + "'. Value should have a maximum character requirement of 255"
	codes := `Value should match the pattern ^(\d{3}(\s*,\s*\d{3})*)$|^(\d{3}-\d{3})$`
	lbPath, lisPath := "/load-balancer/v2/lbaas/loadbalancers", "/load-balancer/v2/lbaas/listeners"
	hm := func(codes string) string {
		return `{"healthmonitor":{"pool_id":"` + pool + `","type":"HTTP","delay":5,"timeout":3,"max_retries":3,"expected_codes":"` + codes + `"}}`
	}
	redirect := func(field, url string) string {
		action := map[string]string{"redirect_url": "REDIRECT_TO_URL", "redirect_prefix": "REDIRECT_PREFIX"}[field]
		return `{"l7policy":{"listener_id":"` + lis + `","action":"` + action + `","` + field + `":"` + url + `"}}`
	}
	cases := []struct {
		name        string
		method      string
		path        string
		contentType string
		body        string
		wantStatus  int
		wantFault   string // "" = check only the status
	}{
		{"a name over 255 characters", http.MethodPost, lbPath, "application/json",
			`{"loadbalancer":{"vip_subnet_id":"` + subnet + `","name":"` + long + `"}}`, 400, strings.Replace(tooLong, "%s", "name", 1)},
		{"a description over 255 characters", http.MethodPost, lbPath, "application/json",
			`{"loadbalancer":{"vip_subnet_id":"` + subnet + `","description":"` + long + `"}}`, 400, strings.Replace(tooLong, "%s", "description", 1)},
		{"a name of 255 characters, some not ASCII", http.MethodPost, lbPath, "application/json",
			`{"loadbalancer":{"vip_subnet_id":"` + subnet + `","name":"` + strings.Repeat("é", 255) + `"}}`, 201, ""},
		{"an update's name over 255", http.MethodPut, lisPath + "/" + lis, "application/json",
			`{"listener":{"name":"` + long + `"}}`, 400, strings.Replace(tooLong, "%s", "name", 1)},
		{"a nested listener's name over 255", http.MethodPost, lbPath, "application/json",
			`{"loadbalancer":{"vip_subnet_id":"` + subnet + `","listeners":[{"protocol":"HTTP","protocol_port":81,"name":"` + long + `"}]}}`, 400, strings.Replace(tooLong, "%s", "name", 1)},
		{"a member's name over 255 in a batch update", http.MethodPut, "/load-balancer/v2/lbaas/pools/" + pool + "/members", "application/json",
			`{"members":[{"address":"192.0.2.1","protocol_port":80,"name":"` + long + `"}]}`, 400, strings.Replace(tooLong, "%s", "name", 1)},
		{"an update carrying vip_address", http.MethodPut, lbPath + "/" + lb, "application/json",
			`{"loadbalancer":{"vip_address":"10.0.0.9"}}`, 400, "Unknown attribute for argument load_balancer.loadbalancer: vip_address"},
		{"an update carrying vip_subnet_id", http.MethodPut, lbPath + "/" + lb, "application/json",
			`{"loadbalancer":{"vip_subnet_id":"` + subnet + `"}}`, 400, "Unknown attribute for argument load_balancer.loadbalancer: vip_subnet_id"},
		{"a listener update carrying protocol_port", http.MethodPut, lisPath + "/" + lis, "application/json",
			`{"listener":{"protocol_port":8080}}`, 400, "Unknown attribute for argument listener_.listener: protocol_port"},
		{"allowed_cidrs that are not CIDRs", http.MethodPut, lisPath + "/" + lis, "application/json",
			`{"listener":{"allowed_cidrs":["10.0.0.0/24","nope"]}}`, 400,
			"Invalid input for field/attribute allowed_cidrs. Value: '['10.0.0.0/24', 'nope']'. Value should be IPv4 or IPv6 CIDR format"},
		{"a prefix length out of range", http.MethodPut, lisPath + "/" + lis, "application/json",
			`{"listener":{"allowed_cidrs":["10.0.0.0/33"]}}`, 400,
			"Invalid input for field/attribute allowed_cidrs. Value: '['10.0.0.0/33']'. Value should be IPv4 or IPv6 CIDR format"},
		{"an IPv6 CIDR on an IPv4 VIP", http.MethodPut, lisPath + "/" + lis, "application/json",
			`{"listener":{"allowed_cidrs":["2001:db8::1/64"]}}`, 400,
			"Validation failure: CIDR 2001:db8::/64 IP version incompatible with VIP " + vipOf(t, demo, lb) + " IP version."},
		{"expected_codes as a class", http.MethodPost, "/load-balancer/v2/lbaas/healthmonitors", "application/json",
			hm("2xx"), 400, "Invalid input for field/attribute expected_codes. Value: '2xx'. " + codes},
		{"expected_codes with a space", http.MethodPost, "/load-balancer/v2/lbaas/healthmonitors", "application/json",
			hm("200 201"), 400, "Invalid input for field/attribute expected_codes. Value: '200 201'. " + codes},
		{"expected_codes, an open range", http.MethodPost, "/load-balancer/v2/lbaas/healthmonitors", "application/json",
			hm("200-"), 400, "Invalid input for field/attribute expected_codes. Value: '200-'. " + codes},
		{"a redirect to ftp", http.MethodPost, "/load-balancer/v2/lbaas/l7policies", "application/json",
			redirect("redirect_url", "ftp://example.com/"), 400, "Invalid input for field/attribute redirect_url. Value: 'ftp://example.com/'. Value must be a valid URL string"},
		{"a redirect to javascript:", http.MethodPost, "/load-balancer/v2/lbaas/l7policies", "application/json",
			redirect("redirect_url", "javascript:alert(1)"), 400, "Invalid input for field/attribute redirect_url. Value: 'javascript:alert(1)'. Value must be a valid URL string"},
		{"a redirect without a scheme", http.MethodPost, "/load-balancer/v2/lbaas/l7policies", "application/json",
			redirect("redirect_url", "example.com"), 400, "Invalid input for field/attribute redirect_url. Value: 'example.com'. Value must be a valid URL string"},
		{"a redirect prefix to ftp", http.MethodPost, "/load-balancer/v2/lbaas/l7policies", "application/json",
			redirect("redirect_prefix", "ftp://example.com"), 400, "Invalid input for field/attribute redirect_prefix. Value: 'ftp://example.com'. Value must be a valid URL string"},
		{"a body of text/plain", http.MethodPut, lbPath + "/" + lb, "text/plain",
			`{"loadbalancer":{"description":"x"}}`, 415, "Unknown mimetype: text/plain"},
		{"a media type is case-sensitive", http.MethodPut, lbPath + "/" + lb, "APPLICATION/JSON",
			`{"loadbalancer":{"description":"x"}}`, 415, "Unknown mimetype: APPLICATION/JSON"},
		{"a form", http.MethodPut, lbPath + "/" + lb, "application/x-www-form-urlencoded",
			`description=x`, 400, `Unknown argument: "description"`},
		{"invalid UTF-8", http.MethodPut, lbPath + "/" + lb, "application/json",
			"{\"loadbalancer\":{\"description\":\"\xff\xfe\"}}", 400, ""},
		// The amphora driver's refusal, wrapped by the API (Zed: 501, ProviderUnsupportedOptionError).
		{"a pool of SOURCE_IP_PORT on the amphora provider", http.MethodPost, "/load-balancer/v2/lbaas/pools", "application/json",
			`{"pool":{"loadbalancer_id":"` + lb + `","protocol":"TCP","lb_algorithm":"SOURCE_IP_PORT"}}`, 501,
			"Provider 'amphora' does not support a requested option: Amphora provider does not support SOURCE_IP_PORT algorithm."},
		{"a pool changed to SOURCE_IP_PORT", http.MethodPut, "/load-balancer/v2/lbaas/pools/" + pool, "application/json",
			`{"pool":{"lb_algorithm":"SOURCE_IP_PORT"}}`, 501,
			"Provider 'amphora' does not support a requested option: Amphora provider does not support SOURCE_IP_PORT algorithm."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, "http://lab.example"+tc.path, strings.NewReader(tc.body))
			req.Header.Set("X-Auth-Token", demo.token)
			req.Header.Set("Accept", "application/json")
			req.Header.Set("Content-Type", tc.contentType)
			r := serve(c, req)
			if r.status != tc.wantStatus {
				t.Fatalf("got status %d, want %d: %s", r.status, tc.wantStatus, r.body)
			}
			if tc.wantFault != "" {
				if got := r.fault(t); got != tc.wantFault {
					t.Errorf("faultstring:\ngot  %q\nwant %q", got, tc.wantFault)
				}
			}
			if tc.wantStatus == http.StatusCreated {
				completePending(c)
			}
		})
	}
}

// TestOctaviaValidationNotUTF8: webob's answer, an empty 400 (JSON for a
// client that accepts JSON).
func TestOctaviaValidationNotUTF8(t *testing.T) {
	c := New(Options{Seed: 1})
	demo := login(t, c, "demo")
	req := httptest.NewRequest(http.MethodPost, "http://lab.example/load-balancer/v2/lbaas/loadbalancers",
		strings.NewReader("{\"loadbalancer\":{\"name\":\"\xff\xfe\"}}"))
	req.Header.Set("X-Auth-Token", demo.token)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Content-Type", "application/json")
	r := serve(c, req)
	body := r.json(t)
	if r.status != http.StatusBadRequest || body["title"] != "Bad Request" || body["description"] != "" {
		t.Errorf("got %d %s, want 400 {code, title: Bad Request, description: \"\"}", r.status, r.body)
	}
}

// TestAllowedCIDRsStored: Octavia stores a CIDR with its host bits cleared
// and a bare address as a /32.
func TestAllowedCIDRsStored(t *testing.T) {
	{
		c := New(Options{Seed: 1})
		demo := login(t, c, "demo")
		lb := demo.createLB("web", nil)["id"].(string)
		completePending(c)
		l := obj(demo.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
			"loadbalancer_id": lb, "protocol": "HTTP", "protocol_port": 80, "allowed_cidrs": []string{"10.0.0.1/24", "192.0.2.7"}}}).json(t), "listener")
		var got []string
		for _, s := range list(l, "allowed_cidrs") {
			got = append(got, s.(string))
		}
		if want := []string{"10.0.0.0/24", "192.0.2.7/32"}; !slices.Equal(got, want) {
			t.Errorf("allowed_cidrs: got %v, want %v", got, want)
		}
	}
}

// completePending completes every pending transition now, as if their time had come.
func completePending(c *Cloud) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.advance(time.Now().Add(time.Hour))
}

func vipOf(t *testing.T, c *tclient, lb string) string {
	t.Helper()
	return obj(c.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers/"+lb, nil).json(t), "loadbalancer")["vip_address"].(string)
}

// TestCatalogBodies: each of flavors, flavor profiles, availability zones
// and their profiles has its own body, as in Octavia: another resource's
// attribute is unknown.
func TestCatalogBodies(t *testing.T) {
	c := New(Options{Seed: 1})
	admin := login(t, c, "admin")
	const base = "/load-balancer/v2/lbaas/"
	fp := obj(admin.must(http.StatusCreated, http.MethodPost, base+"flavorprofiles", map[string]any{"flavorprofile": map[string]any{
		"name": "fp", "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "SINGLE"}`}}).json(t), "flavorprofile")["id"].(string)
	azp := obj(admin.must(http.StatusCreated, http.MethodPost, base+"availabilityzoneprofiles", map[string]any{"availability_zone_profile": map[string]any{
		"name": "azp", "provider_name": "amphora", "availability_zone_data": `{"compute_zone": "nova"}`}}).json(t), "availability_zone_profile")["id"].(string)
	cases := []struct {
		name       string
		method     string
		path       string
		body       map[string]any
		wantStatus int
		wantFault  string
	}{
		{"a flavor carrying flavor_data", http.MethodPost, base + "flavors", map[string]any{"flavor": map[string]any{
			"name": "f", "flavor_profile_id": fp, "flavor_data": "{}"}}, 400, "Unknown attribute for argument flavor_.flavor: flavor_data"},
		{"a flavor profile carrying enabled", http.MethodPost, base + "flavorprofiles", map[string]any{"flavorprofile": map[string]any{
			"name": "x", "provider_name": "amphora", "flavor_data": "{}", "enabled": true}}, 400, "Unknown attribute for argument flavor_profile_.flavorprofile: enabled"},
		{"an availability zone carrying flavor_profile_id", http.MethodPost, base + "availabilityzones", map[string]any{"availability_zone": map[string]any{
			"name": "z", "availability_zone_profile_id": azp, "flavor_profile_id": fp}}, 400, "Unknown attribute for argument availability_zone_.availability_zone: flavor_profile_id"},
		{"an AZ profile carrying flavor_data", http.MethodPost, base + "availabilityzoneprofiles", map[string]any{"availability_zone_profile": map[string]any{
			"name": "x", "provider_name": "amphora", "availability_zone_data": "{}", "flavor_data": "{}"}}, 400, "Unknown attribute for argument availability_zone_profile_.availability_zone_profile: flavor_data"},
		{"an AZ profile's provider is updatable, as a flavor profile's", http.MethodPut, base + "availabilityzoneprofiles/" + azp, map[string]any{"availability_zone_profile": map[string]any{
			"provider_name": "nope"}}, 400, "Provider 'nope' is not enabled."},
		{"a flavor profile's provider too", http.MethodPut, base + "flavorprofiles/" + fp, map[string]any{"flavorprofile": map[string]any{
			"provider_name": "nope"}}, 400, "Provider 'nope' is not enabled."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			admin.t = t
			r := admin.must(tc.wantStatus, tc.method, tc.path, tc.body)
			if got := r.fault(t); got != tc.wantFault {
				t.Errorf("got %q, want %q", got, tc.wantFault)
			}
		})
	}
}

// TestOctaviaValidationDepth: a body nested deeper than a real Octavia
// parses (943 levels, the top object counting) is wsme's 400 for bad JSON,
// refused before it is parsed; up to that depth the body is checked as any
// other. Braces inside strings do not count.
func TestOctaviaValidationDepth(t *testing.T) {
	c, demo, lb := webLab(t)
	lbPath := "/load-balancer/v2/lbaas/loadbalancers/" + lb
	const badJSON = "Request is not in valid JSON format"
	nested := func(open, value, close string, levels int) string {
		return `{"loadbalancer":{"tags":` + strings.Repeat(open, levels) + value + strings.Repeat(close, levels) + `}}`
	}
	cases := []struct {
		name       string
		body       string
		wantStatus int
		wantBad    bool // want the bad-JSON fault
	}{
		{"943 levels of objects", nested(`{"a":`, "1", "}", maxJSONDepth-2), http.StatusBadRequest, false},
		{"944 levels of objects", nested(`{"a":`, "1", "}", maxJSONDepth-1), http.StatusBadRequest, true},
		{"944 levels of arrays", nested("[", "1", "]", maxJSONDepth-1), http.StatusBadRequest, true},
		{"10000 levels of objects", nested(`{"a":`, "1", "}", 10000), http.StatusBadRequest, true},
		{"braces and an escaped quote in a string", `{"loadbalancer":{"name":"\"` + strings.Repeat("{[", 120) + `"}}`, http.StatusOK, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPut, "http://lab.example"+lbPath, strings.NewReader(tc.body))
			req.Header.Set("X-Auth-Token", demo.token)
			req.Header.Set("Content-Type", "application/json")
			r := serve(c, req)
			if r.status != tc.wantStatus {
				t.Fatalf("got status %d, want %d: %.200s", r.status, tc.wantStatus, r.body)
			}
			if r.status == http.StatusBadRequest {
				if got := r.fault(t); (got == badJSON) != tc.wantBad {
					t.Errorf("got fault %q, want bad JSON: %v", got, tc.wantBad)
				}
			}
		})
	}
}

// TestCheckTypesDeep: checkTypes walks a decoded body once, finding a
// wrong attribute however deep it is.
func TestCheckTypesDeep(t *testing.T) {
	const depth = 900
	var v any = map[string]any{"name": strings.Repeat("n", 256)}
	for range depth {
		v = map[string]any{"a": []any{v}}
	}
	err := checkTypes(map[string]any{"loadbalancer": v})
	if err == nil {
		t.Fatal("got nil, want the name's 400")
	}
	if want := "Invalid input for field/attribute name."; !strings.HasPrefix(err.msg, want) {
		t.Errorf("got %q, want prefix %q", err.msg, want)
	}
}

// TestTypeErrorWrapped: a wrapped type error is still wsme's message,
// with the value sent.
func TestTypeErrorWrapped(t *testing.T) {
	data := []byte(`{"protocol_port":"abc"}`)
	var dst struct {
		ProtocolPort int `json:"protocol_port"`
	}
	err := json.Unmarshal(data, &dst)
	got := typeError(data, fmt.Errorf("decoding: %w", err)).msg
	if want := "Invalid input for field/attribute protocol_port. Value: 'abc'. Value should be int"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestTypeErrorValue: a value of the wrong JSON type is shown as a real
// Zed shows it (TestFidelityTypeErrors): what was sent, as Python prints
// it, not encoding/json's name of its type.
func TestTypeErrorValue(t *testing.T) {
	_, demo, lb := webLab(t)
	for _, tc := range []struct{ attr, value, want string }{
		// as Zed answers them
		{"name", `5`, "Invalid input for field/attribute name. Value: '5'. Value should be string"},
		{"name", `5.5`, "Invalid input for field/attribute name. Value: '5.5'. Value should be string"},
		{"description", `true`, "Invalid input for field/attribute description. Value: 'True'. Value should be string"},
		{"name", `{"a":1}`, "Invalid input for field/attribute name. Value: '{'a': 1}'. Value should be string"},
		{"name", `["a", 1]`, "Invalid input for field/attribute name. Value: '['a', 1]'. Value should be string"},
		// Zed words these otherwise (TestFidelityTypeErrors logs how); the value is the one sent
		{"connection_limit", `"a \"b\" c"`, `Invalid input for field/attribute connection_limit. Value: 'a "b" c'. Value should be int`},
		{"admin_state_up", `"maybe"`, "Invalid input for field/attribute admin_state_up. Value: 'maybe'. Value should be bool"},
		{"tags", `"x"`, "Invalid input for field/attribute tags. Value: 'x'. Value should be []string"},
	} {
		body := json.RawMessage(`{"listener":{"loadbalancer_id":"` + lb + `","protocol":"HTTP","protocol_port":82,"` + tc.attr + `":` + tc.value + `}}`)
		r := demo.must(http.StatusBadRequest, http.MethodPost, "/load-balancer/v2/lbaas/listeners", body)
		if got := r.fault(t); got != tc.want {
			t.Errorf("%s %s: got %q, want %q", tc.attr, tc.value, got, tc.want)
		}
	}
}
