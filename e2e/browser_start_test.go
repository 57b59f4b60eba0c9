//go:build !js

package e2e

// The first screen (issue 21, docs/startup.md): the page the server serves
// carries the app's start-up state, app.wasm is downloaded once, and what a
// user types into the login form before the app runs is kept.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/app/serverapi"
)

// loggedRequest is one access-log line of the server.
type loggedRequest struct {
	Method string `json:"method"`
	Path   string `json:"path"`
	Status int    `json:"status"`
	Bytes  int64  `json:"bytes"`
}

// accessLogLines collects the server's access log (an io.Writer for
// startConsoleLog).
type accessLogLines struct {
	mu      sync.Mutex
	partial bytes.Buffer
	reqs    []loggedRequest
}

func (l *accessLogLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.partial.Write(p)
	for {
		line, err := l.partial.ReadBytes('\n')
		if err != nil { // an incomplete line: keep it for the next write
			rest := append([]byte(nil), line...)
			l.partial.Reset()
			l.partial.Write(rest)
			return len(p), nil
		}
		var r struct {
			Msg string `json:"msg"`
			loggedRequest
		}
		if json.Unmarshal(line, &r) == nil && r.Msg == "request" {
			l.reqs = append(l.reqs, r.loggedRequest)
		}
	}
}

// take returns the requests logged since the last take whose path ends
// with suffix.
func (l *accessLogLines) take(suffix string) []loggedRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	var got []loggedRequest
	for _, r := range l.reqs {
		if strings.HasSuffix(r.Path, suffix) {
			got = append(got, r)
		}
	}
	l.reqs = nil
	return got
}

// wasmBodies counts the answers that sent app.wasm's body.
func wasmBodies(reqs []loggedRequest) (n int) {
	for _, r := range reqs {
		if r.Status == 200 && r.Bytes > 0 {
			n++
		}
	}
	return n
}

// TestBrowserWasmDownloadedOnce: a first visit downloads app.wasm once (the
// page's preload and its early compile share one download, and the service worker,
// installing meanwhile, revalidates it instead of downloading it again); the
// next visit does not download it at all.
func TestBrowserWasmDownloadedOnce(t *testing.T) {
	t.Parallel()
	var log accessLogLines
	c := startConsoleLog(t, nil, nil, &log)
	b := newProfileBrowser(t)

	b.do(t, "a first visit", 60*time.Second, chromedp.Navigate(c.URL+"/login"))
	b.waitJS(t, "the login form", `!!document.querySelector('#login-form[data-ready="true"]')`, 60*time.Second)
	b.waitJS(t, "the service worker controls the page", `!!navigator.serviceWorker.controller`, 60*time.Second)
	b.waitPromise(t, "the service worker holds app.wasm", `caches.keys().then((ks) => ks.length === 1 && caches.open(ks[0]))
		.then((c) => c && c.keys()).then((reqs) => !!reqs && reqs.some((r) => r.url.includes("/app.wasm?")))`, 60*time.Second)
	// the app runs the module the page's early compile (compile.js, inline
	// before the style sheets) started, not one the loader compiled after them
	if !eval[bool](t, b, `typeof window.octaviewWasmModule === "object" && !window.octaviewWasmLoading &&
		performance.getEntriesByName("octaview:wasm-fetch").length === 1`) {
		t.Error("the app did not run the early compile's module")
	}
	first := log.take("/app.wasm")
	// the page's download (its preload, which the early compile's fetch takes), and
	// the worker's revalidation (304): a loader that missed the preload
	// would ask a third time
	if n := wasmBodies(first); n != 1 || len(first) > 2 {
		t.Errorf("a first visit asked for app.wasm %d times, %d of them downloading it; want one download and at most the worker's revalidation: %+v", len(first), n, first)
	}

	b.do(t, "the next visit", 60*time.Second, chromedp.Navigate(c.URL+"/login"))
	b.waitJS(t, "the login form", `!!document.querySelector('#login-form[data-ready="true"]')`, 60*time.Second)
	if next := log.take("/app.wasm"); wasmBodies(next) != 0 {
		t.Errorf("the next visit downloaded app.wasm again: %+v", next)
	}
}

