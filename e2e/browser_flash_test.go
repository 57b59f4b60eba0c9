//go:build !js

package e2e

// No flash of the login form (issue 19 §2): a logged-in user who reloads a
// page, or opens a deep link, never sees the login form while the app
// checks the session. A script added to every document records every state
// of the DOM (a MutationObserver sees each change, which is stricter than
// screenshots every 100 ms) and notes when a login form is in the
// document and rendered; screenshots every 100 ms of the first 3 s are
// kept as the test's artifacts too.

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// loginSeenJS records, in sessionStorage (it survives the reload, not the
// tab), whether a visible login form was ever in the document, and where.
const loginSeenJS = `(() => {
	const check = () => {
		const f = document.querySelector("#login-form");
		if (f && f.getClientRects().length > 0 && !sessionStorage.getItem("loginSeen")) {
			sessionStorage.setItem("loginSeen", location.pathname + location.search);
		}
	};
	new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
	document.addEventListener("DOMContentLoaded", check);
})()`

func TestBrowserNoLoginFlash(t *testing.T) {
	t.Parallel()
	requireTools(t)
	c := startConsole(t)
	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.listed(t, "the list after login", "shop-frontend")
	detail := eval[string](t, b, `(() => { for (const r of document.querySelectorAll("tr.lb-row")) if (r.querySelector("td.name").textContent === "shop-frontend") return r.querySelector("td.name a").getAttribute("href"); return ""; })()`)
	if detail == "" {
		t.Fatal("no link to shop-frontend's page")
	}
	if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: loginSeenJS}); err != nil {
		t.Fatal(err)
	}
	for n, tc := range []struct {
		name, path, ready string
	}{
		{"reload of the list", "/load-balancers", `!!document.querySelector("tr.lb-row")`},
		{"deep link to a load balancer", detail, `!!document.querySelector("svg.status-tree")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eval[bool](t, b, `(sessionStorage.removeItem("loginSeen"), true)`)
			shots := screenshotsEvery(b, 100*time.Millisecond, 3*time.Second)
			b.do(t, "open "+tc.path, 60*time.Second, chromedp.Navigate(c.URL+tc.path))
			b.waitJS(t, "the page's content", `location.pathname === `+jsString(tc.path)+` && `+tc.ready, 60*time.Second)
			for i, png := range <-shots {
				writeShot(t, fmt.Sprintf("flash-%d-%02d", n, i), png)
			}
			if seen := eval[string](t, b, `sessionStorage.getItem("loginSeen") || ""`); seen != "" {
				t.Errorf("the login form showed at %s while the app checked a live session", seen)
			}
		})
	}

	// the recorder is real: the login form a logged-out visitor gets is seen
	eval[bool](t, b, `(sessionStorage.removeItem("loginSeen"), true)`)
	b.do(t, "log out", 20*time.Second, chromedp.Click(chromedp.ID("logout")))
	b.waitJS(t, "the login form", `!!document.querySelector('#login-form[data-ready="true"]')`, 30*time.Second)
	if seen := eval[string](t, b, `sessionStorage.getItem("loginSeen") || ""`); seen == "" {
		t.Error("the recorder did not see the login form a logged-out visitor gets")
	}
}

// screenshotsEvery captures the page every interval for span (from now, in
// the background) and delivers the PNGs when done.
func screenshotsEvery(b *browser, interval, span time.Duration) <-chan [][]byte {
	out := make(chan [][]byte, 1)
	go func() {
		var shots [][]byte
		ctx, cancel := context.WithTimeout(b.ctx, span+5*time.Second)
		defer cancel()
		end := time.Now().Add(span)
		for time.Now().Before(end) {
			if png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
				shots = append(shots, png)
			}
			time.Sleep(interval)
		}
		out <- shots
	}()
	return out
}
