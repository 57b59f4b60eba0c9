//go:build !js

package e2e

// The admin pages end to end (amphorae, quotas, providers, flavors,
// availability zones and their profiles): an admin's writes with their
// waits, and a member and a reader seeing them without a write control.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// adminScenario: demo has a load balancer with one amphora and a listener
// (its counters), one with two amphorae (ACTIVE_STANDBY), and a quota of
// its own (5 load balancers), so that the admin's quota list has it.
const adminScenario = `{
  "load_balancers": [
    {"project": "demo", "name": "amp-web", "listener": {"protocol": "HTTP", "port": 80, "members": ["10.0.0.11"]}},
    {"project": "demo", "name": "amp-pair", "topology": "ACTIVE_STANDBY"}
  ],
  "quotas": [{"project": "demo", "load_balancer": 5}]
}`

// startAdminConsole runs the console on a lab seeded with adminScenario,
// whose writes stay PENDING_* for 4 s.
func startAdminConsole(t *testing.T) console {
	t.Helper()
	scenario := filepath.Join(t.TempDir(), "admin.json")
	if err := os.WriteFile(scenario, []byte(adminScenario), 0o600); err != nil {
		t.Fatal(err)
	}
	return startConsoleWith(t, []string{"-lab-scenario", scenario, "-lab-delay", "4s"}, nil)
}

// nav goes to path inside the app (go-app's own navigation, no reload).
// appRunning is true once go-app runs the page: its "octaview:go-app"
// mark (cmd/server/main_js.go). Not app.js's "octaview:go-started": on a
// page served with a session, main first waits for the session's restore,
// so that mark comes before go-app has set goappNav (a no-op until then)
// or taken over the served page. TestBrowserAdmin's goappNav("/providers")
// was lost that way on a reloaded quota page.
const appRunning = `performance.getEntriesByName("octaview:go-app").length > 0`

func (b *browser) nav(t *testing.T, path string) {
	t.Helper()
	// goappNav does nothing until the app runs, and a page the server
	// serves (its first screen) shows its content before that
	b.waitJS(t, "the app running", appRunning, 60*time.Second)
	eval[bool](t, b, fmt.Sprintf(`(goappNav(%q), true)`, path))
}

// pickFirstOption picks the first option (after "—") of a select.
func pickFirstOption(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		js := fmt.Sprintf(`(() => { const s = document.querySelector(%q); if (!s || s.options.length < 2) return false;
			s.value = s.options[1].value; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`, sel)
		ok, err := chromedp.Evaluate[bool](js)(ctx, t)
		if err == nil && !ok {
			err = fmt.Errorf("no option to pick in %s", sel)
		}
		return err
	})
}

// opDone waits for the newest operation titled title to succeed, and
// returns its outcome.
func (b *browser) opDone(t *testing.T, title string) string {
	t.Helper()
	sel := fmt.Sprintf(`[...document.querySelectorAll(".op")].find(e => e.querySelector(".op-title").textContent.startsWith(%q))`, title)
	b.waitJS(t, title+" succeeded", `(`+sel+` || {className: ""}).className.includes("op-succeeded")`, 40*time.Second)
	return eval[string](t, b, `(`+sel+`).querySelector(".op-outcome").textContent`)
}

// writeControls are the write controls on the page (create, edit, delete,
// actions), by id.
func (b *browser) writeControls(t *testing.T) []string {
	t.Helper()
	got := eval[[]string](t, b, `[...document.querySelectorAll('[id$="-create"], [id$="-edit"], [id$="-delete"], #amp-failover, #amp-configure, #quota-reset, .empty a.btn-primary')].map(e => e.id || e.textContent)`)
	return got
}

