//go:build !js

package proxy

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

func TestProxyRoutesByPrefix(t *testing.T) {
	e := newTestEnv(t, envOptions{})
	tok := e.login(t)
	var subnets struct {
		Subnets []struct{ ID string } `json:"subnets"`
	}
	_, list := e.do(t, http.MethodGet, "/network/v2.0/subnets?name="+proxytest.Project+"-subnet", tok, "")
	if err := json.Unmarshal([]byte(list), &subnets); err != nil || len(subnets.Subnets) != 1 {
		t.Fatalf("the project's subnet: got %s (%v)", list, err)
	}
	tests := []struct {
		name      string
		method    string
		path      string
		wantCode  int
		upstream  string // "": neither Octavia nor Neutron
		wantPath  string
		wantQuery string
	}{
		{"octavia list", http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?limit=2&name=web", 200, LoadBalancer, "/load-balancer/v2/lbaas/loadbalancers", "limit=2&name=web"},
		{"octavia version discovery", http.MethodGet, "/load-balancer/", 200, LoadBalancer, "/load-balancer/", ""},
		{"octavia without the slash", http.MethodGet, "/load-balancer", 200, LoadBalancer, "/load-balancer", ""},
		{"octavia v2.0 alias", http.MethodGet, "/load-balancer/v2.0/lbaas/pools", 200, LoadBalancer, "/load-balancer/v2.0/lbaas/pools", ""},
		{"octavia amphorae (admin only: the lab refuses)", http.MethodGet, "/load-balancer/v2/octavia/amphorae", 403, LoadBalancer, "/load-balancer/v2/octavia/amphorae", ""},
		{"octavia create", http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", 201, LoadBalancer, "/load-balancer/v2/lbaas/loadbalancers", ""},
		{"neutron subnets", http.MethodGet, "/network/v2.0/subnets?network_id=n1", 200, Network, "/network/v2.0/subnets", "network_id=n1"},
		{"neutron without the slash", http.MethodGet, "/network", 200, Network, "/network", ""},
		{"unknown prefix is not proxied", http.MethodGet, "/compute/v2.1/servers", 404, "", "", ""},
		{"a prefix lookalike is not proxied", http.MethodGet, "/load-balancerx/v2", 404, "", "", ""},
		{"api is not proxied", http.MethodGet, "/api/nothing", 404, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			beforeO, beforeN := len(e.Up.Requests(LoadBalancer)), len(e.Up.Requests(Network))
			body := ""
			if tt.method == http.MethodPost {
				body = `{"loadbalancer":{"name":"web","vip_subnet_id":"` + subnets.Subnets[0].ID + `"}}`
			}
			resp, _ := e.do(t, tt.method, tt.path, tok, body)
			if resp.StatusCode != tt.wantCode {
				t.Fatalf("got status %d, want %d", resp.StatusCode, tt.wantCode)
			}
			o, n := e.Up.Requests(LoadBalancer)[beforeO:], e.Up.Requests(Network)[beforeN:]
			if tt.upstream == "" {
				if len(o)+len(n) != 0 {
					t.Fatalf("got %d upstream requests, want none", len(o)+len(n))
				}
				return
			}
			got := o
			if tt.upstream == Network {
				got = n
			}
			if len(got) != 1 {
				t.Fatalf("got %d requests upstream, want 1", len(got))
			}
			r := got[0]
			if r.Method != tt.method || r.Path != tt.wantPath || r.RawQuery != tt.wantQuery {
				t.Errorf("upstream got %s %s?%s, want %s %s?%s", r.Method, r.Path, r.RawQuery, tt.method, tt.wantPath, tt.wantQuery)
			}
			if r.Header.Get("X-Auth-Token") != tok {
				t.Errorf("upstream X-Auth-Token: got %q, want the caller's token", r.Header.Get("X-Auth-Token"))
			}
			if tt.method == http.MethodPost && r.Body != body {
				t.Errorf("upstream body: got %q, want %q", r.Body, body)
			}
		})
	}
}

func TestProxyHeaders(t *testing.T) {
	e := newTestEnv(t, envOptions{defaultOrigin: "http://console.example:8080", up: proxytest.Options{Octavia: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		w.Header().Set("X-Octaview-Session", "an-upstream-session-id")
		w.Header().Set("X-Octaview-Session-Refused", "changed")
		w.Header().Set("Connection", "X-Upstream-Hop")
		w.Header().Set("X-Upstream-Hop", "secret-hop")
		w.Header().Set("X-Openstack-Request-Id", "req-from-octavia")
		w.Header().Set("X-Frame-Options", "ALLOWALL")
		w.Header().Set("X-Octaview-Build", "an-upstream-consoles-build")
		w.Header().Set("Set-Cookie", "session=1")
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"loadbalancers":[]}`)
	})}})
	tok := e.login(t)
	resp, _ := e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", tok, "",
		"Connection", "X-Client-Hop, Keep-Alive",
		"X-Client-Hop", "hop-value",
		"Keep-Alive", "timeout=5",
		"Te", "deflate",
		"Origin", "https://evil.example",
		"Cookie", "session=abc",
		"Referer", "https://console.example/lb/1",
		"Authorization", "Basic Zm9vOmJhcg==",
		"Proxy-Authorization", "Basic Zm9vOmJhcg==",
		"X-Forwarded-For", "6.6.6.6",
		"X-Forwarded-Host", "evil.example",
		"X-Forwarded-Proto", "https",
		"X-Forwarded-Prefix", "/evil",
		"X-Forwarded-Port", "6666",
		"X-Forwarded-Server", "evil.example",
		"Forwarded", "for=6.6.6.6;host=evil.example",
		"X-Real-IP", "6.6.6.6",
		"True-Client-IP", "6.6.6.6",
		"X-Client-IP", "6.6.6.6",
		"CF-Connecting-IP", "6.6.6.6",
		"Fastly-Client-IP", "6.6.6.6",
		"X-Cluster-Client-IP", "6.6.6.6",
		"X-Original-URL", "/admin",
		"X-Rewrite-URL", "/admin",
		"X-Original-Host", "evil.example",
		"X-HTTP-Method-Override", "DELETE",
		"Host", "evil.example",
		"OpenStack-API-Version", "load-balancer 2.20",
	)
	reqs := e.Up.Requests(LoadBalancer)
	got := reqs[len(reqs)-1].Header
	for _, h := range []string{"X-Client-Hop", "Keep-Alive", "Te", "Origin", "Cookie", "Referer", "Authorization", "Proxy-Authorization", "Forwarded", "X-Real-Ip", "True-Client-Ip",
		"X-Client-Ip", "Cf-Connecting-Ip", "Fastly-Client-Ip", "X-Cluster-Client-Ip", "X-Original-Url", "X-Rewrite-Url", "X-Original-Host", "X-Http-Method-Override",
		"X-Forwarded-Prefix", "X-Forwarded-Port", "X-Forwarded-Server"} {
		if v := got.Get(h); v != "" {
			t.Errorf("upstream got %s: %q, want it stripped", h, v)
		}
	}
	if v := got.Get("X-Forwarded-For"); v != "127.0.0.1" {
		t.Errorf("upstream X-Forwarded-For: got %q, want only the real client 127.0.0.1", v)
	}
	if v := got.Get("X-Forwarded-Host"); v != "console.example:8080" {
		t.Errorf("upstream X-Forwarded-Host: got %q, want this server's public host, not the client's Host", v)
	}
	if v := got.Get("X-Forwarded-Proto"); v != "http" {
		t.Errorf("upstream X-Forwarded-Proto: got %q, want this server's public scheme", v)
	}
	if v := resp.Header.Get("Cache-Control"); v != "no-store" {
		t.Errorf("response Cache-Control: got %q, want no-store on every proxied answer", v)
	}
	for _, h := range []string{"X-Octaview-Session", "X-Octaview-Session-Refused"} {
		if v := resp.Header.Get(h); v != "" {
			t.Errorf("response %s: got the upstream's %q, want only this server's", h, v)
		}
	}
	if v := got.Get("Openstack-Api-Version"); v != "load-balancer 2.20" {
		t.Errorf("upstream OpenStack-API-Version: got %q, want it forwarded", v)
	}
	if v := resp.Header.Get("X-Upstream-Hop"); v != "" {
		t.Errorf("response X-Upstream-Hop: got %q, want the hop-by-hop header removed", v)
	}
	if v := resp.Header.Get("X-Openstack-Request-Id"); v != "req-from-octavia" {
		t.Errorf("response request id: got %q, want Octavia's", v)
	}
	if v := resp.Header.Values("X-Frame-Options"); len(v) != 0 {
		t.Errorf("response X-Frame-Options: got %q, want Octavia's removed (the server sets its own)", v)
	}
	if v := resp.Header.Values("X-Octaview-Build"); len(v) != 0 {
		t.Errorf("response X-Octaview-Build: got %q, want the upstream's removed (an upstream that is another Octaview, such as a lab, names its own build; the app read it as this server's)", v)
	}
	if v := resp.Header.Get("Set-Cookie"); v != "" {
		t.Errorf("response Set-Cookie: got %q, want none", v)
	}
}

func TestProxyRequestIDGeneratedWhenUpstreamHasNone(t *testing.T) {
	e := newTestEnv(t, envOptions{up: proxytest.Options{Octavia: okHandler()}}) // no request id
	tok := e.login(t)
	resp, _ := e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", tok, "")
	if id := resp.Header.Get("X-Openstack-Request-Id"); !requestIDPattern.MatchString(id) {
		t.Errorf("got request id %q, want req-<uuid>", id)
	}
}

// okHandler is a stand-in Octavia that answers every request 200 {"ok": true}, without a request id.
func okHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok": true}`)
	})
}

