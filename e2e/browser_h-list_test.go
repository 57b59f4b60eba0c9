//go:build !js

package e2e

// Lists an operator works with (issue 30): a DEGRADED load balancer found
// among the scale drill's 10,002 by its count, the "Needs attention"
// filter and the Operating column's sort; a load balancer created and
// deleted with the real openstack CLI shown in an open list within a few
// polls, what following the set of rows costs on 1,999 rows, and two tabs
// sharing it; the first Tab stops of a list reaching its first row.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// rowsShown is the JS expression of how many rows the list's table holds
// (its bounded list's count, not the rows in the document).
const rowsShown = `+((document.getElementById("lb-table") || {dataset: {}}).dataset.rows || -1)`

// summaryItems is the JS expression of the list's summary counts, each
// with the status it counts (its title): "1 degraded=Operating status DEGRADED".
const summaryItems = `[...document.querySelectorAll(".summary .sum-item")].map(e => e.textContent + "=" + e.title)`

// TestBrowserListAttentionAtScale: among the scale drill's 10,002 load
// balancers, the header counts the DEGRADED one (web, a member down) apart
// from the one in ERROR, "Needs attention" shows exactly those two and
// stays in the URL through a reload, and the Operating column sorts web
// first; the list says how old its set of rows is, and a load balancer
// created through the API is counted within 10 s.
func TestBrowserListAttentionAtScale(t *testing.T) {
	t.Parallel()
	s := startScaleConsole(t)
	b := newBrowser(t)
	b.openScaleList(t, s.URL)
	b.waitJS(t, "web DEGRADED in the counts", `document.querySelector(".summary").textContent.includes("1 degraded")`, 20*time.Second)

	items := eval[[]string](t, b, summaryItems)
	for _, want := range []string{"1 provisioning error=Provisioning status ERROR",
		"1 degraded=Operating status DEGRADED", "1 error=Operating status ERROR"} {
		if !strings.Contains(strings.Join(items, "|"), want) {
			t.Errorf("summary counts %q: want %q", items, want)
		}
	}
	if got := b.text(t, ".summary .sum-attention"); got != "2 need attention" {
		t.Errorf("the attention count: got %q, want \"2 need attention\" (web DEGRADED, broken ERROR)", got)
	}
	if got := b.text(t, "#lb-rows-age"); !strings.HasPrefix(got, "rows re-read ") || !strings.HasSuffix(got, " ago") {
		t.Errorf("a list of %d rows: got freshness %q, want \"rows re-read N s ago\"", scaleDrillCount, got)
	}
	b.shotViewport(t, "h-list-scale-counts")

	b.do(t, "show what needs attention", 10*time.Second, selectValue("#lb-status-filter", "attention"))
	b.waitJS(t, "two rows", rowsShown+` === 2`, 10*time.Second)
	names := eval[[]string](t, b, `[...document.querySelectorAll("tr.lb-row")].map(r => r.querySelector("td.name").textContent + ":" + r.dataset.operating)`)
	if strings.Join(names, ",") != "broken:ERROR,web:DEGRADED" {
		t.Errorf("needs attention among %d: got %v, want broken (ERROR) and web (DEGRADED)", scaleDrillCount, names)
	}
	if got := eval[string](t, b, `location.search`); got != "?show=attention" {
		t.Errorf("the URL with the filter: got %q, want ?show=attention", got)
	}
	b.shotViewport(t, "h-list-scale-attention")

	b.do(t, "reload", 30*time.Second, chromedp.Reload())
	b.waitJS(t, "the filter kept through a reload", `(document.querySelector("#lb-status-filter") || {}).value === "attention" && `+rowsShown+` === 2`, 90*time.Second)

	b.do(t, "show any status", 10*time.Second, selectValue("#lb-status-filter", ""))
	b.waitJS(t, "every row", rowsShown+fmt.Sprintf(` === %d`, scaleDrillCount), 10*time.Second)
	if got := eval[string](t, b, `location.search`); got != "" {
		t.Errorf("the URL without the filter: got %q, want none", got)
	}
	b.do(t, "sort by operating status", 10*time.Second, chromedp.Click(chromedp.Search(`//th/button[starts-with(text(),"Operating")]`)))
	b.waitJS(t, "web first", `document.querySelector("tr.lb-row td.name").textContent === "web"`, 10*time.Second)
	if got := eval[string](t, b, `document.querySelector("tr.lb-row").dataset.operating`); got != "DEGRADED" {
		t.Errorf("first row by operating status: got %s, want DEGRADED", got)
	}

	// A load balancer created elsewhere shows among the 10,002 too: the
	// list reads its newest ids every 3 s.
	createDemoLB(t, s.URL, "scale-new")
	start := time.Now()
	b.waitJS(t, "scale-new counted", fmt.Sprintf(`(document.querySelector("#lb-count") || {}).textContent === "%d load balancers"`, scaleDrillCount+1), 10*time.Second)
	t.Logf("created through the API: counted among %d %v after", scaleDrillCount+1, time.Since(start).Round(100*time.Millisecond))
	b.do(t, "search scale-new", 10*time.Second, setInput("#lb-search", "scale-new"))
	b.waitJS(t, "scale-new listed", rowStatus("scale-new")+` !== ""`, 10*time.Second)
}

