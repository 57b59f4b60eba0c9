//go:build !js

package e2e

// Live means live (issue 19 §1): what the pages show follows Octavia's
// operating status as well as its provisioning status, from one read of
// the status tree per load balancer per 3 s, and the lists follow the rows
// in view with one request per 3 s whatever their number. The figures of
// the closing note (GETs per 3 s) come from these tests' logs.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// uuidRE is an object id in a path.
var uuidRE = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// upstreamGETs counts, in the access log lines after offset, the GETs the
// console's pages sent to Octavia and Neutron, by path with every id
// written {id} (".../loadbalancers/{id}/status").
func upstreamGETs(t testing.TB, logs string, offset int) map[string]int {
	t.Helper()
	out := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(logs[offset:]))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		var line struct{ Msg, Method, Path string }
		if json.Unmarshal(sc.Bytes(), &line) != nil || line.Msg != "request" || line.Method != "GET" {
			continue
		}
		if strings.HasPrefix(line.Path, "/load-balancer/") || strings.HasPrefix(line.Path, "/network/") {
			out[uuidRE.ReplaceAllString(line.Path, "{id}")]++
		}
	}
	return out
}

// perThree writes counts made over window as GETs per 3 s, by path.
func perThree(counts map[string]int, window time.Duration) string {
	var keys []string
	total := 0
	for k, n := range counts {
		keys = append(keys, k)
		total += n
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "%.2f GETs per 3 s in all", float64(total)*3/window.Seconds())
	for _, k := range keys {
		fmt.Fprintf(&b, "; %s %.2f", k, float64(counts[k])*3/window.Seconds())
	}
	return b.String()
}

// startLiveConsole runs the server on the browser tests' lab (startConsole)
// with extra flags, its access log kept.
func startLiveConsole(t testing.TB, extra ...string) *servertest.Server {
	t.Helper()
	requireTools(t)
	return servertest.StartLab(t, octaview, webDir, extra, nil, io.Discard)
}

// measureWindow is how long a count of polls runs: five intervals.
const measureWindow = 15 * time.Second

// TestBrowserLivePollCounts counts the GETs of one load balancer's page
// left open, then of the page while an operation waits on its load
// balancer.
func TestBrowserLivePollCounts(t *testing.T) {
	t.Parallel()
	s := startLiveConsole(t)
	c := console{URL: s.URL, LabURL: s.URL}
	lab, api := newLBAPI(t, c)
	shop := api.lbID(t, "shop-frontend")
	b := newBrowser(t)
	b.login(t, c.URL, "admin", "admin", "admin")
	b.waitJS(t, "the list of admin", `location.pathname === "/load-balancers" && !!document.querySelector("#who-user")`, 60*time.Second)

	b.goTo(t, "/load-balancers/"+shop)
	b.waitJS(t, "the status tree", `document.querySelectorAll("svg.status-tree g.tree-node").length >= 7`, 30*time.Second)
	time.Sleep(4 * time.Second) // the page's first reads are done
	mark := len(s.Logs.String())
	time.Sleep(measureWindow)
	t.Logf("one load balancer's page open: %s", perThree(upstreamGETs(t, s.Logs.String(), mark), measureWindow))

	b.do(t, "ask to fail over", 5*time.Second, chromedp.Click(chromedp.ID("lb-failover")))
	b.waitJS(t, "the failover's confirmation", `!!document.querySelector("#action-confirm[open]")`, 5*time.Second)
	b.do(t, "confirm the failover", 5*time.Second, chromedp.Click(chromedp.ID("action-confirm-btn")))
	failover := `Fail over load balancer "shop-frontend"`
	b.waitJS(t, "the failover's wait", opState(failover)+` === "waiting"`, 20*time.Second)
	lab.Faults(t, `{"stuck": ["shop-frontend"]}`) // the wait goes on while we count
	time.Sleep(4 * time.Second)
	mark = len(s.Logs.String())
	time.Sleep(measureWindow)
	t.Logf("the page and a wait on its load balancer: %s", perThree(upstreamGETs(t, s.Logs.String(), mark), measureWindow))
	lab.Faults(t, `{}`)
	b.waitJS(t, "the failover done", opState(failover)+` === "succeeded"`, 30*time.Second)
}

