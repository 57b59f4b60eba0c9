//go:build !js

package e2e

// Sessions end to end (issue 12): login without a project, the project
// switcher, application credentials and tokens, the region picker, a
// reload, a new tab and a deep link that stay logged in, no token where
// page JavaScript can read it, the "log in again" dialog after expiry, and
// a logout that ends every tab.

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/app/serverapi"
)

// sessionsScenario is the lab's scenario with two regions and "dual", a
// user with two projects (ops, its default, and ops-staging).
const sessionsScenario = "../labcloud/testdata/sessions.json"

// labToken logs in to the lab directly (not through the browser) and
// returns the token and the user's id.
func labToken(t testing.TB, c console, user, password, project string) (token, userID string) {
	t.Helper()
	body := `{"auth": {"identity": {"methods": ["password"], "password": {"user": {"name": "` + user +
		`", "domain": {"name": "Default"}, "password": "` + password + `"}}},
		"scope": {"project": {"name": "` + project + `", "domain": {"name": "Default"}}}}}`
	resp, err := http.Post(c.URL+"/identity/v3/auth/tokens", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var doc struct {
		Token struct {
			User struct {
				ID string `json:"id"`
			} `json:"user"`
		} `json:"token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("lab token of %s: %s %v", user, resp.Status, err)
	}
	return resp.Header.Get("X-Subject-Token"), doc.Token.User.ID
}

// labAppCred creates an application credential of the token's user and
// returns its id and secret.
func labAppCred(t testing.TB, c console, token, userID, name string) (id, secret string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, c.URL+"/identity/v3/users/"+userID+"/application_credentials",
		strings.NewReader(`{"application_credential": {"name": "`+name+`"}}`))
	req.Header.Set("X-Auth-Token", token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var doc struct {
		AC struct {
			ID     string `json:"id"`
			Secret string `json:"secret"`
		} `json:"application_credential"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("application credential: %s %v", resp.Status, err)
	}
	return doc.AC.ID, doc.AC.Secret
}

// openLogin opens the login page and waits for its form.
func (b *browser) openLogin(t testing.TB, base string) {
	t.Helper()
	b.do(t, "open the login page", 60*time.Second,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`#login-form[data-ready="true"]`)),
	)
}

// logout clicks "Log out" and waits for the login form.
func (b *browser) logout(t testing.TB) {
	t.Helper()
	b.do(t, "log out", 20*time.Second, chromedp.Click(chromedp.ID("logout")))
	b.waitJS(t, "the login page after logout", `location.pathname === "/login" && !!document.querySelector("#login-form[data-ready=true]")`, 20*time.Second)
}

// listed waits until the list shows the load balancer named name.
func (b *browser) listed(t testing.TB, what, name string) {
	t.Helper()
	b.waitJS(t, what, rowStatus(name)+` !== ""`, 60*time.Second)
}

// projectShown is the JS expression of the header's project name.
const projectShown = `(() => { const s = document.querySelector("#project-switch");
	if (s) return s.options[s.selectedIndex].textContent;
	const e = document.querySelector("#who-project"); return e ? e.textContent : ""; })()`

