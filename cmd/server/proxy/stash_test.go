//go:build !js

package proxy

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// TestStashIsNoSession: the trainer's stash cookie (their own session,
// kept while a read-only view is the session) serves only to return to
// the trainer: its value copied into the session cookie carries no
// token upstream, and a session cookie's value copied into the stash is
// no stash.
func TestStashIsNoSession(t *testing.T) {
	e := newTestEnv(t, envOptions{sessionKey: []byte("stash-test-key-0123456789abcdef0123")})
	marker := []string{serverapi.SessionHeader, serverapi.SessionUnbound}
	resp, body := e.do(t, http.MethodPost, "/identity/v3/auth/tokens", "", proxytest.LoginBody(proxytest.User, proxytest.Password), marker...)
	ck := sessionCookie(resp)
	if resp.StatusCode != http.StatusCreated || ck == nil {
		t.Fatalf("session login: got %d %s, want 201 and a cookie", resp.StatusCode, body)
	}
	withCookie := func(name, value string) *http.Request {
		r := httptest.NewRequest(http.MethodGet, "/trainer", nil)
		r.AddCookie(&http.Cookie{Name: name, Value: value})
		return r
	}
	own, ok := e.Proxy.SessionOf(withCookie(serverapi.SessionCookie, ck.Value))
	if !ok {
		t.Fatal("SessionOf the login's cookie: not a session")
	}
	rec := httptest.NewRecorder()
	e.Proxy.SetStash(rec, httptest.NewRequest(http.MethodGet, "/trainer", nil), own)
	var stash string
	for _, c := range rec.Result().Cookies() {
		if c.Name == serverapi.SessionCookie+stashSuffix {
			stash = c.Value
		}
	}
	if stash == "" {
		t.Fatalf("SetStash set no %s cookie: %v", serverapi.SessionCookie+stashSuffix, rec.Result().Header)
	}

	if got, ok := e.Proxy.StashOf(withCookie(serverapi.SessionCookie+stashSuffix, stash)); !ok || got.Token != own.Token {
		t.Errorf("StashOf the stash: got %v, want the trainer's own session back", ok)
	}
	if _, ok := e.Proxy.SessionOf(withCookie(serverapi.SessionCookie, stash)); ok {
		t.Error("SessionOf a stash value in the session cookie: got a session, want none")
	}
	if _, ok := e.Proxy.StashOf(withCookie(serverapi.SessionCookie+stashSuffix, ck.Value)); ok {
		t.Error("StashOf a session value in the stash cookie: got a stash, want none")
	}

	before := len(e.Up.Requests(LoadBalancer))
	resp, body = e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", serverapi.SessionToken, "",
		append(append([]string{}, marker...), "Cookie", serverapi.SessionCookie+"="+stash)...)
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("the stash as the session cookie: got %d %s, want 401", resp.StatusCode, body)
	}
	if n := len(e.Up.Requests(LoadBalancer)) - before; n != 0 {
		t.Errorf("the stash as the session cookie: %d requests reached Octavia, want none", n)
	}
}