// TestBrowserLiveListCounts counts the GETs of the list of 10,002 load
// balancers left open.
func TestBrowserLiveListCounts(t *testing.T) {
	t.Parallel()
	s := startScaleConsole(t)
	b := newBrowser(t)
	b.openScaleList(t, s.URL)
	time.Sleep(4 * time.Second)
	sent := b.recordRequests(t)
	mark := len(s.Logs.String())
	time.Sleep(measureWindow)
	t.Logf("the list of %d open: %s", scaleDrillCount, perThree(upstreamGETs(t, s.Logs.String(), mark), measureWindow))
	// What each live read asks for: the rows in view, never the list.
	sent.mu.Lock()
	defer sent.mu.Unlock()
	for _, r := range sent.reqs {
		u, err := url.Parse(r.URL)
		if err != nil || r.Method != "GET" || !strings.HasSuffix(u.Path, "/lbaas/loadbalancers") {
			continue
		}
		q := u.Query()
		t.Logf("live read: limit=%s marker=%q sort=%s", q.Get("limit"), q.Get("marker"), q.Get("sort"))
		if n, err := strconv.Atoi(q.Get("limit")); err != nil || n < 1 || n > 100 {
			t.Errorf("a live read of the list asks for limit=%q, want 1 to 100 (the rows in view)", q.Get("limit"))
		}
	}
}

// liveStatusJS is the JS of what a page shows of object id: the status
// tree node's operating status class, the operating status in the
// property grid, and in the row of any table ("" where it is not shown).
func liveStatusJS(id string) string {
	return fmt.Sprintf(`(() => {
		const out = {node: "", props: "", rows: []};
		const n = document.querySelector('svg.status-tree g.tree-node[data-id=%[1]q] rect.tn-box');
		if (n) for (const c of n.classList) if (c.startsWith("op-st-")) out.node = c.slice(6);
		for (const dt of document.querySelectorAll("dl.props dt")) {
			if (/^operating status$/i.test(dt.textContent.trim())) out.props = dt.nextElementSibling.textContent.trim(); }
		for (const r of document.querySelectorAll('tr.res-row[data-id=%[1]q]')) out.rows.push(r.dataset.operating);
		return JSON.stringify(out); })()`, id)
}

