package fake

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// Cloud is the fake. Set its exported fields before the first request.
type Cloud struct {
	// Base is the origin put in the catalog, e.g. "http://cloud.test";
	// NewServer sets it to the server's URL.
	Base string
	// LinkBase replaces Base + "/load-balancer" in Octavia's *_links (Octavia
	// builds them from its own api_base_uri, often an internal host).
	LinkBase string
	// Delay is how long a write keeps PENDING_*; 0 = settled at the next read.
	Delay time.Duration
	// MaxPageSize caps limit; 0 = 1000.
	MaxPageSize int
	// Final, if set, returns the status a resource reaches after a create or
	// update ("" = ACTIVE); "ERROR" makes it fail.
	Final func(kind, id string) string
	// Fault, if set, is asked first for every request; a non-nil answer is
	// sent instead of the normal one.
	Fault func(r *http.Request) *Answer
	// Link, if set, rewrites every *_links href before it is sent.
	Link func(href string) string
	// After, if set, is called once the answer to r (status) is made, outside the lock.
	After func(r *http.Request, status int)

	mu       sync.Mutex
	seq      int
	objects  map[string]*object   // by ID
	colls    map[string][]*object // by collection path: "loadbalancers", "pools/<id>/members", ...
	tokens   map[string]*token
	requests []Request
}

// Answer is a canned response.
type Answer struct {
	Status int
	Body   string
	Header http.Header
}

// Request is what the fake recorded of one request.
type Request struct {
	Method, Host, Path string
	Query              url.Values
	Header             http.Header
	Body               string
}

// User is a Keystone user the fake knows. Password is the name.
type User struct {
	Name, Role string
}

// Users: demo (member), viewer (reader), admin (admin); all in project "demo".
var Users = []User{{"demo", "member"}, {"viewer", "reader"}, {"admin", "admin"}}

type token struct {
	id      string
	user    User
	expires time.Time
	revoked bool
}

type object struct {
	kind    string // loadbalancer, listener, pool, member, healthmonitor, l7policy, rule
	coll    string
	lb      string // the load balancer it belongs to
	attrs   map[string]any
	until   time.Time // PENDING_* ends then
	final   string    // status after until; "DELETED" removes the object
	pending bool
}

// New returns an empty cloud with Base "http://cloud.test".
func New() *Cloud {
	return &Cloud{Base: "http://cloud.test", objects: map[string]*object{}, colls: map[string][]*object{}, tokens: map[string]*token{}}
}

// Server is a Cloud behind an httptest.Server.
type Server struct {
	*Cloud
	URL string
	srv *httptest.Server
}

// NewServer starts c on 127.0.0.1 and sets c.Base to its URL.
func NewServer(c *Cloud) *Server {
	srv := httptest.NewServer(c)
	c.mu.Lock()
	c.Base = srv.URL
	c.mu.Unlock()
	return &Server{Cloud: c, URL: srv.URL, srv: srv}
}

// Close shuts the server down.
func (s *Server) Close() { s.srv.Close() }

// Requests returns the requests received so far.
func (c *Cloud) Requests() []Request {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.requests)
}

// ResetRequests forgets the recorded requests.
func (c *Cloud) ResetRequests() {
	c.mu.Lock()
	c.requests = nil
	c.mu.Unlock()
}

// Stamp is Octavia's timestamp format (no zone).
const Stamp = "2006-01-02T15:04:05"

func (c *Cloud) newID() string {
	c.seq++
	return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", c.seq, c.seq%0xffff, c.seq%0xfff, c.seq%0xfff, c.seq)
}

// AddLoadBalancer stores an ACTIVE load balancer with attrs merged over the
// defaults and returns its ID.
func (c *Cloud) AddLoadBalancer(attrs map[string]any) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	o := c.create("loadbalancer", "loadbalancers", "", attrs)
	o.attrs["provisioning_status"] = "ACTIVE"
	o.attrs["operating_status"] = "ONLINE"
	return o.attrs["id"].(string)
}

// Status returns the provisioning status of the object with id, settled to now.
func (c *Cloud) Status(id string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.settle()
	if o := c.objects[id]; o != nil {
		return o.attrs["provisioning_status"].(string)
	}
	return ""
}

// Tags returns the tags of the object with id.
func (c *Cloud) Tags(id string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if o := c.objects[id]; o != nil {
		return tagsOf(o.attrs)
	}
	return nil
}

