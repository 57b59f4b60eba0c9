//go:build !js

package e2e

// The live stats of a load balancer in Chromium (issue 11 §4): the figures
// shown are Octavia's, the chart moves with each poll, a view costs one GET
// of the stats per 3 s and none once it is gone, and the panel reads well
// in both colour schemes.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/app/serverapi"
)

// statsFigures are the stats of a load balancer, as Octavia's API and as
// the panel (data-value of each figure) give them.
type statsFigures struct {
	BytesIn           int64 `json:"bytes_in"`
	BytesOut          int64 `json:"bytes_out"`
	ActiveConnections int64 `json:"active_connections"`
	TotalConnections  int64 `json:"total_connections"`
	RequestErrors     int64 `json:"request_errors"`
}

// fields are the figures by Octavia's field names.
func (f statsFigures) fields() map[string]int64 {
	return map[string]int64{"bytes_in": f.BytesIn, "bytes_out": f.BytesOut, "active_connections": f.ActiveConnections,
		"total_connections": f.TotalConnections, "request_errors": f.RequestErrors}
}

// apiStats reads the load balancer's stats from Octavia through the console,
// from the page, with the page's session (the same token the app uses).
func apiStats(t testing.TB, b *browser, id string) statsFigures {
	t.Helper()
	js := fmt.Sprintf(`fetch(%q, {headers: {"X-Auth-Token": %q, %q: "1"}}).then(r => r.ok ? r.text() : Promise.reject(r.status))`,
		lbPath+"/"+id+"/stats", serverapi.SessionToken, serverapi.SessionHeader)
	body, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("GET the stats of %s: %v", id, err)
	}
	var doc struct {
		Stats statsFigures `json:"stats"`
	}
	if err := json.Unmarshal([]byte(body), &doc); err != nil {
		t.Fatalf("stats of %s: %v in %s", id, err, body)
	}
	return doc.Stats
}

// shownStats are the figures the panel shows (their exact data-value).
func shownStats(t testing.TB, b *browser) statsFigures {
	t.Helper()
	body := eval[string](t, b, `JSON.stringify(Object.fromEntries([...document.querySelectorAll(".stats-panel .stats-figure")]
		.map(f => [f.dataset.stat, +f.querySelector(".stats-value").dataset.value])))`)
	var f statsFigures
	if err := json.Unmarshal([]byte(body), &f); err != nil {
		t.Fatalf("figures shown: %v in %s", err, body)
	}
	return f
}

// statsPolls is the JS expression of how many polls the panel has taken.
const statsPolls = `+((document.querySelector(".stats-panel") || {dataset: {}}).dataset.polls || 0)`

// linePoints is the JS expression of how many points the chart's bytes-in
// line has (every stretch of it).
const linePoints = `[...document.querySelectorAll('.stats-chart[data-chart="traffic"] .stats-svg-wide polyline[data-series="in"]')]
	.reduce((n, p) => n + p.points.numberOfItems, 0)`

// waitPolls waits until the panel has taken n more polls than now.
func waitPolls(t testing.TB, b *browser, n int) {
	t.Helper()
	now := eval[int](t, b, statsPolls)
	b.waitJS(t, fmt.Sprintf("%d more polls of the stats", n), fmt.Sprintf(`%s >= %d`, statsPolls, now+n), time.Duration(n)*3*time.Second+15*time.Second)
}

