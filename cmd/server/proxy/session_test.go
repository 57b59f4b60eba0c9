//go:build !js

package proxy

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
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
