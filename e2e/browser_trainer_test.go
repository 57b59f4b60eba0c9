//go:build !js

package e2e

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// classScenario is the tree the fault and reset steps work on, loaded
// into two trainees' projects.
const classScenario = `{"load_balancers": [{"name": "web", "listener": {"protocol": "HTTP", "port": 80, "members": ["192.0.2.11", "192.0.2.12"], "monitor": "HTTP"}}]}`

// adminCall sends a trainer API change with the admin's session.
func adminCall(t *testing.T, s *servertest.Session, method, path, body string) {
	t.Helper()
	if code, b := s.Do(method, path, body); code >= 300 {
		t.Fatalf("%s %s: %d %s", method, path, code, b)
	}
}

// memberOperOf is the operating status of the member at addr in user's
// project, read through the console's proxy as that user.
func memberOperOf(t *testing.T, base, user, addr string) string {
	t.Helper()
	tok := servertest.LabLogin(t, base, user, user, user)
	var members struct {
		Members []struct {
			Address         string `json:"address"`
			OperatingStatus string `json:"operating_status"`
		} `json:"members"`
	}
	var pools struct{ Pools []struct{ ID string } }
	servertest.GetJSON(t, http.MethodGet, base+"/load-balancer/v2/lbaas/pools", tok, "", &pools)
	for _, p := range pools.Pools {
		servertest.GetJSON(t, http.MethodGet, base+"/load-balancer/v2/lbaas/pools/"+p.ID+"/members", tok, "", &members)
		for _, m := range members.Members {
			if m.Address == addr {
				return m.OperatingStatus
			}
		}
	}
	return ""
}

func lbCount(t *testing.T, base, user string) int {
	t.Helper()
	var lbs struct {
		LoadBalancers []struct{ ID string } `json:"loadbalancers"`
	}
	servertest.GetJSON(t, http.MethodGet, base+"/load-balancer/v2/lbaas/loadbalancers", servertest.LabLogin(t, base, user, user, user), "", &lbs)
	return len(lbs.LoadBalancers)
}

// tileSel is the CSS selector of a trainee's tile.
func tileSel(user string) string { return fmt.Sprintf(`section.tile[data-user=%q]`, user) }

