//go:build !js

package e2e

// Issue 17 in the browser: a page on another port of the same host plants a
// session cookie of its own (cookies are per host, not per port), and the
// console's Edit form renames a load balancer to the session placeholder.

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// TestBrowserSessionCookieSwap: the victim is logged in as demo; a page on
// another loopback port sets the attacker's own session cookie, first beside
// the victim's (Path=/load-balancer, which the browser sends first), then in its
// place (Path=/). Each time the console's next request is refused (the proxy's
// tests check that nothing reaches Octavia), every session cookie is cleared,
// and the tab logs out saying why; logging in again works. Then, logged in again, the Edit form renames a load
// balancer to the placeholder: the name stored is the placeholder.
func TestBrowserSessionCookieSwap(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab := newLabAdmin(t, c)
	ids := map[string]string{}
	for _, name := range []string{"shop-frontend", "reports-internal"} {
		var lbs struct {
			LoadBalancers []struct{ ID string } `json:"loadbalancers"`
		}
		servertest.GetJSON(t, http.MethodGet, c.URL+"/load-balancer/v2/lbaas/loadbalancers?name="+name, lab.Token, "", &lbs)
		if len(lbs.LoadBalancers) != 1 {
			t.Fatalf("load balancer %s: got %v", name, lbs)
		}
		ids[name] = lbs.LoadBalancers[0].ID
	}

	// The attacker: a user of the same console, whose own sealed cookie a page
	// on another port of this host plants in the victim's browser, once per
	// visit, with the path its query names. Only the page plants it: its
	// favicon.ico, which Chromium asks for once the page has loaded, would
	// plant it again, possibly after the console's refusal had cleared it
	// and with no request of the console's left to clear it (the tab is on
	// its login page then): a second attack, not the one this test makes.
	attacker := servertest.SessionLogin(t, c.URL, "empty", "empty")
	var served atomic.Int32 // the other site's pages served with their cookie
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		http.SetCookie(w, &http.Cookie{Name: serverapi.SessionCookie, Value: attacker.Value, Path: r.URL.Query().Get("path")})
		served.Add(1)
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<!doctype html><title>another site on this host</title><p>hello")
	}))
	t.Cleanup(evil.Close)
	if !strings.HasPrefix(evil.URL, "http://127.0.0.1:") || !strings.HasPrefix(c.URL, "http://127.0.0.1:") {
		t.Fatalf("the console (%s) and the other site (%s) must share a host", c.URL, evil.URL)
	}

	b := newBrowser(t)
	visitEvil := func(path string) {
		t.Helper()
		tabCtx, closeTab := chromedp.NewContext(b.ctx)
		defer closeTab()
		tab := &browser{ctx: tabCtx}
		before := served.Load()
		tab.do(t, "open the other site's page", 30*time.Second, chromedp.Navigate(evil.URL+"/?path="+path))
		// the cookie is planted when the page is served; it may be gone
		// already, cleared by the refusal of the live page's next poll
		// (which loggedOutSaying then checks by its reason)
		if served.Load() == before {
			t.Fatalf("the other site's page (planting its cookie, path %s) was not served", path)
		}
	}
	loggedOutSaying := func(what, want string) {
		t.Helper()
		b.waitJS(t, what, `location.pathname === "/login" && ((document.querySelector("#login-notice") || {}).textContent || "").includes(`+jsString(want)+`)`, 30*time.Second)
	}
	for _, tc := range []struct {
		name, path, want, shot string
	}{
		{"a second cookie for the load-balancer path", "/load-balancer", "session cookies named " + serverapi.SessionCookie, "sec17-01-two-cookies"},
		{"the cookie replaced at the root path", "/", "not this tab's session any more", "sec17-02-cookie-replaced"},
	} {
		b.login(t, c.URL, "demo", "demo", "")
		b.listed(t, "demo's list", "shop-frontend")
		// on a live page (the load balancer's, polled every 3 s) before
		// the cookie is planted: its next read is refused, whenever a busy
		// machine sends it, and the test navigates no more (a click after
		// the list's own refresh was refused would leave the login page
		// and its reason)
		b.goTo(t, "/load-balancers/"+ids["shop-frontend"])
		visitEvil(tc.path)
		loggedOutSaying(tc.name+": logged out with the reason", tc.want)
		b.shot(t, tc.shot)
		// every session cookie cleared: by the refusal's answer, or by the
		// logout the tab sends after it (which a busy machine may send
		// after the reason shows)
		left := sessionCookies(t, b, c.URL+"/load-balancer/v2/lbaas/loadbalancers")
		for deadline := time.Now().Add(20 * time.Second); len(left) > 0 && time.Now().Before(deadline); {
			time.Sleep(200 * time.Millisecond)
			left = sessionCookies(t, b, c.URL+"/load-balancer/v2/lbaas/loadbalancers")
		}
		for _, ck := range left {
			t.Errorf("%s: a session cookie (path %s) is left 20 s after the refusal, want every one cleared", tc.name, ck.Path)
		}
	}

	// Logged in again, the Edit form renames a load balancer to the
	// placeholder: stored as typed, not as the token.
	b.login(t, c.URL, "demo", "demo", "")
	b.listed(t, "demo's list", "shop-frontend")
	reports := ids["reports-internal"]
	b.goTo(t, "/load-balancers/"+reports+"/edit")
	b.waitJS(t, "the edit form", `!!document.querySelector("#f-name") && document.querySelector("#f-name").value === "reports-internal"`, 20*time.Second)
	b.do(t, "rename to the placeholder", 10*time.Second,
		setInput("#f-name", serverapi.SessionToken), chromedp.Click(chromedp.ID("res-submit")))
	edit := `Edit load balancer "` + serverapi.SessionToken + `"`
	b.waitJS(t, "the rename ACTIVE", opState(edit)+` === "succeeded"`, 30*time.Second)
	b.shot(t, "sec17-03-renamed-to-the-placeholder")
	var got struct {
		LoadBalancer struct{ Name string } `json:"loadbalancer"`
	}
	servertest.GetJSON(t, http.MethodGet, c.URL+"/load-balancer/v2/lbaas/loadbalancers/"+reports, lab.Token, "", &got)
	if got.LoadBalancer.Name != serverapi.SessionToken {
		t.Errorf("the renamed load balancer's name: got %q (%d bytes), want the placeholder %q byte for byte", got.LoadBalancer.Name, len(got.LoadBalancer.Name), serverapi.SessionToken)
	}
}

// sessionCookies are the browser's session cookies that a request for u carries.
func sessionCookies(t testing.TB, b *browser, u string) []*network.Cookie {
	t.Helper()
	cookies, err := chromedp.Call(b.ctx, network.GetCookies, network.GetCookiesParams{URLs: []string{u}})
	if err != nil {
		t.Fatal(err)
	}
	var out []*network.Cookie
	for _, ck := range cookies.Cookies {
		if ck.Name == serverapi.SessionCookie {
			out = append(out, ck)
		}
	}
	return out
}
