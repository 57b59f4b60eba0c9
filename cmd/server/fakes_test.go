//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// Credentials of the fake Keystone.
const (
	testUser     = "demo"
	testPassword = "s3cret-Passw0rd"
)

// fakeKeystone is a Keystone v3 subset under /identity: password login, token
// validation (a token may validate itself), revocation and version discovery. Its
// catalog lists the given load-balancer and network endpoints.
type fakeKeystone struct {
	*httptest.Server
	LoadBalancerURL, NetworkURL string
	Expires                     time.Time

	mu          sync.Mutex
	tokens      map[string]bool
	validations int
	requests    []*http.Request
	n           int
}

func newFakeKeystone(t *testing.T, lbURL, netURL string) *fakeKeystone {
	k := &fakeKeystone{LoadBalancerURL: lbURL, NetworkURL: netURL, tokens: map[string]bool{}, Expires: time.Now().Add(time.Hour).UTC()}
	k.Server = httptest.NewServer(http.HandlerFunc(k.serve))
	t.Cleanup(k.Close)
	return k
}

// AuthURL is what a client (or -keystone) is given: BASE/identity/v3.
func (k *fakeKeystone) AuthURL() string { return k.URL + "/identity/v3" }

func (k *fakeKeystone) Validations() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.validations
}

// Issue returns a new valid token.
func (k *fakeKeystone) Issue() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.n++
	tok := "gAAAAAtok" + strings.Repeat("x", 20) + string(rune('a'+k.n%26)) + time.Now().Format("150405.000000000")
	k.tokens[tok] = true
	return tok
}

func (k *fakeKeystone) catalog() []map[string]any {
	ep := func(u string) []map[string]any {
		var eps []map[string]any
		for _, iface := range []string{"public", "internal", "admin"} {
			eps = append(eps, map[string]any{"interface": iface, "region": "RegionOne", "region_id": "RegionOne", "url": u, "id": iface})
		}
		return eps
	}
	return []map[string]any{
		{"type": "identity", "name": "keystone", "endpoints": ep(k.URL + "/identity")},
		{"type": "load-balancer", "name": "octavia", "endpoints": ep(k.LoadBalancerURL)},
		{"type": "network", "name": "neutron", "endpoints": ep(k.NetworkURL)},
		{"type": "compute", "name": "nova", "endpoints": ep("http://nova.internal:8774/v2.1")},
	}
}

func (k *fakeKeystone) tokenBody() map[string]any {
	return map[string]any{"token": map[string]any{
		"expires_at": k.Expires.Format(time.RFC3339),
		"user":       map[string]any{"id": "u1", "name": testUser},
		"project":    map[string]any{"id": "p1", "name": "demo"},
		"roles":      []map[string]any{{"id": "r1", "name": "member"}},
		"catalog":    k.catalog(),
	}}
}

func (k *fakeKeystone) serve(w http.ResponseWriter, r *http.Request) {
	k.mu.Lock()
	k.requests = append(k.requests, r)
	k.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Openstack-Request-Id", "req-keystone")
	switch {
	case r.URL.Path == "/identity/v3" || r.URL.Path == "/identity/v3/":
		json.NewEncoder(w).Encode(map[string]any{"version": map[string]any{
			"id": "v3.14", "status": "stable",
			"links": []map[string]any{{"rel": "self", "href": k.URL + "/identity/v3/"}},
		}})
	case r.URL.Path == "/identity/v3/auth/tokens" && r.Method == http.MethodPost:
		var body struct {
			Auth struct {
				Identity struct {
					Password struct {
						User struct{ Name, Password string }
					}
				}
			}
		}
		json.NewDecoder(r.Body).Decode(&body)
		u := body.Auth.Identity.Password.User
		if u.Name != testUser || u.Password != testPassword {
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, `{"error":{"code":401,"title":"Unauthorized","message":"The request you have made requires authentication."}}`)
			return
		}
		w.Header().Set("X-Subject-Token", k.Issue())
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(k.tokenBody())
	case r.URL.Path == "/identity/v3/auth/tokens" && (r.Method == http.MethodGet || r.Method == http.MethodHead):
		k.mu.Lock()
		k.validations++
		ok := k.tokens[r.Header.Get("X-Auth-Token")] && k.tokens[r.Header.Get("X-Subject-Token")]
		k.mu.Unlock()
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"error":{"code":404,"title":"Not Found","message":"Could not find token."}}`)
			return
		}
		w.Header().Set("X-Subject-Token", r.Header.Get("X-Subject-Token"))
		json.NewEncoder(w).Encode(k.tokenBody())
	case r.URL.Path == "/identity/v3/auth/tokens" && r.Method == http.MethodDelete:
		k.mu.Lock()
		delete(k.tokens, r.Header.Get("X-Subject-Token"))
		k.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	case r.URL.Path == "/identity/v3/auth/catalog":
		json.NewEncoder(w).Encode(map[string]any{"catalog": k.catalog(), "links": map[string]any{"self": k.URL + "/identity/v3/auth/catalog"}})
	default:
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"error":{"code":404,"title":"Not Found","message":"no such path"}}`)
	}
}

