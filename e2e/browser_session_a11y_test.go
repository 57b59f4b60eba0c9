//go:build !js

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserSessionAccessibility audits the session UI with axe-core in
// both themes and at phone size (see audit): the login page with each
// method and with a "project not found" message, the header with the
// project switcher and the region picker (the lab's sessions scenario:
// dual has two projects, the catalog two regions), and the "log in again"
// dialog of an expired token. The keyboard reaches and works the
// switchers, and the dialog keeps Tab inside, ignores Escape and gives the
// focus back after the new login.
func TestBrowserSessionAccessibility(t *testing.T) {
	t.Parallel()
	const ttl = 60 * time.Second
	c := startConsoleWith(t, []string{"-lab-scenario", sessionsScenario, "-lab-token-ttl", ttl.String()}, nil)
	b := newBrowser(t)
	axeSource(t)

	// The login page, one audit per method.
	b.openLogin(t, c.URL)
	for _, m := range []struct{ name, button, field string }{
		{"password", "login-method-password", "login-user"},
		{"appcred", "login-method-appcred", "login-ac-id"},
		{"token", "login-method-token", "login-token"},
	} {
		b.do(t, "pick the "+m.name+" method", 10*time.Second,
			chromedp.Click(chromedp.ID(m.button)), chromedp.WaitVisible(chromedp.ID(m.field)))
		b.audit(t, "login-"+m.name)
	}

	// A project that does not exist: its message.
	b.do(t, "log in to a project that does not exist", 20*time.Second,
		chromedp.Click(chromedp.ID("login-method-password")), chromedp.WaitVisible(chromedp.ID("login-user")),
		setInput("#login-user", "demo"), setInput("#login-password", "demo"), setInput("#login-project", "nope"),
		chromedp.Click(chromedp.ID("login-submit")))
	b.waitJS(t, "the project message", `((document.querySelector("#login-error") || {}).textContent || "").includes("was not found")`, 30*time.Second)
	b.audit(t, "login-project-not-found")

	// dual: the header with the project switcher and the region picker.
	b.do(t, "log in as dual", 20*time.Second,
		setInput("#login-user", "dual"), setInput("#login-password", "dual"), setInput("#login-project", ""),
		chromedp.Click(chromedp.ID("login-submit")))
	b.listed(t, "ops-web in the list", "ops-web")
	b.waitJS(t, "both switchers", `document.querySelectorAll("#project-switch option").length === 2 && document.querySelectorAll("#region-switch option").length === 2`, 20*time.Second)
	b.audit(t, "header-switchers")

	// The keyboard reaches both switchers from the top of the page, in the
	// header's order, and each shows its focus.
	b.focusStart(t, ".app")
	var reached []string
	for range 12 {
		got := b.pressTab(t, false)
		if got == "#region-switch" || got == "#project-switch" {
			reached = append(reached, got)
			if !eval[bool](t, b, focusVisible) {
				t.Errorf("%s shows no focus", got)
			}
		}
		if got == "#logout" {
			break
		}
	}
	if want := []string{"#region-switch", "#project-switch"}; len(reached) != 2 || reached[0] != want[0] || reached[1] != want[1] {
		t.Errorf("switchers reached with Tab: got %q, want %q", reached, want)
	}

	// ... and works the project switcher: Arrow Down on the focused
	// <select> picks ops-staging, which rescopes and reloads.
	b.do(t, "focus the project switcher", 5*time.Second, chromedp.Focus(chromedp.ID("project-switch")))
	b.do(t, "Arrow Down", 5*time.Second, chromedp.KeyEvent(kb.ArrowDown))
	b.listed(t, "staging-web in the list", "staging-web")
	b.waitJS(t, "ops-staging in the header", projectShown+` === "ops-staging"`, 20*time.Second)
	loggedIn := time.Now() // the rescope's token

	// The region picker, by keyboard too.
	b.do(t, "focus the region picker", 5*time.Second, chromedp.Focus(chromedp.ID("region-switch")))
	b.do(t, "Arrow Down", 5*time.Second, chromedp.KeyEvent(kb.ArrowDown))
	b.waitJS(t, "RegionTwo picked", `(document.querySelector("#region-switch") || {}).value === "RegionTwo"`, 60*time.Second)
	b.listed(t, "staging-web in RegionTwo", "staging-web")

	// The token expires; the next request gets a 401 and the dialog.
	// Refresh (the list's own refresh may get there first), with the focus
	// left in the search box: the dialog gives it back there.
	const dialogOpen = `!!document.querySelector("#reauth-dialog[open]")`
	for time.Now().Before(loggedIn.Add(ttl+2*time.Second)) && !eval[bool](t, b, dialogOpen) {
		time.Sleep(500 * time.Millisecond)
	}
	if !eval[bool](t, b, dialogOpen) {
		eval[bool](t, b, `(() => { document.querySelector("#lb-refresh").click(); document.querySelector("#lb-search").focus(); return true; })()`)
	}
	b.waitJS(t, "the log-in-again dialog", dialogOpen, 60*time.Second)
	b.waitJS(t, "the focus in the dialog", `!!document.activeElement.closest("#reauth-dialog")`, 5*time.Second)
	if got := eval[bool](t, b, `document.querySelector("#reauth-dialog").matches(":modal")`); !got {
		t.Errorf("the log-in-again dialog is not modal")
	}
	if got := eval[string](t, b, `document.getElementById(document.querySelector("#reauth-dialog").getAttribute("aria-labelledby")).textContent`); got != "Your session has ended" {
		t.Errorf("the dialog's label: got %q, want its heading", got)
	}
	for i := range 8 {
		b.pressTab(t, i%3 == 2)
		if !eval[bool](t, b, `!!document.activeElement.closest("#reauth-dialog")`) {
			t.Fatalf("Tab %d left the dialog for %s", i+1, b.focused(t))
		}
		if !eval[bool](t, b, focusVisible) {
			t.Errorf("%s in the dialog shows no focus", b.focused(t))
		}
	}
	for i := range 2 {
		b.do(t, "press Escape", 5*time.Second, chromedp.KeyEvent(kb.Escape))
		time.Sleep(300 * time.Millisecond)
		if !eval[bool](t, b, `!!document.querySelector("#reauth-dialog[open]")`) {
			t.Fatalf("Escape %d closed the log-in-again dialog, want it kept open", i+1)
		}
	}
	b.audit(t, "reauth-dialog")

	b.do(t, "log in again", 20*time.Second, chromedp.Focus(chromedp.ID("reauth-password")),
		setInput("#reauth-password", "dual"), chromedp.Click(chromedp.ID("reauth-submit")))
	b.waitJS(t, "the dialog gone", `!document.querySelector("#reauth-dialog")`, 30*time.Second)
	// The new session re-renders the page: the focus goes back to the
	// search box if it is still there, else to the page's content.
	b.waitJS(t, "the focus back in the page", `!!document.activeElement && !!document.activeElement.closest("#content")`, 5*time.Second)
	b.listed(t, "the list after logging in again", "staging-web")
	b.audit(t, "after-reauth")

	b.noDialogs(t)
}
