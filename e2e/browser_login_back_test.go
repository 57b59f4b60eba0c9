//go:build !js

package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// backProbeJS records each pageshow's persisted flag (window.__shows: true
// for a page restored from the back/forward cache) and, on the login page,
// reports the form's state to the page's server (POST /__probe, as
// inFlightProbeJS: DevTools answers nothing while the plain post is on its
// way), without submitting anything itself; window.__mark is the post's
// data-plain-until (ms since the epoch).
const backProbeJS = `(function () {
  window.__shows = [];
  window.addEventListener("pageshow", function (e) { window.__shows.push(e.persisted); });
  if (location.pathname !== "/login") return;
  var last = "";
  setInterval(function () {
    var f = document.getElementById("login-form"), b = document.getElementById("login-submit");
    if (!f || !b) return;
    if (!window.__mark && +f.dataset.plainUntil) window.__mark = +f.dataset.plainUntil; // the post's
    var s = JSON.stringify({ready: f.dataset.ready === "true", sent: !!f.dataset.plainUntil, disabled: b.disabled, text: b.textContent});
    if (s !== last) { last = s; navigator.sendBeacon("/__probe", s); }
  }, 100);
})();`

// bfcacheMisses records why Chromium did not restore a page from the
// back/forward cache (Page.backForwardCacheNotUsed).
type bfcacheMisses struct {
	mu      sync.Mutex
	reasons []string
}

func watchBFCache(t *testing.T, b *browser) *bfcacheMisses {
	t.Helper()
	m := &bfcacheMisses{}
	if err := chromedp.Listen(b.ctx, func(ev any) {
		if e, ok := ev.(*page.EventBackForwardCacheNotUsed); ok {
			for _, x := range e.NotRestoredExplanations {
				m.mu.Lock()
				m.reasons = append(m.reasons, string(x.Type)+": "+string(x.Reason))
				m.mu.Unlock()
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	return m
}

func (m *bfcacheMisses) String() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return strings.Join(m.reasons, ", ")
}

// TestBrowserLoginFormBackFromPost: the user logs in with the served form
// before the app runs, the post answers (the pools page, next) and the user
// goes Back: the login page comes back from the back/forward cache (checked:
// a persisted pageshow). The post has answered, so the form is the user's
// again at once, not when the post's mark (data-plain-until, 35 s) runs
// out: with the post's session live the app goes on to next, as a reload
// of the page would; with no session (its cookie gone) the form is usable,
// says "Log in", keeps what was typed, and logs in with the app's own
// handler. Either the app started while the post was on its way and holds
// it as busy ("Logging in…") when the page comes back (app/login/login_page.go's
// pageshow listener), or it starts only after the return, on a page whose
// mark says the post answered (compile.js sets it to 0).
func TestBrowserLoginFormBackFromPost(t *testing.T) {
	t.Parallel()
	requireTools(t)
	c := startConsole(t)
	for _, tc := range []struct {
		name          string
		appDuringPost bool // the app starts while the post is on its way, else after the return
		live          bool // the post's session is live on the return
	}{
		{"app busy with the post, session live", true, true},
		{"app busy with the post, no session", true, false},
		{"app after the return, session live", false, true},
		{"app after the return, no session", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newLoginFront(t, c)
			b := newBrowser(t)
			misses := watchBFCache(t, b)
			l := watchLogins(t, b, true)
			ctx, cancel := context.WithTimeout(b.ctx, 4*time.Minute)
			defer cancel()
			if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: backProbeJS}); err != nil {
				t.Fatal(err)
			}
			if _, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: f.URL + "/login?next=%2Fpools"}); err != nil {
				t.Fatal(err)
			}
			// loaded (Chromium caches no page left before its load event:
			// CDP's backForwardCacheNotUsed says "Loading")
			b.waitJS(t, "the served form, loaded", `document.readyState === "complete" && !!document.querySelector('#login-form[data-plain="on"]') && document.activeElement === document.getElementById("login-user")`, 60*time.Second)
			typeLogin(t, ctx) // Enter: the plain post goes, and is held
			f.waitState(t, "the plain post on its way", func(s inFlightState) bool { return s.Sent })
			if tc.appDuringPost {
				l.release(t, b)
				f.waitState(t, "the app's form, busy with the post", func(s inFlightState) bool {
					return s.Ready && s.Disabled && s.Text == "Logging in…"
				})
			}
			f.release()
			b.waitJS(t, "the pools page (next)", `location.pathname === "/pools"`, 2*time.Minute)
			if !tc.live {
				if _, err := chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{}); err != nil {
					t.Fatal(err)
				}
			}
			eval[bool](t, b, `(history.back(), true)`)
			b.waitJS(t, "the login page again", `location.pathname === "/login" && document.readyState === "complete"`, 60*time.Second)
			if shows := eval[[]bool](t, b, `window.__shows`); len(shows) == 0 || !shows[len(shows)-1] {
				t.Fatalf("the login page was not restored from the back/forward cache (pageshow persisted: %v; Chromium: %s): nothing tested", shows, misses)
			}
			if !tc.appDuringPost {
				if got := eval[string](t, b, `document.getElementById("login-form").dataset.plainUntil`); got != "0" {
					t.Errorf("the restored served form's data-plain-until: %q, want 0 (the post answered)", got)
				}
				l.release(t, b)
			}
			if tc.live {
				b.waitJS(t, "the pools page again (the post's session)", `location.pathname === "/pools"`, 90*time.Second)
				if plain, app, _ := l.counts(); plain != 1 || app != 0 {
					t.Errorf("logins: %d plain posts, %d by the app; want the one plain post", plain, app)
				}
				return
			}
			b.waitJS(t, "the app's form, the user's again", `document.querySelector('#login-form[data-ready="true"]') && document.getElementById("login-submit").textContent === "Log in" && !document.getElementById("login-submit").disabled && !document.getElementById("login-restoring")`, 90*time.Second)
			if eval[bool](t, b, `Date.now() >= window.__mark`) {
				t.Errorf("the form was the user's again only once the post's mark ran out (%v), not on the return", time.UnixMilli(eval[int64](t, b, `window.__mark`)))
			}
			var got struct{ User, Password, Project string }
			if err := json.Unmarshal([]byte(eval[string](t, b, `JSON.stringify({user: document.getElementById("login-user").value, password: document.getElementById("login-password").value, project: document.getElementById("login-project").value})`)), &got); err != nil {
				t.Fatal(err)
			}
			if got.User != "demo" || got.Password != "demo" || got.Project != "demo" {
				t.Errorf("the restored form's fields: %+v, want what was typed (demo, demo, demo)", got)
			}
			eval[bool](t, b, `(document.getElementById("login-form").requestSubmit(), true)`)
			b.waitJS(t, "the pools page (the app's login)", `location.pathname === "/pools"`, 60*time.Second)
			if plain, app, _ := l.counts(); plain != 1 || app != 1 {
				t.Errorf("logins: %d plain posts, %d by the app; want the plain post, then the app's", plain, app)
			}
		})
	}
}
