//go:build !js

package proxy

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

func TestSealer(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	newSealer := func(key string) *Sealer {
		s, err := NewSealer([]byte(key), serverapi.SessionCookie)
		if err != nil {
			t.Fatal(err)
		}
		s.now = func() time.Time { return now }
		return s
	}
	a, b := newSealer("key-a-0123456789abcdef0123456789"), newSealer("key-b-0123456789abcdef0123456789")
	otherName, _ := NewSealer([]byte("key-a-0123456789abcdef0123456789"), "other_console")
	otherName.now = a.now
	session := func(token string, expires time.Time) Session {
		return Session{Token: token, Expires: expires, ID: "sid-1", UserID: "u1", ProjectID: "p1"}
	}
	good := a.Seal(session("gAAAA-the-token", now.Add(time.Hour)))
	flip := func(v string, i int) string {
		c := []byte(v)
		if c[i] == 'A' {
			c[i] = 'B'
		} else {
			c[i] = 'A'
		}
		return string(c)
	}
	cases := []struct {
		name    string
		opener  *Sealer
		value   string
		want    string // the token
		wantErr error
	}{
		{"round trip", a, good, "gAAAA-the-token", nil},
		{"another replica with the same key", newSealer("key-a-0123456789abcdef0123456789"), good, "gAAAA-the-token", nil},
		{"wrong key", b, good, "", ErrSessionInvalid},
		{"same key, another cookie name", otherName, good, "", ErrSessionInvalid},
		{"tampered ciphertext", a, flip(good, len(good)-5), "", ErrSessionInvalid},
		{"tampered nonce", a, flip(good, 2), "", ErrSessionInvalid},
		{"truncated", a, good[:20], "", ErrSessionInvalid},
		{"not base64", a, "%%%not-base64%%%", "", ErrSessionInvalid},
		{"empty", a, "", "", ErrSessionInvalid},
		{"expired: authentic, still read", a, a.Seal(session("gAAAA-old", now.Add(-time.Second))), "gAAAA-old", ErrSessionExpired},
		{"expires now", a, a.Seal(session("gAAAA-old", now)), "gAAAA-old", ErrSessionExpired},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.opener.Open(tc.value)
			if got.Token != tc.want || !errors.Is(err, tc.wantErr) {
				t.Errorf("got %q, %v; want %q, %v", got.Token, err, tc.want, tc.wantErr)
			}
			if tc.want != "" && (got.ID != "sid-1" || got.UserID != "u1" || got.ProjectID != "p1") {
				t.Errorf("got session %+v, want the id, user and project sealed", got)
			}
		})
	}
	if _, err := NewSealer(nil, serverapi.SessionCookie); err == nil {
		t.Errorf("NewSealer(nil): got no error, want one")
	}
	if x := session("x", now.Add(time.Hour)); a.Seal(x) == a.Seal(x) {
		t.Errorf("two seals of one token are equal: want a fresh nonce each")
	}
}

// sessionCookie is the session cookie a response sets, or nil.
func sessionCookie(resp *http.Response) *http.Cookie {
	for _, c := range resp.Cookies() {
		if c.Name == serverapi.SessionCookie {
			return c
		}
	}
	return nil
}