// TestBrowserListShowsCLIWrites: a load balancer the real openstack CLI
// creates appears in an open list within 10 s, and disappears within 10 s
// once the CLI deleted it, with no Refresh and no reload.
func TestBrowserListShowsCLIWrites(t *testing.T) {
	t.Parallel()
	requireTools(t)
	openstack, err := exec.LookPath("openstack")
	if err != nil {
		t.Fatalf("the OpenStack CLI is needed (make deps): %v", err)
	}
	c := startConsole(t)
	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `document.querySelectorAll("tr.lb-row").length >= 3 && !document.querySelector("#lb-refresh").disabled`, 60*time.Second)
	b.waitJS(t, "live", `(document.querySelector("#live") || {textContent: ""}).textContent.startsWith("live")`, 20*time.Second)
	if eval[bool](t, b, `!!document.querySelector("#lb-rows-age")`) {
		t.Errorf("a short list says how old its rows are: want it to follow its set of rows instead")
	}
	eval[bool](t, b, `window.__noReload = true`)

	home := t.TempDir()
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8",
		"OS_AUTH_URL=" + c.URL + "/identity/v3", "OS_IDENTITY_API_VERSION=3",
		"OS_USERNAME=demo", "OS_PASSWORD=demo", "OS_PROJECT_NAME=demo",
		"OS_USER_DOMAIN_NAME=Default", "OS_PROJECT_DOMAIN_NAME=Default", "OS_REGION_NAME=RegionOne", "OS_INTERFACE=public"}
	servertest.RunCLI(t, openstack, home, env, "loadbalancer", "create", "--name", "made-elsewhere", "--vip-subnet-id", "demo-subnet")
	start := time.Now()
	b.waitJS(t, "the CLI's load balancer in the list", rowStatus("made-elsewhere")+` !== ""`, 10*time.Second)
	t.Logf("created with the CLI: in the list %v after the CLI returned", time.Since(start).Round(100*time.Millisecond))
	b.shotViewport(t, "h-list-cli-created")

	b.waitJS(t, "made-elsewhere ACTIVE", rowStatus("made-elsewhere")+` === "ACTIVE"`, 60*time.Second)
	servertest.RunCLI(t, openstack, home, env, "loadbalancer", "delete", "made-elsewhere")
	start = time.Now()
	b.waitJS(t, "the CLI's load balancer gone from the list", rowStatus("made-elsewhere")+` === ""`, 10*time.Second)
	t.Logf("deleted with the CLI: gone from the list %v after the CLI returned", time.Since(start).Round(100*time.Millisecond))
	if !eval[bool](t, b, `window.__noReload === true`) {
		t.Error("the page reloaded")
	}
}

