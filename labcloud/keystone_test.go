package labcloud

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

func TestKeystoneAuthMethods(t *testing.T) {
	c := New(Options{Seed: 1, PublicURL: "https://cloud.example:8443/"})
	anon := &tclient{t: t, h: c}
	demoProject := keystoneID("project", "demo")
	demoUser := keystoneID("user", "demo")
	cases := []struct {
		name        string
		body        map[string]any
		wantStatus  int
		wantProject string // "" = unscoped
		wantRoles   []string
	}{
		{"password, project by name", passwordAuth("demo", "demo", "demo"), 201, "demo", []string{"member", "reader", "load-balancer_member"}},
		{"password, project by id", map[string]any{"auth": map[string]any{
			"identity": map[string]any{"methods": []string{"password"}, "password": map[string]any{"user": map[string]any{"id": demoUser, "password": "demo"}}},
			"scope":    map[string]any{"project": map[string]any{"id": demoProject}}}}, 201, "demo", []string{"member", "reader", "load-balancer_member"}},
		{"password, no scope: the default project", passwordAuth("admin", "admin", ""), 201, "admin", []string{"admin", "member", "reader"}},
		{"password, unscoped", map[string]any{"auth": map[string]any{
			"identity": passwordAuth("demo", "demo", "")["auth"].(map[string]any)["identity"], "scope": "unscoped"}}, 201, "", nil},
		{"reader", passwordAuth("viewer", "viewer", "demo"), 201, "demo", []string{"reader", "load-balancer_observer"}},
		{"wrong password", passwordAuth("demo", "nope", "demo"), 401, "", nil},
		{"unknown user", passwordAuth("mallory", "x", "demo"), 401, "", nil},
		{"a project the user has no role on", passwordAuth("demo", "demo", "admin"), 401, "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			anon.t = t
			r := anon.must(tc.wantStatus, http.MethodPost, "/identity/v3/auth/tokens", tc.body)
			if tc.wantStatus != http.StatusCreated {
				e := obj(r.json(t), "error")
				if e["code"] != float64(tc.wantStatus) || e["title"] != "Unauthorized" {
					t.Errorf("error body: got %v, want code %d title Unauthorized", e, tc.wantStatus)
				}
				return
			}
			if r.header.Get("X-Subject-Token") == "" {
				t.Fatal("no X-Subject-Token")
			}
			tok := obj(r.json(t), "token")
			p := obj(tok, "project")
			if tc.wantProject == "" {
				if p != nil || tok["catalog"] != nil {
					t.Errorf("unscoped token has project %v / catalog", p)
				}
				return
			}
			if p["name"] != tc.wantProject {
				t.Errorf("project: got %v, want %s", p["name"], tc.wantProject)
			}
			var roles []string
			for _, r := range list(tok, "roles") {
				roles = append(roles, r.(map[string]any)["name"].(string))
			}
			if !slices.Equal(roles, tc.wantRoles) {
				t.Errorf("roles: got %v, want %v", roles, tc.wantRoles)
			}
			for _, s := range list(tok, "catalog") {
				sm := s.(map[string]any)
				eps := list(sm, "endpoints")
				if len(eps) != 3 {
					t.Errorf("%v: got %d endpoints, want 3 (public, internal, admin)", sm["type"], len(eps))
				}
				want := map[string]string{"identity": "https://cloud.example:8443/identity", "load-balancer": "https://cloud.example:8443/load-balancer", "network": "https://cloud.example:8443/network", "key-manager": "https://cloud.example:8443/key-manager"}[sm["type"].(string)]
				for _, e := range eps {
					if u := e.(map[string]any)["url"]; u != want {
						t.Errorf("%v endpoint: got %v, want %s", sm["type"], u, want)
					}
				}
			}
		})
	}
}

func TestKeystoneTokenLifecycle(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 1, TokenTTL: time.Minute})
		demo := login(t, c, "demo")
		subject := demo.token
		check := func(method string, want int) {
			t.Helper()
			other := login(t, c, "demo")
			req := &tclient{t: t, h: c, token: other.token}
			r := req.doWithSubject(method, subject)
			if r.status != want {
				t.Errorf("%s /v3/auth/tokens: got %d, want %d: %s", method, r.status, want, r.body)
			}
		}
		check(http.MethodGet, 200)
		check(http.MethodHead, 200)
		demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil)
		time.Sleep(61 * time.Second)
		demo.must(http.StatusUnauthorized, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil)
		check(http.MethodGet, 404)

		fresh := login(t, c, "demo")
		subject = fresh.token
		check(http.MethodDelete, 204)
		fresh.must(http.StatusUnauthorized, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil)
	})
}

