package octavia

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/octaview/octaview/labcloud"
)

// sessionsLab is a lab with the sessions scenario (two regions; "dual" has
// the projects ops, its default, and ops-staging).
func sessionsLab(t *testing.T) *labServer {
	t.Helper()
	s, err := labcloud.LoadScenario("../labcloud/testdata/sessions.json")
	if err != nil {
		t.Fatal(err)
	}
	return newLabServer(t, labcloud.Options{Scenario: s}, nil)
}

// TestLoginWithoutProject: no project asked for lands in the default one;
// the projects and regions are listed; a named project scopes to it.
func TestLoginWithoutProject(t *testing.T) {
	lab := sessionsLab(t)
	cases := []struct {
		name, user, project string
		want                string
	}{
		{"admin without a project", "admin", "", "admin"},
		{"a user with two projects, without one", "dual", "", "ops"},
		{"a user with two projects, the other", "dual", "ops-staging", "ops-staging"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := New(t.Context(), Config{AuthURL: lab.URL + "/identity/v3", Username: tc.user, Password: tc.user,
				UserDomainName: "Default", ProjectName: tc.project})
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			if got := c.Session().ProjectName; got != tc.want {
				t.Errorf("project: got %q, want %q", got, tc.want)
			}
		})
	}
	c, err := New(t.Context(), Config{AuthURL: lab.URL + "/identity/v3", Username: "dual", Password: "dual", UserDomainName: "Default"})
	if err != nil {
		t.Fatal(err)
	}
	projects, err := c.Projects(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range projects {
		names = append(names, p.Name)
	}
	if want := []string{"ops", "ops-staging"}; !slices.Equal(names, want) {
		t.Errorf("Projects: got %v, want %v", names, want)
	}
	if got, want := c.Regions(), []string{"RegionOne", "RegionTwo"}; !slices.Equal(got, want) {
		t.Errorf("Regions: got %v, want %v", got, want)
	}
}

