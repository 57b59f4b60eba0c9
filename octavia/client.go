package octavia

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gophercloud/gophercloud/v2"
	tokens3 "github.com/gophercloud/gophercloud/v2/openstack/identity/v3/tokens"
)

// Config says where Keystone is, who logs in, and which endpoints to use.
// Exactly one way to authenticate is used: Token if set, else an application
// credential if ApplicationCredentialSecret is set, else the password.
type Config struct {
	AuthURL   string // Keystone v3, e.g. http://127.0.0.1:8080/identity/v3 (must end in /v3)
	Region    string // catalog region; "" = the first endpoint of any region
	Interface string // catalog interface: "public" (default), "internal" or "admin"

	// Password: a user (name + domain, or ID) and a project (name + domain, or ID).
	Username, UserID, Password, UserDomainName, UserDomainID   string
	ProjectName, ProjectID, ProjectDomainName, ProjectDomainID string

	// Application credential: ID, or name + user (Username/UserID, UserDomain*); and the secret.
	ApplicationCredentialID, ApplicationCredentialName, ApplicationCredentialSecret string

	// Token: an existing Keystone token, used as is (never re-authenticated).
	Token string

	// Endpoint overrides; "" = from the catalog. In the browser both point at the
	// page's own origin, e.g. http://origin/load-balancer/ and http://origin/network/.
	// gophercloud appends "v2.0/" to both.
	LoadBalancerEndpoint, NetworkEndpoint string

	// Reauth, when set, replaces re-authentication with the stored
	// credentials: the credentials are not kept after login, and a request
	// that gets a 401 (the token expired or was revoked) calls Reauth, then
	// is sent once more with the client's (unchanged) token. The browser's
	// Reauth asks the user to log in again and returns once they have (or
	// with their refusal); concurrent 401s share one call.
	Reauth func(ctx context.Context) error

	HTTPClient *http.Client // nil = a client on http.DefaultTransport; the transport guard always wraps its Transport
	TLS        *tls.Config  // optional CA / verification settings (clouds.yaml cacert, verify); ignored when HTTPClient is set; natively only (in the browser, TLS is the browser's: EINVALID)
}

// Client talks to Keystone and Octavia through gophercloud ServiceClients,
// and hands out the clients of the other services on its session: Network
// (Neutron), KeyManager (Barbican) and Compute (Nova). It is safe for
// concurrent use. Every request it sends carries Accept: application/json
// and goes through the transport guard.
type Client struct {
	provider *gophercloud.ProviderClient
	lb       *gophercloud.ServiceClient // Octavia; resource URLs come from the kind table (kinds.go)
	net      *gophercloud.ServiceClient // Neutron, handed out by Network; nil when the catalog has no network endpoint
	identity *gophercloud.ServiceClient // Keystone v3
	guard    *guard
	catalog  *tokens3.ServiceCatalog
	iface    string
	region   string
	source   StatusSource // where waits read statuses; nil = GETs of their own (WithStatusSource)
}

// Session describes the logged-in token: who, in which project, with which
// roles, until when.
type Session struct {
	UserID, UserName, ProjectID, ProjectName, DomainName string
	Roles                                                []string  // role names, e.g. "member", "reader", "admin", "load-balancer_member"
	ExpiresAt                                            time.Time // when Keystone stops accepting the token (UTC)
	Region                                               string    // Config.Region ("" = the first of any region)
}

// HasRole reports whether the session holds the role name (case-insensitive).
func (s Session) HasRole(name string) bool {
	return slices.ContainsFunc(s.Roles, func(r string) bool { return strings.EqualFold(r, name) })
}

