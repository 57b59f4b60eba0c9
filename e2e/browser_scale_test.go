//go:build !js

package e2e

// The load balancer list at scale: the lab's scale-drill scenario (10,002
// load balancers in project demo) in Chromium. The list is complete, the
// document stays bounded, search and scrolling reach every row, and polls
// read single load balancers, never the whole list again.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/cmd/server/servertest"
)

const (
	// scaleDrill is the lab scenario with 10,002 load balancers in project demo.
	scaleDrill = "../labcloud/testdata/scale-drill.json"
	// scaleDrillCount is how many load balancers it gives project demo.
	scaleDrillCount = 10002
	// maxDOMRows is the most list rows the document may hold at once.
	maxDOMRows = 200
	// lbPath is the path of the load balancer collection as the browser asks it.
	lbPath = "/load-balancer/v2.0/lbaas/loadbalancers"
)

// startScaleConsole runs the server on the scale-drill lab, with its access
// log kept (started.Logs).
func startScaleConsole(tb testing.TB) *servertest.Server {
	tb.Helper()
	requireTools(tb)
	return startRun(tb, nil, "-web", webDir, "-lab-scenario", scaleDrill, "-lab-delay", servertest.LabDelay)
}

// openScaleList logs demo in to the scale drill's console at url, and waits
// until its list has counted every row and loaded.
func (b *browser) openScaleList(t testing.TB, url string) {
	t.Helper()
	b.login(t, url, "demo", "demo", "demo")
	b.waitJS(t, "all rows counted", fmt.Sprintf(`(document.querySelector("#lb-count") || {}).textContent === "%d load balancers"`, scaleDrillCount), 90*time.Second)
	b.waitJS(t, "the list loaded", `!document.querySelector("#lb-refresh").disabled`, 30*time.Second)
}

// accessGets counts, in the access log lines after offset, the GETs whose
// path is exactly path.
func accessGets(t testing.TB, logs string, offset int, path string) int {
	t.Helper()
	n := 0
	sc := bufio.NewScanner(strings.NewReader(logs[offset:]))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		var line struct{ Msg, Method, Path string }
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			continue // not a log line of ours
		}
		if line.Msg == "request" && line.Method == "GET" && line.Path == path {
			n++
		}
	}
	return n
}

// domRows is the JS expression of how many list rows the document holds.
const domRows = `document.querySelectorAll("tr.lb-row").length`

// scrollList scrolls the list's box to top (px; -1 = the bottom).
func scrollList(t testing.TB, b *browser, top int) {
	t.Helper()
	eval[bool](t, b, fmt.Sprintf(`(() => { const e = document.getElementById("lb-table");
		e.scrollTop = %d < 0 ? e.scrollHeight : %d; e.dispatchEvent(new Event("scroll")); return true; })()`, top, top))
}

// rowVisible is the JS expression: the row named name is in the document and
// inside the list's scroll box.
func rowVisible(name string) string {
	return fmt.Sprintf(`(() => { const box = document.getElementById("lb-table").getBoundingClientRect();
		for (const r of document.querySelectorAll("tr.lb-row")) {
			if (r.querySelector("td.name").textContent !== %q) continue;
			const b = r.getBoundingClientRect();
			return b.top >= box.top && b.bottom <= box.bottom + 1;
		} return false; })()`, name)
}