// TestSessionCookieRule: the proxy seals a session login's token into the
// cookie, turns the cookie back into X-Auth-Token only for requests marked
// as the app's (a custom header: cross-site pages cannot send it without a
// preflight), and leaves every other request as it is (the CLI).
func TestSessionCookieRule(t *testing.T) {
	key := []byte("test-session-key-0123456789abcdef")
	e := newTestEnv(t, envOptions{sessionKey: key})
	sealer, _ := NewSealer(key, serverapi.SessionCookie)
	marker := []string{serverapi.SessionHeader, serverapi.SessionUnbound}

	// A login of the app: the cookie, and the placeholder instead of the token.
	resp, body := e.do(t, http.MethodPost, "/identity/v3/auth/tokens", "", proxytest.LoginBody(proxytest.User, proxytest.Password), marker...)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("session login: got %d %s, want 201", resp.StatusCode, body)
	}
	ck := sessionCookie(resp)
	if ck == nil {
		t.Fatal("session login: no session cookie")
	}
	setCookie := resp.Header.Get("Set-Cookie")
	for _, want := range []string{"HttpOnly", "SameSite=Strict", "Path=/"} {
		if !strings.Contains(setCookie, want) {
			t.Errorf("Set-Cookie %q: want %s", setCookie, want)
		}
	}
	if strings.Contains(setCookie, "Max-Age") || strings.Contains(setCookie, "Expires") || strings.Contains(setCookie, "Secure") {
		t.Errorf("Set-Cookie %q: want a browser-session cookie (no Max-Age/Expires), not Secure over http", setCookie)
	}
	opened, err := sealer.Open(ck.Value)
	real := opened.Token
	if err != nil || real == "" {
		t.Fatalf("the cookie does not open with the key: %v", err)
	}
	if got := resp.Header.Get("X-Subject-Token"); got != serverapi.SessionToken {
		t.Errorf("X-Subject-Token: got %q, want the placeholder", got)
	}
	if strings.Contains(body, real) {
		t.Errorf("the token answer's body carries the real token")
	}
	cookie := []string{"Cookie", serverapi.SessionCookie + "=" + ck.Value}
	tampered := []string{"Cookie", serverapi.SessionCookie + "=" + ck.Value[:len(ck.Value)-4] + "AAAA"}
	otherKey, _ := NewSealer([]byte("another-key-0123456789abcdef01234"), serverapi.SessionCookie)
	foreign := []string{"Cookie", serverapi.SessionCookie + "=" + otherKey.Seal(Session{Token: real, ID: "x", Expires: time.Now().Add(time.Hour)})}
	expired := []string{"Cookie", serverapi.SessionCookie + "=" + sealer.Seal(Session{Token: real, ID: "x", Expires: time.Now().Add(-time.Minute)})}
	cli := e.login(t) // a token of its own, no cookie, no marker

	const lbs = "/load-balancer/v2/lbaas/loadbalancers"
	cases := []struct {
		name      string
		token     string
		header    []string
		want      int
		wantToken string // X-Auth-Token upstream ("" = no request upstream checked)
	}{
		{"the app: marker, placeholder and cookie", serverapi.SessionToken, append(append([]string{}, marker...), cookie...), http.StatusOK, real},
		{"CSRF: cookie and placeholder without the marker", serverapi.SessionToken, cookie, http.StatusUnauthorized, ""},
		{"marker and placeholder without a cookie", serverapi.SessionToken, marker, http.StatusUnauthorized, ""},
		{"tampered cookie", serverapi.SessionToken, append(append([]string{}, marker...), tampered...), http.StatusUnauthorized, ""},
		{"cookie sealed with another key", serverapi.SessionToken, append(append([]string{}, marker...), foreign...), http.StatusUnauthorized, ""},
		{"expired cookie", serverapi.SessionToken, append(append([]string{}, marker...), expired...), http.StatusUnauthorized, ""},
		{"the CLI: its own token, no marker", cli, nil, http.StatusOK, cli},
		{"the CLI with a stray cookie keeps its token", cli, cookie, http.StatusOK, cli},
		{"a real token with the marker passes as it is", cli, append(append([]string{}, marker...), cookie...), http.StatusOK, cli},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := len(e.Up.Requests(LoadBalancer))
			resp, body := e.do(t, http.MethodGet, lbs, tc.token, "", tc.header...)
			if resp.StatusCode != tc.want {
				t.Fatalf("got %d %s, want %d", resp.StatusCode, body, tc.want)
			}
			reqs := e.Up.Requests(LoadBalancer)[before:]
			if tc.wantToken == "" {
				if len(reqs) != 0 {
					t.Errorf("got %d requests upstream, want none", len(reqs))
				}
				return
			}
			if len(reqs) != 1 || reqs[0].Header.Get("X-Auth-Token") != tc.wantToken {
				t.Errorf("upstream X-Auth-Token: got %d requests, want 1 with the expected token", len(reqs))
			}
			if len(reqs) == 1 && (reqs[0].Header.Get("Cookie") != "" || reqs[0].Header.Get(serverapi.SessionHeader) != "") {
				t.Errorf("upstream got the cookie or the marker")
			}
		})
	}

	// Validation (a reload): the placeholder comes back, never the token.
	resp, body = e.do(t, http.MethodGet, "/identity/v3/auth/tokens", serverapi.SessionToken, "",
		append(append([]string{"X-Subject-Token", serverapi.SessionToken}, marker...), cookie...)...)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("X-Subject-Token") != serverapi.SessionToken || strings.Contains(body, real) {
		t.Errorf("validation: got %d, X-Subject-Token %q; want 200 and the placeholder only", resp.StatusCode, resp.Header.Get("X-Subject-Token"))
	}

	// Rescope with the token method: the placeholder in the body becomes the token.
	rescope := `{"auth": {"identity": {"methods": ["token"], "token": {"id": "` + serverapi.SessionToken + `"}},
		"scope": {"project": {"name": "` + proxytest.Project + `", "domain": {"name": "Default"}}}}}`
	resp, body = e.do(t, http.MethodPost, "/identity/v3/auth/tokens", "", rescope, append(append([]string{}, marker...), cookie...)...)
	next := sessionCookie(resp)
	if resp.StatusCode != http.StatusCreated || next == nil || next.Value == ck.Value {
		t.Fatalf("rescope: got %d %s, want 201 and a new cookie", resp.StatusCode, body)
	}
	reopened, err := sealer.Open(next.Value)
	newToken := reopened.Token
	if err != nil || newToken == real {
		t.Fatalf("rescope: the new cookie holds %v, want a new token", err)
	}

	// Logout: the token is revoked and the cookie cleared.
	newCookie := []string{"Cookie", serverapi.SessionCookie + "=" + next.Value}
	resp, body = e.do(t, http.MethodDelete, "/identity/v3/auth/tokens", serverapi.SessionToken, "",
		append(append([]string{"X-Subject-Token", serverapi.SessionToken}, marker...), newCookie...)...)
	cleared := sessionCookie(resp)
	if resp.StatusCode != http.StatusNoContent || cleared == nil || cleared.MaxAge >= 0 || cleared.Value != "" {
		t.Errorf("logout: got %d %s, cookie %v; want 204 and the cookie cleared", resp.StatusCode, body, cleared)
	}
	if resp, _ := e.do(t, http.MethodGet, lbs, newToken, ""); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("the revoked token: got %d, want 401", resp.StatusCode)
	}
}

