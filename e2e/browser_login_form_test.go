//go:build !js

package e2e

// The served login form is a plain HTML form (login_form.go,
// docs/startup.md): it logs in the moment the page shows, even when app.wasm
// never starts, and a submit while the app starts is handled once, by the
// plain post or by the app, never both.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// loginPosts counts a browser's logins by path: the plain form's POST
// /login and the app's POST /identity/v3/auth/tokens.
type loginPosts struct {
	mu         sync.Mutex
	plain, app int
	wasm       *heldRequests // app.wasm requests held back (nil: none)
}

// release lets the held app.wasm requests go on and holds no more.
func (l *loginPosts) release(t *testing.T, b *browser) {
	t.Helper()
	if l.wasm != nil {
		l.wasm.release(t, b)
	}
}

func (l *loginPosts) counts() (plain, app, held int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.wasm != nil {
		held = l.wasm.count()
	}
	return l.plain, l.app, held
}

// watchLogins counts b's login posts; with holdWasm, every request for
// app.wasm (the preload's and the loader's) is held and never answered, and
// the service worker is bypassed (the page's requests all reach the
// network, where they are held).
func watchLogins(t *testing.T, b *browser, holdWasm bool) *loginPosts {
	t.Helper()
	l := &loginPosts{}
	err := chromedp.Listen(b.ctx, func(ev any) {
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			if e.Request.Method != "POST" {
				return
			}
			l.mu.Lock()
			switch {
			case strings.HasSuffix(e.Request.URL, "/identity/v3/auth/tokens"):
				l.app++
			case strings.Contains(e.Request.URL, "/login"):
				l.plain++
			}
			l.mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if holdWasm {
		if _, err := chromedp.Call(ctx, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true}); err != nil {
			t.Fatal(err)
		}
		l.wasm = b.holdRequests(t, "*app.wasm*")
	}
	return l
}

// typeLogin types demo's credentials into the focused user field with key
// presses (user, Tab, password, Tab, Tab, project) and presses Enter.
func typeLogin(t *testing.T, ctx context.Context) {
	t.Helper()
	for _, k := range []string{"d", "e", "m", "o", "Tab", "d", "e", "m", "o", "Tab", "Tab", "d", "e", "m", "o", "Enter"} {
		if err := key(ctx, k); err != nil {
			t.Fatalf("pressing %s: %v", k, err)
		}
	}
}

// TestBrowserLoginFormWithoutApp: with app.wasm held back (never answered),
// the login page's served form takes what is typed and Enter logs in: the
// browser lands on demo's list with its rows, served in the HTML, the
// session cookie out of the page's reach. The app never ran.
func TestBrowserLoginFormWithoutApp(t *testing.T) {
	t.Parallel()
	requireTools(t)
	c := startServedConsole(t)
	b := newBrowser(t)
	l := watchLogins(t, b, true)
	ctx, cancel := context.WithTimeout(b.ctx, 2*time.Minute)
	defer cancel()
	if _, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: c.URL + "/login?next=" + "%2Fload-balancers%3Fq%3D"}); err != nil {
		t.Fatal(err)
	}
	b.waitJS(t, "the served form, live", `document.readyState !== "loading" && !!document.querySelector('#login-form[data-plain="on"]') && !document.getElementById("login-submit").disabled && document.activeElement === document.getElementById("login-user")`, 60*time.Second)
	typeLogin(t, ctx)
	b.waitJS(t, "demo's list, served", `location.pathname === "/load-balancers" && document.querySelectorAll("tr.lb-row").length >= 4`, 60*time.Second)
	plain, app, held := l.counts()
	if plain != 1 || app != 0 {
		t.Errorf("logins: %d plain posts, %d by the app; want the one plain post", plain, app)
	}
	if held == 0 {
		t.Fatal("app.wasm was never asked for: nothing held back, nothing tested")
	}
	if eval[bool](t, b, `performance.getEntriesByName("octaview:main").length > 0 || performance.getEntriesByName("octaview:wasm-instantiated").length > 0`) {
		t.Fatal("the app ran: app.wasm was not held back")
	}
	if got := eval[string](t, b, `document.cookie`); strings.Contains(got, "octaview_session") {
		t.Errorf("the page reads the session cookie: %q", got)
	}
	if got := b.text(t, "#who-user"); got != "demo" {
		t.Errorf("the served frame names %q, want demo", got)
	}
}

