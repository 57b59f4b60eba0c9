//go:build !js

package e2e

// A signed-out visitor's first screen at every page (login_redirect.go,
// docs/startup.md).

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestBrowserLoginAtEveryPage: a signed-out visitor of / or of a deep link
// gets the served login form at once, usable with app.wasm held back
// (never answered): typing and Enter log in, and the browser lands on the
// page first asked for, its rows served. With the app running, it takes
// the same form over at / and its login lands on / too.
func TestBrowserLoginAtEveryPage(t *testing.T) {
	t.Parallel()
	requireTools(t)
	c := startServedConsole(t)
	for _, tt := range []struct{ asked, wantPath, wantSearch string }{
		{"/", "/", ""},
		{"/load-balancers?q=shop", "/load-balancers", "?q=shop"},
	} {
		t.Run("without the app "+tt.asked, func(t *testing.T) {
			b := newBrowser(t)
			l := watchLogins(t, b, true)
			ctx, cancel := context.WithTimeout(b.ctx, 2*time.Minute)
			defer cancel()
			if _, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: c.URL + tt.asked}); err != nil {
				t.Fatal(err)
			}
			b.waitJS(t, "the served form, live", `document.readyState !== "loading" && !!document.querySelector('#login-form[data-plain="on"]') && !document.getElementById("login-submit").disabled && document.activeElement === document.getElementById("login-user")`, 60*time.Second)
			if got, want := eval[string](t, b, `location.pathname + location.search`), "/login?next="+url.QueryEscape(tt.asked); got != want {
				t.Errorf("the login page's URL: got %q, want %q", got, want)
			}
			typeLogin(t, ctx)
			b.waitJS(t, "the page asked for, served", `location.pathname === `+jsonString(tt.wantPath)+` && location.search === `+jsonString(tt.wantSearch)+` && document.querySelectorAll("tr.lb-row").length >= 1`, 60*time.Second)
			plain, app, held := l.counts()
			if plain != 1 || app != 0 {
				t.Errorf("logins: %d plain posts, %d by the app; want the one plain post", plain, app)
			}
			if held == 0 {
				t.Fatal("app.wasm was never asked for: nothing held back, nothing tested")
			}
		})
	}
	t.Run("with the app /", func(t *testing.T) {
		b := newBrowser(t)
		b.do(t, "open /", 60*time.Second,
			chromedp.Navigate(c.URL+"/"),
			chromedp.WaitVisible(chromedp.CSS(`#login-form[data-ready="true"]`)),
		)
		if got := eval[string](t, b, `location.pathname + location.search`); got != "/login?next=%2F" {
			t.Errorf("the login page's URL: got %q, want /login?next=%%2F", got)
		}
		b.fillLogin(t, "demo", "demo", "demo")
		b.waitJS(t, "the list at /", `location.pathname === "/" && document.querySelectorAll("tr.lb-row").length >= 4`, 60*time.Second)
	})
}