// TestSessionOffWithoutKey: without a key the marker is ignored (no cookie).
func TestSessionOffWithoutKey(t *testing.T) {
	e := newTestEnv(t, envOptions{})
	resp, _ := e.do(t, http.MethodPost, "/identity/v3/auth/tokens", "", proxytest.LoginBody(proxytest.User, proxytest.Password), serverapi.SessionHeader, "1")
	if resp.StatusCode != http.StatusCreated || sessionCookie(resp) != nil || resp.Header.Get("X-Subject-Token") == serverapi.SessionToken {
		t.Errorf("got %d with cookie %v, X-Subject-Token %q; want 201, no cookie, the real token", resp.StatusCode, sessionCookie(resp), resp.Header.Get("X-Subject-Token"))
	}
}

// TestSessionReplicas: a cookie sealed by one proxy opens on another given
// the same key (any replica serves any request), not on one with another.
func TestSessionReplicas(t *testing.T) {
	key := []byte("replica-key-0123456789abcdef012345")
	e := newTestEnv(t, envOptions{sessionKey: key})
	resp, body := e.do(t, http.MethodPost, "/identity/v3/auth/tokens", "", proxytest.LoginBody(proxytest.User, proxytest.Password), serverapi.SessionHeader, "1")
	ck := sessionCookie(resp)
	if ck == nil {
		t.Fatalf("login: %d %s, no cookie", resp.StatusCode, body)
	}
	ks, _ := url.Parse(e.Up.AuthURL())
	replica := func(key []byte) *httptest.Server {
		p := New(Options{Keystone: ks, SessionKey: key})
		mux := http.NewServeMux()
		for _, s := range Services {
			mux.Handle(Prefix(s)+"/", p.Handler(s))
		}
		srv := httptest.NewServer(mux)
		t.Cleanup(srv.Close)
		return srv
	}
	cases := []struct {
		name string
		key  []byte
		want int
	}{
		{"same key", key, http.StatusOK},
		{"another key", []byte("another-key-0123456789abcdef012345"), http.StatusUnauthorized},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := replica(tc.key)
			req, _ := http.NewRequest(http.MethodGet, srv.URL+"/load-balancer/v2/lbaas/loadbalancers", nil)
			req.Header.Set("X-Auth-Token", serverapi.SessionToken)
			req.Header.Set(serverapi.SessionHeader, "1")
			req.AddCookie(ck)
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("got %d, want %d", resp.StatusCode, tc.want)
			}
		})
	}
}