// TestBrowserLoginFormWhileAppStarts: on a CPU throttled 4× and a slow
// line (app.wasm at 1 MB/s), a user types into the served form and presses
// Enter while the app starts, a little later each time (a fresh browser
// each time): each login is handled exactly once (one plain post or one
// login by the app, never both, never none) and ends on demo's list.
func TestBrowserLoginFormWhileAppStarts(t *testing.T) {
	t.Parallel()
	requireTools(t)
	c := startConsole(t)
	by := map[string]int{}
	for _, wait := range []time.Duration{0, time.Second, 2 * time.Second, 3 * time.Second, 4 * time.Second, 6 * time.Second} {
		t.Run(fmt.Sprintf("Enter after %v", wait), func(t *testing.T) {
			b := newBrowser(t)
			b.throttle(t, 4)
			l := watchLogins(t, b, false)
			ctx, cancel := context.WithTimeout(b.ctx, 3*time.Minute)
			defer cancel()
			slowWasm(t, ctx, c.URL)
			if _, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: c.URL + "/login"}); err != nil {
				t.Fatal(err)
			}
			b.waitJS(t, "the served form", `document.readyState !== "loading" && document.activeElement === document.getElementById("login-user")`, 60*time.Second)
			time.Sleep(wait)
			ran := eval[bool](t, b, `!!document.querySelector('#login-form[data-ready="true"]')`)
			typeLogin(t, ctx)
			b.waitJS(t, "demo's list", `location.pathname === "/load-balancers" && document.querySelectorAll("tr.lb-row").length >= 4`, 2*time.Minute)
			time.Sleep(500 * time.Millisecond) // a second login would be on its way by now
			plain, app, _ := l.counts()
			if plain+app != 1 {
				t.Fatalf("the submit was handled %d times (%d plain posts, %d logins by the app), want once", plain+app, plain, app)
			}
			path := "the app"
			if plain == 1 {
				path = "the plain post"
			}
			by[path]++
			t.Logf("the app ran before the typing began: %v; logged in by %s", ran, path)
		})
	}
	t.Logf("logins by path: %v", by)
}

// TestBrowserLoginFormFailedThenApp: a wrong password posted by the served
// form before the app runs comes back as the login page with the app's
// error and the user name kept; the app then adopts that page as it is
// (the form, its fields and the error are the elements served, none
// removed) and logs in with its own handler.
func TestBrowserLoginFormFailedThenApp(t *testing.T) {
	t.Parallel()
	requireTools(t)
	c := startConsole(t)
	b := newBrowser(t)
	l := watchLogins(t, b, true) // app.wasm held back until the failed page is recorded
	sels := append([]string{"#login-error"}, loginServed...)
	ctx, cancel := context.WithTimeout(b.ctx, 3*time.Minute)
	defer cancel()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: servedRecorderJS(sels, loginNotRun, "")}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: c.URL + "/login?next=%2Fpools"}); err != nil {
		t.Fatal(err)
	}
	b.waitJS(t, "the served form", `!!window.__hydrate && !!window.__hydrate.served && document.activeElement === document.getElementById("login-user")`, 60*time.Second)
	for _, k := range []string{"d", "e", "m", "o", "Tab", "n", "o", "p", "e", "Enter"} {
		if err := key(ctx, k); err != nil {
			t.Fatal(err)
		}
	}
	b.waitJS(t, "the login page again, with the error", `!!window.__hydrate && !!window.__hydrate.served && !!document.getElementById("login-error")`, 60*time.Second)
	if !eval[bool](t, b, `window.__hydrate.notRun === true`) {
		t.Fatal("the failed login's page was not the served plain form: nothing tested")
	}
	if got := b.text(t, "#login-error"); !strings.Contains(got, "Keystone refused these credentials (401)") {
		t.Errorf("the error shown: %q", got)
	}
	if got := eval[string](t, b, `document.getElementById("login-user").value + "|" + document.getElementById("login-password").value + "|" + location.pathname + location.search`); got != "demo||/login?next=%2Fpools" {
		t.Errorf("user|password|page after the failed login: %q, want the user name kept, no password, the same page", got)
	}
	plain, app, _ := l.counts()
	if plain != 1 || app != 0 {
		t.Fatalf("logins: %d plain posts, %d by the app; want the one plain post", plain, app)
	}

	// the app starts on the failed login's page and adopts it
	l.release(t, b)
	b.waitJS(t, "the app's form", `!!document.querySelector('#login-form[data-ready="true"]')`, 90*time.Second)
	for _, sel := range sels {
		if !eval[bool](t, b, adoptedJS(sel)) {
			t.Errorf("%s is not the element the server served: the app replaced it", sel)
		}
	}
	if removed := eval[[]string](t, b, `window.__hydrate.removed`); len(removed) != 0 {
		t.Errorf("served elements were removed when the app started: %v", removed)
	}
	if got := b.text(t, "#login-error"); !strings.Contains(got, "Keystone refused these credentials (401)") {
		t.Errorf("the app's first render shows the error %q, want the served one", got)
	}
	// the app's handler logs in now
	eval[bool](t, b, `(document.getElementById("login-password").focus(), true)`)
	for _, k := range []string{"d", "e", "m", "o", "Enter"} {
		if err := key(ctx, k); err != nil {
			t.Fatal(err)
		}
	}
	b.waitJS(t, "the pools page (next)", `location.pathname === "/pools"`, 90*time.Second)
	if plain, app, _ := l.counts(); plain != 1 || app != 1 {
		t.Errorf("logins: %d plain posts, %d by the app; want the failed plain post, then the app's", plain, app)
	}
}