// New authenticates against cfg.AuthURL and prepares the load-balancer and
// network service clients. Errors are *Error (EUNAUTHORIZED for bad
// credentials, EINVALID for an incomplete Config, EUNAVAILABLE when Keystone
// cannot be reached).
func New(ctx context.Context, cfg Config) (*Client, error) {
	const op = "log in"
	iface := cfg.Interface
	if iface == "" {
		iface = "public"
	}
	if !slices.Contains([]string{"public", "internal", "admin"}, iface) {
		return nil, &Error{Code: EINVALID, Op: op, Err: fmt.Errorf("interface %q is not public, internal or admin", cfg.Interface)}
	}
	if !strings.HasSuffix(strings.TrimSuffix(cfg.AuthURL, "/"), "/v3") {
		return nil, &Error{Code: EINVALID, Op: op, Err: fmt.Errorf("auth URL %q does not end in /v3", cfg.AuthURL)}
	}

	httpClient := http.Client{}
	if cfg.HTTPClient != nil {
		httpClient = *cfg.HTTPClient
	} else if cfg.TLS != nil {
		t, err := tlsTransport(cfg.TLS) // client_tls.go; in the browser, client_js.go
		if err != nil {
			return nil, &Error{Code: EINVALID, Op: op, Err: err}
		}
		httpClient.Transport = t
	}
	g := newGuard(httpClient.Transport)
	httpClient.Transport = g
	for _, u := range []string{cfg.AuthURL, cfg.LoadBalancerEndpoint, cfg.NetworkEndpoint} {
		if u == "" {
			continue
		}
		if err := g.allow(u); err != nil {
			return nil, &Error{Code: EINVALID, Op: op, Err: err}
		}
	}

	provider := newProvider(cfg.AuthURL)
	provider.HTTPClient = httpClient
	provider.UserAgent.Prepend("octaview")
	if err := authenticate(ctx, provider, authOptionsFor(cfg)); err != nil {
		return nil, mapError(op, err)
	}

	c := &Client{provider: provider, guard: g, iface: iface, region: cfg.Region, identity: identityClient(provider)}
	c.identity.MoreHeaders = map[string]string{"Accept": "application/json"}
	if cfg.ProjectID == "" && cfg.ProjectName == "" && c.Session().ProjectID == "" {
		// No project asked for and none by default: the first the user has.
		projects, err := c.Projects(ctx)
		if err != nil {
			return nil, err
		}
		if len(projects) == 0 {
			return nil, &Error{Code: ENOPROJECT, Op: op, Err: errors.New("the user has no project: ask an administrator for a role on one")}
		}
		scoped := cfg
		scoped.ProjectID = projects[0].ID
		if err := authenticate(ctx, provider, authOptionsFor(scoped)); err != nil {
			return nil, mapError(op, err)
		}
	}
	if cfg.Reauth != nil {
		reauth := cfg.Reauth
		provider.ReauthFunc = func(ctx context.Context) error { return reauth(ctx) }
	}

	// Endpoints come from the overrides or straight from the catalog, without
	// gophercloud's version discovery (one GET less per service, and no
	// failure when a service root has no version document).
	catalog, err := catalogOf(provider)
	if err != nil {
		return nil, mapError(op, err)
	}
	c.catalog = catalog
	overrides := map[string]string{"load-balancer": cfg.LoadBalancerEndpoint, "network": cfg.NetworkEndpoint}
	provider.EndpointLocator = func(eo gophercloud.EndpointOpts) (string, error) {
		for _, t := range eo.Types() {
			if u := overrides[t]; u != "" {
				return gophercloud.NormalizeURL(u), nil
			}
		}
		u, err := catalogURL(catalog, eo)
		if err != nil {
			return "", err
		}
		if err := g.allow(u); err != nil {
			return "", err
		}
		return u, nil
	}
	eo := gophercloud.EndpointOpts{Region: cfg.Region, Availability: gophercloud.Availability(iface)}
	if c.lb, err = serviceClient(provider, eo, "load-balancer"); err != nil {
		return nil, mapError("find the load-balancer endpoint", err)
	}
	if c.net, err = serviceClient(provider, eo, "network"); err != nil {
		c.net = nil // the console works without Neutron; network calls say so
	}
	for _, sc := range []*gophercloud.ServiceClient{c.lb, c.net, c.identity} {
		if sc != nil {
			sc.MoreHeaders = map[string]string{"Accept": "application/json"}
		}
	}
	return c, nil
}

