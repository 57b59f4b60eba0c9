//go:build !js

package proxy

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// sessionClient sends requests as the app does: the marker, the placeholder as
// its token and the session cookie (kept up to date from the answers).
type sessionClient struct {
	e      *testEnv
	cookie *http.Cookie
	sealer *Sealer
	tokens []string // every real token the cookie held
	userID string
}

func newSessionClient(t *testing.T, e *testEnv, key []byte, user, password, project string) *sessionClient {
	t.Helper()
	sealer, _ := NewSealer(key, serverapi.SessionCookie)
	c := &sessionClient{e: e, sealer: sealer}
	login := `{"auth": {"identity": {"methods": ["password"], "password": {"user": {"name": "` + user + `", "password": "` + password +
		`", "domain": {"name": "Default"}}}}, "scope": {"project": {"name": "` + project + `", "domain": {"name": "Default"}}}}}`
	status, body := c.do(t, http.MethodPost, "/identity/v3/auth/tokens", login)
	if status != http.StatusCreated {
		t.Fatalf("session login of %s: got %d %s", user, status, body)
	}
	var doc tokenAnswer
	json.Unmarshal([]byte(body), &doc)
	c.userID = doc.Token.User.ID
	return c
}

// do sends one request of the app's session and returns the status and body.
func (c *sessionClient) do(t *testing.T, method, path, body string) (int, string) {
	t.Helper()
	header := []string{serverapi.SessionHeader, serverapi.SessionUnbound}
	token := serverapi.SessionToken
	if c.cookie != nil {
		header = append(header, "Cookie", c.cookie.Name+"="+c.cookie.Value)
	} else {
		token = ""
	}
	resp, got := c.e.do(t, method, path, token, body, header...)
	if ck := sessionCookie(resp); ck != nil && ck.Value != "" {
		c.cookie = ck
		s, err := c.sealer.Open(ck.Value)
		if err != nil {
			t.Fatalf("the new session cookie does not open: %v", err)
		}
		c.tokens = append(c.tokens, s.Token)
	}
	return resp.StatusCode, got
}

// must sends a request that must answer want, and decodes the answer's object key.
func (c *sessionClient) must(t *testing.T, want int, method, path, body, key string) map[string]any {
	t.Helper()
	status, got := c.do(t, method, path, body)
	if status != want {
		t.Fatalf("%s %s: got %d %s, want %d", method, path, status, got, want)
	}
	if key == "" {
		return nil
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(got), &doc); err != nil {
		t.Fatalf("%s %s: %v in %s", method, path, err, got)
	}
	obj, _ := doc[key].(map[string]any)
	return obj
}

