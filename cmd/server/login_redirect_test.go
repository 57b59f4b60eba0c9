//go:build !js

package main

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// noFollow is a client that never follows a redirect.
var noFollow = &http.Client{Timeout: 60 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// TestLoginRedirect: a signed-out visitor of any page that needs a session
// (/, a list, a deep link, a form, the trainer's pages), or one whose
// cookie is not a live session, gets a 303 to the login page with that
// page as next, never stored; the login page, the status wall, the app's
// files and a live session's pages are served as they were. The form the
// login page serves posts back to next, and its login lands there.
func TestLoginRedirect(t *testing.T) {
	c := startConsole(t)
	get := func(t *testing.T, method, path string, cookie *http.Cookie) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(method, c.URL+path, nil)
		if cookie != nil {
			req.AddCookie(cookie)
		}
		resp, err := noFollow.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		resp.Body.Close()
		return resp
	}
	garbage := &http.Cookie{Name: serverapi.SessionCookie, Value: "not-a-sealed-session"}
	for _, tt := range []struct {
		name, method, path string
		cookie             *http.Cookie
	}{
		{"the root", "GET", "/", nil},
		{"the root, HEAD", "HEAD", "/", nil},
		{"a list with its query", "GET", "/load-balancers?q=shop", nil},
		{"a deep link", "GET", "/pools/p1/members/m1", nil},
		{"a form", "GET", "/load-balancers/new", nil},
		{"the trainer", "GET", "/trainer", nil},
		{"the trainer's cards", "GET", "/trainer/cards", nil},
		{"a cookie that is no session", "GET", "/listeners", garbage},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp := get(t, tt.method, tt.path, tt.cookie)
			if want := "/login?next=" + url.QueryEscape(tt.path); resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != want {
				t.Fatalf("got %s to %q, want 303 to %q", resp.Status, resp.Header.Get("Location"), want)
			}
			if got := resp.Header.Get("Cache-Control"); got != "no-store" {
				t.Errorf("Cache-Control: got %q, want no-store (the same URL is the page once logged in)", got)
			}
		})
	}
	for _, path := range []string{"/login", "/login?next=%2F", "/status", "/web/octaview.css", "/app.js"} {
		if resp := get(t, "GET", path, nil); resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s signed out: got %s, want 200", path, resp.Status)
		}
	}

	// the login page's form posts back to next, and lands there
	page, _, _ := servedPage(t, c.URL, "/login?next="+url.QueryEscape("/"), nil)
	if !strings.Contains(page, `action="/login?next=%2F"`) {
		t.Fatalf("the served form does not post to /login?next=%%2F:\n%.2000s", page)
	}
	form := url.Values{"user": {"demo"}, "password": {"demo"}, "domain": {"Default"}, "project": {"demo"}}
	resp, body := postLoginForm(t, c.URL, "/login?next=%2F", form, nil)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/" {
		t.Fatalf("POST /login?next=%%2F: %s to %q, want 303 to /:\n%.500s", resp.Status, resp.Header.Get("Location"), body)
	}
	live := sessionCookieOf(resp)
	if live == nil {
		t.Fatal("the plain login set no session cookie")
	}
	for _, path := range []string{"/", "/load-balancers?q=shop", "/load-balancers/new"} {
		if resp := get(t, "GET", path, live); resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s with a live session: got %s to %q, want 200 (the page)", path, resp.Status, resp.Header.Get("Location"))
		}
	}
	if page, boot, _ := servedPage(t, c.URL, "/", live); !boot.Session || !strings.Contains(page, "lb-row") {
		t.Errorf("/ with a live session: session %v, rows %v: want the first screen", boot.Session, strings.Contains(page, "lb-row"))
	}
}