// sessionDo sends a request of the app's session: marker is the session
// header's value ("" = none), cookies go as they are (several of one name too).
func sessionDo(t *testing.T, e *testEnv, method, path, marker, body string, cookies []*http.Cookie, extra ...string) (*http.Response, string) {
	t.Helper()
	var header []string
	if marker != "" {
		header = append(header, serverapi.SessionHeader, marker)
	}
	for _, c := range cookies {
		header = append(header, "Cookie", c.Name+"="+c.Value)
	}
	return e.do(t, method, path, serverapi.SessionToken, body, append(header, extra...)...)
}

// demoLogin is a password login of the lab's demo user.
const demoLogin = `{"auth": {"identity": {"methods": ["password"], "password": {"user": {"name": "demo", "password": "demo", "domain": {"name": "Default"}}}},
	"scope": {"project": {"name": "demo", "domain": {"name": "Default"}}}}}`

// TestSessionCookieConflicts: a request with two session cookies, or with a
// cookie of another browser session than the one the app is bound to (the
// id a login answered), is refused with a 400 fault in Octavia's and
// Keystone's shapes, its cookies cleared, nothing sent upstream. The id
// survives a rescope and a login again of the same user.
func TestSessionCookieConflicts(t *testing.T) {
	key := []byte("conflict-key-0123456789abcdef0123")
	e := newTestEnv(t, envOptions{sessionKey: key})
	sealer, _ := NewSealer(key, serverapi.SessionCookie)
	login := func(t *testing.T, body, marker string, cookies ...*http.Cookie) (*http.Cookie, string) {
		t.Helper()
		resp, got := sessionDo(t, e, http.MethodPost, "/identity/v3/auth/tokens", marker, body, cookies)
		ck := sessionCookie(resp)
		sid := resp.Header.Get(serverapi.SessionHeader)
		if resp.StatusCode != http.StatusCreated || ck == nil || sid == "" {
			t.Fatalf("login: got %d %s, cookie %v, session id %q; want 201, a cookie and its id", resp.StatusCode, got, ck, sid)
		}
		if s, err := sealer.Open(ck.Value); err != nil || s.ID != sid || s.UserID == "" || s.ProjectID == "" {
			t.Fatalf("the cookie holds %+v (%v), want the answered id %q, a user and a project", s, err, sid)
		}
		return ck, sid
	}
	victim, sid := login(t, proxytest.LoginBody(proxytest.User, proxytest.Password), serverapi.SessionUnbound)
	attacker, attackerSID := login(t, demoLogin, serverapi.SessionUnbound)
	if attackerSID == sid {
		t.Fatal("two logins got one session id")
	}
	attacker.Path = "/load-balancer" // as a page on another port sets it

	const lbs = "/load-balancer/v2/lbaas/loadbalancers"
	cases := []struct {
		name    string
		marker  string
		cookies []*http.Cookie
		token   string // X-Auth-Token when not the placeholder
		want    int
		refused string // the SessionRefusedHeader's value
	}{
		{"the tab's own session", sid, []*http.Cookie{victim}, "", 200, ""},
		{"two session cookies", sid, []*http.Cookie{attacker, victim}, "", 400, refusedDuplicate},
		{"two session cookies, the tab not bound yet", serverapi.SessionUnbound, []*http.Cookie{victim, attacker}, "", 400, refusedDuplicate},
		{"another session's cookie in place of the tab's", sid, []*http.Cookie{attacker}, "", 400, refusedChanged},
		{"an unbound tab (a reload) takes the cookie there is", serverapi.SessionUnbound, []*http.Cookie{attacker}, "", 200, ""},
		{"no cookie: the session ended (log in again)", sid, nil, "", 401, ""},
		{"the CLI: its own token, cookies ignored", "", []*http.Cookie{victim, attacker}, e.login(t), 200, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := len(e.Up.Requests(LoadBalancer))
			var resp *http.Response
			var body string
			if tc.token == "" {
				resp, body = sessionDo(t, e, http.MethodGet, lbs, tc.marker, "", tc.cookies)
			} else {
				var header []string
				for _, c := range tc.cookies {
					header = append(header, "Cookie", c.Name+"="+c.Value)
				}
				resp, body = e.do(t, http.MethodGet, lbs, tc.token, "", header...)
			}
			if resp.StatusCode != tc.want {
				t.Fatalf("got %d %s, want %d", resp.StatusCode, body, tc.want)
			}
			if got := resp.Header.Get(serverapi.SessionRefusedHeader); got != tc.refused {
				t.Errorf("%s: got %q, want %q", serverapi.SessionRefusedHeader, got, tc.refused)
			}
			sent := len(e.Up.Requests(LoadBalancer)) - before
			if tc.refused == "" {
				if tc.want == 200 && sent != 1 {
					t.Errorf("got %d requests upstream, want 1", sent)
				}
				return
			}
			if sent != 0 {
				t.Errorf("a refused request: got %d requests upstream, want none", sent)
			}
			msg := proxytest.CheckFault(t, body, "Client")
			var ks struct {
				Error struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if json.Unmarshal([]byte(body), &ks); ks.Error.Code != 400 || ks.Error.Message != msg {
				t.Errorf("fault %s: want Keystone's error too, code 400 and the same message", body)
			}
			if !strings.Contains(msg, "log in again") {
				t.Errorf("fault %q: want it to say what to do (log in again)", msg)
			}
			cleared := map[string]bool{}
			for _, c := range resp.Cookies() {
				if c.Name == serverapi.SessionCookie && c.MaxAge < 0 && c.Value == "" {
					cleared[c.Path] = true
				}
			}
			for _, p := range []string{"/", "/load-balancer", "/load-balancer/", "/load-balancer/v2/lbaas", lbs} {
				if !cleared[p] {
					t.Errorf("the cookie is not cleared at path %s (cleared: %v)", p, cleared)
				}
			}
		})
	}

	// The id lasts for the browser session: a rescope and a login again of the
	// same user keep it; another user's login gets a new one.
	rescope := `{"auth": {"identity": {"methods": ["token"], "token": {"id": "` + serverapi.SessionToken + `"}},
		"scope": {"project": {"name": "` + proxytest.Project + `", "domain": {"name": "Default"}}}}}`
	rescoped, got := login(t, rescope, sid, victim)
	if got != sid {
		t.Errorf("rescope: got session id %q, want the tab's %q", got, sid)
	}
	expired, _ := sealer.Open(rescoped.Value)
	expired.Expires = time.Now().Add(-time.Minute)
	old := &http.Cookie{Name: serverapi.SessionCookie, Value: sealer.Seal(expired)}
	if _, got := login(t, proxytest.LoginBody(proxytest.User, proxytest.Password), sid, old); got != sid {
		t.Errorf("a login again of the same user (the cookie expired): got session id %q, want the tab's %q", got, sid)
	}
	if _, got := login(t, demoLogin, serverapi.SessionUnbound, rescoped); got == sid {
		t.Errorf("another user's login: got the previous session's id, want a new one")
	}
	// A reload validates the cookie and learns its id.
	resp, _ := sessionDo(t, e, http.MethodGet, "/identity/v3/auth/tokens", serverapi.SessionUnbound, "", []*http.Cookie{rescoped}, "X-Subject-Token", serverapi.SessionToken)
	if resp.StatusCode != http.StatusOK || resp.Header.Get(serverapi.SessionHeader) != sid {
		t.Errorf("validation: got %d, session id %q; want 200 and %q", resp.StatusCode, resp.Header.Get(serverapi.SessionHeader), sid)
	}
}