func TestBrowserAdmin(t *testing.T) {
	t.Parallel()
	c := startAdminConsole(t)
	b := newBrowser(t)
	b.login(t, c.URL, "admin", "admin", "admin")
	b.waitJS(t, "the navigation", `!!document.querySelector("#res-nav")`, 30*time.Second)
	for _, title := range []string{"Amphorae", "Quotas", "Providers", "Flavors", "Flavor profiles", "Availability zones", "AZ profiles"} {
		if !eval[bool](t, b, fmt.Sprintf(`[...document.querySelectorAll("#res-nav a")].some(a => a.textContent === %q)`, title)) {
			t.Errorf("admin navigation: no link %q", title)
		}
	}

	// Amphorae: three (one STANDALONE, a MASTER and a BACKUP), their
	// load balancers as links.
	b.nav(t, "/amphorae")
	b.waitJS(t, "the amphorae", `document.querySelectorAll("tr.amp-row").length === 3`, 30*time.Second)
	roles := eval[string](t, b, `[...document.querySelectorAll("tr.amp-row td:nth-child(2)")].map(e => e.textContent).sort().join(",")`)
	if roles != "BACKUP,MASTER,STANDALONE" {
		t.Errorf("amphora roles: got %s, want BACKUP,MASTER,STANDALONE", roles)
	}
	if got := eval[int](t, b, `document.querySelectorAll('tr.amp-row a[href^="/load-balancers/"]').length`); got != 3 {
		t.Errorf("amphorae with a link to their load balancer: got %d, want 3", got)
	}
	b.shot(t, "admin-01-amphorae")
	b.audit(t, "admin-amphorae") // axe-core, light and dark, desktop and phone

	// The STANDALONE one's page: its counters, one listener and the sum.
	standalone := eval[string](t, b, `[...document.querySelectorAll("tr.amp-row")].find(r => r.children[1].textContent === "STANDALONE").dataset.id`)
	b.nav(t, "/amphorae/"+standalone)
	b.waitJS(t, "the amphora's counters", `document.querySelectorAll("#amp-stats tbody tr").length === 2`, 30*time.Second)
	if got := b.text(t, "#amp-stats tr.stats-total td"); got != "All listeners" {
		t.Errorf("stats total row: got %q, want All listeners", got)
	}
	if got := eval[bool](t, b, `!!document.querySelector("#amp-delete")`); got {
		t.Errorf("an ALLOCATED amphora offers a delete; Octavia deletes only READY or ERROR ones")
	}
	b.do(t, "refresh the counters", 10*time.Second, chromedp.Click(chromedp.ID("amp-stats-refresh")))
	b.waitJS(t, "the counters again", `document.querySelectorAll("#amp-stats tbody tr").length === 2`, 20*time.Second)
	b.shot(t, "admin-02-amphora")
	b.audit(t, "admin-amphora") // axe-core, light and dark, desktop and phone

	// Fail it over: the load balancer goes PENDING_UPDATE, then ACTIVE, and
	// the amphora is replaced by a new one.
	b.do(t, "ask to fail over", 10*time.Second, chromedp.Click(chromedp.ID("amp-failover")), chromedp.WaitVisible(chromedp.ID("action-confirm")))
	b.shot(t, "admin-03-failover-confirm")
	b.do(t, "fail over", 10*time.Second, chromedp.Click(chromedp.ID("action-confirm-btn")))
	b.waitJS(t, "the failover waiting, PENDING_UPDATE", `[...document.querySelectorAll(".op.op-waiting")].some(e =>
		e.querySelector(".op-title").textContent.startsWith("Fail over amphora") && e.querySelector(".badge").textContent === "PENDING_UPDATE")`, 10*time.Second)
	if got := b.text(t, ".op.op-waiting .op-outcome"); !strings.Contains(got, "its load balancer to be ACTIVE") {
		t.Errorf("failover wait: got %q, want it waiting for the load balancer to be ACTIVE", got)
	}
	b.shot(t, "admin-04-failover-pending")
	if got := b.opDone(t, "Fail over amphora"); !strings.Contains(got, "ACTIVE after") {
		t.Errorf("failover outcome: got %q, want ACTIVE after …", got)
	}
	b.nav(t, "/amphorae")
	b.waitJS(t, "a new STANDALONE amphora", fmt.Sprintf(`(() => { const rs = [...document.querySelectorAll("tr.amp-row")];
		return rs.length === 3 && rs.some(r => r.children[1].textContent === "STANDALONE") && !rs.some(r => r.dataset.id === %q) })()`, standalone), 20*time.Second)
	b.shot(t, "admin-05-failover-done")

	// Configure the MASTER: a wait for its load balancer too.
	master := eval[string](t, b, `[...document.querySelectorAll("tr.amp-row")].find(r => r.children[1].textContent === "MASTER").dataset.id`)
	b.nav(t, "/amphorae/"+master)
	b.do(t, "configure", 20*time.Second, chromedp.WaitVisible(chromedp.ID("amp-configure")), chromedp.Click(chromedp.ID("amp-configure")),
		chromedp.WaitVisible(chromedp.ID("action-confirm-btn")), chromedp.Click(chromedp.ID("action-confirm-btn")))
	if got := b.opDone(t, "Configure amphora"); !strings.Contains(got, "ACTIVE after") {
		t.Errorf("configure outcome: got %q, want ACTIVE after …", got)
	}

	// Quotas: the admin's project (defaults) and demo's (5 load balancers).
	b.nav(t, "/quotas")
	b.waitJS(t, "the quotas", `document.querySelectorAll("tr.quota-row").length === 2`, 30*time.Second)
	// (a cell says what the project uses of its limit: "5 / 5")
	demo := eval[string](t, b, `[...document.querySelectorAll("tr.quota-row")].find(r => r.children[1].textContent.endsWith("/ 5")).dataset.id`)
	if got := eval[string](t, b, fmt.Sprintf(`document.querySelector('tr.quota-row:not([data-id=%q]) td:nth-child(2)').textContent`, demo)); got != "0 / default" {
		t.Errorf("the admin project's load balancer quota: got %q, want 0 / default", got)
	}
	b.shot(t, "admin-06-quotas")
	b.nav(t, "/quotas/"+demo)
	limit := func(key, col string) string {
		return b.text(t, fmt.Sprintf(`#quota-defaults tr[data-key=%q] .quota-%s`, key, col))
	}
	b.waitJS(t, "the limits beside the defaults", `!!document.querySelector("#quota-defaults tr[data-key=loadbalancer] .quota-default") &&
		document.querySelector("#quota-defaults tr[data-key=loadbalancer] .quota-default").textContent === "unlimited"`, 30*time.Second)
	if v, d := limit("loadbalancer", "value"), limit("loadbalancer", "default"); v != "5" || d != "unlimited" {
		t.Errorf("demo's load balancers: got %q beside default %q, want 5 beside unlimited", v, d)
	}
	b.shot(t, "admin-07-quota")
	b.audit(t, "admin-quota") // axe-core, light and dark, desktop and phone

	// Set: 7 listeners; Octavia applies it at once.
	b.do(t, "edit the quota", 20*time.Second, chromedp.Click(chromedp.ID("quota-edit")), chromedp.WaitVisible(chromedp.ID("f-listener")),
		setInput("#f-listener", "7"))
	b.shot(t, "admin-08-quota-form")
	b.do(t, "save the quota", 10*time.Second, chromedp.Click(chromedp.ID("res-submit")))
	if got := b.opDone(t, "Edit quota"); !strings.Contains(got, "applied it at once") {
		t.Errorf("quota set outcome: got %q, want it applied at once", got)
	}
	b.waitJS(t, "7 listeners", `(document.querySelector("#quota-defaults tr[data-key=listener] .quota-value") || {}).textContent === "7"`, 20*time.Second)

	// Reset: every limit back to the default.
	b.do(t, "reset the quota", 10*time.Second, chromedp.Click(chromedp.ID("quota-reset")), chromedp.WaitVisible(chromedp.ID("action-confirm-btn")))
	b.shot(t, "admin-09-quota-reset-confirm")
	b.do(t, "confirm the reset", 10*time.Second, chromedp.Click(chromedp.ID("action-confirm-btn")))
	b.opDone(t, "Reset quota")
	b.waitJS(t, "the defaults back", `(document.querySelector("#quota-defaults tr[data-key=loadbalancer] .quota-value") || {}).textContent === "unlimited" &&
		document.querySelector("#quota-defaults tr[data-key=listener] .quota-value").textContent === "unlimited"`, 20*time.Second)
	if got := eval[int](t, b, `document.querySelectorAll("#quota-defaults .chip").length`); got != 0 {
		t.Errorf("after the reset: got %d own values, want none", got)
	}
	b.shot(t, "admin-10-quota-reset")

	// A deep link to the quota after a reload.
	b.do(t, "reload the quota page", 60*time.Second, chromedp.Navigate(c.URL+"/quotas/"+demo),
		chromedp.WaitVisible(chromedp.CSS(`#quota-defaults tr[data-key=pool]`)))
	if got := b.text(t, "#quota-props"); !strings.Contains(got, demo) {
		t.Errorf("deep link: got properties %q, want project %s", got, demo)
	}

	// Providers: a list only, with their capabilities.
	b.nav(t, "/providers")
	b.waitJS(t, "the providers", `document.querySelectorAll("tr.provider-row").length === 2`, 30*time.Second)
	if got := b.text(t, `tr.provider-row[data-id=amphora]`); !strings.Contains(got, "loadbalancer_topology") || !strings.Contains(got, "compute_zone") {
		t.Errorf("amphora provider row: got %q, want its flavor and zone capabilities", got)
	}
	if got := eval[int](t, b, `document.querySelectorAll("tr.provider-row td.name a").length`); got != 0 {
		t.Errorf("provider names: got %d links, want none (no provider page)", got)
	}
	b.shot(t, "admin-11-providers")
	b.audit(t, "admin-providers") // axe-core, light and dark, desktop and phone

	// A flavor profile, then a flavor on it from the profile's page.
	b.nav(t, "/flavor-profiles")
	b.do(t, "create a flavor profile", 30*time.Second, chromedp.WaitVisible(chromedp.ID("flavorprofile-create")),
		chromedp.Click(chromedp.ID("flavorprofile-create")), chromedp.WaitReady(chromedp.CSS(`#f-provider_name option[value=amphora]`)),
		setInput("#f-name", "ci-profile"), setInput("#f-provider_name", "amphora"), providerTakes,
		setInput("#f-flavor_data", `{"loadbalancer_topology": "ACTIVE_STANDBY"}`))
	b.shot(t, "admin-12-flavorprofile-form")
	b.audit(t, "admin-flavorprofile-form") // axe-core, light and dark, desktop and phone
	b.do(t, "save the flavor profile", 20*time.Second, chromedp.Click(chromedp.ID("res-submit")), chromedp.WaitVisible(chromedp.ID("flavorprofile-props")))
	b.opDone(t, "Create flavor profile")
	b.do(t, "rename the flavor profile", 20*time.Second, chromedp.Click(chromedp.ID("flavorprofile-edit")),
		chromedp.WaitVisible(chromedp.ID("f-name")), setInput("#f-name", "ci-profile-2"), chromedp.Click(chromedp.ID("res-submit")))
	b.waitJS(t, "the renamed profile", `document.title.includes("ci-profile-2") || document.body.textContent.includes("Flavor profile ci-profile-2")`, 20*time.Second)
	b.do(t, "create a flavor on it", 30*time.Second, chromedp.WaitVisible(chromedp.ID("flavor-create")), chromedp.Click(chromedp.ID("flavor-create")),
		chromedp.WaitVisible(chromedp.ID("f-name")), setInput("#f-name", "ci-gold"), setInput("#f-description", "two amphorae"))
	if got := eval[string](t, b, `document.querySelector("#f-flavor_profile_id").value`); got == "" {
		t.Errorf("the flavor form from the profile's page: no profile picked")
	}
	b.do(t, "save the flavor", 20*time.Second, chromedp.Click(chromedp.ID("res-submit")), chromedp.WaitVisible(chromedp.ID("flavor-props")))
	b.opDone(t, "Create flavor")
	if got := eval[int](t, b, `document.querySelectorAll('#flavor-props a[href^="/flavor-profiles/"]').length`); got != 1 {
		t.Errorf("the flavor's profile: got %d links, want 1", got)
	}
	b.shot(t, "admin-13-flavor")
	b.do(t, "edit the flavor", 20*time.Second, chromedp.Click(chromedp.ID("flavor-edit")), chromedp.WaitVisible(chromedp.ID("f-enabled")),
		setInput("#f-description", "two amphorae, disabled"), chromedp.Click(chromedp.ID("f-enabled")), chromedp.Click(chromedp.ID("res-submit")),
		chromedp.WaitVisible(chromedp.ID("flavor-props")))
	b.waitJS(t, "the disabled flavor", `document.querySelector("#flavor-props").textContent.includes("two amphorae, disabled")`, 20*time.Second)
	if got := b.text(t, "#flavor-props"); !strings.Contains(got, "false") {
		t.Errorf("edited flavor: got %q, want enabled false", got)
	}
	// One more flavor stays for the member and the reader.
	b.nav(t, "/flavors/new")
	b.do(t, "create a second flavor", 30*time.Second, chromedp.WaitReady(chromedp.CSS(`#f-flavor_profile_id option:nth-child(2)`)),
		setInput("#f-name", "ci-keep"), pickFirstOption("#f-flavor_profile_id"),
		chromedp.Click(chromedp.ID("res-submit")), chromedp.WaitVisible(chromedp.ID("flavor-props")))
	b.nav(t, "/flavors")
	b.waitJS(t, "two flavors", `document.querySelectorAll("tr.flavor-row").length === 2`, 20*time.Second)
	b.shot(t, "admin-14-flavors")
	gold := eval[string](t, b, `[...document.querySelectorAll("tr.flavor-row")].find(r => r.textContent.includes("ci-gold")).dataset.id`)
	b.nav(t, "/flavors/"+gold)
	b.do(t, "delete the flavor", 20*time.Second, chromedp.WaitVisible(chromedp.ID("flavor-delete")), chromedp.Click(chromedp.ID("flavor-delete")),
		chromedp.WaitVisible(chromedp.ID("delete-confirm-btn")), chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")))
	b.opDone(t, "Delete flavor")
	b.waitJS(t, "one flavor left", `document.querySelectorAll("tr.flavor-row").length === 1`, 20*time.Second)

	// An availability zone profile and a zone on it; the zone's page is named by the zone.
	b.nav(t, "/availability-zone-profiles/new")
	b.do(t, "create a zone profile", 30*time.Second, chromedp.WaitReady(chromedp.CSS(`#f-provider_name option[value=amphora]`)),
		setInput("#f-name", "ci-zone-profile"), setInput("#f-provider_name", "amphora"), providerTakes,
		setInput("#f-availability_zone_data", `{"compute_zone": "nova-az1"}`),
		chromedp.Click(chromedp.ID("res-submit")), chromedp.WaitVisible(chromedp.ID("azprofile-props")))
	b.do(t, "create a zone on it", 30*time.Second, chromedp.WaitVisible(chromedp.ID("az-create")), chromedp.Click(chromedp.ID("az-create")),
		chromedp.WaitVisible(chromedp.ID("f-name")), setInput("#f-name", "ci-az1"), setInput("#f-description", "first zone"))
	b.shot(t, "admin-15-az-form")
	b.do(t, "save the zone", 20*time.Second, chromedp.Click(chromedp.ID("res-submit")), chromedp.WaitVisible(chromedp.ID("az-props")))
	if got := eval[string](t, b, `location.pathname`); got != "/availability-zones/ci-az1" {
		t.Errorf("the zone's page: got %s, want /availability-zones/ci-az1", got)
	}
	b.opDone(t, "Create availability zone")
	b.shot(t, "admin-16-az")
	b.nav(t, "/availability-zones/new")
	b.do(t, "create a second zone", 30*time.Second, chromedp.WaitReady(chromedp.CSS(`#f-availability_zone_profile_id option:nth-child(2)`)),
		setInput("#f-name", "ci-az-keep"), pickFirstOption("#f-availability_zone_profile_id"),
		chromedp.Click(chromedp.ID("res-submit")), chromedp.WaitVisible(chromedp.ID("az-props")))
	b.nav(t, "/availability-zones/ci-az1")
	b.do(t, "delete the zone", 20*time.Second, chromedp.WaitVisible(chromedp.ID("az-delete")), chromedp.Click(chromedp.ID("az-delete")),
		chromedp.WaitVisible(chromedp.ID("delete-confirm-btn")), chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")))
	b.opDone(t, "Delete availability zone")
	b.waitJS(t, "one zone left", `document.querySelectorAll("tr.az-row").length === 1`, 20*time.Second)
	b.shot(t, "admin-17-azs")
	// A zone profile in use is refused (409), with Octavia's words; one not in use is deleted.
	b.nav(t, "/availability-zones/ci-az-keep")
	b.do(t, "try to delete the profile in use", 30*time.Second, chromedp.WaitVisible(chromedp.CSS(`#az-props a[href^="/availability-zone-profiles/"]`)),
		chromedp.Click(chromedp.CSS(`#az-props a[href^="/availability-zone-profiles/"]`)), chromedp.WaitVisible(chromedp.ID("azprofile-delete")),
		chromedp.Click(chromedp.ID("azprofile-delete")), chromedp.WaitVisible(chromedp.ID("delete-confirm-btn")),
		chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")), chromedp.WaitVisible(chromedp.ID("delete-error")))
	if got := b.text(t, "#delete-error"); !strings.Contains(got, "in use") || strings.Contains(got, "load balancer is busy") {
		t.Errorf("deleting a profile in use: got %q, want Octavia's 'in use' (and no load balancer in the message)", got)
	}
	b.shot(t, "admin-18-azprofile-in-use")
	b.do(t, "keep it", 10*time.Second, chromedp.Click(chromedp.ID("delete-keep")), chromedp.WaitNotPresent(chromedp.ID("delete-confirm")))
	b.nav(t, "/availability-zone-profiles/new")
	b.do(t, "create a spare zone profile", 30*time.Second, chromedp.WaitReady(chromedp.CSS(`#f-provider_name option[value=amphora]`)),
		setInput("#f-name", "ci-spare"), setInput("#f-provider_name", "amphora"), providerTakes, setInput("#f-availability_zone_data", `{}`),
		chromedp.Click(chromedp.ID("res-submit")), chromedp.WaitVisible(chromedp.ID("azprofile-delete")),
		chromedp.Click(chromedp.ID("azprofile-delete")), chromedp.WaitVisible(chromedp.ID("delete-confirm-btn")),
		chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")))
	b.opDone(t, "Delete availability zone profile")

	// A member and a reader: the admin-only pages say so, the others have
	// no write control.
	for _, who := range []struct{ user, project string }{{"demo", "demo"}, {"viewer", "demo"}} {
		t.Run(who.user, func(t *testing.T) {
			b := newBrowser(t)
			b.login(t, c.URL, who.user, who.user, who.project)
			b.waitJS(t, "the navigation", `!!document.querySelector("#res-nav")`, 30*time.Second)
			for _, title := range []string{"Amphorae", "Flavor profiles", "AZ profiles"} {
				if eval[bool](t, b, fmt.Sprintf(`[...document.querySelectorAll("#res-nav a")].some(a => a.textContent === %q)`, title)) {
					t.Errorf("%s's navigation: got a link %q, want none (admins only)", who.user, title)
				}
			}
			for _, p := range []struct{ path, sel string }{
				{"/amphorae", "#amp-error"}, {"/flavor-profiles", "#flavorprofile-error"}, {"/availability-zone-profiles", "#azprofile-error"},
				{"/amphorae/" + master, "#amp-error"},
			} {
				b.nav(t, p.path)
				b.waitJS(t, p.path+" says admins only", fmt.Sprintf(`(document.querySelector(%q) || {textContent: ""}).textContent.includes("Only an admin")`, p.sel), 20*time.Second)
			}
			b.shot(t, "admin-"+who.user+"-01-amphorae")
			for _, p := range []struct{ path, ready string }{
				{"/quotas", "tr.quota-row"}, {"/quotas/" + demo, "#quota-defaults tr[data-key=pool]"},
				{"/providers", "tr.provider-row"}, {"/flavors", "tr.flavor-row"}, {"/availability-zones", "tr.az-row"},
				{"/availability-zones/ci-az-keep", "#az-props"},
			} {
				b.nav(t, p.path)
				b.waitJS(t, p.path, fmt.Sprintf(`!!document.querySelector(%q)`, p.ready), 30*time.Second)
				if got := b.writeControls(t); len(got) != 0 {
					t.Errorf("%s on %s: got write controls %v, want none", who.user, p.path, got)
				}
				b.shot(t, "admin-"+who.user+strings.ReplaceAll(p.path, "/", "-"))
			}
			if got := eval[int](t, b, `document.querySelectorAll("tr.quota-row").length`); got != 0 {
				t.Errorf("quota list rows left on the zone page: %d", got)
			}
			b.nav(t, "/flavors")
			b.waitJS(t, "the flavor", `document.querySelectorAll("tr.flavor-row").length === 1`, 20*time.Second)
			if got := eval[int](t, b, `document.querySelectorAll('tr.flavor-row a[href^="/flavor-profiles/"]').length`); got != 0 {
				t.Errorf("%s: got %d links to a flavor profile, want none (admins only read them)", who.user, got)
			}
			b.nav(t, "/providers")
			b.waitJS(t, "the providers", `document.querySelectorAll("tr.provider-row").length === 2`, 20*time.Second)
			if got := b.text(t, `tr.provider-row[data-id=amphora]`); !strings.Contains(got, "only admins read them") {
				t.Errorf("%s's provider row: got %q, want that only admins read the capabilities", who.user, got)
			}
			b.nav(t, "/quotas")
			b.waitJS(t, "their quota", `document.querySelectorAll("tr.quota-row").length === 1`, 20*time.Second)
			if got := b.text(t, "tr.quota-row td:nth-child(2)"); !strings.HasSuffix(got, " / unlimited") { // used / -1
				t.Errorf("%s's load balancer quota after the reset: got %q, want … / unlimited", who.user, got)
			}
		})
	}
}