// inFlightProbeJS reports the login page's state to the page's server
// (POST /__probe, a beacon) each time it changes: while the browser
// navigates (the plain post on its way), DevTools sends the page nothing
// (no Runtime.evaluate), so the page tells. Once the app runs the form, it
// submits it by script (requestSubmit), as a script may. The post is held
// until the test releases it, so once it is sent the probe moves the form's
// data-plain-until mark (compile.js: the server's 30 s login bound and a
// margin) an hour on: the app, however late a busy machine starts it, finds
// the post on its way, as it is (TestPlainMark tests the mark's reading).
const inFlightProbeJS = `(function () {
  if (location.pathname !== "/login") return;
  var enters = 0, submitted = false, held = false, last = "";
  document.addEventListener("keydown", function (e) { if (e.key === "Enter") enters++; }, true);
  setInterval(function () {
    var f = document.getElementById("login-form"), b = document.getElementById("login-submit");
    if (!f || !b) return;
    if (!held && f.dataset.plainUntil) { held = true; f.dataset.plainUntil = String(Date.now() + 3600000); }
    var ready = f.dataset.ready === "true";
    if (ready && !submitted) { submitted = true; f.requestSubmit(); }
    var s = JSON.stringify({ready: ready, sent: !!f.dataset.plainUntil, disabled: b.disabled, text: b.textContent, enters: enters, submitted: submitted});
    if (s !== last) { last = s; navigator.sendBeacon("/__probe", s); }
  }, 100);
})();`

// inFlightState is what inFlightProbeJS reports.
type inFlightState struct {
	Ready, Sent, Disabled, Submitted bool
	Text                             string
	Enters                           int
}

// loginFront is the browser's way to a console: the served form's plain
// post (POST /login) is held on its way, until release, and the page's
// probes (POST /__probe, beacons of an inFlightState) land here.
type loginFront struct {
	*httptest.Server
	answer chan struct{}
	once   sync.Once
	mu     sync.Mutex
	state  inFlightState
}