// TestSessionCookieName: the name is configurable, and on an https origin it
// carries the __Host- prefix (Secure, Path=/, no Domain: no other host, and no
// other path, can set it); a cookie of the bare name is then not read.
func TestSessionCookieName(t *testing.T) {
	key := []byte("name-key-0123456789abcdef012345678")
	cases := []struct {
		name, publicURL, cookie, want string
		secure                        bool
	}{
		{"default over http", "", "", serverapi.SessionCookie, false},
		{"configured over http", "", "console_b", "console_b", false},
		{"default over https", "https://console.example.com", "", "__Host-" + serverapi.SessionCookie, true},
		{"configured over https", "https://console.example.com", "console_b", "__Host-console_b", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newTestEnv(t, envOptions{sessionKey: key, publicURL: tc.publicURL, sessionCookie: tc.cookie})
			resp, body := sessionDo(t, e, http.MethodPost, "/identity/v3/auth/tokens", serverapi.SessionUnbound, proxytest.LoginBody(proxytest.User, proxytest.Password), nil)
			cookies := resp.Cookies()
			if resp.StatusCode != http.StatusCreated || len(cookies) != 1 {
				t.Fatalf("login: got %d %s and cookies %v, want 201 and one cookie", resp.StatusCode, body, cookies)
			}
			c := cookies[0]
			if c.Name != tc.want || c.Secure != tc.secure || c.Path != "/" || c.Domain != "" || !c.HttpOnly {
				t.Errorf("got cookie %s (Secure %v, Path %q, Domain %q, HttpOnly %v), want %s, Secure %v, Path /, no Domain, HttpOnly",
					c.Name, c.Secure, c.Path, c.Domain, c.HttpOnly, tc.want, tc.secure)
			}
			sid := resp.Header.Get(serverapi.SessionHeader)
			if resp, body := sessionDo(t, e, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", sid, "", []*http.Cookie{c}); resp.StatusCode != http.StatusOK {
				t.Errorf("with the cookie: got %d %s, want 200", resp.StatusCode, body)
			}
			bare := &http.Cookie{Name: strings.TrimPrefix(c.Name, "__Host-"), Value: c.Value}
			if tc.secure {
				if resp, _ := sessionDo(t, e, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", sid, "", []*http.Cookie{bare}); resp.StatusCode != http.StatusUnauthorized {
					t.Errorf("with the value under the bare name on https: got %d, want 401", resp.StatusCode)
				}
			}
		})
	}
	for _, bad := range []string{"", "__Host-x", "__secure-x", "a b", "a;b", "a=b", strings.Repeat("x", 65), "é"} {
		if ValidCookieName(bad) == nil {
			t.Errorf("ValidCookieName(%q): got nil, want an error", bad)
		}
	}
}