// TestBrowserPageBootState: the page the server serves tells the app whether
// a session is live, never the token nor anything of the session: not to a
// logged-in visit (which gets its own rows: ssr.go), and a logged-out visit
// (another browser, or the same one after logging out) shows the login
// form, never someone's rows.
func TestBrowserPageBootState(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	get := func(path string, cookies ...*network.Cookie) string {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, c.URL+path, nil)
		for _, ck := range cookies {
			req.AddCookie(&http.Cookie{Name: ck.Name, Value: ck.Value})
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %s", path, resp.Status)
		}
		return string(b)
	}
	theirs := []string{"shop-frontend", "api-gateway", "reports-internal", "legacy-batch"} // demo's load balancers
	checkPage := func(what, page, session string, secrets []string) {
		t.Helper()
		if !strings.Contains(page, `"session":`+session) {
			t.Errorf("%s: the page does not say session %s", what, session)
		}
		if session == "true" { // the session's own rows, served with the page
			for _, s := range theirs {
				if !strings.Contains(page, s) {
					t.Errorf("%s: the page lacks the session's own %q", what, s)
				}
			}
		} else {
			secrets = append(secrets, theirs...)
		}
		for _, s := range secrets {
			if s != "" && strings.Contains(page, s) {
				t.Errorf("%s: the page holds %q", what, s)
			}
		}
	}
	for _, p := range []string{"/", "/login", "/load-balancers"} {
		checkPage("a logged-out GET "+p, get(p), "false", nil)
	}

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "demo's load balancers", `document.querySelectorAll("tr.lb-row").length >= 4`, 60*time.Second)
	cookies := sessionCookies(t, b, c.URL+"/")
	if len(cookies) != 1 {
		t.Fatalf("session cookies: got %d, want 1", len(cookies))
	}
	secrets := append(b.tokensSeen(), cookies[0].Value)
	for _, p := range []string{"/", "/load-balancers"} {
		checkPage("a logged-in GET "+p, get(p, cookies...), "true", secrets)
	}

	// the returning visit: the app restores the session the page announced
	b.do(t, "a returning visit", 60*time.Second, chromedp.Navigate(c.URL+"/load-balancers"))
	b.waitJS(t, "demo's load balancers again, the app running", `document.querySelectorAll("tr.lb-row").length >= 4 && `+appLoadedJS, 60*time.Second)
	for _, s := range secrets {
		if strings.Contains(eval[string](t, b, `document.documentElement.outerHTML`), s) {
			t.Errorf("the returning visit's document holds %q", s)
		}
	}

	// logged out, the same browser: the next page is the server's, not a copy
	b.logout(t)
	b.do(t, "a visit after the logout", 60*time.Second, chromedp.Navigate(c.URL+"/load-balancers"))
	b.waitJS(t, "the login form", `!!document.querySelector('#login-form[data-ready="true"]')`, 60*time.Second)
	if got := b.text(t, "#"+serverapi.BootElementID); !strings.Contains(got, `"session":false`) {
		t.Errorf("after the logout the page says %s", got)
	}
	if n := eval[int](t, b, `document.querySelectorAll("tr.lb-row").length`); n != 0 {
		t.Errorf("after the logout the page shows %d rows", n)
	}

	// another browser, never logged in
	other := newBrowser(t)
	other.do(t, "a stranger's visit", 60*time.Second, chromedp.Navigate(c.URL+"/load-balancers"))
	other.waitJS(t, "the login form", `!!document.querySelector('#login-form[data-ready="true"]')`, 60*time.Second)
	checkPage("a stranger's document", eval[string](t, other, `document.documentElement.outerHTML`), "false", secrets)
}

// key presses one key: a character, or a named key (Tab, Backspace, Delete,
// ArrowLeft, Enter).
func key(ctx context.Context, k string) error {
	down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: k, Text: k}
	switch k {
	case "Tab":
		down = input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: k, Code: k, WindowsVirtualKeyCode: 9}
	case "Backspace":
		down = input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: k, Code: k, WindowsVirtualKeyCode: 8}
	case "Delete":
		down = input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: k, Code: k, WindowsVirtualKeyCode: 46}
	case "ArrowLeft":
		down = input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: k, Code: k, WindowsVirtualKeyCode: 37}
	case "Enter":
		down = input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: k, Code: k, Text: "\r", WindowsVirtualKeyCode: 13}
	}
	if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, down); err != nil {
		return err
	}
	up := down
	up.Type, up.Text = input.DispatchKeyEventTypeKeyUp, ""
	_, err := chromedp.Call(ctx, input.DispatchKeyEvent, up)
	return err
}