// TestBrowserListTabStops: the list's first Tab stop after "Skip to
// content" is "Skip to rows", which puts the focus on the first row's
// link; without it, the column sorts are one Tab stop (the arrow keys move
// between them), so the first row is the seventh stop of the content at
// most.
func TestBrowserListTabStops(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `document.querySelectorAll("tr.lb-row").length >= 3 && !document.querySelector("#lb-refresh").disabled`, 60*time.Second)
	firstRowLink := `document.activeElement === document.querySelector("tr.lb-row td.name a")`

	if !b.tabToSkipLink(t, ".app") {
		t.FailNow()
	}
	b.followSkipLink(t)
	if got := b.pressTab(t, false); got != "#lb-skip-rows" {
		t.Fatalf("first Tab stop of the content: got %q, want #lb-skip-rows", got)
	}
	if !eval[bool](t, b, focusVisible) {
		t.Errorf("Skip to rows shows no focus")
	}
	b.shotViewport(t, "h-list-skip-rows")
	b.do(t, "skip to rows", 5*time.Second, chromedp.KeyEvent(kb.Enter))
	b.waitJS(t, "the focus on the first row's link", firstRowLink, 5*time.Second)

	// Without the skip link: search, status filter, Refresh, Create, the
	// "need attention" count (a button), one sort button, the first row.
	b.focusStart(t, "#content")
	var stops []string
	for range 12 {
		stops = append(stops, b.pressTab(t, false))
		if eval[bool](t, b, firstRowLink) {
			break
		}
	}
	want := []string{"#lb-skip-rows", "#lb-search", "#lb-status-filter", "#lb-refresh", "#lb-create"}
	if eval[bool](t, b, `!!document.querySelector(".sum-attention")`) { // the lab's demo project has a load balancer in ERROR
		want = append(want, ".sum-item.sum-attention")
	}
	want = append(want, "#lb-table-sort-0")
	if len(stops) != len(want)+1 || strings.Join(stops[:len(want)], " ") != strings.Join(want, " ") || !eval[bool](t, b, firstRowLink) {
		t.Errorf("Tab stops to the first row: got %v, want %v then the first row's link", stops, want)
	}

	// The arrow keys move between the column sorts; each sorts on Enter.
	eval[bool](t, b, `(document.querySelector("tr.lb-row td.name a").focus(), true)`)
	if got := b.pressTab(t, true); got != "#lb-table-sort-0" {
		t.Fatalf("Shift+Tab back from the first row: got %q, want the one sort Tab stop", got)
	}
	cols := eval[int](t, b, `document.querySelectorAll("#lb-table th button.th-sort").length`)
	for i := 1; i < cols; i++ {
		b.do(t, "arrow right", 5*time.Second, chromedp.KeyEvent(kb.ArrowRight))
		b.waitJS(t, fmt.Sprintf("sort button %d focused", i), fmt.Sprintf(`document.activeElement && document.activeElement.id === "lb-table-sort-%d"`, i), 5*time.Second)
	}
	b.do(t, "home", 5*time.Second, chromedp.KeyEvent(kb.Home))
	b.waitJS(t, "the first sort focused", `document.activeElement && document.activeElement.id === "lb-table-sort-0"`, 5*time.Second)
}

// sweepCostCount is the load balancers of TestBrowserListSweepCost: a list
// just under the longest whose set of rows is read every 3 s (2,000).
const sweepCostCount = 1999