// TestSessionTokenTooLarge: a token whose sealed cookie would be over what
// browsers keep is not set as a cookie they would drop without a word: the
// login answers a 400 that says so (and the token is revoked); a token that
// fits logs in.
func TestSessionTokenTooLarge(t *testing.T) {
	key := []byte("large-key-0123456789abcdef01234567")
	e := newTestEnv(t, envOptions{sessionKey: key, up: proxytest.Options{Keystone: func(lab http.Handler) http.Handler {
		return editAnswers(lab, func(r *http.Request, _ []byte) bool {
			return r.Method == http.MethodPost && r.Header.Get("X-Test-Pad") != ""
		}, func(r *http.Request, h http.Header, body []byte) []byte {
			pad, _ := strconv.Atoi(r.Header.Get("X-Test-Pad"))
			h.Set("X-Subject-Token", h.Get("X-Subject-Token")+strings.Repeat("A", pad)) // a PKI-sized token
			return body
		})
	}}})
	for _, tc := range []struct {
		name string
		pad  int
		want int
	}{
		{"a 2 KB token fits", 2000, http.StatusCreated},
		{"a 3 KB token does not", 3000, http.StatusBadRequest},
		{"nor a 9 KB one", 9000, http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := sessionDo(t, e, http.MethodPost, "/identity/v3/auth/tokens", serverapi.SessionUnbound,
				proxytest.LoginBody(proxytest.User, proxytest.Password), nil, "X-Test-Pad", strconv.Itoa(tc.pad))
			if resp.StatusCode != tc.want {
				t.Fatalf("got %d %s, want %d", resp.StatusCode, body, tc.want)
			}
			if tc.want == http.StatusCreated {
				if c := resp.Header.Get("Set-Cookie"); c == "" || len(c) > maxCookieBytes {
					t.Errorf("got Set-Cookie of %d bytes, want one of at most %d", len(c), maxCookieBytes)
				}
				return
			}
			msg := proxytest.CheckFault(t, body, "Client")
			if !strings.Contains(msg, "browsers drop cookies") || resp.Header.Get(serverapi.SessionRefusedHeader) != refusedTooLarge {
				t.Errorf("got fault %q, refused %q; want it to say the token is too large for a cookie", msg, resp.Header.Get(serverapi.SessionRefusedHeader))
			}
			if resp.Header.Get("Set-Cookie") != "" || resp.Header.Get("X-Subject-Token") != "" || strings.Contains(body, "AAAAAAAAAAAAAAAA") {
				t.Errorf("the refusal carries a cookie, a subject token or the token")
			}
			revoked := false
			for _, r := range e.Up.Requests(Identity) {
				if r.Method == http.MethodDelete && strings.HasSuffix(r.Header.Get("X-Subject-Token"), strings.Repeat("A", tc.pad)) {
					revoked = true
				}
			}
			if !revoked {
				t.Errorf("the token the browser cannot hold was not revoked")
			}
		})
	}
}