// newLoginFront starts a loginFront before c, closed at the end of t.
func newLoginFront(t *testing.T, c console) *loginFront {
	t.Helper()
	f := &loginFront{answer: make(chan struct{})}
	backend, err := url.Parse(c.URL)
	if err != nil {
		t.Fatal(err)
	}
	rp := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(backend)
		r.Out.Host = r.In.Host // the console's origin is the browser's
	}}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/__probe":
			var s inFlightState
			body, _ := io.ReadAll(r.Body)
			if json.Unmarshal(body, &s) == nil {
				f.mu.Lock()
				f.state = s
				f.mu.Unlock()
			}
			return
		case r.Method == http.MethodPost && r.URL.Path == "/login":
			select {
			case <-f.answer:
			case <-r.Context().Done():
				return
			}
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(f.Close)
	t.Cleanup(f.release) // first: Close waits for the held post
	return f
}

// release lets the held plain posts, and every later one, answer.
func (f *loginFront) release() { f.once.Do(func() { close(f.answer) }) }

// waitState waits until the page's last reported state is ok.
func (f *loginFront) waitState(t *testing.T, what string, ok func(inFlightState) bool) inFlightState {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(100 * time.Millisecond) {
		f.mu.Lock()
		s := f.state
		f.mu.Unlock()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: the page's last state %+v", what, s)
		}
	}
}

// TestBrowserLoginFormPostInFlight: a plain post on its way is the one
// login of the user's action. With the post held on its way to the server
// (until the end) and app.wasm held back, a second Enter sends no second
// post; the app, started while the post is still on its way, shows the
// form busy ("Logging in…") and neither Enter nor a script's requestSubmit
// makes it log in; once the post answers, the browser is on demo's list,
// logged in once. CPU throttled 4×.
func TestBrowserLoginFormPostInFlight(t *testing.T) {
	t.Parallel()
	requireTools(t)
	f := newLoginFront(t, startConsole(t))
	release := f.release
	waitState := func(what string, ok func(inFlightState) bool) inFlightState {
		t.Helper()
		return f.waitState(t, what, ok)
	}

	b := newBrowser(t)
	b.throttle(t, 4)
	l := watchLogins(t, b, true)
	ctx, cancel := context.WithTimeout(b.ctx, 4*time.Minute)
	defer cancel()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: inFlightProbeJS}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: f.URL + "/login"}); err != nil {
		t.Fatal(err)
	}
	b.waitJS(t, "the served form, live", `document.readyState !== "loading" && !!document.querySelector('#login-form[data-plain="on"]') && document.activeElement === document.getElementById("login-user")`, 60*time.Second)
	typeLogin(t, ctx) // Enter: the plain post goes, and is held
	waitState("the plain post on its way", func(s inFlightState) bool { return s.Sent && s.Enters == 1 })
	if err := key(ctx, "Enter"); err != nil { // again, before the app runs
		t.Fatal(err)
	}
	waitState("the second Enter", func(s inFlightState) bool { return s.Enters == 2 })
	time.Sleep(time.Second) // a second post would be on its way by now
	if plain, app, _ := l.counts(); plain != 1 || app != 0 {
		t.Errorf("after a second Enter before the app runs: %d plain posts, %d logins by the app; want the one plain post", plain, app)
	}

	// the app starts while the post is on its way
	l.release(t, b)
	s := waitState("the app's form, submitted by script", func(s inFlightState) bool { return s.Ready && s.Submitted })
	if !s.Disabled || s.Text != "Logging in…" {
		t.Errorf("the app's form while the post is on its way: button disabled %v, %q; want disabled, Logging in…", s.Disabled, s.Text)
	}
	if err := key(ctx, "Enter"); err != nil {
		t.Fatal(err)
	}
	waitState("the third Enter", func(s inFlightState) bool { return s.Enters == 3 })
	time.Sleep(time.Second) // the app's login would be on its way by now
	if plain, app, _ := l.counts(); plain != 1 || app != 0 {
		t.Errorf("Enter and requestSubmit in the app while the post is on its way: %d plain posts, %d logins by the app; want the one plain post", plain, app)
	}

	// the post answers
	release()
	b.waitJS(t, "demo's list", `location.pathname === "/load-balancers" && document.querySelectorAll("tr.lb-row").length >= 4`, 2*time.Minute)
	time.Sleep(500 * time.Millisecond) // a second login would be on its way by now
	if plain, app, _ := l.counts(); plain != 1 || app != 0 {
		t.Errorf("logins: %d plain posts, %d by the app; want the one plain post", plain, app)
	}
}