func (c *tclient) doWithSubject(method, subject string) tresp {
	req := newReq(method, "/identity/v3/auth/tokens", c.token)
	req.Header.Set("X-Subject-Token", subject)
	return serve(c.h, req)
}

func TestTokenTTLFaultExpiresTokensEarly(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 1})
		demo := login(t, c, "demo")
		if err := c.SetFaults(Faults{TokenTTL: Duration{Duration: 30 * time.Second}}); err != nil {
			t.Fatal(err)
		}
		demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil)
		time.Sleep(31 * time.Second)
		r := demo.must(http.StatusUnauthorized, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil)
		if msg := obj(r.json(t), "error")["message"]; msg != msgAuthRequired {
			t.Errorf("got %v, want %q", msg, msgAuthRequired)
		}
	})
}

func TestApplicationCredentials(t *testing.T) {
	c := New(Options{Seed: 1})
	demo := login(t, c, "demo")
	userID := keystoneID("user", "demo")
	path := "/identity/v3/users/" + userID + "/application_credentials"
	ac := obj(demo.must(http.StatusCreated, http.MethodPost, path, map[string]any{"application_credential": map[string]any{"name": "workshop", "secret": "s3cret"}}).json(t), "application_credential")
	if ac["secret"] != "s3cret" || ac["project_id"] != keystoneID("project", "demo") {
		t.Fatalf("created credential: got %v", ac)
	}
	anon := &tclient{t: t, h: c}
	byID := map[string]any{"auth": map[string]any{"identity": map[string]any{"methods": []string{"application_credential"},
		"application_credential": map[string]any{"id": ac["id"], "secret": "s3cret"}}}}
	byName := map[string]any{"auth": map[string]any{"identity": map[string]any{"methods": []string{"application_credential"},
		"application_credential": map[string]any{"name": "workshop", "secret": "s3cret", "user": map[string]any{"name": "demo", "domain": map[string]any{"name": "Default"}}}}}}
	badSecret := map[string]any{"auth": map[string]any{"identity": map[string]any{"methods": []string{"application_credential"},
		"application_credential": map[string]any{"id": ac["id"], "secret": "nope"}}}}
	for name, tc := range map[string]struct {
		body map[string]any
		want int
	}{"by id": {byID, 201}, "by name and user": {byName, 201}, "wrong secret": {badSecret, 401}} {
		r := anon.do(http.MethodPost, "/identity/v3/auth/tokens", tc.body)
		if r.status != tc.want {
			t.Errorf("%s: got %d, want %d: %s", name, r.status, tc.want, r.body)
			continue
		}
		if tc.want == 201 {
			tok := obj(r.json(t), "token")
			if m := list(tok, "methods"); len(m) != 1 || m[0] != "application_credential" {
				t.Errorf("%s: methods %v, want [application_credential]", name, m)
			}
			if obj(tok, "project")["name"] != "demo" {
				t.Errorf("%s: project %v, want demo", name, obj(tok, "project"))
			}
		}
	}
	if got := list(demo.must(http.StatusOK, http.MethodGet, path, nil).json(t), "application_credentials"); len(got) != 1 {
		t.Errorf("list: got %d credentials, want 1", len(got))
	}
	demo.must(http.StatusNoContent, http.MethodDelete, path+"/"+ac["id"].(string), nil)
	anon.must(http.StatusUnauthorized, http.MethodPost, "/identity/v3/auth/tokens", byID)
}

func TestKeystoneVersionsAndProjects(t *testing.T) {
	c := New(Options{Seed: 1})
	anon := &tclient{t: t, h: c}
	anon.must(http.StatusMultipleChoices, http.MethodGet, "/identity/", nil)
	v := obj(anon.must(http.StatusOK, http.MethodGet, "/identity/v3", nil).json(t), "version")
	if v["id"] != "v3.14" {
		t.Errorf("version: got %v, want v3.14", v["id"])
	}
	admin, demo := login(t, c, "admin"), login(t, c, "demo")
	p := list(admin.must(http.StatusOK, http.MethodGet, "/identity/v3/projects?name=demo", nil).json(t), "projects")
	if len(p) != 1 || p[0].(map[string]any)["id"] != keystoneID("project", "demo") {
		t.Errorf("projects?name=demo: got %v", p)
	}
	demo.must(http.StatusForbidden, http.MethodGet, "/identity/v3/projects", nil)
	demo.must(http.StatusOK, http.MethodGet, "/identity/v3/projects/"+keystoneID("project", "demo"), nil)
	demo.must(http.StatusOK, http.MethodGet, "/identity/v3/auth/projects", nil)
	cat := list(demo.must(http.StatusOK, http.MethodGet, "/identity/v3/auth/catalog", nil).json(t), "catalog")
	if len(cat) != 4 {
		t.Errorf("catalog: got %d services, want 4", len(cat))
	}
}