// TestBrowserListSweepCost counts what a list of 1,999 load balancers
// sends to follow its set of rows and the rows in view, for 15 s once
// loaded: reads of its ids (fields=id, two pages of 1,000 per poll) and
// live reads of the rows in view, at most one poll of each per 3 s (5 in
// 15 s, 6 with a poll at each end), and no read of the whole list's rows.
// It logs the GETs per minute (docs/user-guide.md cites them).
func TestBrowserListSweepCost(t *testing.T) {
	t.Parallel()
	scenario, err := json.Marshal(map[string]any{"load_balancers": []any{map[string]any{"project": "demo", "name": "bulk", "count": sweepCostCount}}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sweep-cost.json")
	if err := os.WriteFile(path, scenario, 0o644); err != nil {
		t.Fatal(err)
	}
	requireTools(t)
	s := startRun(t, nil, "-web", webDir, "-lab-scenario", path, "-lab-delay", servertest.LabDelay)
	b := newBrowser(t)
	b.login(t, s.URL, "demo", "demo", "demo")
	b.waitJS(t, "all rows counted", fmt.Sprintf(`(document.querySelector("#lb-count") || {}).textContent === "%d load balancers"`, sweepCostCount), 90*time.Second)
	b.waitJS(t, "the list loaded", `!document.querySelector("#lb-refresh").disabled`, 30*time.Second)
	sent := b.recordRequests(t)
	const window = 15 * time.Second
	time.Sleep(window)
	ids, live, whole := 0, 0, 0
	for _, r := range sent.matching(http.MethodGet, "") {
		u, err := url.Parse(r.URL)
		if err != nil || !strings.HasSuffix(u.Path, lbPath) {
			continue
		}
		q := u.Query()
		switch {
		case strings.Join(q["fields"], ",") == "id":
			ids++
		case q.Get("marker") != "" || q.Get("limit") != "" && q.Get("limit") != "1000":
			live++
		default:
			whole++
		}
	}
	t.Logf("a list of %d load balancers, %v: %d GETs of ids, %d live reads of the rows in view, %d other list reads (%.0f GETs a minute)",
		sweepCostCount, window, ids, live, whole, float64(ids+live+whole)*float64(time.Minute)/float64(window))
	if ids < 2 || ids > 12 {
		t.Errorf("GETs of ids in %v: got %d, want 2 to 12 (two pages per poll, at most one poll per 3 s)", window, ids)
	}
	if live < 1 || live > 6 {
		t.Errorf("live reads in %v: got %d, want 1 to 6", window, live)
	}
	if whole != 0 {
		t.Errorf("reads of the whole list's rows in %v: got %d, want 0 (its set of rows is read by ids)", window, whole)
	}
	if eval[bool](t, b, `!!document.querySelector("#lb-rows-age")`) {
		t.Errorf("a list of %d rows says how old its rows are: want it to follow its set of rows instead", sweepCostCount)
	}
}

// TestBrowserListTabsShareSweep: two tabs of one browser on the same list
// read its ids once per 3 s between them, not once each (the leading tab
// reads, the other takes its answers), and both show a load balancer
// created through the API within 10 s.
func TestBrowserListTabsShareSweep(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	listJS := `document.querySelectorAll("tr.lb-row").length >= 3 && !document.querySelector("#lb-refresh").disabled`
	b.waitJS(t, "the list", listJS, 60*time.Second)

	var tabs []*browser
	for _, name := range []string{"the first tab", "the second tab"} {
		ctx, cancel := chromedp.NewContext(b.ctx)
		t.Cleanup(cancel)
		// Listen opens the tab on ctx itself: it lives as long as ctx, not a
		// timeout's child.
		if err := chromedp.Listen(ctx, func(any) {}); err != nil {
			t.Fatal(err)
		}
		tab := &browser{ctx: ctx}
		tab.do(t, "open the list in "+name, 60*time.Second, chromedp.Navigate(c.URL+"/load-balancers"))
		tab.waitJS(t, "the list in "+name, listJS, 60*time.Second)
		tabs = append(tabs, tab)
	}
	b.do(t, "leave the list in the login's tab", 30*time.Second, chromedp.Navigate("about:blank"))
	if !eval[bool](t, tabs[1], `typeof BroadcastChannel === "function" && !!navigator.locks`) {
		t.Fatal("the tab has no BroadcastChannel or Web Locks (not a secure context?)")
	}
	time.Sleep(4 * time.Second)
	// Each tab counts its own reads of ids, as its fetch() sends them (the
	// Go program's requests go through window.fetch).
	for _, tab := range tabs {
		eval[bool](t, tab, `(() => { window.__idReads = []; const f = window.fetch;
			window.fetch = (u, o) => { if (new URL(String(u.url || u), location.href).searchParams.getAll("fields").join() === "id") window.__idReads.push(Date.now() % 60000 / 1000); return f(u, o); };
			return true; })()`)
	}
	const window = 15 * time.Second
	time.Sleep(window)
	idReads := 0
	var per []string
	for i, tab := range tabs {
		at := eval[[]float64](t, tab, `window.__idReads`)
		idReads += len(at)
		per = append(per, fmt.Sprintf("tab %d at %v", i+1, at))
	}
	t.Logf("two tabs on the list, %v: %d reads of its ids (%s)", window, idReads, strings.Join(per, "; "))
	// One poll per 3 s: 5 in 15 s (6 with a poll at each end); two tabs
	// reading each by itself make 10.
	if idReads < 1 || idReads > 6 {
		t.Errorf("reads of the list's ids in %v with two tabs open: got %d, want 1 to 6 (one poll shared by the tabs)", window, idReads)
	}

	createDemoLB(t, c.URL, "made-by-api")
	for i, tab := range tabs {
		tab.waitJS(t, fmt.Sprintf("made-by-api in tab %d", i+1), rowStatus("made-by-api")+` !== ""`, 10*time.Second)
	}
}

// createDemoLB creates a load balancer named name on demo-subnet through
// the lab's API at url, as the demo user (not through the console).
func createDemoLB(t *testing.T, url, name string) {
	t.Helper()
	tok := servertest.LabLogin(t, url, "demo", "demo", "demo")
	var subnets struct{ Subnets []struct{ ID string } }
	servertest.GetJSON(t, http.MethodGet, url+"/network/v2.0/subnets?name=demo-subnet", tok, "", &subnets)
	if len(subnets.Subnets) == 0 {
		t.Fatal("no demo-subnet")
	}
	if resp := servertest.GetJSON(t, http.MethodPost, url+"/load-balancer/v2/lbaas/loadbalancers", tok,
		`{"loadbalancer": {"name": "`+name+`", "vip_subnet_id": "`+subnets.Subnets[0].ID+`"}}`, nil); resp.StatusCode != http.StatusCreated {
		t.Fatalf("the API's create: %d", resp.StatusCode)
	}
}