// selectValue picks value in a <select> the way a user does.
func selectValue(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](`(() => { const e = document.querySelector(`+jsString(sel)+`);
			e.value = `+jsString(value)+`; e.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)(ctx, t)
		return err
	})
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestBrowserSessions(t *testing.T) {
	t.Parallel()
	c := startConsoleWith(t, []string{"-lab-scenario", sessionsScenario}, nil)
	b := newBrowser(t)

	// admin / admin, no project: lands in admin.
	b.openLogin(t, c.URL)
	b.do(t, "log in as admin without a project", 20*time.Second,
		setInput("#login-user", "admin"), setInput("#login-password", "admin"), setInput("#login-project", ""),
		chromedp.Click(chromedp.ID("login-submit")))
	b.waitJS(t, "the list of admin", `location.pathname === "/load-balancers" && !!document.querySelector("#who-user")`, 60*time.Second)
	b.waitJS(t, "admin's project", projectShown+` === "admin"`, 20*time.Second)
	b.shot(t, "s01-admin-no-project")
	b.logout(t)

	// A wrong project is told apart from wrong credentials.
	b.do(t, "log in to a project that does not exist", 20*time.Second,
		setInput("#login-user", "demo"), setInput("#login-password", "demo"), setInput("#login-project", "nope"),
		chromedp.Click(chromedp.ID("login-submit")))
	b.waitJS(t, "the project message", `((document.querySelector("#login-error") || {}).textContent || "").includes("was not found")`, 30*time.Second)

	// dual has two projects: it lands in its default one, ops.
	b.do(t, "log in as dual without a project", 20*time.Second,
		setInput("#login-user", "dual"), setInput("#login-password", "dual"), setInput("#login-project", ""),
		chromedp.Click(chromedp.ID("login-submit")))
	b.listed(t, "ops-web in the list", "ops-web")
	b.waitJS(t, "the project switcher", `document.querySelectorAll("#project-switch option").length === 2`, 20*time.Second)
	if got := eval[string](t, b, projectShown); got != "ops" {
		t.Errorf("dual's project after login: got %q, want ops (its default)", got)
	}
	b.shot(t, "s02-dual-default-project")

	// An operation in ops, to find in the journal after the switches.
	b.createLB(t, "ops-new")
	const opsNewOp = `[...document.querySelectorAll(".op .op-title")].some(e => e.textContent.includes("ops-new"))`
	b.waitJS(t, "the ops-new operation", opsNewOp, 30*time.Second)

	// Switch to ops-staging (no password), and back.
	staging := eval[string](t, b, `[...document.querySelectorAll("#project-switch option")].find(o => o.textContent === "ops-staging").value`)
	ops := eval[string](t, b, `[...document.querySelectorAll("#project-switch option")].find(o => o.textContent === "ops").value`)
	b.do(t, "switch to ops-staging", 10*time.Second, selectValue("#project-switch", staging))
	b.listed(t, "staging-web in the list", "staging-web")
	b.waitJS(t, "ops-staging in the header", projectShown+` === "ops-staging"`, 20*time.Second)
	if got := eval[string](t, b, rowStatus("ops-web")); got != "" {
		t.Errorf("after switching to ops-staging: ops-web is still listed (%s)", got)
	}
	if eval[bool](t, b, opsNewOp) {
		t.Errorf("after switching to ops-staging: ops' operation is shown, want only ops-staging's")
	}
	b.shot(t, "s03-switched")
	b.do(t, "switch back to ops", 10*time.Second, selectValue("#project-switch", ops))
	b.listed(t, "ops-web again", "ops-web")
	b.waitJS(t, "ops in the header", projectShown+` === "ops"`, 20*time.Second)
	b.waitJS(t, "ops' operation back from the journal", opsNewOp, 20*time.Second)

	// The region picker lists both regions; picking one keeps it.
	b.waitJS(t, "the region picker", `document.querySelectorAll("#region-switch option").length === 2`, 20*time.Second)
	b.do(t, "pick RegionTwo", 10*time.Second, selectValue("#region-switch", "RegionTwo"))
	b.listed(t, "the list in RegionTwo", "ops-web")
	b.waitJS(t, "RegionTwo in the header", `(document.querySelector("#region-switch") || {}).value === "RegionTwo"`, 20*time.Second)
	b.shot(t, "s04-region-two")

	// F5: still logged in, same project.
	b.do(t, "reload", 60*time.Second, chromedp.Reload())
	b.listed(t, "the list after F5", "ops-web")
	if got := eval[string](t, b, `location.pathname`); got != "/load-balancers" {
		t.Errorf("after F5: got %q, want /load-balancers", got)
	}

	// A pasted deep link in a new tab: logged in there too.
	id := eval[string](t, b, `(() => { for (const r of document.querySelectorAll("tr.lb-row")) if (r.querySelector("td.name").textContent === "ops-web") return r.querySelector("td.name a").getAttribute("href"); return ""; })()`)
	tabCtx, closeTab := chromedp.NewContext(b.ctx)
	defer closeTab()
	tab := &browser{ctx: tabCtx}
	chromedp.Listen(tabCtx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			for _, a := range ev.Args {
				t.Logf("new tab console: %s", a.Value)
			}
		case *runtime.EventExceptionThrown:
			t.Logf("new tab exception: %v", ev.ExceptionDetails)
		case *page.EventJavascriptDialogOpening:
			t.Logf("new tab dialog: %s", ev.Message)
		}
	})
	tab.do(t, "open the deep link in a new tab", 60*time.Second, chromedp.Navigate(c.URL+id))
	tab.waitJS(t, "the detail page in the new tab", `location.pathname === `+jsString(id)+` && !!document.querySelector("svg.status-tree") && !!document.querySelector("#tree-live.live")`, 60*time.Second)
	tab.shot(t, "s05-deep-link-new-tab")

	// No token anywhere page JavaScript can read; the cookie is HttpOnly and SameSite=Strict.
	cookies, err := chromedp.Call(b.ctx, network.GetCookies, network.GetCookiesParams{URLs: []string{c.URL + "/"}})
	if err != nil {
		t.Fatal(err)
	}
	var sealed *network.Cookie
	for _, ck := range cookies.Cookies {
		if ck.Name == serverapi.SessionCookie {
			sealed = ck
		}
	}
	if sealed == nil {
		t.Fatalf("no %s cookie in the browser", serverapi.SessionCookie)
	}
	if !sealed.HTTPOnly || sealed.SameSite != network.CookieSameSiteStrict || sealed.Path != "/" || !sealed.Session {
		t.Errorf("session cookie: got HttpOnly=%v SameSite=%v Path=%q Session=%v, want HttpOnly, Strict, /, a browser-session cookie",
			sealed.HTTPOnly, sealed.SameSite, sealed.Path, sealed.Session)
	}
	readable := eval[string](t, b, `JSON.stringify(localStorage) + JSON.stringify(sessionStorage) + "|" + document.cookie`)
	if strings.Contains(readable, serverapi.SessionCookie) || strings.Contains(readable, sealed.Value) {
		t.Errorf("page JavaScript can read the session: %q", readable)
	}
	for _, tok := range b.tokensSeen() {
		if tok != serverapi.SessionToken {
			t.Errorf("the browser got a real Keystone token in X-Subject-Token, want the placeholder")
		}
	}

	// Logout in the first tab ends the session in the other.
	b.logout(t)
	tab.waitJS(t, "the other tab logged out", `location.pathname === "/login"`, 30*time.Second)
	tab.shot(t, "s06-other-tab-logged-out")
	closeTab()

	// An application credential, by id and secret.
	demoToken, demoID := labToken(t, c, "demo", "demo", "demo")
	acID, acSecret := labAppCred(t, c, demoToken, demoID, "wall")
	b.openLogin(t, c.URL)
	b.do(t, "log in with an application credential id", 20*time.Second,
		chromedp.Click(chromedp.ID("login-method-appcred")),
		chromedp.WaitVisible(chromedp.ID("login-ac-id")),
		setInput("#login-ac-id", acID), setInput("#login-ac-secret", acSecret),
		chromedp.Click(chromedp.ID("login-submit")))
	b.listed(t, "demo's list with the application credential", "shop")
	b.shot(t, "s07-app-credential")
	b.logout(t)

	// ... and by name, user and domain; a wrong secret is refused with a message.
	b.do(t, "log in with a wrong application credential secret", 20*time.Second,
		chromedp.Click(chromedp.ID("login-method-appcred")),
		chromedp.WaitVisible(chromedp.ID("login-ac-name")),
		setInput("#login-ac-id", ""), setInput("#login-ac-name", "wall"), setInput("#login-ac-user", "demo"),
		setInput("#login-ac-secret", "wrong"),
		chromedp.Click(chromedp.ID("login-submit")))
	b.waitJS(t, "the application credential message", `((document.querySelector("#login-error") || {}).textContent || "").includes("application credential")`, 30*time.Second)
	b.do(t, "log in with the application credential's name", 20*time.Second,
		setInput("#login-ac-secret", acSecret), chromedp.Click(chromedp.ID("login-submit")))
	b.listed(t, "demo's list with the named application credential", "shop")
	b.logout(t)

	// An existing token.
	b.do(t, "log in with a token", 20*time.Second,
		chromedp.Click(chromedp.ID("login-method-token")),
		chromedp.WaitVisible(chromedp.ID("login-token")),
		setInput("#login-token", demoToken),
		chromedp.Click(chromedp.ID("login-submit")))
	b.listed(t, "demo's list with a token", "shop")
	b.waitJS(t, "demo's project", projectShown+` === "demo"`, 20*time.Second)
	b.shot(t, "s08-token-login")
	b.logout(t)
}

// TestBrowserSessionExpiry: the token expires under a page with a search
// and a running wait; a dialog asks to log in again, and the page, its
// search and the wait carry on. The token expires when the page is in that
// state (the lab's token_ttl fault, which spares the lab's admins), not
// after a lifetime a busy machine may spend before the page gets there.
func TestBrowserSessionExpiry(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab := newLabAdmin(t, c)
	b := newBrowser(t)

	lab.Faults(t, `{"stuck": ["ci-expiry"]}`)
	b.login(t, c.URL, "demo", "demo", "")
	b.listed(t, "demo's list", "api-gateway")
	b.createLB(t, "ci-expiry")
	b.waitJS(t, "the running wait", `[...document.querySelectorAll(".op.op-waiting .op-title")].some(e => e.textContent.includes("ci-expiry"))`, 30*time.Second)
	b.do(t, "search", 10*time.Second, setInput("#lb-search", "ci-"))
	if eval[bool](t, b, `!!document.querySelector("#reauth-dialog")`) {
		t.Fatal("the log-in-again dialog came while the token was still valid")
	}

	// The wait polls every 3 s: once the token expired, a poll gets a 401.
	lab.Faults(t, `{"stuck": ["ci-expiry"], "token_ttl": "1ms"}`)
	b.waitJS(t, "the log-in-again dialog", `!!document.querySelector("#reauth-dialog")`, time.Minute)
	lab.Faults(t, `{"stuck": ["ci-expiry"]}`) // the next token lives
	b.shot(t, "s09-expiry-dialog")
	b.do(t, "log in again", 20*time.Second, setInput("#reauth-password", "demo"), chromedp.Click(chromedp.ID("reauth-submit")))
	b.waitJS(t, "the dialog gone", `!document.querySelector("#reauth-dialog")`, 30*time.Second)

	// Same page, same search, the wait still running and polling.
	if got := eval[string](t, b, `document.querySelector("#lb-search").value`); got != "ci-" {
		t.Errorf("search after logging in again: got %q, want ci-", got)
	}
	if got := eval[string](t, b, `location.pathname`); got != "/load-balancers" {
		t.Errorf("page after logging in again: got %q, want /load-balancers", got)
	}
	lab.Faults(t, `{}`)
	b.waitJS(t, "the wait carried on to ACTIVE", `[...document.querySelectorAll(".op.op-succeeded .op-title")].some(e => e.textContent.includes("ci-expiry"))`, 60*time.Second)
	b.shot(t, "s10-after-expiry")
}
