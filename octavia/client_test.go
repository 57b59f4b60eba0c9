package octavia

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack/identity/v3/applicationcredentials"

	"github.com/octaview/octaview/labcloud"
)

// recorder is an http.RoundTripper that notes every request it is handed
// (it sits under the transport guard, so it sees only what the guard let
// through) and passes it on.
type recorder struct {
	next http.RoundTripper
	mu   sync.Mutex
	urls []*url.URL
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	r.urls = append(r.urls, req.URL)
	r.mu.Unlock()
	return r.next.RoundTrip(req)
}

func (r *recorder) hosts() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var hosts []string
	for _, u := range r.urls {
		if !slices.Contains(hosts, u.Host) {
			hosts = append(hosts, u.Host)
		}
	}
	return hosts
}

// demoConfig logs in as demo (member of project demo) at base.
func demoConfig(base string, hc *http.Client) Config {
	return Config{
		AuthURL: base + "/identity/v3", Username: "demo", Password: "demo", UserDomainName: "Default",
		ProjectName: "demo", ProjectDomainName: "Default", HTTPClient: hc,
	}
}

// adminConfig logs in as the lab's admin (project admin) at base.
func adminConfig(base string) Config {
	return Config{
		AuthURL: base + "/identity/v3", Username: "admin", Password: "admin", UserDomainName: "Default",
		ProjectName: "admin", ProjectDomainName: "Default",
	}
}

// startCloud starts a lab cloud (newLabServer: opts, canned answers) and logs
// in as demo; the recorder sees every request that left the client.
func startCloud(t testing.TB, opts labcloud.Options, canned func(*http.Request) *cannedAnswer) (*Client, *labServer, *recorder) {
	t.Helper()
	srv := newLabServer(t, opts, canned)
	rec := &recorder{next: http.DefaultTransport}
	c, err := New(t.Context(), demoConfig(srv.URL, &http.Client{Transport: rec, Timeout: 10 * time.Second}))
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c, srv, rec
}

// demoLab is a lab scenario with one ACTIVE load balancer of demo's, "web".
var demoLab = labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "web"}}}}