// TestBrowserLiveMemberDown: a member forced down with the lab's fault API
// shows ERROR on its page (which names its pool's health monitor and says
// for how long), DEGRADED on its load balancer's page (tree, properties
// and the pools table agree) and in the list, each within 10 s of the
// fault, without a reload; the tab's title counts the objects in ERROR or
// DEGRADED; the pages go back to ONLINE when the member is up again.
func TestBrowserLiveMemberDown(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab, api := newLBAPI(t, c)
	shop := api.lbID(t, "shop-frontend")
	tree := api.tree(t, shop)
	down := fmt.Sprintf(`{"down_members": [%q]}`, tree.memberAddress)

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `location.pathname === "/load-balancers" && !!document.querySelector("tr.lb-row")`, 60*time.Second)

	// The list, open while the member goes down.
	b.waitJS(t, "shop-frontend ONLINE in the list", rowOperating("shop-frontend")+` === "ONLINE"`, 20*time.Second)
	b.waitJS(t, "the list live", `!!document.querySelector("#live.live")`, 20*time.Second)
	alerts := `(+((/^\((\d+) ERROR\/DEGRADED\)/.exec(document.title) || [])[1] || 0))`
	before := eval[int](t, b, alerts) // legacy-batch is in ERROR from the start
	lab.Faults(t, down)
	b.waitJS(t, "shop-frontend DEGRADED in the list without a reload", rowOperating("shop-frontend")+` === "DEGRADED"`, 10*time.Second)
	b.waitJS(t, "one more in the title's count", fmt.Sprintf(`%s === %d`, alerts, before+1), 10*time.Second)
	lab.Faults(t, `{}`)
	b.waitJS(t, "shop-frontend ONLINE again in the list", rowOperating("shop-frontend")+` === "ONLINE"`, 10*time.Second)

	// The load balancer's page: tree, properties and the pools table agree.
	b.goTo(t, "/load-balancers/"+shop)
	agree := func(what, lbWant, poolWant string) {
		t.Helper()
		defer func() {
			if t.Failed() {
				t.Logf("load balancer: %s; pool: %s", eval[string](t, b, liveStatusJS(shop)), eval[string](t, b, liveStatusJS(tree.pool)))
			}
		}()
		b.waitJS(t, what, fmt.Sprintf(`(() => { const lb = JSON.parse(%s), p = JSON.parse(%s);
			return lb.node === %q && lb.props === %q && p.node === %q && p.rows.length > 0 && p.rows.every(r => r === %q); })()`,
			liveStatusJS(shop), liveStatusJS(tree.pool), nodeTone[lbWant], lbWant, nodeTone[poolWant], poolWant), 10*time.Second)
	}
	b.waitJS(t, "the tree and the pools table", `document.querySelectorAll("svg.status-tree g.tree-node").length >= 7 && !!document.querySelector("tr.pool-row")`, 30*time.Second)
	agree("ONLINE everywhere on the load balancer's page", "ONLINE", "ONLINE")
	b.waitJS(t, "the page live", `!!document.querySelector("#tree-live.live") && !!document.querySelector("#obj-live.live")`, 10*time.Second)
	lab.Faults(t, down)
	agree("DEGRADED in the tree, the properties and the pools table, without a reload", "DEGRADED", "DEGRADED")
	b.waitJS(t, "the title counts them", `/^\(\d+ ERROR\/DEGRADED\)/.test(document.title)`, 5*time.Second)
	b.waitJS(t, "why: the member down, named by the pool's monitor", `/health monitor/i.test((document.querySelector("#why") || {}).textContent || "")`, 10*time.Second)
	lab.Faults(t, `{}`)
	agree("ONLINE again", "ONLINE", "ONLINE")
	b.waitJS(t, "the plain title", `!document.title.startsWith("(")`, 10*time.Second)

	// The member's page.
	b.goTo(t, "/pools/"+tree.pool+"/members/"+tree.member)
	b.waitJS(t, "the member ONLINE", fmt.Sprintf(`JSON.parse(%s).props === "ONLINE"`, liveStatusJS(tree.member)), 30*time.Second)
	b.waitJS(t, "the member's page live", `!!document.querySelector("#obj-live.live")`, 10*time.Second)
	lab.Faults(t, down)
	b.waitJS(t, "the member ERROR without a reload", fmt.Sprintf(`JSON.parse(%s).props === "ERROR"`, liveStatusJS(tree.member)), 10*time.Second)
	why := fmt.Sprintf(`(() => { const w = document.querySelector("#why"); if (!w) return false;
		const a = w.querySelector('a[href$=%q]');
		return !!a && /HTTP/.test(w.textContent) && /expect/i.test(w.textContent) && /for /.test(w.textContent); })()`, tree.monitor)
	b.waitJS(t, "why: its pool's monitor (type, URL, codes, link) and for how long", why, 10*time.Second)
	t.Logf("why: %s", b.text(t, "#why"))
	lab.Faults(t, `{}`)
	b.waitJS(t, "the member ONLINE again", fmt.Sprintf(`JSON.parse(%s).props === "ONLINE"`, liveStatusJS(tree.member)), 10*time.Second)

	// Octavia unavailable: the page says it is not live, why, and when
	// what it shows was read; live again once Octavia is back.
	lab.Faults(t, `{"octavia": "503"}`)
	b.waitJS(t, "not live, with the time of the last read", `(() => { const e = document.querySelector("#obj-live"); return !!e && !e.classList.contains("live") &&
		/^Not live: the read at \d\d:\d\d:\d\d UTC failed .*; shown as read at \d\d:\d\d:\d\d UTC$/.test(e.textContent); })()`, 15*time.Second)
	t.Logf("outage: %s", b.text(t, "#obj-live"))
	lab.Faults(t, `{}`)
	b.waitJS(t, "live again", `!!document.querySelector("#obj-live.live")`, 15*time.Second)
}

// nodeTone is the colour class of a status tree node in an operating
// status (statusClass).
var nodeTone = map[string]string{"ONLINE": "ok", "DEGRADED": "warn", "ERROR": "error"}

// rowOperating is the JS of the operating status of the list row named
// name ("" when there is none).
func rowOperating(name string) string {
	return fmt.Sprintf(`(() => { for (const r of document.querySelectorAll("tr.lb-row")) {
		if (r.querySelector("td.name").textContent === %q) return r.dataset.operating; } return ""; })()`, name)
}

// TestBrowserLiveTabsShareOnePoll (issue 21 goal 4): two tabs of one
// browser on the same load balancer's page make one GET of its status tree
// (and of its stats) per 3 s, not two: one tab leads, the other shows the
// leader's answers, and sees a member go down as soon as the leader reads
// it; when the leader's tab closes, the other takes the poll over.
// liveTreeJS: the load balancer page's status tree is drawn (the live
// lab's shop-frontend has at least 7 nodes) and live.
const liveTreeJS = `document.querySelectorAll("svg.status-tree g.tree-node").length >= 7 && !!document.querySelector("#tree-live.live")`