// authOptionsFor is authOptions, without stored-credential re-authentication
// when cfg.Reauth replaces it (so the password is not kept).
func authOptionsFor(cfg Config) gophercloud.AuthOptions {
	ao := authOptions(cfg)
	if cfg.Reauth != nil {
		ao.AllowReauth = false
	}
	return ao
}

// authOptions turns cfg into gophercloud's auth options.
func authOptions(cfg Config) gophercloud.AuthOptions {
	ao := gophercloud.AuthOptions{
		IdentityEndpoint: cfg.AuthURL,
		Username:         cfg.Username,
		UserID:           cfg.UserID,
		DomainName:       cfg.UserDomainName,
		DomainID:         cfg.UserDomainID,
	}
	switch {
	case cfg.Token != "":
		ao = gophercloud.AuthOptions{IdentityEndpoint: cfg.AuthURL, TokenID: cfg.Token}
		if cfg.ProjectID != "" || cfg.ProjectName != "" {
			ao.Scope = projectScope(cfg)
		}
	case cfg.ApplicationCredentialSecret != "":
		ao.ApplicationCredentialID = cfg.ApplicationCredentialID
		ao.ApplicationCredentialName = cfg.ApplicationCredentialName
		ao.ApplicationCredentialSecret = cfg.ApplicationCredentialSecret
		ao.AllowReauth = true
	default:
		ao.Password = cfg.Password
		ao.AllowReauth = true
		if cfg.ProjectID != "" || cfg.ProjectName != "" {
			ao.Scope = projectScope(cfg)
		}
	}
	return ao
}

// projectScope scopes to the project; its domain defaults to the user's.
func projectScope(cfg Config) *gophercloud.AuthScope {
	if cfg.ProjectID != "" {
		return &gophercloud.AuthScope{ProjectID: cfg.ProjectID}
	}
	s := &gophercloud.AuthScope{ProjectName: cfg.ProjectName, DomainName: cfg.ProjectDomainName, DomainID: cfg.ProjectDomainID}
	if s.DomainName == "" && s.DomainID == "" {
		s.DomainName, s.DomainID = cfg.UserDomainName, cfg.UserDomainID
	}
	return s
}

// tokenResult is what both tokens3.CreateResult and tokens3.GetResult offer.
type tokenResult interface {
	ExtractToken() (*tokens3.Token, error)
	ExtractUser() (*tokens3.User, error)
	ExtractProject() (*tokens3.Project, error)
	ExtractRoles() ([]tokens3.Role, error)
	ExtractServiceCatalog() (*tokens3.ServiceCatalog, error)
}

func authResult(p *gophercloud.ProviderClient) (tokenResult, error) {
	switch r := p.GetAuthResult().(type) {
	case tokens3.CreateResult:
		return r, nil
	case tokens3.GetResult:
		return r, nil
	case *tokens3.CreateResult:
		return r, nil
	case *tokens3.GetResult:
		return r, nil
	}
	return nil, errors.New("no Keystone v3 token")
}

func catalogOf(p *gophercloud.ProviderClient) (*tokens3.ServiceCatalog, error) {
	r, err := authResult(p)
	if err != nil {
		return nil, err
	}
	return r.ExtractServiceCatalog()
}

// catalogURL picks the first endpoint of a matching type, interface and region.
func catalogURL(catalog *tokens3.ServiceCatalog, eo gophercloud.EndpointOpts) (string, error) {
	for _, entry := range catalog.Entries {
		if !slices.Contains(eo.Types(), entry.Type) || (eo.Name != "" && entry.Name != eo.Name) {
			continue
		}
		for _, ep := range entry.Endpoints {
			if gophercloud.Availability(ep.Interface) != eo.Availability {
				continue
			}
			if eo.Region != "" && ep.Region != eo.Region && ep.RegionID != eo.Region {
				continue
			}
			return gophercloud.NormalizeURL(ep.URL), nil
		}
	}
	return "", &Error{Code: EINVALID, Err: fmt.Errorf("the catalog has no %s endpoint (interface %s, region %q)", eo.Type, eo.Availability, eo.Region)}
}