var requestIDPattern = regexp.MustCompile(`^req-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

func TestCatalogRewrite(t *testing.T) {
	tests := []struct {
		name       string
		opts       envOptions
		header     []string
		wantOrigin func(e *testEnv) string
	}{
		{"the request's host", envOptions{}, nil, func(e *testEnv) string { return e.Server.URL }},
		{"forwarded headers ignored unless trusted", envOptions{}, []string{"X-Forwarded-Host", "evil.example", "X-Forwarded-Proto", "https"},
			func(e *testEnv) string { return e.Server.URL }},
		{"forwarded headers trusted", envOptions{trustForwarded: true}, []string{"X-Forwarded-Host", "console.example.com", "X-Forwarded-Proto", "https"},
			func(*testEnv) string { return "https://console.example.com" }},
		{"the last forwarded host: the trusted proxy's", envOptions{trustForwarded: true},
			[]string{"X-Forwarded-Host", "evil.example, console.example.com", "X-Forwarded-Proto", "http, https"},
			func(*testEnv) string { return "https://console.example.com" }},
		{"the last of several forwarded-host headers", envOptions{trustForwarded: true},
			[]string{"X-Forwarded-Host", "evil.example", "X-Forwarded-Host", "console.example.com", "X-Forwarded-Proto", "https"},
			func(*testEnv) string { return "https://console.example.com" }},
		{"public URL wins", envOptions{publicURL: "https://octaview.example.org", trustForwarded: true}, []string{"X-Forwarded-Host", "evil.example"},
			func(*testEnv) string { return "https://octaview.example.org" }},
		{"a forged Host is not the catalog's host", envOptions{defaultOrigin: "http://127.0.0.1:8080"}, []string{"Host", "evil.example"},
			func(*testEnv) string { return "http://127.0.0.1:8080" }},
		{"forwarded headers trusted over the default", envOptions{defaultOrigin: "http://127.0.0.1:8080", trustForwarded: true},
			[]string{"X-Forwarded-Host", "console.example.com", "X-Forwarded-Proto", "https"},
			func(*testEnv) string { return "https://console.example.com" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newTestEnv(t, tt.opts)
			origin := tt.wantOrigin(e)
			resp, body := e.do(t, http.MethodPost, "/identity/v3/auth/tokens", "", proxytest.LoginBody(proxytest.User, proxytest.Password), tt.header...)
			if resp.StatusCode != http.StatusCreated {
				t.Fatalf("login: got %d, want 201", resp.StatusCode)
			}
			tok := resp.Header.Get("X-Subject-Token")
			checkCatalog(t, "POST /v3/auth/tokens", body, origin, e)
			if got := resp.Header.Get("Cache-Control"); got != "no-store" {
				t.Errorf("POST /v3/auth/tokens: got Cache-Control %q, want no-store", got)
			}

			resp, body = e.do(t, http.MethodGet, "/identity/v3/auth/tokens", tok, "", append([]string{"X-Subject-Token", tok}, tt.header...)...)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("validate: got %d, want 200", resp.StatusCode)
			}
			checkCatalog(t, "GET /v3/auth/tokens", body, origin, e)
			if got := resp.Header.Get("Cache-Control"); got != "no-store" {
				t.Errorf("GET /v3/auth/tokens: got Cache-Control %q, want no-store", got)
			}

			_, body = e.do(t, http.MethodGet, "/identity/v3/auth/catalog", tok, "", tt.header...)
			var cat struct {
				Catalog []catalogService `json:"catalog"`
				Links   struct{ Self string }
			}
			json.Unmarshal([]byte(body), &cat)
			checkServices(t, "GET /v3/auth/catalog", cat.Catalog, origin)
			if want := origin + "/identity/v3/auth/catalog"; cat.Links.Self != want {
				t.Errorf("catalog self link: got %q, want %q", cat.Links.Self, want)
			}

			_, body = e.do(t, http.MethodGet, "/identity/v3", "", "", tt.header...)
			if want := `"href":"` + origin + `/identity/v3/"`; !strings.Contains(body, want) {
				t.Errorf("version discovery: got %s, want a link %s", body, want)
			}
		})
	}
}

func checkCatalog(t *testing.T, what, body, origin string, e *testEnv) {
	t.Helper()
	var tok struct {
		Token struct {
			ExpiresAt string           `json:"expires_at"`
			Catalog   []catalogService `json:"catalog"`
			User      struct{ Name string }
		} `json:"token"`
	}
	if err := json.Unmarshal([]byte(body), &tok); err != nil {
		t.Fatalf("%s: %v in %s", what, err, body)
	}
	if tok.Token.User.Name != proxytest.User || tok.Token.ExpiresAt == "" {
		t.Errorf("%s: got user %q expires %q, want the rest of the token kept", what, tok.Token.User.Name, tok.Token.ExpiresAt)
	}
	checkServices(t, what, tok.Token.Catalog, origin)
	for _, s := range tok.Token.Catalog {
		for _, ep := range s.Endpoints {
			if !proxied(s.Type) { // a service the console does not proxy is left as Keystone lists it
				body = strings.ReplaceAll(body, ep.URL, "")
			}
		}
	}
	if strings.Contains(body, e.Up.Server.URL) {
		t.Errorf("%s: an upstream URL is left in %s", what, body)
	}
}

func checkServices(t *testing.T, what string, catalog []catalogService, origin string) {
	t.Helper()
	seen, services := 0, map[string]bool{}
	for _, s := range catalog {
		if !proxied(s.Type) {
			continue // not the console's: left as Keystone lists it
		}
		services[s.Type] = true
		for _, ep := range s.Endpoints {
			seen++
			if want := origin + Prefix(s.Type); ep.URL != want {
				t.Errorf("%s: %s %s endpoint: got %q, want %q", what, s.Type, ep.Interface, ep.URL, want)
			}
		}
	}
	if !services[Identity] || !services[LoadBalancer] || !services[Network] || !services[Compute] || seen != 3*len(services) {
		t.Errorf("%s: got %d endpoints of %v, want 3 of each, identity, load-balancer, network and compute among them", what, seen, services)
	}
}

func TestCatalogCache(t *testing.T) {
	e := newTestEnv(t, envOptions{})
	tok1, tok2 := e.login(t), e.login(t)
	for range 3 {
		e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", tok1, "")
		e.do(t, http.MethodGet, "/network/v2.0/networks", tok1, "")
	}
	// a login through the proxy fills the cache from Keystone's answer
	if got := e.Up.Validations(); got != 0 {
		t.Errorf("after 6 requests with one token: got %d Keystone validations, want 0", got)
	}
	e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", tok2, "")
	if got := e.Up.Validations(); got != 0 {
		t.Errorf("after a second token: got %d Keystone validations, want 0", got)
	}
	// past the token's expiry the catalog is fetched again
	e.Proxy.catalogs.now = func() time.Time { return time.Now().Add(2 * time.Hour) } // the lab's tokens live 1 h
	e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", tok1, "")
	if got := e.Up.Validations(); got != 1 {
		t.Errorf("after the token expired: got %d Keystone validations, want 1", got)
	}
	e.Proxy.catalogs.now = time.Now
	// logging out through the proxy forgets the catalog
	resp, _ := e.do(t, http.MethodDelete, "/identity/v3/auth/tokens", tok2, "", "X-Subject-Token", tok2)
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("logout: got %d, want 204", resp.StatusCode)
	}
	resp, body := e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", tok2, "")
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("after logout: got %d %s, want 401", resp.StatusCode, body)
	}
}

func TestProxyUnauthorized(t *testing.T) {
	e := newTestEnv(t, envOptions{})
	for _, tok := range []string{"", "not-a-token"} {
		resp, body := e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", tok, "")
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("token %q: got %d, want 401", tok, resp.StatusCode)
		}
		proxytest.CheckFault(t, body, "Client")
	}
	if n := len(e.Up.Requests(LoadBalancer)); n != 0 {
		t.Errorf("got %d requests at Octavia, want none without a valid token", n)
	}
}

// hangUp is a misbehaving upstream: it closes the connection without an answer.
func hangUp() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			conn.Close()
		}
	})
}

// stallBody is a misbehaving Keystone: for logins it sends the headers and the start
// of the body, then nothing until the client gives up.
func stallBody(lab http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			lab.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Subject-Token", "stalled-token")
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, `{"token": {`)
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-time.After(time.Minute): // only so that a broken proxy fails instead of hanging
		}
	})
}

func TestProxyFailures(t *testing.T) {
	tests := []struct {
		name     string
		opts     envOptions
		method   string
		path     string
		body     io.Reader
		wantCode int
		wantText string
	}{
		{"octavia unreachable", envOptions{up: proxytest.Options{Octavia: hangUp()}}, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil, 502, "unreachable"},
		{"octavia too slow", envOptions{headerTimeout: time.Second, up: proxytest.Options{Octavia: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			<-r.Context().Done() // until the proxy gives up
		})}}, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil, 504, "did not answer in time"},
		{"body too large", envOptions{maxBody: 1024}, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", strings.NewReader(strings.Repeat("x", 2048)), 413, "too large"},
		{"body too large, chunked", envOptions{maxBody: 1024}, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers",
			io.MultiReader(strings.NewReader(strings.Repeat("x", 2048))), 413, "too large"}, // no length: sent chunked
		{"body too large, chunked, to the lab in process", envOptions{maxBody: 1024, inProcess: true}, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers",
			io.MultiReader(strings.NewReader(`{"loadbalancer": {"name": "` + strings.Repeat("x", 2048) + `"}}`)), 413, "too large"},
		{"keystone stalls in the body", envOptions{identityTimeout: 500 * time.Millisecond, up: proxytest.Options{Keystone: stallBody}},
			http.MethodPost, "/identity/v3/auth/tokens", strings.NewReader(proxytest.LoginBody(proxytest.User, proxytest.Password)), 504, "did not answer in time"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newTestEnv(t, tt.opts)
			tok := e.Up.Login(t)
			e.do(t, http.MethodGet, "/network/v2.0/networks", tok, "") // caches the catalog
			req, _ := http.NewRequest(tt.method, e.Server.URL+tt.path, tt.body)
			req.Header.Set("X-Auth-Token", tok)
			req.Header.Set("Content-Type", "application/json")
			client := &http.Client{Timeout: 20 * time.Second} // only so that a hanging proxy fails
			resp, err := client.Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v", tt.method, tt.path, err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			body := string(b)
			if resp.StatusCode != tt.wantCode {
				t.Fatalf("got %d %s, want %d", resp.StatusCode, body, tt.wantCode)
			}
			fs := proxytest.CheckFault(t, body, map[bool]string{true: "Server", false: "Client"}[tt.wantCode >= 500])
			if !strings.Contains(fs, tt.wantText) {
				t.Errorf("faultstring: got %q, want it to say %q", fs, tt.wantText)
			}
			if strings.Contains(body, e.Up.Server.URL) || strings.Contains(body, "127.0.0.1") {
				t.Errorf("fault %s names an upstream host", body)
			}
			if id := resp.Header.Get("X-Openstack-Request-Id"); !requestIDPattern.MatchString(id) {
				t.Errorf("got request id %q, want req-<uuid>", id)
			}
			if resp.Header.Get("Content-Type") != "application/json" {
				t.Errorf("got Content-Type %q, want application/json", resp.Header.Get("Content-Type"))
			}
		})
	}
}

// TestProxyBrokenBody: a body that never arrives whole reaches no Octavia
// and is answered with a Client fault: a malformed chunked body is the
// client's error (400), not a timeout (408); half a body is a 408 once the
// server stops waiting, never a made-up status such as 499.
func TestProxyBrokenBody(t *testing.T) {
	tests := []struct {
		name string
		opts envOptions
		rest string // the request after its token: the rest of its headers and its body
		want int
	}{
		{"malformed chunked body", envOptions{}, "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n", http.StatusBadRequest},
		{"the client stops sending", envOptions{readTimeout: 500 * time.Millisecond}, // the command's is 60 s
			"\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"loadbalancer\":", http.StatusRequestTimeout},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newTestEnv(t, tt.opts)
			resp, body := rawRequest(t, e.Server.URL, "POST /load-balancer/v2/lbaas/loadbalancers HTTP/1.1\r\nHost: x\r\nX-Auth-Token: "+e.login(t)+tt.rest)
			if resp.StatusCode != tt.want {
				t.Fatalf("got %s %s, want %d", resp.Status, body, tt.want)
			}
			proxytest.CheckFault(t, body, "Client")
			if n := len(e.Up.Requests(LoadBalancer)); n != 0 {
				t.Errorf("got %d requests at Octavia, want none for a body that never arrived", n)
			}
		})
	}
}

// TestProxyStreams checks that Octavia's body reaches the client while Octavia is still
// writing it: the stand-in holds the rest of its answer until the client has read the start.
func TestProxyStreams(t *testing.T) {
	clientGotFirst := make(chan struct{})
	e := newTestEnv(t, envOptions{up: proxytest.Options{Octavia: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"loadbalancers": [`+"\n")
		w.(http.Flusher).Flush()
		select {
		case <-clientGotFirst:
		case <-time.After(10 * time.Second): // only so a broken proxy fails instead of hanging
		}
		io.WriteString(w, `]}`)
	})}})
	tok := e.login(t)
	req, _ := http.NewRequest(http.MethodGet, e.Server.URL+"/load-balancer/v2/lbaas/loadbalancers", nil)
	req.Header.Set("X-Auth-Token", tok)
	resp, err := e.Server.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	select {
	case <-clientGotFirst:
		t.Fatal("the first line arrived only after Octavia finished: the proxy buffers")
	default:
	}
	close(clientGotFirst)
	if err != nil || line != "{\"loadbalancers\": [\n" {
		t.Fatalf("got first line %q (%v), want Octavia's first line", line, err)
	}
}

