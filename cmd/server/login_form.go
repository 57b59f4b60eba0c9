//go:build !js

package main

import (
	"context"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/octaview/octaview/app/login"
	"github.com/octaview/octaview/app/serverapi"
)

// The served login form, posted before the app runs (docs/startup.md):
// the page's login form is a plain HTML form (method post, action the
// login page with its next), so it logs in the moment the page shows, and
// even when app.wasm never starts. POST /login takes it: a same-origin,
// bounded, URL-encoded form only; it logs in with the app's own code
// (app.PlainLogIn) through the server's own proxy routes, in process, as
// if the browser had sent the app's requests (the page request's cookies,
// client address and forwarding headers: inProcess), so the proxy seals the
// session cookie on Keystone's answer exactly as for the app, with every
// rule of the proxy (and read-only mode) in force. The browser gets the
// cookies the proxy set and a 303 to next, whose page the server then
// serves with its first rows (ssr.go); a failed login gets the login page
// again, as the app renders it with the error, the fields kept but the
// password. Nothing of the form is logged.

const (
	// maxLoginForm bounds a posted login form's body.
	maxLoginForm = 16 << 10
	// loginFormTimeout bounds the login (the app's form waits as long).
	loginFormTimeout = 30 * time.Second
)

// loginForm handles POST /login (routes.go).
type loginForm struct {
	hosting  *hosting
	upstream http.Handler               // the proxy's routes (routes.go's upstream)
	origin   func(*http.Request) string // this server's public origin (the proxy's)
	read     bodyReader                 // reads the form under the proxy's body bounds
	timeout  time.Duration
}

// bodyReader reads a request's body, at most limit bytes, or answers the
// client itself and returns false (proxy.Proxy.ReadBody).
type bodyReader func(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, bool)

// loginForm returns the handler of the served form's posts, which logs in
// through upstream (the proxy's routes), whose public origin is origin, and
// whose body read reads (as the proxy reads a login's: the same bounds per
// client address and in all, the same time).
func (h *hosting) loginForm(upstream http.Handler, origin func(*http.Request) string, read bodyReader) http.Handler {
	return &loginForm{hosting: h, upstream: upstream, origin: origin, read: read, timeout: loginFormTimeout}
}

func (f *loginForm) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if why := f.crossSite(r); why != "" {
		// login CSRF: another site's page must not log this browser in
		http.Error(w, "Refused: "+why+". Log in from this console's own login page.", http.StatusForbidden)
		return
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/x-www-form-urlencoded" {
		http.Error(w, "The login form is posted URL-encoded (application/x-www-form-urlencoded).", http.StatusUnsupportedMediaType)
		return
	}
	data, ok := f.read(w, r, maxLoginForm)
	if !ok {
		return // answered: too large, too slow, or too many at once
	}
	posted, err := url.ParseQuery(string(data))
	if err != nil {
		http.Error(w, "The login form could not be read.", http.StatusBadRequest)
		return
	}
	in := login.PlainLoginOf(posted)
	next := login.SafeNext(r.URL.Query().Get("next"))

	ctx, cancel := context.WithTimeout(r.Context(), f.timeout)
	defer cancel()
	jar := newFormJar(r, f.upstream)
	msg := login.PlainLogIn(ctx, requestOrigin(r), jar, in)
	for _, c := range jar.setCookies() {
		w.Header().Add("Set-Cookie", c)
	}
	if msg == "" {
		http.Redirect(w, r, next, http.StatusSeeOther)
		return
	}
	form, root := login.PlainLoginPage(in, msg, next)
	// the page as a GET of it would be served, with the cookies the browser
	// holds now (the boot says whether a live session is left)
	page := jar.pageRequest(r.Context())
	page.Method, page.Body, page.ContentLength = http.MethodGet, http.NoBody, 0
	page.Header.Del("Content-Type")
	boot := f.hosting.bootOf(page)
	boot.Login = form
	h := f.hosting.handler()
	servePage(w, page, h, h.Version, boot, root)
}

// crossSite says why r is not a post of this origin's own page ("" when it
// is). The browser's Sec-Fetch-Site, which no page can set, decides when it
// came (the page's no-referrer policy makes Chromium send "Origin: null"
// with a same-origin form post); without it, Origin must name this origin.
// A post with neither is refused (every browser that runs the console
// sends one of them).
func (f *loginForm) crossSite(r *http.Request) string {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" {
		if site != "same-origin" {
			return "the form was posted from another site (Sec-Fetch-Site: " + site + ")"
		}
		return ""
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return "the post names neither its Origin nor its Sec-Fetch-Site"
	}
	if strings.EqualFold(origin, requestOrigin(r)) || strings.EqualFold(origin, f.origin(r)) {
		return ""
	}
	return "the form was posted from another origin (" + origin + ")"
}

// formJar is the transport of a plain login's client: each request goes
// through inProcess (the proxy's routes, as from the page request's
// browser) with the cookies the browser would hold by then: the page
// request's, updated by each answer's Set-Cookie (the probe that tells a
// wrong project from a wrong password logs in and out again, and its
// logout must revoke its own token). It keeps every Set-Cookie, in order,
// for the browser.
type formJar struct {
	page *http.Request
	h    http.Handler

	mu      sync.Mutex
	cookies []*http.Cookie // as the browser would send them now
	set     []string       // the answers' Set-Cookie values, in order
}

func newFormJar(page *http.Request, h http.Handler) *formJar {
	return &formJar{page: page, h: h, cookies: page.Cookies()}
}

// pageRequest is a copy of the page request with the jar's cookies.
func (j *formJar) pageRequest(ctx context.Context) *http.Request {
	p := j.page.Clone(ctx)
	p.Header.Del("Cookie")
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, c := range j.cookies {
		p.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	}
	return p
}

// setCookies are the Set-Cookie values for the browser: the last of each
// cookie (name and path), in order (the probe's cookie, set and cleared
// again, is sent cleared only).
func (j *formJar) setCookies() []string {
	j.mu.Lock()
	defer j.mu.Unlock()
	key := func(line string) string {
		c, err := http.ParseSetCookie(line)
		if err != nil {
			return line
		}
		return c.Name + "\x00" + c.Path
	}
	var out []string
	for i, line := range j.set {
		if !slices.ContainsFunc(j.set[i+1:], func(later string) bool { return key(later) == key(line) }) {
			out = append(out, line)
		}
	}
	return out
}

func (j *formJar) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := inProcess{page: j.pageRequest(r.Context()), h: j.h}.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, line := range resp.Header.Values("Set-Cookie") {
		j.set = append(j.set, line)
		c, err := http.ParseSetCookie(line)
		if err != nil {
			continue
		}
		kept := j.cookies[:0]
		for _, old := range j.cookies {
			if old.Name != c.Name {
				kept = append(kept, old)
			}
		}
		j.cookies = kept
		if c.MaxAge >= 0 && c.Value != "" && (c.Expires.IsZero() || c.Expires.After(time.Now())) {
			j.cookies = append(j.cookies, &http.Cookie{Name: c.Name, Value: c.Value})
		}
	}
	return resp, nil
}

// servedLogin is the root of the login page r asks for, the plain form
// posting to this page with r's next, as the server writes it
// (app.PlainLoginPage).
func (h *hosting) servedLogin(r *http.Request) string {
	_, root := login.PlainLoginPage(login.PlainLogin{}, "", r.URL.Query().Get("next"))
	return root
}

// bootOf is the Boot of a page r asks for.
func (h *hosting) bootOf(r *http.Request) serverapi.Boot {
	if h.boot == nil {
		return serverapi.Boot{}
	}
	return h.boot(r)
}