// TestBrowserTrainer drives a workshop of 12 trainees: the trainer's page
// live, a fault and a reset by form, a trainee's checklist ticking as the
// real openstack CLI does the steps, the progress grid against its CSV,
// the cards, a tile's read-only view, axe-core on every trainer page, and
// a trainee refused everywhere.
func TestBrowserTrainer(t *testing.T) {
	t.Parallel()
	requireTools(t)
	openstack, err := exec.LookPath("openstack")
	if err != nil {
		t.Fatalf("the OpenStack CLI is needed (make deps): %v", err)
	}
	axeSource(t)
	s := startRun(t, nil, "-web", webDir, "-lab-trainees", "12", "-lab-delay", "1s", "-lab-exercise", "1-first-http-lb")
	adminPass := servertest.BannerPassword(t, s.Printed(), "admin")
	admin := servertest.NewSession(t, s.URL, "admin", adminPass, "admin")
	for _, u := range []string{"trainee1", "trainee2"} {
		adminCall(t, admin, http.MethodPost, serverapi.TrainerScenarioPath,
			fmt.Sprintf(`{"projects": [%q], "scenario": %q}`, u, classScenario))
	}

	b := newBrowser(t)
	b.login(t, s.URL, "admin", adminPass, "admin")
	b.waitJS(t, "the list after login", `location.pathname === "/load-balancers"`, 30*time.Second)
	b.waitJS(t, "the Trainer link", `!!document.querySelector('a.nav-link[href="/trainer"]')`, 20*time.Second)
	b.do(t, "open the trainer's page", 30*time.Second, chromedp.Click(chromedp.CSS(`a.nav-link[href="/trainer"]`)))
	b.waitJS(t, "the tiles", `document.querySelectorAll("section.tile").length > 0 && document.querySelector("#trainer-live").textContent.startsWith("live")`, 30*time.Second)
	b.shot(t, "trainer-page")
	// ci of 516f5cd found 4 tiles, a row's worth at under 480 px: the
	// window was that narrow when the page rendered, and the tiles reflow
	// on the resize that follows (Page.OnResize)
	t.Logf("the window at the first render: %d px wide, %d tiles", eval[int](t, b, `window.innerWidth`), eval[int](t, b, `document.querySelectorAll("section.tile").length`))
	b.waitJS(t, "the rows of tiles in view (6 to 12 tiles of 12)", `(n => n >= 6 && n <= 12)(document.querySelectorAll("section.tile").length)`, 10*time.Second)

	// a trainee's new load balancer shows on its tile within a poll, no reload
	eval[bool](t, b, `window.__noReload = true`)
	tok3 := servertest.LabLogin(t, s.URL, "trainee3", "trainee3", "trainee3")
	var subnets struct{ Subnets []struct{ ID string } }
	servertest.GetJSON(t, http.MethodGet, s.URL+"/network/v2.0/subnets?name=trainee3-subnet", tok3, "", &subnets)
	if resp := servertest.GetJSON(t, http.MethodPost, s.URL+"/load-balancer/v2/lbaas/loadbalancers", tok3,
		`{"loadbalancer": {"name": "t3-new", "vip_subnet_id": "`+subnets.Subnets[0].ID+`"}}`, nil); resp.StatusCode != 201 {
		t.Fatalf("trainee3's create: %d", resp.StatusCode)
	}
	start := time.Now()
	b.waitJS(t, "trainee3's new load balancer on its tile", `!!document.querySelector('`+tileSel("trainee3")+` li.mini[data-lb="t3-new"]')`, 10*time.Second)
	t.Logf("trainee3's load balancer on its tile %v after the create (one lab read per 3 s)", time.Since(start).Round(100*time.Millisecond))
	if !eval[bool](t, b, `window.__noReload === true`) {
		t.Error("the page reloaded")
	}

	// a fault by form: trainee1's member goes ERROR, trainee2's (same address) stays ONLINE
	// scroll the tile into view first, as a trainer does, then click it
	// where it is: chromedp's click centres its target in every scrolling
	// ancestor first, and the grid, which renders only the tiles in view,
	// then puts another trainee's tile under the pointer
	showTile(t, b, "trainee1")
	eval[bool](t, b, `(document.querySelector('#pick-trainee1').click(), true)`)
	b.waitJS(t, "trainee1 ticked", `document.querySelector('#pick-trainee1').checked`, 5*time.Second)
	b.do(t, "fill the fault", 10*time.Second, setInput(`#fault-down`, "192.0.2.12"), chromedp.Click(chromedp.ID("fault-set")))
	b.waitJS(t, "the fault set", `(document.querySelector("#trainer-notice") || {}).textContent === "Faults for trainee1: done."`, 15*time.Second)
	showTile(t, b, "trainee1")
	b.waitJS(t, "trainee1's member in ERROR on its tile",
		`!!document.querySelector('`+tileSel("trainee1")+` .mini-member[data-member="192.0.2.12"][data-oper="ERROR"]')`, 15*time.Second)
	b.shot(t, "trainer-fault")
	if got := memberOperOf(t, s.URL, "trainee1", "192.0.2.12"); got != "ERROR" {
		t.Errorf("trainee1's member after the fault: %s, want ERROR", got)
	}
	if got := memberOperOf(t, s.URL, "trainee2", "192.0.2.12"); got != "ONLINE" {
		t.Errorf("trainee2's member after trainee1's fault: %s, want ONLINE", got)
	}
	showTile(t, b, "trainee2")
	if got := b.text(t, tileSel("trainee2")+" .tile-faults"); got != "" {
		t.Errorf("trainee2's tile shows faults %q, want none", got)
	}

	// a reset by form empties trainee1's project only
	b.do(t, "reset trainee1", 10*time.Second, chromedp.Click(chromedp.ID("reset-projects")),
		chromedp.WaitVisible(chromedp.ID("trainer-confirm-btn")), chromedp.Click(chromedp.ID("trainer-confirm-btn")))
	b.waitJS(t, "the reset done", `!!document.querySelector("#trainer-notice") && document.querySelector("#trainer-notice").textContent.includes("Reset of trainee1")`, 15*time.Second)
	if n1, n2 := lbCount(t, s.URL, "trainee1"), lbCount(t, s.URL, "trainee2"); n1 != 0 || n2 != 1 {
		t.Errorf("after trainee1's reset: trainee1 has %d load balancers, trainee2 %d; want 0 and 1", n1, n2)
	}
	showTile(t, b, "trainee1")
	b.waitJS(t, "trainee1's tile empty", `!!document.querySelector('`+tileSel("trainee1")+`') && !document.querySelector('`+tileSel("trainee1")+` li.mini')`, 10*time.Second)

	// trainee5's checklist ticks as the real CLI does the steps
	tb := newBrowser(t)
	tb.login(t, s.URL, "trainee5", "trainee5", "trainee5")
	tb.waitJS(t, "the checklist", `!!document.querySelector("#checklist-count")`, 30*time.Second)
	if got := tb.text(t, "#checklist-count"); !strings.Contains(got, "0 of 6") {
		t.Errorf("the checklist before any step: %q, want 0 of 6", got)
	}
	home := t.TempDir()
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8",
		"OS_AUTH_URL=" + s.URL + "/identity/v3", "OS_IDENTITY_API_VERSION=3",
		"OS_USERNAME=trainee5", "OS_PASSWORD=trainee5", "OS_PROJECT_NAME=trainee5",
		"OS_USER_DOMAIN_NAME=Default", "OS_PROJECT_DOMAIN_NAME=Default", "OS_REGION_NAME=RegionOne", "OS_INTERFACE=public"}
	steps := []struct {
		args []string
		done int
	}{
		{[]string{"loadbalancer", "create", "--name", "web", "--vip-subnet-id", "trainee5-subnet", "--wait"}, 1},
		{[]string{"loadbalancer", "listener", "create", "--name", "web-http", "--protocol", "HTTP", "--protocol-port", "80", "--wait", "web"}, 2},
		{[]string{"loadbalancer", "pool", "create", "--name", "web-pool", "--listener", "web-http", "--protocol", "HTTP", "--lb-algorithm", "ROUND_ROBIN", "--wait"}, 3},
		{[]string{"loadbalancer", "member", "create", "--address", "192.0.2.11", "--protocol-port", "80", "--wait", "web-pool"}, 3},
		{[]string{"loadbalancer", "member", "create", "--address", "192.0.2.12", "--protocol-port", "80", "--wait", "web-pool"}, 4},
		{[]string{"loadbalancer", "healthmonitor", "create", "--delay", "5", "--timeout", "3", "--max-retries", "3", "--type", "HTTP", "--url-path", "/", "--wait", "web-pool"}, 6},
	}
	for _, st := range steps {
		servertest.RunCLI(t, openstack, home, env, st.args...)
		want := fmt.Sprintf("%d of 6", st.done)
		tb.waitJS(t, "the checklist at "+want, fmt.Sprintf(`document.querySelector("#checklist-count").textContent.includes(%q)`, want), 15*time.Second)
	}
	tb.shot(t, "trainee-checklist")
	if got := eval[int](t, tb, `document.querySelectorAll("li.check-step.step-done").length`); got != 6 {
		t.Errorf("ticked steps: %d, want 6", got)
	}

	// a trainee is refused every trainer URL and API, in the browser too
	tb.do(t, "a trainee opens /trainer", 30*time.Second, chromedp.Navigate(s.URL+serverapi.TrainerPagePath))
	tb.waitJS(t, "the 403 page", `document.body.textContent.includes("403 Forbidden")`, 10*time.Second)
	for _, u := range servertest.TrainerURLs {
		code := evalAwait[int](t, tb, fmt.Sprintf(`fetch(%q, {method: %q, headers: {%q: "1", "Content-Type": "application/json"}, body: %s}).then(r => r.status)`,
			u.Path, u.Method, serverapi.SessionHeader, jsBody(u.Method, u.Body)))
		if code != http.StatusForbidden {
			t.Errorf("a trainee's %s %s from the page: %d, want 403", u.Method, u.Path, code)
		}
	}

	// the progress grid and its CSV agree
	b.waitJS(t, "trainee5's steps in the grid", `document.querySelectorAll('tr.grid-row[data-user="trainee5"] td.step-done').length === 6`, 15*time.Second)
	var grid map[string][]string
	if err := json.Unmarshal([]byte(eval[string](t, b, `JSON.stringify(Object.fromEntries([...document.querySelectorAll("tr.grid-row")].map(r =>
		[r.dataset.user, [...r.querySelectorAll("td.grid-cell")].map(c => c.dataset.passed || "")])))`)), &grid); err != nil {
		t.Fatal(err)
	}
	csvText := evalAwait[string](t, b, `fetch("`+serverapi.TrainerProgressCSV+`").then(r => r.text())`)
	rows, err := csv.NewReader(strings.NewReader(csvText)).ReadAll()
	if err != nil || len(rows) != 13 {
		t.Fatalf("the CSV: %v, %d rows, want a header and 12", err, len(rows))
	}
	if len(grid) != 12 {
		t.Errorf("grid rows in the document: %d, want 12", len(grid))
	}
	for _, row := range rows[1:] {
		if got := strings.Join(grid[row[0]], ","); got != strings.Join(row[2:], ",") {
			t.Errorf("%s: the grid says %q, the CSV %q", row[0], got, strings.Join(row[2:], ","))
		}
	}
	b.audit(t, "trainer")
	t.Logf("trainer page DOM at 12 trainees: %d tiles, %d grid rows, %d elements", eval[int](t, b, `document.querySelectorAll("section.tile").length`),
		eval[int](t, b, `document.querySelectorAll("tr.grid-row").length`), eval[int](t, b, `document.querySelectorAll("*").length`))

	// the cards: one per trainee, each with its QR code
	b.do(t, "open the cards", 30*time.Second, chromedp.Navigate(s.URL+serverapi.TrainerCardsPath))
	b.waitJS(t, "12 cards with their QR codes", `document.querySelectorAll("section.print-card").length === 12 &&
		[...document.querySelectorAll("img.card-qr")].every(i => i.complete && i.naturalWidth > 0)`, 30*time.Second)
	if got := b.text(t, `section.print-card[data-user="trainee7"] .card-password`); got != "trainee7" {
		t.Errorf("trainee7's card password: %q", got)
	}
	b.audit(t, "trainer-cards")

	// a tile opens the trainee's project read-only, and back
	b.do(t, "back to the trainer's page", 30*time.Second, chromedp.Navigate(s.URL+serverapi.TrainerPagePath))
	b.waitJS(t, "the tiles", `document.querySelectorAll("section.tile").length > 0`, 30*time.Second)
	showTile(t, b, "trainee5")
	b.do(t, "open trainee5 read-only", 10*time.Second, chromedp.Click(chromedp.CSS(tileSel("trainee5")+` button.tile-open`)))
	b.waitJS(t, "trainee5's list, read-only", `location.pathname === "/load-balancers" && !!document.querySelector("#view-banner") &&
		document.querySelector("#who-project").textContent === "trainee5" && !!document.querySelector(".ro-badge")`, 30*time.Second)
	b.waitJS(t, "trainee5's load balancer", rowStatus("web")+` !== ""`, 20*time.Second)
	if eval[bool](t, b, `!!document.querySelector('a.nav-link[href="/load-balancers/new"]')`) {
		t.Error("the read-only view offers Create")
	}
	b.waitJS(t, "trainee5's checklist in the view", `(document.querySelector("#checklist-count") || {}).textContent?.includes("6 of 6")`, 10*time.Second)
	b.audit(t, "trainer-view")
	b.do(t, "back", 10*time.Second, chromedp.Click(chromedp.ID("view-back")))
	b.waitJS(t, "the trainer's page again", `location.pathname === "/trainer" && document.querySelectorAll("section.tile").length > 0`, 30*time.Second)

	// export, a change, then the export imported from the page: the change is undone
	admin = servertest.NewSession(t, s.URL, "admin", adminPass, "admin")
	_, exported := admin.Do(http.MethodGet, serverapi.TrainerExportPath, "")
	file := filepath.Join(t.TempDir(), "class.json")
	if err := os.WriteFile(file, exported, 0o600); err != nil {
		t.Fatal(err)
	}
	adminCall(t, admin, http.MethodPost, serverapi.TrainerResetPath, `{"projects": ["trainee5"]}`)
	if n := lbCount(t, s.URL, "trainee5"); n != 0 {
		t.Fatalf("trainee5 after reset: %d load balancers", n)
	}
	b.do(t, "pick the export", 10*time.Second, chromedp.SetUploadFiles(`#lab-import`, []string{file}))
	b.waitJS(t, "the import button", `!document.querySelector("#lab-import-go").disabled`, 10*time.Second)
	b.do(t, "import", 10*time.Second, chromedp.Click(chromedp.ID("lab-import-go")),
		chromedp.WaitVisible(chromedp.ID("trainer-confirm-btn")), chromedp.Click(chromedp.ID("trainer-confirm-btn")))
	b.waitJS(t, "the import done", `(document.querySelector("#trainer-notice") || {}).textContent === "Import of class.json: done."`, 30*time.Second)
	if n := lbCount(t, s.URL, "trainee5"); n != 1 {
		t.Errorf("trainee5 after the import: %d load balancers, want the exported 1", n)
	}
	if code, _ := admin.Do(http.MethodGet, serverapi.TrainerClassPath, ""); code != http.StatusOK {
		t.Errorf("the trainer after the import: %d, want still logged in", code)
	}
}

// evalAwait evaluates a JavaScript expression whose value is a promise.
func evalAwait[T any](t testing.TB, b *browser, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// showTile scrolls the bounded tile grid until user's tile is in the
// document (it holds the rows in view only).
func showTile(t testing.TB, b *browser, user string) {
	t.Helper()
	if !evalAwait[bool](t, b, `(async () => { const box = document.querySelector("#tiles");
		for (let y = 0; y <= box.scrollHeight; y += 200) { box.scrollTop = y; await new Promise(r => setTimeout(r, 200));
			if (document.querySelector('`+tileSel(user)+`')) return true; } return false; })()`) {
		t.Fatalf("%s's tile is nowhere in the grid", user)
	}
}

// jsBody is a fetch body for the test's requests (none for a GET).
func jsBody(method, body string) string {
	if method == http.MethodGet || body == "" {
		return "undefined"
	}
	b, _ := json.Marshal(body)
	return string(b)
}
