//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// shotsDir is where the trainer page's screenshot for the closing note
// goes (besides artifacts/).
const shotsDir = "/work/shots"

// subnetIDOf is the id of the subnet named name, as user (whose password
// is pass) sees it.
func subnetIDOf(t *testing.T, base, user, pass, name string) string {
	t.Helper()
	var subnets struct{ Subnets []struct{ ID string } }
	servertest.GetJSON(t, http.MethodGet, base+"/network/v2.0/subnets?name="+name, servertest.LabLogin(t, base, user, pass, user), "", &subnets)
	if len(subnets.Subnets) != 1 {
		t.Fatalf("%s's subnet %s: %d found", user, name, len(subnets.Subnets))
	}
	return subnets.Subnets[0].ID
}

// TestBrowserTrainerClassOnOneScreen: a class of 12 on the trainer's page
// at 1360×860: a trainee's new load balancer, held in PENDING_CREATE by a
// 10 min lab delay, is on its tile without being flagged; all 12 tiles are
// within the window; a reset is confirmed in the console's own dialog (no
// native confirm()), Cancel keeps everything, and the result is said
// beside the button, in the window; the progress grid shows every step's
// title whole; the cards keep each (random, 12 characters) password on
// one line and say that the loopback URL they give reaches no trainee.
func TestBrowserTrainerClassOnOneScreen(t *testing.T) {
	t.Parallel()
	requireTools(t)
	s := startRun(t, nil, "-web", webDir, "-lab-trainees", "12", "-lab-trainee-passwords", "random", "-lab-delay", "10m", "-lab-exercise", "1-first-http-lb")
	adminPass := servertest.BannerPassword(t, s.Printed(), "admin")
	pass3 := servertest.BannerPassword(t, s.Printed(), "trainee3")
	admin := servertest.NewSession(t, s.URL, "admin", adminPass, "admin")
	for _, u := range []string{"trainee1", "trainee2", "trainee4"} {
		adminCall(t, admin, http.MethodPost, serverapi.TrainerScenarioPath,
			fmt.Sprintf(`{"projects": [%q], "scenario": %q}`, u, classScenario))
	}
	adminCall(t, admin, http.MethodPut, serverapi.TrainerFaultsPath, `{"projects": ["trainee4"], "faults": {"down_members": ["192.0.2.12"]}}`)

	b := newBrowser(t)
	b.do(t, "a window of 1360×860", 10*time.Second, chromedp.EmulateViewport(1360, 860))
	b.login(t, s.URL, "admin", adminPass, "admin")
	b.waitJS(t, "the list after login", `location.pathname === "/load-balancers"`, 30*time.Second)
	b.do(t, "open the trainer's page", 30*time.Second, chromedp.Navigate(s.URL+serverapi.TrainerPagePath))
	b.waitJS(t, "the tiles, live", `document.querySelectorAll("section.tile").length > 0 && document.querySelector("#trainer-live").textContent.startsWith("live")`, 30*time.Second)

	// a trainee's new load balancer: on its tile, PENDING_CREATE, not flagged
	tok3 := servertest.LabLogin(t, s.URL, "trainee3", pass3, "trainee3")
	if resp := servertest.GetJSON(t, http.MethodPost, s.URL+"/load-balancer/v2/lbaas/loadbalancers", tok3,
		`{"loadbalancer": {"name": "t3-new", "vip_subnet_id": "`+subnetIDOf(t, s.URL, "trainee3", pass3, "trainee3-subnet")+`"}}`, nil); resp.StatusCode != http.StatusCreated {
		t.Fatalf("trainee3's create: %d", resp.StatusCode)
	}
	created := time.Now()
	tile3 := tileSel("trainee3")
	b.waitJS(t, "trainee3's new load balancer on its tile, pending",
		`!!document.querySelector('`+tile3+` li.mini[data-lb="t3-new"][data-status="PENDING_CREATE"]')`, 20*time.Second)
	help, helpText := eval[string](t, b, `document.querySelector('`+tile3+`').dataset.help`), b.text(t, tile3+" .tile-help")
	cl := admin.Class()
	if since := time.Since(created); since >= 55*time.Second {
		t.Logf("the tile was read %v after the create: too late to say it is not flagged in its first minute", since)
	} else {
		if help == fmt.Sprint(serverapi.HelpPending) || strings.Contains(helpText, "PENDING") {
			t.Errorf("trainee3's tile %v after its create: help %s %q; want no PENDING flag in the first minute", since.Round(time.Second), help, helpText)
		}
		for _, tr := range cl.Trainees {
			if tr.User == "trainee3" && tr.Help == serverapi.HelpPending {
				t.Errorf("the class says trainee3 needs help: %q", tr.HelpText)
			}
		}
	}
	if got := eval[int](t, b, `document.querySelectorAll('section.tile.help-pending').length`); got != 0 {
		t.Errorf("tiles flagged pending: %d, want none (no load balancer has been pending a minute)", got)
	}

	// 12 tiles, all within the window
	b.waitJS(t, "trainee4's member down on its tile", `!!document.querySelector('`+tileSel("trainee4")+` .mini-member[data-oper="ERROR"]')`, 20*time.Second)
	out := eval[string](t, b, `[...document.querySelectorAll("section.tile")].filter(el => { const r = el.getBoundingClientRect();
		return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth || r.height < 100; }).map(el => el.dataset.user).join(" ")`)
	if n := eval[int](t, b, `document.querySelectorAll("section.tile").length`); n != 12 || out != "" {
		t.Errorf("at 1360×860: %d tiles, those outside the window (or squashed): %q; want 12, none", n, out)
	}
	if err := os.MkdirAll(shotsDir, 0o755); err == nil {
		ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		cancel()
		if err == nil {
			err = os.WriteFile(filepath.Join(shotsDir, "trainer-12.png"), png, 0o644)
		}
		if err != nil {
			t.Logf("the screenshot for the closing note: %v", err)
		}
	}
	b.shotViewport(t, "trainer-12")

	// a narrower window: 5 a row, the last row's 2 tiles as wide as the others
	b.do(t, "a window of 1300×860", 10*time.Second, chromedp.EmulateViewport(1300, 860))
	b.waitJS(t, "5 tiles a row", `document.querySelector("#tiles").dataset.cols === "5" && document.querySelectorAll("section.tile").length === 12`, 20*time.Second)
	if widths := eval[string](t, b, `[...new Set([...document.querySelectorAll("section.tile")].map(el => Math.round(el.getBoundingClientRect().width)))].join(",")`); strings.Contains(widths, ",") {
		t.Errorf("tile widths at 5 a row: %s px, want one width", widths)
	}
	tickDuringReflow(t, b, "trainee2")

	// a reset in the console's dialog: Cancel keeps everything, Reset empties trainee2's project
	b.waitJS(t, "trainee2 ticked", `document.querySelector('#pick-trainee2').checked`, 5*time.Second)
	b.do(t, "ask for a reset", 10*time.Second, chromedp.Click(chromedp.ID("reset-projects")))
	b.waitJS(t, "the console's dialog, the focus in it", `!!document.querySelector("dialog#trainer-confirm[open]") &&
		!!document.activeElement.closest("#trainer-confirm") && document.querySelector("#trainer-confirm-title").textContent.includes("trainee2")`, 10*time.Second)
	b.shotViewport(t, "trainer-reset-dialog")
	b.do(t, "cancel", 10*time.Second, chromedp.Click(chromedp.ID("trainer-confirm-keep")))
	b.waitJS(t, "the dialog closed, the focus back on Reset", `!document.querySelector("dialog#trainer-confirm[open]") && document.activeElement.id === "reset-projects"`, 10*time.Second)
	if n := lbCountAs(t, s.URL, "trainee2", servertest.BannerPassword(t, s.Printed(), "trainee2")); n != 1 {
		t.Fatalf("trainee2 after Cancel: %d load balancers, want its 1", n)
	}
	b.do(t, "ask again", 10*time.Second, chromedp.Click(chromedp.ID("reset-projects")))
	b.waitJS(t, "the dialog again", `!!document.querySelector("dialog#trainer-confirm[open]")`, 10*time.Second)
	b.do(t, "reset", 10*time.Second, chromedp.Click(chromedp.ID("trainer-confirm-btn")))
	b.waitJS(t, "the reset said beside its button", `(document.querySelector("#result-fault-form #trainer-notice") || {}).textContent === "Reset of trainee2: done."`, 20*time.Second)
	if !eval[bool](t, b, `(() => { const r = document.querySelector("#result-fault-form").getBoundingClientRect(),
		btn = document.querySelector("#reset-projects").getBoundingClientRect();
		return r.top >= 0 && r.bottom <= innerHeight && Math.abs(r.top - btn.top) < 60; })()`) {
		t.Error("the reset's result is not beside its button, in the window")
	}
	if eval[string](t, b, `document.querySelector("#result-fault-form").getAttribute("role")`) != "status" {
		t.Error("the result line is not a status (announced)")
	}
	if n := lbCountAs(t, s.URL, "trainee2", servertest.BannerPassword(t, s.Printed(), "trainee2")); n != 0 {
		t.Errorf("trainee2 after the reset: %d load balancers, want 0", n)
	}
	if d := b.dialogsSeen(); len(d) != 0 {
		t.Errorf("native dialogs: %q, want none (the console's own)", d)
	}

	// the progress grid: every step's title whole, none cut
	b.waitJS(t, "the progress grid", `document.querySelectorAll("#trainer-progress thead th").length === 7`, 10*time.Second)
	if cut := eval[string](t, b, `[...document.querySelectorAll("#trainer-progress thead th")].filter(th => th.scrollWidth > th.clientWidth + 1 ||
		th.scrollHeight > th.clientHeight + 1).map(th => th.textContent).join(" | ")`); cut != "" {
		t.Errorf("step titles cut in the progress grid: %s", cut)
	}
	eval[bool](t, b, `(document.querySelector("#trainer-progress").scrollIntoView(), true)`)
	b.shotViewport(t, "trainer-progress-titles")

	// the cards: each password on one line, the loopback URL warned of
	b.do(t, "open the cards", 30*time.Second, chromedp.Navigate(s.URL+serverapi.TrainerCardsPath))
	b.waitJS(t, "the 12 trainees' cards", `document.querySelectorAll('section.print-card[data-user^="trainee"]').length === 12`, 30*time.Second)
	if got := b.text(t, `section.print-card[data-user="trainee3"] .card-password`); got != pass3 || len(pass3) != 12 {
		t.Errorf("trainee3's card password: %q, want %q (12 characters)", got, pass3)
	}
	if lines := eval[string](t, b, `[...document.querySelectorAll(".card-password")].filter(dd => new Set([...dd.querySelectorAll(".pw-group")].map(g =>
		Math.round(g.getBoundingClientRect().top))).size !== 1 || dd.scrollWidth > dd.clientWidth + 1).map(dd => dd.textContent).join(" ")`); lines != "" {
		t.Errorf("passwords not on one line, or cut: %s", lines)
	}
	if got := b.text(t, "#cards-url-warning"); !strings.Contains(got, "-public-url") {
		t.Errorf("the cards' warning: %q, want one naming -public-url", got)
	}
	b.shotViewport(t, "trainer-cards-passwords")
}