// TestBrowserListAtScale: 10,002 load balancers are counted, at most
// maxDOMRows rows are ever in the document, the last row is reached by
// scrolling and by search; with one load balancer pending, 15 s of polling
// read that load balancer only (no re-listing); and a detail page open
// during a create shares the operation wait's GET (one per 3 s together).
func TestBrowserListAtScale(t *testing.T) {
	t.Parallel()
	s := startScaleConsole(t)
	// the drill has trainees: the admin's password is random, on the console only
	lab := newLabAdmin(t, console{URL: s.URL, LabURL: s.URL, AdminPassword: servertest.BannerPassword(t, s.Printed(), "admin")})
	b := newBrowser(t)

	b.openScaleList(t, s.URL)
	if got := eval[int](t, b, `+document.getElementById("lb-table").dataset.rows`); got != scaleDrillCount {
		t.Errorf("rows in the bounded list: got %d, want %d", got, scaleDrillCount)
	}
	b.shotViewport(t, "40-scale-top")

	// Scrolling: the document stays bounded and the rows follow the scroll.
	for _, pos := range []struct {
		name string
		top  int    // px; -1 = the bottom
		want string // a row that must be visible there
	}{
		{"top", 0, "broken"},
		{"middle", 5000 * 33, "scale-05000"},
		{"bottom", -1, "web"}, // the last row by name
	} {
		scrollList(t, b, pos.top)
		b.waitJS(t, "row "+pos.want+" visible at the "+pos.name, rowVisible(pos.want), 10*time.Second)
		if got := eval[int](t, b, domRows); got > maxDOMRows || got == 0 {
			t.Errorf("%s: got %d rows in the document, want 1 to %d", pos.name, got, maxDOMRows)
		}
	}
	b.shotViewport(t, "41-scale-bottom")

	// Search covers every row: the last one, and a row from the middle.
	for _, q := range []struct{ query, want string }{{"web", "web"}, {"scale-09999", "scale-09999"}} {
		b.do(t, "search "+q.query, 10*time.Second, setInput("#lb-search", q.query))
		b.waitJS(t, "the search result "+q.want, rowVisible(q.want)+` && `+domRows+` === 1`, 10*time.Second)
	}

	// One load balancer pending among the 10,002, shown by a search: the
	// list re-reads the rows in view (that one row, by a filtered list read
	// of Octavia's order), one request per 3 s, and never GETs a row's
	// object on its own (issue 19: the rows in view follow both statuses).
	const stuck = "scale-05000"
	b.do(t, "search "+stuck, 10*time.Second, setInput("#lb-search", stuck))
	b.waitJS(t, stuck+" shown", rowStatus(stuck)+` === "ACTIVE"`, 10*time.Second)
	lab.Faults(t, fmt.Sprintf(`{"stuck": [%q, "ci-pending"]}`, stuck))
	b.waitJS(t, stuck+" pending without a Refresh", rowStatus(stuck)+` === "PENDING_UPDATE"`, 20*time.Second)
	// A refresh keeps the rows until the new list is whole: the count never
	// drops (it used to fall to 30 and grow back).
	eval[bool](t, b, `(() => { window.octaviewCounts = [];
		new MutationObserver(() => { const c = document.querySelector("#lb-count"); if (c) window.octaviewCounts.push(c.textContent); })
			.observe(document.body, {subtree: true, childList: true, characterData: true}); return true; })()`)
	b.do(t, "refresh", 10*time.Second, chromedp.Click(chromedp.ID("lb-refresh")))
	b.waitJS(t, "the refresh done", `!document.querySelector("#lb-refresh").disabled`, 60*time.Second)
	want := fmt.Sprintf("%d load balancers", scaleDrillCount)
	for _, c := range eval[[]string](t, b, `window.octaviewCounts`) {
		if c != want {
			t.Errorf("count during a refresh: got %q, want %q throughout", c, want)
			break
		}
	}
	id := eval[string](t, b, `document.querySelector("tr.lb-row").dataset.id`)
	sent := b.recordRequests(t)
	mark := len(s.Logs.String())
	time.Sleep(15 * time.Second)
	logs := s.Logs.String()
	// The live reads: the row in view, after its neighbour in Octavia's
	// order (the list's own re-read every 60 s may fall in the window too:
	// it starts from the top, without a marker).
	live := 0
	for _, r := range sent.matching(http.MethodGet, "") {
		u, err := url.Parse(r.URL)
		if err != nil || !strings.HasSuffix(u.Path, lbPath) || u.Query().Get("marker") == "" {
			continue
		}
		switch n, _ := strconv.Atoi(u.Query().Get("limit")); {
		case n == 1:
			live++
		case n > 1 && n <= 100: // a page of the whole list asks for Octavia's largest (no limit, or 1000)
			t.Errorf("a list read with one row in view: %s, want limit=1 (a live read of that row)", u.RawQuery)
		}
	}
	if live < 1 || live > 6 {
		t.Errorf("live reads in 15 s with one row in view: got %d, want 1 to 6 (the rows in view, at most one read per 3 s)", live)
	}
	if got := accessGets(t, logs, mark, lbPath+"/"+id); got != 0 {
		t.Errorf("GETs of the pending load balancer itself in 15 s: got %d, want 0 (the list reads the rows in view)", got)
	}
	if got := b.text(t, "#live"); !strings.Contains(got, "every 3 s") {
		t.Errorf("live indicator: got %q, want it to say live every 3 s", got)
	}
	b.shotViewport(t, "42-scale-one-pending")

	// A create that stays PENDING_CREATE, and its detail page open: the
	// page and the operation wait share one GET per 3 s.
	b.createLB(t, "ci-pending")
	b.waitJS(t, "the create wait", `!!document.querySelector(".op.op-waiting")`, 20*time.Second)
	b.do(t, "search ci-pending", 10*time.Second, setInput("#lb-search", "ci-pending"))
	b.waitJS(t, "ci-pending listed", rowStatus("ci-pending")+` === "PENDING_CREATE"`, 20*time.Second)
	created := eval[string](t, b, `document.querySelector("tr.lb-row").dataset.id`)
	b.do(t, "open ci-pending", 30*time.Second,
		chromedp.Click(chromedp.Search(`//td[@class="name"]/a[text()="ci-pending"]`)),
		chromedp.WaitVisible(chromedp.ID("tree-live")),
	)
	mark = len(s.Logs.String())
	time.Sleep(15 * time.Second)
	logs = s.Logs.String()
	if got := accessGets(t, logs, mark, lbPath+"/"+created+"/status"); got < 1 || got > 6 {
		t.Errorf("GETs of ci-pending's status tree in 15 s with its detail page and its create wait: got %d, want 1 to 6 (polled, at most one per 3 s, shared)", got)
	}
	if got := accessGets(t, logs, mark, lbPath+"/"+created); got != 0 {
		t.Errorf("GETs of ci-pending itself in 15 s while nothing changed: got %d, want 0 (the page and the wait read its status tree)", got)
	}
	// The page reads ci-pending itself every 3 s as a list of one
	// (?id=, app/detail/detail_live.go): at most one list GET per 3 s, never the
	// 10,002-row list again.
	if got := accessGets(t, logs, mark, lbPath); got > 6 {
		t.Errorf("list GETs in 15 s on the detail page: got %d, want at most 6 (its object's own poll, one per 3 s)", got)
	}
	b.shotViewport(t, "43-scale-detail-pending")
	b.noDialogs(t)
}