// openTreeTab opens url, a load balancer's page, in a tab of b's own
// (closing it closes that tab, not the browser) named name in the log, and
// waits for its live status tree. The tab's exceptions are logged: a tab
// nobody listens to stays blank.
func (b *browser) openTreeTab(t testing.TB, name, url string) (*browser, func()) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	tab := &browser{ctx: ctx}
	chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			t.Logf("%s: exception %v", name, e.ExceptionDetails)
		}
	})
	tab.do(t, "open the page in "+name, 60*time.Second, chromedp.Navigate(url))
	tab.waitJS(t, "the tree in "+name, liveTreeJS, 60*time.Second)
	return tab, cancel
}

func TestBrowserLiveTabsShareOnePoll(t *testing.T) {
	t.Parallel()
	s := startLiveConsole(t)
	c := console{URL: s.URL, LabURL: s.URL}
	lab, api := newLBAPI(t, c)
	shop := api.lbID(t, "shop-frontend")
	path := "/load-balancers/" + shop

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `location.pathname === "/load-balancers" && !!document.querySelector("tr.lb-row")`, 60*time.Second)

	// Two tabs of their own. The first to open the page asks first for the
	// poll's lock: it leads.
	leader, closeLeader := b.openTreeTab(t, "the leading tab", c.URL+path)
	defer closeLeader()
	follower, closeFollower := b.openTreeTab(t, "the following tab", c.URL+path)
	defer closeFollower()
	if !eval[bool](t, follower, `typeof BroadcastChannel === "function" && !!navigator.locks`) {
		t.Fatal("the tab has no BroadcastChannel or Web Locks (not a secure context?)")
	}

	statusPath := uuidRE.ReplaceAllString("/load-balancer/v2.0/lbaas/loadbalancers/"+shop+"/status", "{id}")
	statsPath := uuidRE.ReplaceAllString("/load-balancer/v2.0/lbaas/loadbalancers/"+shop+"/stats", "{id}")
	time.Sleep(4 * time.Second)
	mark := len(s.Logs.String())
	time.Sleep(measureWindow)
	counts := upstreamGETs(t, s.Logs.String(), mark)
	t.Logf("two tabs on one load balancer's page: %s", perThree(counts, measureWindow))
	// One poll per 3 s: 5 in 15 s (6 with a poll at each end); two tabs
	// polling each by itself make 10.
	if n := counts[statusPath]; n < 1 || n > 6 {
		t.Errorf("GETs of the status tree in 15 s with two tabs open: got %d, want 1 to 6 (one poll shared by the tabs)", n)
	}
	if n := counts[statsPath]; n < 1 || n > 6 {
		t.Errorf("GETs of the stats in 15 s with two tabs open: got %d, want 1 to 6 (one poll shared by the tabs)", n)
	}

	// Both tabs see a member go down from the one poll.
	lab.Faults(t, `{"down_members": ["10.0.0.11"]}`)
	degraded := fmt.Sprintf(`JSON.parse(%s).props === "DEGRADED"`, liveStatusJS(shop))
	leader.waitJS(t, "DEGRADED in the leading tab", degraded, 10*time.Second)
	follower.waitJS(t, "DEGRADED in the following tab", degraded, 10*time.Second)

	// The leading tab closes: the browser hands its lock to the other,
	// which polls from then on and keeps its page live.
	closeLeader()
	time.Sleep(4 * time.Second)
	mark = len(s.Logs.String())
	time.Sleep(measureWindow)
	counts = upstreamGETs(t, s.Logs.String(), mark)
	t.Logf("the leading tab closed: %s", perThree(counts, measureWindow))
	if n := counts[statusPath]; n < 2 || n > 6 {
		t.Errorf("GETs of the status tree in 15 s once the leading tab closed: got %d, want 2 to 6 (the other tab polls)", n)
	}
	lab.Faults(t, `{}`)
	follower.waitJS(t, "ONLINE again in the remaining tab", fmt.Sprintf(`JSON.parse(%s).props === "ONLINE"`, liveStatusJS(shop)), 10*time.Second)
	follower.waitJS(t, "the remaining tab live", `!!document.querySelector("#tree-live.live")`, 5*time.Second)
}
