//go:build !js

package e2e

// Sturdy on slow machines (issue 19 §2): under Chromium's CPU throttling
// (CDP Emulation.setCPUThrottlingRate, 4× and 10×) a login by Enter and by a
// click; a reload while a live session is checked slowly shows no login form,
// and a submit by form.requestSubmit() then waits for the check (it used to
// hang on "Logging in…": the answer was dispatched to the form's element,
// which the end of the check had replaced); a form, the create wizard and a
// delete each finish.

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// throttle slows the browser's CPU rate times (1 = no throttling).
func (b *browser) throttle(t testing.TB, rate float64) {
	t.Helper()
	if _, err := chromedp.Call(b.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate}); err != nil {
		t.Fatalf("CPU throttling %v×: %v", rate, err)
	}
}

// loginDuringCheck reloads the list of a logged-in tab with the session
// check held on its way (its POST of Keystone's tokens, until the form was
// submitted): while "Checking your session…" shows, the login form is
// hidden (no flash of it), and a submit by script (form.requestSubmit(),
// which ignores what shows) waits for the check, which finds the session:
// the list comes, nothing hangs.
func loginDuringCheck(t *testing.T, b *browser, c console) {
	t.Helper()
	check := b.holdRequests(t, "*/identity/v3/auth/tokens*")
	b.do(t, "reload the list", 90*time.Second,
		chromedp.Navigate(c.URL+"/load-balancers"),
		chromedp.WaitVisible(chromedp.ID("login-restoring")),
	)
	if eval[bool](t, b, `document.querySelector("#login-form").getClientRects().length > 0`) {
		t.Error("the login form shows while a live session is checked")
	}
	b.do(t, "fill the hidden form", 20*time.Second,
		setInput(`#login-user`, "demo"), setInput(`#login-password`, "demo"), setInput(`#login-project`, "demo"))
	if !eval[bool](t, b, `!!document.querySelector("#login-restoring")`) {
		t.Fatal("the session check ended before the submit: the test proves nothing")
	}
	eval[bool](t, b, `(() => { document.querySelector("#login-form").requestSubmit(); return true; })()`)
	check.release(t, b)
	b.waitJS(t, "the list after a submit during the session check",
		`location.pathname === "/load-balancers" && !!document.querySelector("tr.lb-row")`, 90*time.Second)
}

// loginBy logs in on a throttled CPU, the form sent by how (Enter in the
// password, or a click on Log in) as soon as the app has taken the form.
func loginBy(t *testing.T, b *browser, c console, how string) {
	t.Helper()
	b.do(t, "open the login page", 90*time.Second,
		chromedp.Navigate(c.URL+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`#login-form[data-ready="true"]`)),
	)
	b.do(t, "fill the login form", 20*time.Second,
		setInput(`#login-user`, "demo"), setInput(`#login-password`, "demo"), setInput(`#login-project`, "demo"))
	switch how {
	case "Enter":
		b.do(t, "press Enter in the password", 20*time.Second, chromedp.Focus(chromedp.ID("login-password")), chromedp.KeyEvent(kb.Enter))
	case "click":
		b.do(t, "click Log in", 20*time.Second, chromedp.Click(chromedp.ID("login-submit")))
	}
	b.waitJS(t, "the list after a login by "+how,
		`location.pathname === "/load-balancers" && !!document.querySelector("tr.lb-row")`, 90*time.Second)
}

func TestBrowserThrottled(t *testing.T) {
	t.Parallel()
	for _, rate := range []float64{4, 10} {
		t.Run(fmt.Sprintf("%v×", rate), func(t *testing.T) {
			// each rate on a console of its own
			t.Parallel()
			c := startConsole(t)
			b := newBrowser(t)
			b.throttle(t, rate)
			name := fmt.Sprintf("thr-%vx", rate)

			for i, how := range []string{"Enter", "click"} {
				if i > 0 {
					b.do(t, "log out", 60*time.Second, chromedp.Click(chromedp.ID("logout")))
					b.waitJS(t, "the login page after logout", `location.pathname === "/login" && !!document.querySelector("#login-form[data-ready=true]")`, 60*time.Second)
				}
				loginBy(t, b, c, how)
			}
			loginDuringCheck(t, b, c)

			// The create wizard.
			b.do(t, "open the create wizard", 90*time.Second,
				chromedp.Click(chromedp.ID("lb-create")),
				chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)),
				setInput("#create-name", name),
			)
			b.do(t, "create", 20*time.Second, chromedp.Click(chromedp.ID("create-submit")))
			create := fmt.Sprintf(`Create load balancer %q`, name)
			b.waitJS(t, "the create ACTIVE", opState(create)+` === "succeeded"`, 90*time.Second)
			b.waitJS(t, name+" listed ACTIVE", rowStatus(name)+` === "ACTIVE"`, 60*time.Second)

			// A form: the edit of its description, sent by requestSubmit.
			b.do(t, "open "+name, 60*time.Second,
				chromedp.Click(chromedp.Search(fmt.Sprintf(`//td[@class="name"]/a[text()=%q]`, name))),
				chromedp.WaitVisible(chromedp.ID("lb-edit")),
			)
			id := eval[string](t, b, `location.pathname.split("/").pop()`)
			b.goTo(t, "/load-balancers/"+id+"/edit")
			b.waitJS(t, "the edit form", fmt.Sprintf(`!!document.querySelector("#f-name") && document.querySelector("#f-name").value === %q`, name), 60*time.Second)
			b.do(t, "edit the description", 20*time.Second, setInput("#f-description", "throttled"))
			eval[bool](t, b, `(() => { document.querySelector("#res-submit").form.requestSubmit(); return true; })()`)
			edit := fmt.Sprintf(`Edit load balancer %q`, name)
			b.waitJS(t, "the edit ACTIVE", opState(edit)+` === "succeeded"`, 90*time.Second)
			b.waitJS(t, "its page after the edit", fmt.Sprintf(`location.pathname === "/load-balancers/%s" && /throttled/.test(document.querySelector("#lb-props").textContent)`, id), 60*time.Second)

			// A delete.
			b.do(t, "delete", 60*time.Second,
				chromedp.Click(chromedp.ID("lb-delete")),
				chromedp.WaitVisible(chromedp.ID("delete-confirm-btn")),
				chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")),
			)
			del := fmt.Sprintf(`Delete load balancer %q`, name)
			b.waitJS(t, "the delete done", opState(del)+` === "succeeded"`, 90*time.Second)
			b.goTo(t, "/load-balancers")
			b.waitJS(t, name+" gone from the list", `!!document.querySelector("tr.lb-row") && `+rowStatus(name)+` === ""`, 60*time.Second)
		})
	}
}