// lbCountAs is how many load balancers user (whose password is pass) has.
func lbCountAs(t *testing.T, base, user, pass string) int {
	t.Helper()
	var lbs struct {
		LoadBalancers []struct{ ID string } `json:"loadbalancers"`
	}
	servertest.GetJSON(t, http.MethodGet, base+"/load-balancer/v2/lbaas/loadbalancers", servertest.LabLogin(t, base, user, pass, user), "", &lbs)
	return len(lbs.LoadBalancers)
}

// TestBrowserWizardPicksOwnSubnet: a trainee's create wizard starts the
// VIP on the trainee's own subnet, not on public-subnet (the
// alphabetically first, the lab's shared one); the checklist's hint gives
// the console's path, then the CLI's command.
func TestBrowserWizardPicksOwnSubnet(t *testing.T) {
	t.Parallel()
	requireTools(t)
	s := startRun(t, nil, "-web", webDir, "-lab-trainees", "3", "-lab-exercise", "1-first-http-lb")
	own := subnetIDOf(t, s.URL, "trainee3", "trainee3", "trainee3-subnet")
	public := subnetIDOf(t, s.URL, "trainee3", "trainee3", "public-subnet")
	b := newBrowser(t)
	b.login(t, s.URL, "trainee3", "trainee3", "trainee3")
	b.waitJS(t, "the list after login", `location.pathname === "/load-balancers"`, 30*time.Second)
	b.waitJS(t, "the checklist's first hint", `document.querySelectorAll("#checklist .check-hint").length === 2`, 20*time.Second)
	if got := b.text(t, "#checklist .check-hint"); !strings.HasPrefix(got, "Console: Create load balancer") {
		t.Errorf("the first hint: %q, want the console's path first", got)
	}
	if got := eval[string](t, b, `document.querySelectorAll("#checklist .check-hint")[1].textContent`); !strings.HasPrefix(got, "CLI: openstack loadbalancer create") {
		t.Errorf("the second hint: %q, want the CLI's command", got)
	}
	b.do(t, "open the wizard", 30*time.Second, chromedp.Navigate(s.URL+"/load-balancers/new"),
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)))
	b.waitJS(t, "a subnet picked", `document.querySelector("#create-subnet").value !== ""`, 10*time.Second)
	if !eval[bool](t, b, `[...document.querySelectorAll("#create-subnet option")].some(o => o.value === "`+public+`")`) {
		t.Fatal("public-subnet is not offered: the test would prove nothing")
	}
	if got := eval[string](t, b, `document.querySelector("#create-subnet").value`); got != own {
		t.Errorf("the VIP subnet picked: %s, want trainee3-subnet %s (public-subnet is %s)", got, own, public)
	}
}