// ServeHTTP implements http.Handler.
func (c *Cloud) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	c.mu.Lock()
	c.seq++
	reqID := fmt.Sprintf("req-%08x-0000-4000-8000-%012x", c.seq, c.seq)
	c.requests = append(c.requests, Request{Method: r.Method, Host: r.Host, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone(), Body: string(body)})
	fault := c.Fault
	c.mu.Unlock()
	w.Header().Set("X-Openstack-Request-Id", reqID)
	if fault != nil {
		if a := fault(r); a != nil {
			for k, v := range a.Header {
				w.Header()[k] = v
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(a.Status)
			io.WriteString(w, a.Body)
			return
		}
	}
	c.mu.Lock()
	c.settle()
	status, out, hdr := c.route(r, body)
	var enc []byte
	if out != nil {
		enc, _ = json.Marshal(out)
	}
	after := c.After
	c.mu.Unlock()
	if after != nil {
		defer after(r, status)
	}
	for k, v := range hdr {
		w.Header()[k] = v
	}
	if out == nil {
		w.WriteHeader(status)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(enc)
}

// OctaviaFault is Octavia's error body.
func OctaviaFault(msg string) map[string]any {
	return map[string]any{"faultcode": "Client", "faultstring": msg, "debuginfo": nil}
}

// KeystoneError is Keystone's error body.
func KeystoneError(code int, title, msg string) map[string]any {
	return map[string]any{"error": map[string]any{"code": code, "title": title, "message": msg}}
}

func (c *Cloud) route(r *http.Request, body []byte) (int, any, http.Header) {
	p := r.URL.Path
	switch {
	case strings.HasPrefix(p, "/identity/v3/auth/tokens"):
		return c.keystone(r, body)
	case p == "/load-balancer" || p == "/load-balancer/":
		return 200, map[string]any{"versions": []any{map[string]any{"id": "v2.0", "status": "CURRENT", "links": []any{map[string]any{"href": c.Base + "/load-balancer/v2", "rel": "self"}}}}}, nil
	}
	user, ok := c.authorized(r)
	if !ok {
		return 401, KeystoneError(401, "Unauthorized", "The request you have made requires authentication."), nil
	}
	switch {
	case strings.HasPrefix(p, "/load-balancer/v2/lbaas/"), strings.HasPrefix(p, "/load-balancer/v2.0/lbaas/"):
		rest := p[strings.Index(p, "/lbaas/")+len("/lbaas/"):]
		return c.octavia(r, user, strings.Split(strings.Trim(rest, "/"), "/"), body)
	case strings.HasPrefix(p, "/network/v2.0/"):
		return c.neutron(r, strings.Split(strings.TrimPrefix(p, "/network/v2.0/"), "/"))
	}
	return 404, OctaviaFault("The resource could not be found."), nil
}

func (c *Cloud) authorized(r *http.Request) (User, bool) {
	t := c.tokens[r.Header.Get("X-Auth-Token")]
	if t == nil || t.revoked || !time.Now().Before(t.expires) {
		return User{}, false
	}
	return t.user, true
}

// keystone answers /identity/v3/auth/tokens.
func (c *Cloud) keystone(r *http.Request, body []byte) (int, any, http.Header) {
	switch r.Method {
	case http.MethodPost:
		var req struct {
			Auth struct {
				Identity struct {
					Methods  []string `json:"methods"`
					Password struct {
						User struct {
							Name, ID, Password string
						} `json:"user"`
					} `json:"password"`
					AppCred struct {
						ID, Name, Secret string
					} `json:"application_credential"`
					Token struct {
						ID string `json:"id"`
					} `json:"token"`
				} `json:"identity"`
			} `json:"auth"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			return 400, KeystoneError(400, "Bad Request", "malformed request"), nil
		}
		id := req.Auth.Identity
		var user User
		found := false
		switch {
		case slices.Contains(id.Methods, "password"):
			for _, u := range Users {
				if (id.Password.User.Name == u.Name || id.Password.User.ID == "u-"+u.Name) && id.Password.User.Password == u.Name {
					user, found = u, true
				}
			}
		case slices.Contains(id.Methods, "application_credential"):
			if (id.AppCred.ID == "ac-demo" || id.AppCred.Name == "ci") && id.AppCred.Secret == "s3cret" {
				user, found = Users[0], true
			}
		case slices.Contains(id.Methods, "token"):
			if t := c.tokens[id.Token.ID]; t != nil && !t.revoked {
				user, found = t.user, true
			}
		}
		if !found {
			return 401, KeystoneError(401, "Unauthorized", "The request you have made requires authentication."), nil
		}
		t := &token{id: fmt.Sprintf("gAAAA-tok-%d", c.seq), user: user, expires: time.Now().Add(time.Hour).UTC()}
		c.tokens[t.id] = t
		return 201, c.tokenBody(t), http.Header{"X-Subject-Token": {t.id}}
	case http.MethodGet:
		if _, ok := c.authorized(r); !ok {
			return 401, KeystoneError(401, "Unauthorized", "The request you have made requires authentication."), nil
		}
		t := c.tokens[r.Header.Get("X-Subject-Token")]
		if t == nil || t.revoked {
			return 404, KeystoneError(404, "Not Found", "Could not find token."), nil
		}
		return 200, c.tokenBody(t), http.Header{"X-Subject-Token": {t.id}}
	case http.MethodDelete:
		t := c.tokens[r.Header.Get("X-Subject-Token")]
		if t == nil {
			return 404, KeystoneError(404, "Not Found", "Could not find token."), nil
		}
		t.revoked = true
		return 204, nil, nil
	}
	return 405, KeystoneError(405, "Method Not Allowed", "method not allowed"), nil
}

func (c *Cloud) tokenBody(t *token) map[string]any {
	ep := func(typ, path string) map[string]any {
		var eps []any
		for _, iface := range []string{"public", "internal", "admin"} {
			eps = append(eps, map[string]any{"id": typ + "-" + iface, "interface": iface, "region": "RegionOne", "region_id": "RegionOne", "url": c.Base + path})
		}
		return map[string]any{"type": typ, "name": typ, "id": typ, "endpoints": eps}
	}
	domain := map[string]any{"id": "default", "name": "Default"}
	return map[string]any{"token": map[string]any{
		"methods":    []string{"password"},
		"expires_at": t.expires.Format("2006-01-02T15:04:05.000000Z"),
		"issued_at":  time.Now().UTC().Format("2006-01-02T15:04:05.000000Z"),
		"user":       map[string]any{"id": "u-" + t.user.Name, "name": t.user.Name, "domain": domain},
		"project":    map[string]any{"id": "p-demo", "name": "demo", "domain": domain},
		"roles":      []any{map[string]any{"id": "r-" + t.user.Role, "name": t.user.Role}},
		"catalog":    []any{ep("identity", "/identity"), ep("load-balancer", "/load-balancer"), ep("network", "/network")},
	}}
}

// settle ends every PENDING_* whose time has come.
func (c *Cloud) settle() {
	now := time.Now()
	for _, o := range c.objects {
		if !o.pending || now.Before(o.until) {
			continue
		}
		o.pending = false
		if o.final == "DELETED" {
			c.remove(o)
			continue
		}
		o.attrs["provisioning_status"] = o.final
		if o.kind == "loadbalancer" && o.final == "ACTIVE" {
			o.attrs["operating_status"] = "ONLINE"
		}
	}
}

func (c *Cloud) remove(o *object) {
	id := o.attrs["id"].(string)
	delete(c.objects, id)
	c.colls[o.coll] = slices.DeleteFunc(c.colls[o.coll], func(x *object) bool { return x == o })
	for _, sub := range []string{"pools/" + id + "/members", "l7policies/" + id + "/rules"} {
		for _, child := range c.colls[sub] {
			delete(c.objects, child.attrs["id"].(string))
		}
		delete(c.colls, sub)
	}
	if o.kind == "loadbalancer" { // cascade
		for _, x := range c.objects {
			if x.lb == id {
				c.remove(x)
			}
		}
	}
}

// pend puts o (and its load balancer) in PENDING_<verb> for Delay.
func (c *Cloud) pend(o *object, verb string) {
	until := time.Now().Add(c.Delay)
	final := "ACTIVE"
	if verb == "DELETE" {
		final = "DELETED"
	} else if c.Final != nil {
		if f := c.Final(o.kind, o.attrs["id"].(string)); f != "" {
			final = f
		}
	}
	o.attrs["provisioning_status"] = "PENDING_" + verb
	o.pending, o.until, o.final = true, until, final
	if lb := c.objects[o.lb]; lb != nil && lb != o {
		lb.attrs["provisioning_status"] = "PENDING_UPDATE"
		lb.pending, lb.until, lb.final = true, until, "ACTIVE"
	}
}

// SetTags replaces the tags of the object with id, as another writer would.
func (c *Cloud) SetTags(id string, tags []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if o := c.objects[id]; o != nil {
		t := make([]any, len(tags))
		for i, s := range tags {
			t[i] = s
		}
		o.attrs["tags"] = t
	}
}

// Delete removes the object with id at once (and what is under it).
func (c *Cloud) Delete(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if o := c.objects[id]; o != nil {
		c.remove(o)
	}
}
