//go:build !js

package main

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/octaview/octaview/cmd/server/proxy"
)

// TestLoginFormThrottled: after 5 wrong passwords for a user, the served
// form posted with the right one (each wrong one also costs the app's probe
// that tells a wrong project from a wrong password: not counted) says at the form, in the throttle's words,
// how long to wait; nothing reached Keystone for it and no session was set.
func TestLoginFormThrottled(t *testing.T) {
	s := startRun(t, nil, "-web", webDir, "-lab-delay", "0s")
	post := func(password string) (*http.Response, string) {
		form := url.Values{"user": {"demo"}, "password": {password}, "domain": {"Default"}, "project": {"demo"}}
		return postLoginForm(t, s.URL, "/login", form, nil)
	}
	for i := range proxy.UserLoginFailures {
		if _, page := post(fmt.Sprint("not-demo's-", i)); !strings.Contains(html.UnescapeString(page), "Keystone refused these credentials (401)") {
			i := strings.Index(page, `id="login-error"`)
			t.Fatalf("a wrong password: the page does not say Keystone refused it: %.400s", page[max(0, i):])
		}
	}
	resp, page := post("demo")
	if resp.StatusCode != http.StatusOK || sessionCookieOf(resp) != nil {
		t.Fatalf("the right password while throttled: %s with cookies %q, want the login page again without a session", resp.Status, resp.Header.Values("Set-Cookie"))
	}
	want := regexp.MustCompile(`id="login-error"[^>]*>[^<]*Too many failed logins for this user: try again in (1[0-9]|20) s\.`)
	if !want.MatchString(html.UnescapeString(page)) {
		i := strings.Index(page, `id="login-error"`)
		t.Errorf("the page does not say at the form how long to wait: %.300s", page[max(0, i):])
	}
}