// TestAllProjects: an admin lists every project with its name; anyone
// else is refused (Keystone's identity:list_projects).
func TestAllProjects(t *testing.T) {
	lab := sessionsLab(t)
	admin, err := New(t.Context(), Config{AuthURL: lab.URL + "/identity/v3", Username: "admin", Password: "admin", UserDomainName: "Default"})
	if err != nil {
		t.Fatal(err)
	}
	projects, err := admin.AllProjects(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, p := range projects {
		names[p.Name] = p.ID
	}
	for _, want := range []string{"admin", "demo", "ops", "ops-staging"} {
		if names[want] == "" {
			t.Errorf("AllProjects: %q missing from %v", want, names)
		}
	}
	demo, err := New(t.Context(), Config{AuthURL: lab.URL + "/identity/v3", Username: "demo", Password: "demo", UserDomainName: "Default"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := demo.AllProjects(t.Context()); ErrorCodeOf(err) != EFORBIDDEN {
		t.Errorf("a member: got %v, want EFORBIDDEN", err)
	}
}

// TestReauthHook: with Config.Reauth, a 401 (the token revoked elsewhere)
// calls the hook instead of re-sending the password, then the request goes
// once more; a hook that fails ends the request with EUNAUTHORIZED.
func TestReauthHook(t *testing.T) {
	lab := sessionsLab(t)
	var calls atomic.Int32
	var c *Client
	fail := false
	cfg := Config{AuthURL: lab.URL + "/identity/v3", Username: "demo", Password: "demo", UserDomainName: "Default",
		Reauth: func(ctx context.Context) error {
			calls.Add(1)
			if fail {
				return context.Canceled
			}
			// "the user logs in again": a new token for the same client
			fresh, err := New(ctx, Config{AuthURL: lab.URL + "/identity/v3", Username: "demo", Password: "demo", UserDomainName: "Default"})
			if err != nil {
				return err
			}
			c.provider.SetToken(fresh.provider.Token())
			return nil
		}}
	var err error
	if c, err = New(t.Context(), cfg); err != nil {
		t.Fatal(err)
	}
	revoke := func() {
		tok := c.provider.Token()
		r, _ := http.NewRequest(http.MethodDelete, lab.URL+"/identity/v3/auth/tokens", nil)
		r.Header.Set("X-Auth-Token", tok)
		r.Header.Set("X-Subject-Token", tok)
		resp, err := http.DefaultClient.Do(r)
		if err != nil || resp.StatusCode != http.StatusNoContent {
			t.Fatalf("revoking: %v %v", resp, err)
		}
		resp.Body.Close()
	}
	revoke()
	if _, err := c.Projects(t.Context()); err != nil {
		t.Errorf("after a revoke and the hook's login: got %v, want the call to succeed", err)
	}
	if got := calls.Load(); got != 1 {
		t.Errorf("Reauth calls: got %d, want 1", got)
	}
	fail = true
	revoke()
	if _, err := c.Projects(t.Context()); ErrorCodeOf(err) != EUNAUTHORIZED {
		t.Errorf("hook refused: got %v, want EUNAUTHORIZED", err)
	}
	if c.provider.ReauthFunc == nil {
		t.Errorf("ReauthFunc is nil: want the hook")
	}
}

// TestLoginNoProject: Keystone gives an unscoped token (no default
// project) and GET /v3/auth/projects lists none: ENOPROJECT, a clear
// error rather than a client without endpoints.
func TestLoginNoProject(t *testing.T) {
	lab := newLabServer(t, labcloud.Options{}, func(r *http.Request) *cannedAnswer {
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/identity/v3/auth/tokens":
			return &cannedAnswer{Status: http.StatusCreated, Header: http.Header{"X-Subject-Token": {"gAAAA-unscoped"}},
				Body: `{"token": {"methods": ["password"], "user": {"id": "u1", "name": "lonely", "domain": {"id": "default", "name": "Default"}},
				"expires_at": "2099-01-01T00:00:00.000000Z", "issued_at": "2026-01-01T00:00:00.000000Z"}}`}
		case r.URL.Path == "/identity/v3/auth/projects":
			return &cannedAnswer{Status: http.StatusOK, Body: `{"projects": [], "links": {}}`}
		}
		return nil
	})
	_, err := New(t.Context(), Config{AuthURL: lab.URL + "/identity/v3", Username: "lonely", Password: "x", UserDomainName: "Default"})
	if got := ErrorCodeOf(err); got != ENOPROJECT {
		t.Errorf("got %v (%v), want ENOPROJECT", got, err)
	}
}

// TestExchangeToken: a pasted token is validated (its project read) and
// traded for a new one of the same project with the token method, through
// the client's one request layer: Keystone's answers become *Error codes.
func TestExchangeToken(t *testing.T) {
	c, srv, _ := startCloud(t, demoLab, nil)
	token := c.provider.Token()
	cfg := Config{AuthURL: srv.URL + "/identity/v3"}
	srv.ResetRequests()
	if err := ExchangeToken(t.Context(), cfg, token); err != nil {
		t.Fatalf("a live token: got %v, want it exchanged", err)
	}
	var post request
	for _, r := range srv.Requests() {
		if r.Method == http.MethodPost && strings.HasSuffix(r.Path, "/auth/tokens") {
			post = r
		}
	}
	if !strings.Contains(post.Body, `"methods":["token"]`) || !strings.Contains(post.Body, c.Session().ProjectID) || post.Header.Get("X-Auth-Token") != "" {
		t.Errorf("the exchange: got %q (X-Auth-Token %q), want the token method scoped to project %s, no X-Auth-Token",
			post.Body, post.Header.Get("X-Auth-Token"), c.Session().ProjectID)
	}
	err := ExchangeToken(t.Context(), cfg, "not-a-token")
	if code := ErrorCodeOf(err); code != EUNAUTHORIZED && code != ENOTFOUND {
		t.Errorf("an unknown token: got %v (%s), want EUNAUTHORIZED or ENOTFOUND", err, code)
	}
	if err := ExchangeToken(t.Context(), Config{AuthURL: "http://127.0.0.1:1/identity/v3"}, token); ErrorCodeOf(err) != EUNAVAILABLE {
		t.Errorf("an unreachable Keystone: got %v, want EUNAVAILABLE", err)
	}
	if err := ExchangeToken(t.Context(), Config{AuthURL: srv.URL + "/identity"}, token); ErrorCodeOf(err) != EINVALID {
		t.Errorf("an auth URL without /v3: got %v, want EINVALID", err)
	}
}