func TestProxyPathsRejected(t *testing.T) {
	e := newTestEnv(t, envOptions{})
	tok := e.login(t)
	for _, p := range []string{
		"/load-balancer/v2/lbaas/loadbalancers/..%2f..%2fadmin",
		"/load-balancer/v2/%2e%2e/%2e%2e/x",
		"/load-balancer/v2%5c..%5cx",
		"/network/v2.0/networks%2F..%2F..",
	} {
		resp, _ := rawRequest(t, e.Server.URL, "GET "+p+" HTTP/1.1\r\nHost: x\r\nX-Auth-Token: "+tok+"\r\n\r\n")
		if resp.StatusCode < 300 {
			t.Errorf("GET %s: got %d, want it refused", p, resp.StatusCode)
		}
	}
	if n := len(e.Up.Requests(LoadBalancer)) + len(e.Up.Requests(Network)); n != 0 {
		t.Errorf("got %d upstream requests, want none", n)
	}
}

// TestProxyForwardedHostIsTheOrigin: the X-Forwarded-Host and -Proto sent
// upstream are the origin the catalogs name: -public-url, or with
// -trust-forwarded the trusted proxy's (last) values, never the client's Host.
func TestProxyForwardedHostIsTheOrigin(t *testing.T) {
	cases := []struct {
		name      string
		opts      envOptions
		header    []string
		wantHost  string
		wantProto string
	}{
		{"public URL", envOptions{publicURL: "https://console.example.com"}, []string{"Host", "evil.example", "X-Forwarded-Host", "evil.example"}, "console.example.com", "https"},
		{"trusted proxy's last values", envOptions{trustForwarded: true},
			[]string{"Host", "evil.example", "X-Forwarded-Host", "evil.example, console.example.com", "X-Forwarded-Proto", "http, https"}, "console.example.com", "https"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.up = proxytest.Options{Octavia: okHandler()}
			e := newTestEnv(t, tc.opts)
			tok := e.login(t)
			e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", tok, "", tc.header...)
			reqs := e.Up.Requests(LoadBalancer)
			got := reqs[len(reqs)-1].Header
			if got.Get("X-Forwarded-Host") != tc.wantHost || got.Get("X-Forwarded-Proto") != tc.wantProto {
				t.Errorf("upstream got X-Forwarded-Host %q, -Proto %q; want %q, %q", got.Get("X-Forwarded-Host"), got.Get("X-Forwarded-Proto"), tc.wantHost, tc.wantProto)
			}
		})
	}
}