// TestTokensPerUserCap: a login flood of one user revokes that user's
// oldest tokens beyond the cap (100 by default), and no one else's.
func TestTokensPerUserCap(t *testing.T) {
	const flood = 250
	c := New(Options{Seed: 1})
	admin := login(t, c, "admin")
	first := login(t, c, "demo")
	var last *tclient
	for range flood {
		last = login(t, c, "demo")
	}
	cases := []struct {
		name string
		who  *tclient
		want int
	}{
		{"the flooding user's oldest token is revoked", first, http.StatusUnauthorized},
		{"its newest token works", last, http.StatusOK},
		{"another user's token works", admin, http.StatusOK},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.who.t = t
			tc.who.must(tc.want, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil)
		})
	}
	c.mu.Lock()
	held := len(c.tokens)
	c.mu.Unlock()
	if want := 100 + 1; held > want {
		t.Errorf("tokens held after %d logins of one user: got %d, want at most %d", flood, held, want)
	}
}

// TestUserWithTwoProjects: a scenario user with "projects" lists both in
// GET /v3/auth/projects, logs in to its default one without a scope, and
// may scope to the other (and to no third).
func TestUserWithTwoProjects(t *testing.T) {
	s, err := LoadScenario("testdata/sessions.json")
	if err != nil {
		t.Fatal(err)
	}
	c := New(Options{Seed: 1, Scenario: s})
	anon := &tclient{t: t, h: c}
	unscoped := anon.must(http.StatusCreated, http.MethodPost, "/identity/v3/auth/tokens", passwordAuth("dual", "dual", "")).json(t)
	if got := obj(obj(unscoped, "token"), "project")["name"]; got != "ops" {
		t.Errorf("login without scope: got project %v, want ops (the default)", got)
	}
	dual := loginTo(t, c, "dual", "dual", "ops")
	var names []string
	for _, p := range list(dual.must(http.StatusOK, http.MethodGet, "/identity/v3/auth/projects", nil).json(t), "projects") {
		names = append(names, p.(map[string]any)["name"].(string))
	}
	if want := []string{"ops", "ops-staging"}; !slices.Equal(names, want) {
		t.Errorf("auth/projects: got %v, want %v", names, want)
	}
	cases := []struct {
		name    string
		project string
		want    int
	}{
		{"the other project", "ops-staging", http.StatusCreated},
		{"the default project", "ops", http.StatusCreated},
		{"a project without a role", "demo", http.StatusUnauthorized},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			anon.must(tc.want, http.MethodPost, "/identity/v3/auth/tokens", passwordAuth("dual", "dual", tc.project))
		})
	}
	cat := list(dual.must(http.StatusOK, http.MethodGet, "/identity/v3/auth/catalog", nil).json(t), "catalog")
	regions := map[string]bool{}
	for _, svc := range cat {
		for _, ep := range svc.(map[string]any)["endpoints"].([]any) {
			regions[ep.(map[string]any)["region"].(string)] = true
		}
	}
	if len(regions) != 2 || !regions["RegionOne"] || !regions["RegionTwo"] {
		t.Errorf("catalog regions: got %v, want RegionOne and RegionTwo", regions)
	}
}