// TestSessionRescopeOtherUser: a rescope must keep the cookie's user; a
// Keystone that answered another user's token is refused (and the token revoked).
func TestSessionRescopeOtherUser(t *testing.T) {
	key := []byte("rescope-key-0123456789abcdef012345")
	e := newTestEnv(t, envOptions{sessionKey: key, up: proxytest.Options{Keystone: func(lab http.Handler) http.Handler {
		return editAnswers(lab, func(r *http.Request, body []byte) bool {
			return r.Method == http.MethodPost && bytes.Contains(body, []byte(`"token"`))
		}, func(_ *http.Request, _ http.Header, body []byte) []byte {
			return bytes.Replace(body, []byte(`"user":{`), []byte(`"user":{"id":"someone-else","x":`), 1)
		})
	}}})
	resp, body := sessionDo(t, e, http.MethodPost, "/identity/v3/auth/tokens", serverapi.SessionUnbound, proxytest.LoginBody(proxytest.User, proxytest.Password), nil)
	ck := sessionCookie(resp)
	if ck == nil {
		t.Fatalf("login: %d %s", resp.StatusCode, body)
	}
	rescope := `{"auth": {"identity": {"methods": ["token"], "token": {"id": "` + serverapi.SessionToken + `"}},
		"scope": {"project": {"name": "` + proxytest.Project + `", "domain": {"name": "Default"}}}}}`
	resp, body = sessionDo(t, e, http.MethodPost, "/identity/v3/auth/tokens", resp.Header.Get(serverapi.SessionHeader), rescope, []*http.Cookie{ck})
	if resp.StatusCode != http.StatusBadGateway || sessionCookie(resp) != nil || resp.Header.Get(serverapi.SessionRefusedHeader) != refusedUser {
		t.Errorf("a rescope answered with another user's token: got %d %s, cookie %v; want 502, no cookie", resp.StatusCode, body, sessionCookie(resp))
	}
}

// editAnswers wraps an upstream: a request that match picks (given its
// body) is answered by next, then edit may change the answer's header and
// return the body to send (its Content-Length follows); next answers any
// other request as it is.
func editAnswers(next http.Handler, match func(r *http.Request, body []byte) bool, edit func(r *http.Request, h http.Header, body []byte) []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		if !match(r, body) {
			next.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		maps.Copy(w.Header(), rec.Header())
		out := edit(r, w.Header(), rec.Body.Bytes())
		w.Header().Set("Content-Length", strconv.Itoa(len(out)))
		w.WriteHeader(rec.Code)
		w.Write(out)
	})
}