// TestBrowserLoginTypedBeforeAppRuns: on a slow CPU (Chromium throttled 4x
// and 10x) and a slow line (app.wasm at 1 MB/s, held back until the user
// name is typed), a user types into the login form the page shows before
// the app runs, and keeps typing while it starts: every key lands (none is dropped when the app takes the form
// over), and Enter logs in once the app runs.
func TestBrowserLoginTypedBeforeAppRuns(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	for _, rate := range []float64{4, 10} {
		t.Run(fmt.Sprintf("%gx", rate), func(t *testing.T) {
			b := newBrowser(t)
			ctx, cancel := context.WithTimeout(b.ctx, 4*time.Minute)
			defer cancel()
			if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate}); err != nil {
				t.Fatal(err)
			}
			slowWasm(t, ctx, c.URL)
			// app.wasm is held until the first field is typed: the served
			// form takes keys whatever the machine's speed, and the rest is
			// typed while the app starts
			held := watchLogins(t, b, true)
			// no wait for the load event: typing starts as soon as the form shows
			if _, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: c.URL + "/login"}); err != nil {
				t.Fatal(err)
			}
			b.waitJS(t, "the served form", `!!document.getElementById("login-user") && document.activeElement === document.getElementById("login-user")`, 60*time.Second)
			ready := func() bool {
				return eval[bool](t, b, `!!document.querySelector('#login-form[data-ready="true"]')`)
			}
			if ready() {
				t.Fatal("the app ran before the test could type into the served form: nothing tested")
			}
			press := func(keys ...string) {
				t.Helper()
				for _, k := range keys {
					if err := key(ctx, k); err != nil {
						t.Fatalf("pressing %s: %v", k, err)
					}
				}
			}
			var before, after int // keys that the served form, then the app's, took
			for i, k := range []string{"d", "e", "m", "o", "Tab", "d", "e", "m", "o", "Tab", "Tab"} {
				if i == 4 {
					held.release(t, b)
				}
				press(k)
				if ready() {
					after++
				} else {
					before++
				}
			}
			if before == 0 {
				t.Fatal("the app ran before the served form took a key: nothing tested")
			}
			if got := eval[string](t, b, `document.activeElement.id`); got != "login-project" {
				t.Fatalf("the focus is on %q after two fields and two Tabs, want login-project", got)
			}
			// keep typing in the project field while the app starts, and a
			// while after, moving the caret too (the app must put it back
			// where it was: a Delete with the caret elsewhere would leave an x)
			for i := 0; after < 6; i++ {
				press("x", "ArrowLeft", "Delete")
				if ready() {
					after += 3
				} else {
					before += 3
				}
				if i == 2000 {
					t.Fatal("the app did not run")
				}
			}
			press("d", "e", "m", "o")
			t.Logf("%d keys before the app ran, %d after", before, after+4)
			b.waitJS(t, "the app's form", `!!document.querySelector('#login-form[data-ready="true"]')`, 60*time.Second)
			for id, want := range map[string]string{"login-user": "demo", "login-password": "demo", "login-domain": "Default", "login-project": "demo"} {
				if got := eval[string](t, b, `document.getElementById(`+jsString(id)+`).value`); got != want {
					t.Errorf("%s: got %q, want %q", id, got, want)
				}
			}
			press("Enter")
			b.waitJS(t, "demo's list", `document.querySelectorAll("tr.lb-row").length >= 4`, 2*time.Minute)
		})
	}
}

// slowWasm makes the browser of ctx download app.wasm from the console at
// consoleURL at 1 MB/s (a slow line: the app starts late).
func slowWasm(t testing.TB, ctx context.Context, consoleURL string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{URLPattern: consoleURL + "/web/app.wasm*", DownloadThroughput: 1e6, UploadThroughput: -1}},
	}); err != nil {
		t.Fatal(err)
	}
}