// Session describes the current token (it changes when gophercloud
// re-authenticates after a 401).
func (c *Client) Session() Session {
	r, err := authResult(c.provider)
	if err != nil {
		return Session{}
	}
	s := Session{Region: c.region}
	if t, err := r.ExtractToken(); err == nil {
		s.ExpiresAt = t.ExpiresAt.UTC()
	}
	if u, err := r.ExtractUser(); err == nil && u != nil {
		s.UserID, s.UserName, s.DomainName = u.ID, u.Name, u.Domain.Name
	}
	if p, err := r.ExtractProject(); err == nil && p != nil {
		s.ProjectID, s.ProjectName = p.ID, p.Name
	}
	if roles, err := r.ExtractRoles(); err == nil {
		for _, role := range roles {
			s.Roles = append(s.Roles, role.Name)
		}
	}
	return s
}

// Project is a project the user has a role on.
type Project struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	DomainID string `json:"domain_id"`
}

// Projects lists the projects the token's user may scope to
// (GET /v3/auth/projects), in Keystone's order.
func (c *Client) Projects(ctx context.Context) ([]Project, error) {
	var out struct {
		Projects []Project `json:"projects"`
	}
	if _, err := do(ctx, c.identity, "list your projects", http.MethodGet, c.identity.ServiceURL("auth", "projects"), nil, &out); err != nil {
		return nil, err
	}
	return out.Projects, nil
}

// AllProjects lists every project of the cloud (GET /v3/projects, which
// Keystone's default policy gives admins only: others get EFORBIDDEN), for
// naming the projects of an admin's lists. Keystone answers it in one page.
func (c *Client) AllProjects(ctx context.Context) ([]Project, error) {
	var out struct {
		Projects []Project `json:"projects"`
	}
	if _, err := do(ctx, c.identity, "list the projects", http.MethodGet, c.identity.ServiceURL("projects"), nil, &out); err != nil {
		return nil, err
	}
	return out.Projects, nil
}