// recordingUpstream is a fake Octavia or Neutron: it records each request and answers
// with handler (or 200 {"ok": true}).
type recordingUpstream struct {
	*httptest.Server
	mu       sync.Mutex
	requests []recordedRequest
	handler  http.HandlerFunc
}

type recordedRequest struct {
	Method, Path, RawQuery, Host string
	Header                       http.Header
	Body                         string
}

func newRecordingUpstream(t *testing.T, handler http.HandlerFunc) *recordingUpstream {
	u := &recordingUpstream{handler: handler}
	u.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		u.mu.Lock()
		u.requests = append(u.requests, recordedRequest{r.Method, r.URL.Path, r.URL.RawQuery, r.Host, r.Header.Clone(), string(body)})
		u.mu.Unlock()
		if u.handler != nil {
			r.Body = io.NopCloser(bytes.NewReader(body))
			u.handler(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok": true}`)
	}))
	t.Cleanup(u.Close)
	return u
}

func (u *recordingUpstream) Requests() []recordedRequest {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]recordedRequest(nil), u.requests...)
}

// syncBuffer is a goroutine-safe log sink.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// testEnv is this server (newServer) in front of a fake Keystone, Octavia and Neutron.
type testEnv struct {
	Keystone *fakeKeystone
	Octavia  *recordingUpstream
	Neutron  *recordingUpstream
	Server   *httptest.Server
	Proxy    *proxy
	Metrics  *metrics
	Logs     *syncBuffer
}

type envOptions struct {
	readOnly       bool
	corsOrigins    []string
	publicURL      string
	trustForwarded bool
	headerTimeout  time.Duration
	maxBody        int64
	octavia        http.HandlerFunc
	status         *statusFeed
	web            string
}

func newTestEnv(t *testing.T, o envOptions) *testEnv {
	t.Helper()
	e := &testEnv{Logs: &syncBuffer{}, Metrics: newMetrics()}
	e.Octavia = newRecordingUpstream(t, o.octavia)
	e.Neutron = newRecordingUpstream(t, nil)
	e.Keystone = newFakeKeystone(t, e.Octavia.URL+"/lb", e.Neutron.URL+"/")
	ks, err := url.Parse(e.Keystone.AuthURL())
	if err != nil {
		t.Fatal(err)
	}
	transport := newUpstreamTransport(nil)
	if o.headerTimeout > 0 {
		transport.ResponseHeaderTimeout = o.headerTimeout
	}
	t.Cleanup(transport.CloseIdleConnections)
	logger := slog.New(slog.NewJSONHandler(e.Logs, nil))
	e.Proxy = newProxy(proxyOptions{
		Keystone: ks, Transport: transport, PublicURL: o.publicURL, TrustForwarded: o.trustForwarded,
		MaxBody: o.maxBody, Logger: logger, Metrics: e.Metrics,
	})
	web := o.web
	if web == "" {
		web = t.TempDir()
	}
	stopping := make(chan struct{})
	e.Server = httptest.NewServer(newServer(serverDeps{
		Logger: logger, Metrics: e.Metrics, Proxy: e.Proxy,
		Hosting:  newHosting(web, nil, logger),
		Config:   serverapi.Config{ReadOnly: o.readOnly, StatusPage: o.status != nil},
		Status:   o.status,
		Stopping: stopping,
		ReadOnly: o.readOnly, CORSOrigins: o.corsOrigins,
	}))
	t.Cleanup(func() {
		close(stopping)
		e.Server.Close()
	})
	return e
}

// do sends a request to this server and returns the response with its body read.
func (e *testEnv) do(t *testing.T, method, path, token string, body string, header ...string) (*http.Response, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.Server.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("X-Auth-Token", token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		if strings.EqualFold(header[i], "Host") {
			req.Host = header[i+1]
			continue
		}
		req.Header.Add(header[i], header[i+1])
	}
	resp, err := e.Server.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

// login authenticates through this server and returns the token.
func (e *testEnv) login(t *testing.T) string {
	t.Helper()
	resp, body := e.do(t, "POST", "/identity/v3/auth/tokens", "", loginBody(testUser, testPassword))
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("login: got %d %s, want 201", resp.StatusCode, body)
	}
	tok := resp.Header.Get("X-Subject-Token")
	if tok == "" {
		t.Fatal("login: no X-Subject-Token")
	}
	return tok
}

func loginBody(user, password string) string {
	b, _ := json.Marshal(map[string]any{"auth": map[string]any{
		"identity": map[string]any{"methods": []string{"password"}, "password": map[string]any{
			"user": map[string]any{"name": user, "password": password, "domain": map[string]any{"name": "Default"}}}},
		"scope": map[string]any{"project": map[string]any{"name": "demo", "domain": map[string]any{"name": "Default"}}},
	}})
	return string(b)
}
