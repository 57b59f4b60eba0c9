package labcloud

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
)

// tclient calls a Cloud's handler directly: no sockets, so it works inside
// a testing/synctest bubble.
type tclient struct {
	t     testing.TB
	h     http.Handler
	token string
}

type tresp struct {
	status int
	header http.Header
	body   []byte
}

func (r tresp) json(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("body is not a JSON object: %v: %s", err, r.body)
	}
	return m
}

// fault returns the faultstring of an Octavia fault body.
func (r tresp) fault(t testing.TB) string {
	t.Helper()
	s, _ := r.json(t)["faultstring"].(string)
	return s
}

func (c *tclient) do(method, path string, body any) tresp {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, "http://lab.example"+path, rd)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("X-Auth-Token", c.token)
	}
	return serve(c.h, req)
}

func newReq(method, path, token string) *http.Request {
	req := httptest.NewRequest(method, "http://lab.example"+path, nil)
	if token != "" {
		req.Header.Set("X-Auth-Token", token)
	}
	return req
}

func serve(h http.Handler, req *http.Request) tresp {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return tresp{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
}

// must checks the status of a response.
func (c *tclient) must(want int, method, path string, body any) tresp {
	c.t.Helper()
	r := c.do(method, path, body)
	if r.status != want {
		c.t.Fatalf("%s %s: got status %d, want %d: %s", method, path, r.status, want, r.body)
	}
	return r
}

func passwordAuth(user, password, project string) map[string]any {
	auth := map[string]any{"identity": map[string]any{
		"methods": []string{"password"},
		"password": map[string]any{"user": map[string]any{
			"name": user, "domain": map[string]any{"name": "Default"}, "password": password,
		}},
	}}
	if project != "" {
		auth["scope"] = map[string]any{"project": map[string]any{"name": project, "domain": map[string]any{"id": "default"}}}
	}
	return map[string]any{"auth": auth}
}

// login returns a client holding a token of user (password = user name
// for the default users).
func login(t testing.TB, h http.Handler, user string) *tclient {
	t.Helper()
	project := map[string]string{"admin": "admin", "demo": "demo", "viewer": "demo"}[user]
	if project == "" {
		project = user
	}
	return loginTo(t, h, user, user, project)
}

func loginTo(t testing.TB, h http.Handler, user, password, project string) *tclient {
	t.Helper()
	anon := &tclient{t: t, h: h}
	r := anon.must(http.StatusCreated, http.MethodPost, "/identity/v3/auth/tokens", passwordAuth(user, password, project))
	return &tclient{t: t, h: h, token: r.header.Get("X-Subject-Token")}
}

func obj(m map[string]any, key string) map[string]any {
	v, _ := m[key].(map[string]any)
	return v
}

// webLab is a lab (seed 1) whose demo project has one ACTIVE load
// balancer, web: the lab, demo signed in, and web's id.
func webLab(t testing.TB) (*Cloud, *tclient, string) {
	t.Helper()
	c := New(Options{Seed: 1, Scenario: &Scenario{LoadBalancers: []ScenarioLB{{Project: "demo", Name: "web"}}}})
	demo := login(t, c, "demo")
	lbs := list(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?name=web", nil).json(t), "loadbalancers")
	return c, demo, lbs[0].(map[string]any)["id"].(string)
}

// restarted is a new lab with opts started from c's state as saved and
// read back (MarshalState, ParseState, NewFromState), as across a restart
// with -lab-state.
func restarted(t testing.TB, c *Cloud, opts Options) *Cloud {
	t.Helper()
	data, err := c.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseState(data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewFromState(opts, s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func list(m map[string]any, key string) []any {
	v, _ := m[key].([]any)
	return v
}

// createLB creates a load balancer on the caller's project subnet and
// returns its body.
func (c *tclient) createLB(name string, extra map[string]any) map[string]any {
	c.t.Helper()
	subnet := c.subnetID()
	lb := map[string]any{"name": name, "vip_subnet_id": subnet}
	for k, v := range extra {
		lb[k] = v
	}
	return obj(c.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": lb}).json(c.t), "loadbalancer")
}

// subnetID returns the id of the caller's private subnet.
func (c *tclient) subnetID() string {
	c.t.Helper()
	subs := list(c.must(http.StatusOK, http.MethodGet, "/network/v2.0/subnets", nil).json(c.t), "subnets")
	for _, s := range subs {
		sm := s.(map[string]any)
		if sm["name"] != "public-subnet" {
			return sm["id"].(string)
		}
	}
	c.t.Fatal("no private subnet")
	return ""
}

func (c *tclient) lbStatus(id string) string {
	c.t.Helper()
	r := c.do(http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers/"+id, nil)
	if r.status == http.StatusNotFound {
		return "404"
	}
	return obj(r.json(c.t), "loadbalancer")["provisioning_status"].(string)
}

func writeFile(t testing.TB, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
}