// TestApplicationCredentialLimits: what Keystone (Zed) refuses in a new
// application credential, the lab refuses with the same code and message
// (measured); past Keystone, the lab caps the credentials per user.
func TestApplicationCredentialLimits(t *testing.T) {
	c := New(Options{Seed: 1})
	demo := login(t, c, "demo")
	path := "/identity/v3/users/" + keystoneID("user", "demo") + "/application_credentials"
	const clientError = " The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error."
	badTime := "Timestamp not in expected format." + clientError
	long := strings.Repeat("n", 256)
	cases := []struct {
		name       string
		ac         map[string]any
		wantStatus int
		wantMsg    string // "" = check only the status
	}{
		{"a name of 255 characters, not ASCII", map[string]any{"name": strings.Repeat("é", 255)}, 201, ""},
		{"a name of 256 characters", map[string]any{"name": long}, 400, "Invalid input for field 'name': '" + long + "' is too long\n\n" +
			"Failed validating 'maxLength' in schema['properties']['name']:\n" +
			"    {'maxLength': 255,\n     'minLength': 1,\n     'pattern': '[\\\\S]+',\n     'type': 'string'}\n\n" +
			"On instance['name']:\n    '" + long + "'"},
		{"a description of 65535 bytes", map[string]any{"name": "d1", "description": strings.Repeat("d", 65535)}, 201, ""},
		{"a description of 65536 bytes", map[string]any{"name": "d2", "description": strings.Repeat("d", 65536)}, 400, ""},
		{"expires_at garbage", map[string]any{"name": "e1", "expires_at": "garbage"}, 400, badTime},
		{"expires_at a date only", map[string]any{"name": "e2", "expires_at": "2030-01-01"}, 400, badTime},
		{"expires_at with an offset", map[string]any{"name": "e3", "expires_at": "2030-01-01T00:00:00+02:00"}, 400, badTime},
		{"expires_at month 13", map[string]any{"name": "e4", "expires_at": "2030-13-01T00:00:00Z"}, 400, badTime},
		{"expires_at empty", map[string]any{"name": "e5", "expires_at": ""}, 400, badTime},
		{"expires_at in the past", map[string]any{"name": "e6", "expires_at": "2020-01-01T00:00:00Z"}, 400, "The 'expires_at' must not be before now." + clientError},
		{"expires_at without zone", map[string]any{"name": "e7", "expires_at": "2030-01-01T00:00:00"}, 201, ""},
		{"expires_at with microseconds", map[string]any{"name": "e8", "expires_at": "2030-01-01T00:00:00.000000Z"}, 201, ""},
		{"expires_at without seconds", map[string]any{"name": "e9", "expires_at": "2030-01-01T00:00Z"}, 201, ""},
		{"expires_at with a space", map[string]any{"name": "e10", "expires_at": "2030-01-01 00:00:00"}, 201, ""},
		{"expires_at null", map[string]any{"name": "e11", "expires_at": nil}, 201, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := demo.do(http.MethodPost, path, map[string]any{"application_credential": tc.ac})
			if r.status != tc.wantStatus {
				t.Fatalf("got status %d, want %d: %.300s", r.status, tc.wantStatus, r.body)
			}
			if tc.wantMsg != "" {
				if got := obj(r.json(t), "error")["message"]; got != tc.wantMsg {
					t.Errorf("message:\ngot  %q\nwant %q", got, tc.wantMsg)
				}
			}
			if tc.wantStatus == http.StatusCreated {
				if want, ok := tc.ac["expires_at"].(string); ok {
					got := obj(r.json(t), "application_credential")["expires_at"]
					if got != "2030-01-01T00:00:00.000000Z" {
						t.Errorf("expires_at %q: got %v, want 2030-01-01T00:00:00.000000Z", want, got)
					}
				}
			}
		})
	}
}

// TestApplicationCredentialCap: a user holds at most MaxAppCredsPerUser
// credentials; deleting one makes room again.
func TestApplicationCredentialCap(t *testing.T) {
	c := New(Options{Seed: 1})
	demo := login(t, c, "demo")
	path := "/identity/v3/users/" + keystoneID("user", "demo") + "/application_credentials"
	var first string
	for i := range MaxAppCredsPerUser {
		ac := obj(demo.must(http.StatusCreated, http.MethodPost, path, map[string]any{"application_credential": map[string]any{"name": fmt.Sprint("ac", i)}}).json(t), "application_credential")
		if i == 0 {
			first = ac["id"].(string)
		}
	}
	over := map[string]any{"application_credential": map[string]any{"name": "one-too-many"}}
	r := demo.must(http.StatusBadRequest, http.MethodPost, path, over)
	want := fmt.Sprintf("Invalid application credential: the lab allows at most %d application credentials per user", MaxAppCredsPerUser)
	if got := obj(r.json(t), "error")["message"]; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	admin := login(t, c, "admin")
	admin.must(http.StatusCreated, http.MethodPost, "/identity/v3/users/"+keystoneID("user", "admin")+"/application_credentials", over)
	demo.must(http.StatusNoContent, http.MethodDelete, path+"/"+first, nil)
	demo.must(http.StatusCreated, http.MethodPost, path, over)
}