// Regions lists the regions of the catalog's load-balancer endpoints (at
// the client's interface), each once, in catalog order.
func (c *Client) Regions() []string {
	var out []string
	if c.catalog == nil {
		return nil
	}
	for _, entry := range c.catalog.Entries {
		if entry.Type != "load-balancer" {
			continue
		}
		for _, ep := range entry.Endpoints {
			r := cmp.Or(ep.Region, ep.RegionID)
			if ep.Interface == c.iface && r != "" && !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// Logout revokes the token (DELETE /v3/auth/tokens) and forgets it; the
// Client cannot be used afterwards.
func (c *Client) Logout(ctx context.Context) error {
	token := c.provider.Token()
	if token == "" {
		return nil
	}
	err := tokens3.Revoke(ctx, c.identity, token).Err
	c.provider.ReauthFunc = nil
	c.provider.SetToken("")
	return mapError("log out", err)
}

// Accepted describes a write Octavia accepted: the answer's request id (for
// support) and status code (201, 202 or 204).
type Accepted struct {
	RequestID  string
	StatusCode int
}

// Internal request helpers: every request of the package goes through do
// (directly, or through get, put, del, getOne, sendOne and the pager list)
// or through package amphoracontrol, whose result it reads with accepted,
// so every failure passes once through mapError and every success yields
// an Accepted. Octavia URLs come from the kind table (or amphoracontrol);
// Neutron's, Barbican's and Nova's are built on the service client of
// Network, KeyManager and Compute.

// do sends method url on sc. body (nil = none) is marshalled as JSON, e.g. the
// map from opts.ToLoadBalancerCreateMap(); out (nil = discard) is a pointer the
// JSON answer is decoded into, typically an envelope such as
// &struct{ LB loadbalancers.LoadBalancer `json:"loadbalancer"` }{}. okCodes
// (none = gophercloud's defaults: GET 200, POST/PUT 201/202, DELETE 202/204)
// are the statuses counted as success. op names the action for errors.
func do(ctx context.Context, sc *gophercloud.ServiceClient, op, method, url string, body, out any, okCodes ...int) (Accepted, error) {
	resp, err := sc.Request(ctx, method, url, &gophercloud.RequestOpts{JSONBody: body, JSONResponse: out, OkCodes: okCodes})
	if err != nil {
		return Accepted{}, mapError(op, err)
	}
	return Accepted{RequestID: resp.Header.Get(RequestIDHeader), StatusCode: resp.StatusCode}, nil
}

// get GETs url on Octavia and decodes the answer into out (see do).
func (c *Client) get(ctx context.Context, op, url string, out any) error {
	_, err := do(ctx, c.lb, op, http.MethodGet, url, nil, out)
	return err
}

// put PUTs body to url on Octavia and decodes the answer into out (see do).
func (c *Client) put(ctx context.Context, op, url string, body, out any) (Accepted, error) {
	return do(ctx, c.lb, op, http.MethodPut, url, body, out, 200, 201, 202, 204)
}

// del DELETEs url on Octavia (202 or 204).
func (c *Client) del(ctx context.Context, op, url string) (Accepted, error) {
	return do(ctx, c.lb, op, http.MethodDelete, url, nil, nil, 202, 204)
}

// endpoint is the catalog's URL of service typ (e.g. "key-manager",
// "compute") at the client's region and interface, as the transport guard
// allows it; an error when the catalog has none.
func (c *Client) endpoint(typ string) (string, error) {
	eo := gophercloud.EndpointOpts{Region: c.region, Availability: gophercloud.Availability(c.iface)}
	eo.ApplyDefaults(typ)
	return c.provider.EndpointLocator(eo)
}

// getOne GETs url on Octavia and returns the object under the envelope key
// (Octavia answers {"loadbalancer": {...}}).
func getOne[T any](ctx context.Context, c *Client, op, url, key string) (*T, error) {
	v, _, err := sendOne[T](ctx, c, c.lb, op, http.MethodGet, url, nil, key)
	return v, err
}

// sendOne sends method url with body on sc and returns the object under the
// envelope key of the answer, and the Accepted of the write. A missing key
// in a non-empty answer is an EINTERNAL *Error.
func sendOne[T any](ctx context.Context, c *Client, sc *gophercloud.ServiceClient, op, method, url string, body any, key string) (*T, Accepted, error) {
	var env map[string]*T
	acc, err := c.sendEnvelope(ctx, sc, op, method, url, body, &env, key, func() bool { return env[key] != nil })
	if err != nil {
		return nil, acc, err
	}
	return env[key], acc, nil
}

// sendEnvelope is sendOne's work, shared by every T (so that each
// instantiation is small): it sends, decodes the answer into env, and checks
// with has that the key is there.
func (c *Client) sendEnvelope(ctx context.Context, sc *gophercloud.ServiceClient, op, method, url string, body, env any, key string, has func() bool) (Accepted, error) {
	var okCodes []int // GET: 200
	if method == http.MethodPost || method == http.MethodPut {
		okCodes = []int{200, 201, 202}
	}
	acc, err := do(ctx, sc, op, method, url, body, env, okCodes...)
	if err != nil {
		return acc, err
	}
	return acc, noObject(op, key, acc, has())
}

// noObject is the EINTERNAL *Error of an answer (not a 204) without its
// object under key, or nil when found.
func noObject(op, key string, acc Accepted, found bool) error {
	if found || acc.StatusCode == http.StatusNoContent {
		return nil
	}
	return &Error{Code: EINTERNAL, StatusCode: acc.StatusCode, RequestID: acc.RequestID, Op: op,
		Err: fmt.Errorf("the answer has no %q object", key)}
}

// accepted reads the result of a request package's call that answers no
// body (a delete, an action): the Accepted, or the error mapped for op.
func accepted(op string, r gophercloud.ErrResult) (Accepted, error) {
	if err := r.ExtractErr(); err != nil {
		return Accepted{}, mapError(op, err)
	}
	return Accepted{RequestID: r.Header.Get(RequestIDHeader), StatusCode: r.StatusCode}, nil
}