func TestNewAuthenticates(t *testing.T) {
	srv := newLabServer(t, labcloud.Options{}, nil)
	base := srv.URL

	// an existing token, from a password login; IDs and an application
	// credential of the lab's users
	first, err := New(t.Context(), demoConfig(base, nil))
	if err != nil {
		t.Fatalf("password login: %v", err)
	}
	token := first.provider.Token()
	demo := first.Session()
	viewer, err := New(t.Context(), Config{AuthURL: base + "/identity/v3", Username: "viewer", Password: "viewer", UserDomainName: "Default", ProjectName: "demo", ProjectDomainName: "Default"})
	if err != nil {
		t.Fatalf("viewer login: %v", err)
	}
	ac, err := applicationcredentials.Create(t.Context(), first.identity, demo.UserID, applicationcredentials.CreateOpts{Name: "ci", Secret: "s3cret"}).Extract()
	if err != nil {
		t.Fatalf("create application credential: %v", err)
	}

	tests := []struct {
		name      string
		cfg       Config
		wantCode  ErrorCode
		wantUser  string
		wantRoles []string
	}{
		{"password", demoConfig(base, nil), "", "demo", demo.Roles},
		{"password by user ID", Config{AuthURL: base + "/identity/v3", UserID: viewer.Session().UserID, Password: "viewer", ProjectID: demo.ProjectID}, "", "viewer", viewer.Session().Roles},
		{"application credential by ID", Config{AuthURL: base + "/identity/v3", ApplicationCredentialID: ac.ID, ApplicationCredentialSecret: "s3cret"}, "", "demo", demo.Roles},
		{"application credential by name and user", Config{AuthURL: base + "/identity/v3", ApplicationCredentialName: "ci", Username: "demo", UserDomainName: "Default", ApplicationCredentialSecret: "s3cret"}, "", "demo", demo.Roles},
		{"existing token", Config{AuthURL: base + "/identity/v3", Token: token}, "", "demo", demo.Roles},
		{"internal interface and region", func() Config { c := demoConfig(base, nil); c.Interface = "internal"; c.Region = "RegionOne"; return c }(), "", "demo", demo.Roles},
		{"wrong password", func() Config { c := demoConfig(base, nil); c.Password = "nope"; return c }(), EUNAUTHORIZED, "", nil},
		{"unknown interface", func() Config { c := demoConfig(base, nil); c.Interface = "private"; return c }(), EINVALID, "", nil},
		{"auth URL without /v3", func() Config { c := demoConfig(base, nil); c.AuthURL = base + "/identity"; return c }(), EINVALID, "", nil},
		{"unknown region", func() Config { c := demoConfig(base, nil); c.Region = "Mars"; return c }(), EINVALID, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New(t.Context(), tt.cfg)
			if got := ErrorCodeOf(err); got != tt.wantCode {
				t.Fatalf("got code %q (%v), want %q", got, err, tt.wantCode)
			}
			if err != nil {
				if _, ok := errors.AsType[*Error](err); !ok {
					t.Errorf("got %T, want *Error", err)
				}
				return
			}
			s := c.Session()
			if s.UserName != tt.wantUser || !slices.Equal(s.Roles, tt.wantRoles) {
				t.Errorf("got user %q roles %v, want %q %v", s.UserName, s.Roles, tt.wantUser, tt.wantRoles)
			}
			if s.ProjectName != "demo" || s.ProjectID != demo.ProjectID {
				t.Errorf("got project %q/%q, want demo/%s", s.ProjectName, s.ProjectID, demo.ProjectID)
			}
			if until := time.Until(s.ExpiresAt); until < 50*time.Minute || until > 61*time.Minute {
				t.Errorf("got ExpiresAt %v (in %v), want about an hour from now", s.ExpiresAt, until)
			}
			if _, err := c.Get(t.Context(), lbRef("nope")); ErrorCodeOf(err) != ENOTFOUND {
				t.Errorf("got %v from Octavia, want ENOTFOUND", err)
			}
		})
	}
}

func TestSessionHasRole(t *testing.T) {
	s := Session{Roles: []string{"reader", "load-balancer_observer"}}
	for _, tt := range []struct {
		role string
		want bool
	}{{"reader", true}, {"READER", true}, {"member", false}, {"load-balancer_observer", true}} {
		if got := s.HasRole(tt.role); got != tt.want {
			t.Errorf("HasRole(%q): got %v, want %v", tt.role, got, tt.want)
		}
	}
}

func TestLogoutRevokesToken(t *testing.T) {
	c, srv, _ := startCloud(t, labcloud.Options{}, nil)
	token := c.provider.Token()
	if err := c.Logout(t.Context()); err != nil {
		t.Fatalf("Logout: %v", err)
	}
	var revoked bool
	for _, r := range srv.Requests() {
		if r.Method == http.MethodDelete && r.Path == "/identity/v3/auth/tokens" && r.Header.Get("X-Subject-Token") == token {
			revoked = true
		}
	}
	if !revoked {
		t.Errorf("got no DELETE /identity/v3/auth/tokens for the token, want one")
	}
	// the old token no longer works anywhere
	_, err := New(t.Context(), Config{AuthURL: srv.URL + "/identity/v3", Token: token})
	if got := ErrorCodeOf(err); got != EUNAUTHORIZED {
		t.Errorf("login with the revoked token: got %q, want EUNAUTHORIZED", got)
	}
}