// tickDuringReflow widens the window from 5 tiles a row to 6 and ticks
// user's tile, in row 3 at 5 a row, while the frame of that reflow is due:
// the page has handled the resize, its frame has not run. A checkbox's
// click and change are two events, and go-app's window click listener
// enters the app between them. Its engine runs a frame only in a task of
// its own (third_party/go-app's frame_task.go): upstream's ran the due
// frame there, which removed the row (and so the tile's change listener)
// and drew the tile in row 2. So the tile is still in the document when
// its click has been delivered, and the reflow comes after it, with the
// tick on the user's tile. Each step is held in one script, so the page's
// timers wait for it: a resize event (go-app handles one after 250 ms), a
// wait, a click on the body (the app runs that handling: the frame is
// asked for), a wait (the frame is due), then the tick.
func tickDuringReflow(t *testing.T, b *browser, user string) {
	t.Helper()
	showTile(t, b, user)
	b.do(t, "a window of 1360×860 again", 10*time.Second, chromedp.EmulateViewport(1360, 860))
	got := eval[string](t, b, `(() => {
		const spin = ms => { const end = performance.now() + ms; while (performance.now() < end); };
		const box = document.querySelector('#pick-`+user+`');
		if (document.querySelector("#tiles").dataset.cols !== "5" || innerWidth !== 1360 || !box) return "not lined up";
		dispatchEvent(new Event("resize")); spin(300);
		document.body.dispatchEvent(new MouseEvent("click", {bubbles: true}));
		if (!box.isConnected) return "a frame ran within the body's click";
		spin(100);
		box.click();
		return box.isConnected ? "no frame within" : "a frame ran within the tick's click";
	})()`)
	if got != "no frame within" {
		t.Fatalf("the tick of %s while the reflow's frame was due: %s", user, got)
	}
	b.waitJS(t, "6 tiles a row, after the tick", `document.querySelector("#tiles").dataset.cols === "6"`, 20*time.Second)
}