// TestPlaceholderStaysInBodies: the session placeholder is a token only at
// auth.identity.token.id of POST /v3/auth/tokens. As a name, a description, a
// tag or a nested value of any write (every Octavia kind, the admin kinds, an
// application credential, a login's other fields) it is stored as it is, byte
// for byte; no upstream body carries the real token anywhere else.
func TestPlaceholderStaysInBodies(t *testing.T) {
	const P = serverapi.SessionToken
	key := []byte("placeholder-key-0123456789abcdef")
	e := newTestEnv(t, envOptions{sessionKey: key, up: proxytest.Options{Delay: 20 * time.Millisecond}})
	admin := newSessionClient(t, e, key, "admin", "admin", "admin")
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }

	_, list := admin.do(t, http.MethodGet, "/network/v2.0/subnets?name=admin-subnet", "")
	var sn struct {
		Subnets []struct{ ID string } `json:"subnets"`
	}
	if json.Unmarshal([]byte(list), &sn) != nil || len(sn.Subnets) != 1 {
		t.Fatalf("admin's subnet: %s", list)
	}
	subnet := sn.Subnets[0].ID

	// One fully populated create holds every kind of the tree: names,
	// descriptions, tags and nested values (a pool's session persistence, a
	// rule's key and value, a monitor's path).
	create := `{"loadbalancer": {"name": ` + q(P) + `, "description": ` + q(P) + `, "tags": [` + q(P) + `, "x"], "vip_subnet_id": "` + subnet + `",
	  "listeners": [{"name": ` + q(P) + `, "description": ` + q(P) + `, "tags": [` + q(P) + `], "protocol": "HTTP", "protocol_port": 80,
	    "default_pool": {"name": "web"},
	    "l7policies": [{"name": ` + q(P) + `, "description": ` + q(P) + `, "tags": [` + q(P) + `], "action": "REJECT",
	      "rules": [{"type": "HEADER", "compare_type": "EQUAL_TO", "key": ` + q(P) + `, "value": ` + q(P) + `, "tags": [` + q(P) + `]}]}]}],
	  "pools": [{"name": "web", "description": ` + q(P) + `, "tags": [` + q(P) + `], "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
	    "session_persistence": {"type": "APP_COOKIE", "cookie_name": ` + q(P) + `},
	    "members": [{"name": ` + q(P) + `, "tags": [` + q(P) + `], "address": "10.0.0.5", "protocol_port": 80}],
	    "healthmonitor": {"name": ` + q(P) + `, "tags": [` + q(P) + `], "type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 3, "url_path": ` + q("/"+P) + `}}]}}`
	lb := admin.must(t, http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", create, "loadbalancer")
	lbID := lb["id"].(string)
	firstOf := func(m map[string]any, k string) map[string]any {
		l, _ := m[k].([]any)
		if len(l) == 0 {
			t.Fatalf("no %s in %v", k, m)
		}
		o, _ := l[0].(map[string]any)
		return o
	}
	listener, pool := firstOf(lb, "listeners"), firstOf(lb, "pools")
	policy := firstOf(listener, "l7policies")
	member := firstOf(pool, "members")
	base := "/load-balancer/v2/lbaas"
	lbPath, listenerPath, poolPath := base+"/loadbalancers/"+lbID, base+"/listeners/"+listener["id"].(string), base+"/pools/"+pool["id"].(string)
	memberPath, policyPath := poolPath+"/members/"+member["id"].(string), base+"/l7policies/"+policy["id"].(string)
	monitorID := admin.must(t, 200, http.MethodGet, poolPath, "", "pool")["healthmonitor_id"].(string)
	monitorPath := base + "/healthmonitors/" + monitorID
	rules := func() []any {
		_, body := admin.do(t, http.MethodGet, policyPath+"/rules", "")
		var doc struct{ Rules []any }
		json.Unmarshal([]byte(body), &doc)
		return doc.Rules
	}
	if len(rules()) != 1 {
		t.Fatalf("the policy's rules: got %v, want 1", rules())
	}
	rulePath := policyPath + "/rules/" + rules()[0].(map[string]any)["id"].(string)
	active := func() {
		for i := 0; i < 400; i++ {
			if admin.must(t, 200, http.MethodGet, lbPath, "", "loadbalancer")["provisioning_status"] == "ACTIVE" {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatal("the load balancer did not become ACTIVE")
	}
	active()

	// Each kind updated on its own too: the console's edit forms (an LB renamed
	// to the placeholder: the case that leaked), tags, and the admin kinds.
	writes := []struct{ name, method, path, body string }{
		{"load balancer edit form: rename", http.MethodPut, lbPath, `{"loadbalancer": {"name": ` + q(P) + `, "description": ` + q(P) + `}}`},
		{"load balancer tags", http.MethodPut, lbPath, `{"loadbalancer": {"tags": [` + q(P) + `, "y"]}}`},
		{"listener", http.MethodPut, listenerPath, `{"listener": {"name": ` + q(P) + `, "description": ` + q(P) + `, "tags": [` + q(P) + `]}}`},
		{"pool", http.MethodPut, poolPath, `{"pool": {"name": ` + q(P) + `, "description": ` + q(P) + `, "session_persistence": {"type": "APP_COOKIE", "cookie_name": ` + q(P) + `}}}`},
		{"member", http.MethodPut, memberPath, `{"member": {"name": ` + q(P) + `, "tags": [` + q(P) + `]}}`},
		{"health monitor", http.MethodPut, monitorPath, `{"healthmonitor": {"name": ` + q(P) + `, "url_path": ` + q("/"+P) + `}}`},
		{"L7 policy", http.MethodPut, policyPath, `{"l7policy": {"name": ` + q(P) + `, "description": ` + q(P) + `}}`},
		{"L7 rule", http.MethodPut, rulePath, `{"rule": {"key": ` + q(P) + `, "value": ` + q(P) + `, "tags": [` + q(P) + `]}}`},
	}
	for _, w := range writes {
		admin.must(t, http.StatusOK, w.method, w.path, w.body, "")
		active()
	}
	flavorProfile := admin.must(t, http.StatusCreated, http.MethodPost, base+"/flavorprofiles",
		`{"flavorprofile": {"name": `+q(P)+`, "provider_name": "amphora", "flavor_data": `+q(`{"loadbalancer_topology": "SINGLE"}`)+`}}`, "flavorprofile")
	flavor := admin.must(t, http.StatusCreated, http.MethodPost, base+"/flavors",
		`{"flavor": {"name": `+q(P)+`, "description": `+q(P)+`, "flavor_profile_id": "`+flavorProfile["id"].(string)+`"}}`, "flavor")
	azProfile := admin.must(t, http.StatusCreated, http.MethodPost, base+"/availabilityzoneprofiles",
		`{"availability_zone_profile": {"name": `+q(P)+`, "provider_name": "amphora", "availability_zone_data": `+q(`{"compute_zone": "`+P+`"}`)+`}}`, "availability_zone_profile")
	admin.must(t, http.StatusCreated, http.MethodPost, base+"/availabilityzones",
		`{"availability_zone": {"name": "az-`+P+`", "description": `+q(P)+`, "availability_zone_profile_id": "`+azProfile["id"].(string)+`"}}`, "availability_zone")
	admin.must(t, http.StatusOK, http.MethodPut, base+"/flavors/"+flavor["id"].(string), `{"flavor": {"description": `+q(P)+`}}`, "")

	// Identity: an application credential named after the placeholder, and a
	// rescope whose project is called so (the token goes in its one place only).
	admin.must(t, http.StatusCreated, http.MethodPost, "/identity/v3/users/"+admin.userID+"/application_credentials",
		`{"application_credential": {"name": `+q(P)+`, "description": `+q(P)+`}}`, "")
	status, _ := admin.do(t, http.MethodPost, "/identity/v3/auth/tokens",
		`{"auth": {"identity": {"methods": ["token"], "token": {"id": `+q(P)+`}}, "scope": {"project": {"name": `+q(P)+`, "domain": {"name": "Default"}}}}}`)
	if status != http.StatusUnauthorized {
		t.Errorf("rescope to a project named like the placeholder: got %d, want 401 (no such project)", status)
	}

	// What is stored is the placeholder, byte for byte.
	stored := []struct {
		what, path, key string
		fields          []string
	}{
		{"load balancer", lbPath, "loadbalancer", []string{"name", "description", "tags"}},
		{"listener", listenerPath, "listener", []string{"name", "description", "tags"}},
		{"pool", poolPath, "pool", []string{"name", "description", "tags", "session_persistence.cookie_name"}},
		{"member", memberPath, "member", []string{"name", "tags"}},
		{"health monitor", monitorPath, "healthmonitor", []string{"name", "tags", "url_path=/" + P}},
		{"L7 policy", policyPath, "l7policy", []string{"name", "description", "tags"}},
		{"L7 rule", rulePath, "rule", []string{"key", "value", "tags"}},
		{"flavor", base + "/flavors/" + flavor["id"].(string), "flavor", []string{"name", "description"}},
		{"flavor profile", base + "/flavorprofiles/" + flavorProfile["id"].(string), "flavorprofile", []string{"name"}},
		{"availability zone profile", base + "/availabilityzoneprofiles/" + azProfile["id"].(string), "availability_zone_profile", []string{"name", `availability_zone_data={"compute_zone": "` + P + `"}`}},
		{"availability zone", base + "/availabilityzones/az-" + P, "availability_zone", []string{"name=az-" + P, "description"}},
	}
	for _, s := range stored {
		obj := admin.must(t, http.StatusOK, http.MethodGet, s.path, "", s.key)
		for _, f := range s.fields {
			f, want, exact := strings.Cut(f, "=") // "field=value": that value, else the placeholder
			if !exact {
				want = P
			}
			var v any = obj
			for _, k := range strings.Split(f, ".") {
				m, _ := v.(map[string]any)
				v = m[k]
			}
			switch v := v.(type) {
			case string:
				if v != want {
					t.Errorf("%s %s: got %q, want %q byte for byte", s.what, f, v, want)
				}
			case []any: // tags
				if !slices.Contains(v, any(P)) {
					t.Errorf("%s %s: got %q, want the placeholder %q among them", s.what, f, v, P)
				}
			default:
				t.Errorf("%s %s: got %v, want the placeholder %q", s.what, f, v, P)
			}
		}
	}
	_, creds := admin.do(t, http.MethodGet, "/identity/v3/users/"+admin.userID+"/application_credentials", "")
	if !strings.Contains(creds, `"name":"`+P+`"`) || !strings.Contains(creds, `"description":"`+P+`"`) {
		t.Errorf("application credentials: got %s, want one named and described %q", creds, P)
	}

	// No body went upstream with a real token, but the rescope's token.id.
	if len(admin.tokens) == 0 {
		t.Fatal("no session token seen")
	}
	rescopes := 0
	for _, r := range e.Up.Requests("") {
		for _, tok := range admin.tokens {
			if !strings.Contains(r.Body, tok) {
				continue
			}
			var doc struct {
				Auth struct {
					Identity struct {
						Token struct{ ID string } `json:"token"`
					} `json:"identity"`
					Scope struct {
						Project struct{ Name string } `json:"project"`
					} `json:"scope"`
				} `json:"auth"`
			}
			json.Unmarshal([]byte(r.Body), &doc)
			if r.Method != http.MethodPost || r.Path != "/identity/v3/auth/tokens" || doc.Auth.Identity.Token.ID != tok || strings.Count(r.Body, tok) != 1 {
				t.Errorf("%s %s carried the real token in its body: %.200s", r.Method, r.Path, r.Body)
				continue
			}
			rescopes++
			if doc.Auth.Scope.Project.Name != P {
				t.Errorf("the rescope's project name: got %q, want the placeholder as it was sent", doc.Auth.Scope.Project.Name)
			}
		}
	}
	if rescopes != 1 {
		t.Errorf("got %d upstream bodies with the token at auth.identity.token.id, want the one rescope", rescopes)
	}
}

// TestFillRescopeOnlyThere: the one place, on parsed JSON; anything else is left
// byte for byte (a placeholder elsewhere, another path or method, not JSON, a
// second JSON value after the first).
func TestFillRescopeOnlyThere(t *testing.T) {
	const P = serverapi.SessionToken
	rescope := `{"auth": {"identity": {"methods": ["token"], "token": {"id": "` + P + `"}}, "scope": {"project": {"name": "` + P + `", "domain": {"id": 1e0}}}}}`
	tests := []struct {
		name, method, service, rest, body string
		want                              string // "" = unchanged
	}{
		{"a rescope", http.MethodPost, Identity, "/v3/auth/tokens", rescope,
			`{"auth":{"identity":{"methods":["token"],"token":{"id":"tok<&>"}},"scope":{"project":{"domain":{"id":1e0},"name":"` + P + `"}}}}`},
		{"the placeholder as a password", http.MethodPost, Identity, "/v3/auth/tokens",
			`{"auth": {"identity": {"methods": ["password"], "password": {"user": {"name": "u", "password": "` + P + `"}}}}}`, ""},
		{"the token method's id is something else", http.MethodPost, Identity, "/v3/auth/tokens",
			`{"auth": {"identity": {"methods": ["token"], "token": {"id": "x` + P + `"}}}}`, ""},
		{"another identity path", http.MethodPost, Identity, "/v3/users/u/application_credentials",
			`{"auth": {"identity": {"token": {"id": "` + P + `"}}}}`, ""},
		{"an Octavia write shaped like a rescope", http.MethodPost, LoadBalancer, "/v3/auth/tokens", rescope, ""},
		{"a PUT", http.MethodPut, Identity, "/v3/auth/tokens", rescope, ""},
		{"not JSON", http.MethodPost, Identity, "/v3/auth/tokens", `auth.identity.token.id="` + P + `"`, ""},
		{"two JSON values", http.MethodPost, Identity, "/v3/auth/tokens", rescope + ` {"x": "` + P + `"}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sr := sessionRequest{on: true, token: "tok<&>"}
			b := &clientBody{data: []byte(tt.body)}
			sr.fillRescope(tt.method, tt.service, tt.rest, b)
			want := tt.want
			if want == "" {
				want = tt.body
			}
			if string(b.data) != want {
				t.Errorf("got  %s\nwant %s", b.data, want)
			}
			if sr.rescope != (tt.want != "") {
				t.Errorf("rescope: got %v, want %v", sr.rescope, tt.want != "")
			}
		})
	}
	off := sessionRequest{token: "tok"} // no marker: the CLI's own body
	b := &clientBody{data: []byte(rescope)}
	off.fillRescope(http.MethodPost, Identity, "/v3/auth/tokens", b)
	if string(b.data) != rescope {
		t.Errorf("without the marker: got %s, want the body unchanged", b.data)
	}
}