func TestEveryRequestAcceptsJSON(t *testing.T) {
	c, srv, _ := startCloud(t, demoLab, nil)
	if _, err := Collect(c.List(t.Context(), KindLoadBalancer, "", ListQuery{})); err != nil {
		t.Fatal(err)
	}
	nets, err := Collect(c.Network().Networks(t.Context(), netListOpts("public")))
	if err != nil || len(nets) != 1 || len(nets[0].Subnets) == 0 {
		t.Fatalf("got networks %+v, %v; want public with its subnet", nets, err)
	}
	if _, _, err := c.Create(t.Context(), KindLoadBalancer, "", Object{"name": "new", "vip_subnet_id": nets[0].Subnets[0]}); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if len(reqs) < 4 {
		t.Fatalf("got %d requests, want at least 4", len(reqs))
	}
	for _, r := range reqs {
		if got := r.Header.Get("Accept"); got != "application/json" {
			t.Errorf("%s %s: got Accept %q, want application/json", r.Method, r.Path, got)
		}
	}
}

func TestEndpointOverrides(t *testing.T) {
	srv := newLabServer(t, demoLab, nil)

	tests := []struct {
		name       string
		lb, net    string
		wantLBBase string
	}{
		{"catalog", "", "", srv.URL + "/load-balancer/v2.0/"},
		{"page origin", srv.URL + "/load-balancer/", srv.URL + "/network/", srv.URL + "/load-balancer/v2.0/"},
		{"no trailing slash", srv.URL + "/load-balancer", srv.URL + "/network", srv.URL + "/load-balancer/v2.0/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := demoConfig(srv.URL, nil)
			cfg.LoadBalancerEndpoint, cfg.NetworkEndpoint = tt.lb, tt.net
			c, err := New(t.Context(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.lb.ResourceBaseURL(); got != tt.wantLBBase {
				t.Errorf("got load-balancer base %q, want %q", got, tt.wantLBBase)
			}
			lbs, err := Collect(c.List(t.Context(), KindLoadBalancer, "", named("web")))
			if err != nil || len(lbs) != 1 {
				t.Errorf("got %d load balancers, %v; want 1", len(lbs), err)
			}
			nets, err := Collect(c.Network().Networks(t.Context(), netListOpts("demo-net")))
			if err != nil || len(nets) != 1 {
				t.Errorf("got %d networks, %v; want 1", len(nets), err)
			}
		})
	}
}

func TestGuardRefusesOtherHosts(t *testing.T) {
	c, _, rec := startCloud(t, labcloud.Options{}, nil)
	tests := []struct{ name, url string }{
		{"internal Octavia API", "http://10.0.0.1:9876/v2/lbaas/loadbalancers"},
		{"other port on our host", strings.Replace(c.lb.Endpoint, "127.0.0.1:", "127.0.0.1:1", 1)},
		{"https instead of http", strings.Replace(c.lb.Endpoint, "http://", "https://", 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := c.get(t.Context(), "probe", tt.url, nil)
			if !errors.Is(err, ErrHostNotAllowed) {
				t.Fatalf("got %v, want ErrHostNotAllowed", err)
			}
			host := strings.SplitN(strings.SplitN(tt.url, "//", 2)[1], "/", 2)[0]
			if !strings.Contains(err.Error(), strings.Split(host, ":")[0]) {
				t.Errorf("got %q, want the host %s named", err, host)
			}
			if ErrorCodeOf(err) != EINTERNAL {
				t.Errorf("got code %q, want EINTERNAL", ErrorCodeOf(err))
			}
		})
	}
	for _, h := range rec.hosts() {
		if !strings.HasPrefix(h, "127.0.0.1:") {
			t.Errorf("a request reached the transport for %s", h)
		}
	}
}

func TestResponseCodeIsThroughError(t *testing.T) {
	c, _, _ := startCloud(t, labcloud.Options{}, nil)
	_, err := c.Get(t.Context(), lbRef("missing"))
	if !gophercloud.ResponseCodeIs(err, http.StatusNotFound) {
		t.Errorf("got ResponseCodeIs(err, 404) false for %v, want true", err)
	}
}