// TestBrowserStats: on shop-frontend's page (a listener and members: the
// lab's data plane makes its counters grow) the panel shows Octavia's
// figures, between an API read before and one after; its chart gains a
// point per poll; one view makes one GET of the stats per 3 s, going to the
// list and back leaves no second poll behind, the list makes none, and a
// second tab (its own app) adds its own one; screenshots light and dark,
// and axe-core finds nothing on the page.
func TestBrowserStats(t *testing.T) {
	t.Parallel()
	s := startLiveConsole(t)
	b := newBrowser(t)

	b.login(t, s.URL, "demo", "demo", "demo")
	b.waitJS(t, "the load balancer list", `document.querySelectorAll("tr.lb-row").length >= 5`, 30*time.Second)
	id := eval[string](t, b, `[...document.querySelectorAll("tr.lb-row")].find(r => r.querySelector("td.name").textContent === "shop-frontend").dataset.id`)
	openDetail := func() {
		b.do(t, "open shop-frontend", 30*time.Second,
			chromedp.Click(chromedp.Search(`//td[@class="name"]/a[text()="shop-frontend"]`)),
			chromedp.WaitVisible(chromedp.CSS(`.stats-panel .stats-figure`)),
		)
	}
	openDetail()
	if got := eval[string](t, b, `document.querySelector(".stats-panel").dataset.kind`); got != "loadbalancer" {
		t.Errorf("panel kind: got %q, want loadbalancer", got)
	}

	// The figures shown are Octavia's: between a read of the API made before
	// the poll they come from and one made after.
	before := apiStats(t, b, id)
	waitPolls(t, b, 2) // the second poll began after the read before
	shown := shownStats(t, b)
	after := apiStats(t, b, id)
	if after.TotalConnections <= before.TotalConnections {
		t.Fatalf("the lab's counters did not grow: before %+v, after %+v", before, after)
	}
	for field, got := range shown.fields() {
		lo, hi := before.fields()[field], after.fields()[field]
		if got < min(lo, hi) || got > max(lo, hi) {
			t.Errorf("%s shown: got %d, want the API's, between %d (read before) and %d (read after)", field, got, lo, hi)
		}
	}
	if got := b.text(t, `.stats-figure[data-stat="bytes_in"] .stats-rate`); !strings.HasSuffix(got, "B/s") {
		t.Errorf("bytes in rate: got %q, want a rate in B/s", got)
	}

	// The chart moves: two polls, two more points on its line.
	n0 := eval[int](t, b, linePoints)
	waitPolls(t, b, 2)
	if n1 := eval[int](t, b, linePoints); n1 < n0+2 {
		t.Errorf("points of the bytes-in line after 2 polls: got %d, want at least %d (it had %d)", n1, n0+2, n0)
	}
	title := eval[string](t, b, `document.querySelector('.stats-chart[data-chart="traffic"] .stats-svg-wide > title').textContent`)
	if label := eval[string](t, b, `document.querySelector('.stats-chart[data-chart="traffic"] .stats-svg-wide').getAttribute("aria-label")`); label != title ||
		!strings.Contains(title, "bytes in") || !strings.Contains(title, "B/s") {
		t.Errorf("chart title %q, aria-label %q: want the same summary of the latest rates", title, label)
	}
	// The page, then the panel alone, in each view (the chart's labels must
	// read at every size, in both schemes).
	b.shot(t, "50-stats-light")
	for _, v := range views {
		b.emulate(t, v)
		if v.name == "dark" {
			b.shot(t, "51-stats-dark")
		}
		b.save(t, "52-stats-panel-"+v.name, chromedp.Screenshot(chromedp.CSS(".stats-panel")))
	}
	b.emulate(t, views[0])

	// One view: one GET of the stats per 3 s.
	statsPath := lbPath + "/" + id + "/stats"
	const window = 15 * time.Second
	count := func(what string, lo, hi int) int {
		t.Helper()
		mark := len(s.Logs.String())
		time.Sleep(window)
		got := accessGets(t, s.Logs.String(), mark, statsPath)
		if got < lo || got > hi {
			t.Errorf("stats GETs in %v with %s: got %d, want %d to %d", window, what, got, lo, hi)
		}
		t.Logf("stats GETs in %v with %s: %d", window, what, got)
		return got
	}
	count("one view", 4, 6)

	// To the list and back, twice: the panels gone left the poll, so the
	// one shown now polls alone.
	for range 2 {
		b.do(t, "back to the list", 30*time.Second,
			chromedp.Click(chromedp.Search(`//a[text()="← All load balancers"]`)),
			chromedp.WaitVisible(chromedp.CSS(`tr.lb-row`)),
		)
		openDetail()
	}
	count("one view, after going to the list and back twice", 4, 6)

	// The list shows no stats: no GET of them.
	b.do(t, "back to the list", 30*time.Second,
		chromedp.Click(chromedp.Search(`//a[text()="← All load balancers"]`)),
		chromedp.WaitVisible(chromedp.CSS(`tr.lb-row`)),
	)
	time.Sleep(time.Second) // a GET in flight when the panel left
	count("no view (the list)", 0, 0)
	openDetail()

	// A second tab is a second app, but the tabs of one browser share
	// their polls (app/internal/console/crosstab.go): it adds no GET.
	tab, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	second := &browser{ctx: tab}
	second.do(t, "open shop-frontend in a second tab", 60*time.Second,
		chromedp.Navigate(s.URL+"/load-balancers/"+id),
		chromedp.WaitVisible(chromedp.CSS(`.stats-panel .stats-figure`)),
	)
	count("two tabs", 1, 6)
	cancel()

	b.audit(t, "stats")
	b.noDialogs(t)
}
