//go:build !js

package e2e

// The load balancer's depth in the browser (issue 11 §2, §3, §5; issue 10's
// status tree links): the status tree's nodes as links, edit and unset,
// failover of the load balancer and of one amphora (admin), Retry when
// ACTIVE after a 409, the tags editor, and the tags race with a second
// writer.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/octaview/octaview/cmd/server/servertest"
	"github.com/octaview/octaview/octavia"
)

// sentRequest is one request the page sent, and when.
type sentRequest struct {
	Method, URL, Body string
	At                time.Time
}

// requestLog records the requests a browser's page sends.
type requestLog struct {
	mu    sync.Mutex
	reqs  []sentRequest
	taken int // how many of reqs listGets has seen
}

// recordRequests starts recording the page's requests.
func (b *browser) recordRequests(t testing.TB) *requestLog {
	t.Helper()
	l := &requestLog{}
	l.listen(t, b)
	return l
}

// listen records b's requests in l from now on.
func (l *requestLog) listen(t testing.TB, b *browser) {
	t.Helper()
	if err := chromedp.Listen(b.ctx, func(ev any) {
		e, ok := ev.(*network.EventRequestWillBeSent)
		if !ok {
			return
		}
		var body strings.Builder
		for _, p := range e.Request.PostDataEntries {
			body.Write(p.Bytes)
		}
		l.mu.Lock()
		l.reqs = append(l.reqs, sentRequest{Method: e.Request.Method, URL: e.Request.URL, Body: body.String(),
			At: time.UnixMicro(int64(e.WallTime.Float64() * 1e6))})
		l.mu.Unlock()
	}); err != nil {
		t.Fatal(err)
	}
}

// matching are the recorded requests of method whose URL ends with suffix.
func (l *requestLog) matching(method, suffix string) []sentRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []sentRequest
	for _, r := range l.reqs {
		if r.Method == method && strings.HasSuffix(r.URL, suffix) {
			out = append(out, r)
		}
	}
	return out
}

// goTo opens path inside the app (go-app's own navigation: no reload).
func (b *browser) goTo(t testing.TB, path string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const a = document.createElement("a"); a.href = %q;
		document.body.appendChild(a); a.click(); a.remove(); return true; })()`, path)
	eval[bool](t, b, js)
	b.waitJS(t, "the page "+path, fmt.Sprintf(`location.pathname === %q`, path), 20*time.Second)
}

// opState is the JS expression of the state ("waiting", "succeeded",
// "failed", "stopped") of the newest operation titled title ("" = none).
func opState(title string) string {
	return fmt.Sprintf(`(() => { for (const o of document.querySelectorAll(".op")) {
		if (o.querySelector(".op-title").textContent === %q) {
			for (const s of ["waiting", "succeeded", "failed", "stopped"]) if (o.classList.contains("op-" + s)) return s; } }
		return ""; })()`, title)
}

// lbAPI reads and writes Octavia through the console, as the CLI does.
type lbAPI struct {
	base, token string
}

// newLBAPI logs in to c's lab as its admin: the lab's control API, and
// Octavia's as that admin.
func newLBAPI(t testing.TB, c console) (servertest.LabAdmin, lbAPI) {
	t.Helper()
	lab := newLabAdmin(t, c)
	return lab, lbAPI{base: c.URL, token: lab.Token}
}

// lbTree is what a test names in a load balancer's status tree: its first
// listener, that listener's first pool, the pool's health monitor and first
// member.
type lbTree struct {
	listener, pool, monitor string
	member, memberAddress   string
}

// tree reads load balancer id's status tree.
func (a lbAPI) tree(t testing.TB, id string) lbTree {
	t.Helper()
	var tree struct {
		Statuses struct {
			LB struct {
				Listeners []struct {
					ID    string `json:"id"`
					Pools []struct {
						ID            string `json:"id"`
						HealthMonitor struct {
							ID string `json:"id"`
						} `json:"health_monitor"`
						Members []struct {
							ID      string `json:"id"`
							Address string `json:"address"`
						} `json:"members"`
					} `json:"pools"`
				} `json:"listeners"`
			} `json:"loadbalancer"`
		} `json:"statuses"`
	}
	a.do(t, http.MethodGet, "/loadbalancers/"+id+"/status", "", &tree)
	ls := tree.Statuses.LB.Listeners
	if len(ls) == 0 || len(ls[0].Pools) == 0 || len(ls[0].Pools[0].Members) == 0 {
		t.Fatalf("load balancer %s's status tree: got %+v, want a listener with a pool with members", id, tree.Statuses.LB)
	}
	pool := ls[0].Pools[0]
	return lbTree{listener: ls[0].ID, pool: pool.ID, monitor: pool.HealthMonitor.ID,
		member: pool.Members[0].ID, memberAddress: pool.Members[0].Address}
}

func (a lbAPI) do(t testing.TB, method, path, body string, out any) int {
	t.Helper()
	resp := servertest.GetJSON(t, method, a.base+"/load-balancer/v2.0/lbaas"+path, a.token, body, out)
	return resp.StatusCode
}

// lbID is the id of the load balancer named name (any project: admin).
func (a lbAPI) lbID(t testing.TB, name string) string {
	t.Helper()
	var list struct {
		LBs []struct {
			ID string `json:"id"`
		} `json:"loadbalancers"`
	}
	a.do(t, http.MethodGet, "/loadbalancers?name="+url.QueryEscape(name), "", &list)
	if len(list.LBs) != 1 {
		t.Fatalf("load balancers named %s: got %d, want 1", name, len(list.LBs))
	}
	return list.LBs[0].ID
}

func (a lbAPI) lb(t testing.TB, id string) map[string]any {
	t.Helper()
	var one struct {
		LB map[string]any `json:"loadbalancer"`
	}
	a.do(t, http.MethodGet, "/loadbalancers/"+id, "", &one)
	return one.LB
}

// TestBrowserLoadBalancerDepth: as an admin, the status tree's nodes are
// links reached by Tab and opened by Enter; a load balancer's name and
// description edited, then the description unset, each watched to ACTIVE;
// the load balancer failed over (PENDING_UPDATE seen live, then ACTIVE);
// its amphorae listed and one failed over; an edit refused with 409 while
// the load balancer is stuck, retried when ACTIVE (cancellable; sent once,
// as a new operation); then, as a member: no failover, no amphorae, and
// tags added and removed.
func TestBrowserLoadBalancerDepth(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab, api := newLBAPI(t, c)
	shop, reports, gateway := api.lbID(t, "shop-frontend"), api.lbID(t, "reports-internal"), api.lbID(t, "api-gateway")
	b := newBrowser(t)
	sent := b.recordRequests(t)

	b.login(t, c.URL, "admin", "admin", "admin")
	b.waitJS(t, "the list of admin", `location.pathname === "/load-balancers" && !!document.querySelector("#who-user")`, 60*time.Second)

	// The status tree: every node links to its object's page.
	b.goTo(t, "/load-balancers/"+shop)
	b.waitJS(t, "the status tree", `document.querySelectorAll("svg.status-tree g.tree-node").length >= 7`, 30*time.Second)
	var st struct {
		Statuses struct {
			LB octavia.StatusLoadBalancer `json:"loadbalancer"`
		} `json:"statuses"`
	}
	api.do(t, http.MethodGet, "/loadbalancers/"+shop+"/status", "", &st)
	tree := st.Statuses.LB
	want := map[string]string{tree.ID: "/load-balancers/" + tree.ID}
	var listenerID string
	for _, l := range tree.Listeners {
		listenerID = l.ID
		want[l.ID] = "/listeners/" + l.ID
		for _, p := range l.Pools {
			want[p.ID] = "/pools/" + p.ID
			if p.HealthMonitor != nil {
				want[p.HealthMonitor.ID] = "/health-monitors/" + p.HealthMonitor.ID
			}
			for _, m := range p.Members {
				want[m.ID] = "/pools/" + p.ID + "/members/" + m.ID
			}
		}
	}
	var links map[string]string
	raw := eval[string](t, b, `JSON.stringify(Object.fromEntries([...document.querySelectorAll("svg.status-tree g.tree-node")].map(g =>
		[g.dataset.id, g.getAttribute("role") + " " + g.dataset.href + " " + g.querySelector("a.tree-link").getAttribute("href")])))`)
	if err := json.Unmarshal([]byte(raw), &links); err != nil {
		t.Fatal(err)
	}
	if len(links) != len(want) {
		t.Errorf("tree nodes: got %d, want %d", len(links), len(want))
	}
	for id, path := range want {
		if got, w := links[id], "link "+path+" "+path; got != w {
			t.Errorf("node %s: got %q, want %q (role, the node's link, the <a> href)", id, got, w)
		}
	}
	// Tab reaches the listener's node; its name says what it shows; Enter opens its page.
	b.focusStart(t, "#lb-props")
	reached := false
	for range len(want) + 40 {
		b.pressTab(t, false)
		if eval[bool](t, b, `document.activeElement.matches("g.tree-node.kind-listener")`) {
			reached = true
			break
		}
	}
	if !reached {
		t.Fatalf("Tab never reached the listener's node")
	}
	if !eval[bool](t, b, focusVisible) {
		t.Errorf("the focused node shows no focus ring")
	}
	if got := eval[string](t, b, `document.activeElement.getAttribute("aria-label")`); !strings.HasPrefix(got, "listener ") || !strings.Contains(got, "provisioning ACTIVE, operating ONLINE") {
		t.Errorf("the listener node's name: got %q, want its kind, name and statuses", got)
	}
	b.shotViewport(t, "lbdepth-01-tree-node-focus")
	b.do(t, "press Enter on the listener's node", 5*time.Second, chromedp.KeyEvent(kb.Enter))
	b.waitJS(t, "the listener's page", fmt.Sprintf(`location.pathname === "/listeners/%s" && !!document.querySelector("#listener-props")`, listenerID), 20*time.Second)
	b.shot(t, "lbdepth-02-listener-page-from-tree")

	// Edit a load balancer's name and description, then unset the description.
	b.goTo(t, "/load-balancers/"+reports+"/edit")
	b.waitJS(t, "the edit form", `!!document.querySelector("#f-name") && document.querySelector("#f-name").value === "reports-internal"`, 20*time.Second)
	b.do(t, "edit name and description", 10*time.Second,
		setInput("#f-name", "reports-v2"), setInput("#f-description", "monthly reports"))
	b.shot(t, "lbdepth-03-edit-form")
	b.do(t, "save", 5*time.Second, chromedp.Click(chromedp.ID("res-submit")))
	edit := `Edit load balancer "reports-v2"`
	b.waitJS(t, "the edit's wait", opState(edit)+` !== ""`, 20*time.Second)
	b.waitJS(t, "the edit ACTIVE", opState(edit)+` === "succeeded"`, 30*time.Second)
	puts := sent.matching(http.MethodPut, "/loadbalancers/"+reports)
	if len(puts) != 1 || !jsonEqual(puts[0].Body, `{"loadbalancer": {"name": "reports-v2", "description": "monthly reports"}}`) {
		t.Errorf("the edit's PUTs: got %+v, want one with the name and the description", puts)
	}
	b.shot(t, "lbdepth-04-edit-active")
	b.goTo(t, "/load-balancers/"+reports+"/edit")
	b.waitJS(t, "the edit form again", `!!document.querySelector("#f-description") && document.querySelector("#f-description").value === "monthly reports"`, 20*time.Second)
	b.do(t, "clear the description", 10*time.Second, setInput("#f-description", ""), chromedp.Click(chromedp.ID("res-submit")))
	b.waitJS(t, "the unset's wait", fmt.Sprintf(`document.querySelectorAll(".op").length >= 2 && location.pathname === "/load-balancers/%s"`, reports), 20*time.Second)
	b.waitJS(t, "the unset ACTIVE", `[...document.querySelectorAll(".op")].filter(o => o.querySelector(".op-title").textContent === `+jsString(edit)+` && o.classList.contains("op-succeeded")).length === 2`, 30*time.Second)
	puts = sent.matching(http.MethodPut, "/loadbalancers/"+reports)
	if len(puts) != 2 || !jsonEqual(puts[1].Body, `{"loadbalancer": {"description": ""}}`) {
		t.Errorf("the unset's PUT: got %+v, want a second one that clears the description", puts)
	}
	if got := api.lb(t, reports); got["name"] != "reports-v2" || got["description"] != "" {
		t.Errorf("the load balancer after the unset: name %v, description %q; want reports-v2 and none", got["name"], got["description"])
	}
	b.shot(t, "lbdepth-05-unset-active")

	// Fail over the load balancer (admin): PENDING_UPDATE seen live, then ACTIVE.
	b.goTo(t, "/load-balancers/"+shop)
	b.waitJS(t, "the failover button", `!!document.querySelector("#lb-failover")`, 20*time.Second)
	b.do(t, "ask to fail over", 5*time.Second, chromedp.Click(chromedp.ID("lb-failover")))
	b.waitJS(t, "the failover's confirmation", `!!document.querySelector("#action-confirm[open]")`, 5*time.Second)
	b.shot(t, "lbdepth-06-failover-confirm")
	b.do(t, "confirm the failover", 5*time.Second, chromedp.Click(chromedp.ID("action-confirm-btn")))
	failover := `Fail over load balancer "shop-frontend"`
	b.waitJS(t, "the failover's wait", opState(failover)+` === "waiting"`, 20*time.Second)
	b.waitJS(t, "PENDING_UPDATE on the page", `document.querySelector("#lb-props").textContent.includes("PENDING_UPDATE")`, 20*time.Second)
	b.shot(t, "lbdepth-07-failover-pending")
	b.waitJS(t, "the failover ACTIVE", opState(failover)+` === "succeeded"`, 60*time.Second)
	b.waitJS(t, "ACTIVE on the page", `!document.querySelector("#lb-props").textContent.includes("PENDING_UPDATE")`, 20*time.Second)
	if got := len(sent.matching(http.MethodPut, "/loadbalancers/"+shop+"/failover")); got != 1 {
		t.Errorf("failover PUTs: got %d, want 1", got)
	}

	// Its amphorae (admin): what each is, a link to its page, and a failover.
	var amps struct {
		List []struct {
			ID string `json:"id"`
		} `json:"amphorae"`
	}
	servertest.GetJSON(t, http.MethodGet, c.URL+"/load-balancer/v2.0/octavia/amphorae?loadbalancer_id="+shop, lab.Token, "", &amps)
	if len(amps.List) != 1 {
		t.Fatalf("amphorae of shop-frontend after its failover: got %d, want 1", len(amps.List))
	}
	ampID := amps.List[0].ID
	b.waitJS(t, "the amphora after the failover", fmt.Sprintf(`(() => { const r = document.querySelectorAll("#lb-amphorae tr.amp-row");
		return r.length === 1 && r[0].dataset.id === %q; })()`, ampID), 20*time.Second)
	row := eval[string](t, b, `document.querySelector("#lb-amphorae tr.amp-row").textContent`)
	var ampOne struct {
		A struct {
			Role        string `json:"role"`
			Status      string `json:"status"`
			ComputeID   string `json:"compute_id"`
			LBNetworkIP string `json:"lb_network_ip"`
		} `json:"amphora"`
	}
	servertest.GetJSON(t, http.MethodGet, c.URL+"/load-balancer/v2.0/octavia/amphorae/"+ampID, lab.Token, "", &ampOne)
	amp := ampOne.A
	for _, w := range []string{amp.Role, amp.Status, amp.ComputeID, amp.LBNetworkIP} {
		if w == "" || !strings.Contains(row, w) {
			t.Errorf("amphora row %q: want it to show %q (role, status, compute id, management address)", row, w)
		}
	}
	if got := eval[string](t, b, `document.querySelector("#lb-amphorae tr.amp-row td.name a").getAttribute("href")`); got != "/amphorae/"+ampID {
		t.Errorf("amphora link: got %q, want /amphorae/%s", got, ampID)
	}
	b.shot(t, "lbdepth-08-amphorae")
	b.audit(t, "lbdepth-admin-detail") // the amphorae card and the tags editor, light and dark, desktop and phone
	b.do(t, "ask to fail over the amphora", 5*time.Second, chromedp.Click(chromedp.ID("amp-failover-"+ampID)))
	b.waitJS(t, "the amphora failover's confirmation", `!!document.querySelector("#amp-failover-confirm[open]")`, 5*time.Second)
	b.shot(t, "lbdepth-09-amphora-failover-confirm")
	b.do(t, "confirm the amphora failover", 5*time.Second, chromedp.Click(chromedp.ID("amp-failover-confirm-btn")))
	ampOp := fmt.Sprintf(`Fail over amphora %q`, amp.Role+" of shop-frontend")
	b.waitJS(t, "the amphora failover's wait", opState(ampOp)+` !== ""`, 20*time.Second)
	b.waitJS(t, "PENDING_UPDATE after the amphora failover", `document.querySelector("#lb-props").textContent.includes("PENDING_UPDATE")`, 20*time.Second)
	b.waitJS(t, "the amphora failover ACTIVE", opState(ampOp)+` === "succeeded"`, 60*time.Second)
	if got := len(sent.matching(http.MethodPut, "/amphorae/"+ampID+"/failover")); got != 1 {
		t.Errorf("amphora failover PUTs: got %d, want 1", got)
	}
	b.shot(t, "lbdepth-10-amphora-failover-active")

	// A busy load balancer: the edit is refused (409), Retry when ACTIVE
	// waits (cancellable), then sends the same PUT once, as a new operation.
	lab.Faults(t, `{"stuck": ["api-gateway"]}`)
	b.goTo(t, "/load-balancers/"+gateway+"/edit")
	b.waitJS(t, "the edit form of api-gateway", `!!document.querySelector("#f-name") && document.querySelector("#f-name").value === "api-gateway"`, 20*time.Second)
	b.do(t, "rename while busy", 10*time.Second, setInput("#f-name", "api-gateway-2"), chromedp.Click(chromedp.ID("res-submit")))
	b.waitJS(t, "the 409", `!!document.querySelector("#res-form-error") && !!document.querySelector("#res-retry-btn")`, 20*time.Second)
	if got := b.text(t, "#res-form-error"); !strings.Contains(got, "busy") || !strings.Contains(got, "PENDING_UPDATE") {
		t.Errorf("the refusal: got %q, want it to say the load balancer is busy (PENDING_UPDATE)", got)
	}
	b.shot(t, "lbdepth-11-busy-retry-offered")
	b.audit(t, "lbdepth-retry-offered")
	b.do(t, "retry when ACTIVE", 5*time.Second, chromedp.Click(chromedp.ID("res-retry-btn")))
	b.waitJS(t, "the retry waits", `!!document.querySelector("#res-retry-cancel")`, 5*time.Second)
	b.do(t, "cancel the retry", 5*time.Second, chromedp.Click(chromedp.ID("res-retry-cancel")))
	b.waitJS(t, "the retry offered again", `!!document.querySelector("#res-retry-btn")`, 5*time.Second)
	b.do(t, "retry when ACTIVE again", 5*time.Second, chromedp.Click(chromedp.ID("res-retry-btn")))
	b.waitJS(t, "the retry sees the load balancer pending", `(document.querySelector("#res-retry-state") || {}).textContent.includes("last PENDING_UPDATE")`, 20*time.Second)
	b.shot(t, "lbdepth-12-retry-waiting")
	if got := len(sent.matching(http.MethodPut, "/loadbalancers/"+gateway)); got != 1 {
		t.Errorf("PUTs while the load balancer is busy: got %d, want 1 (the refused one)", got)
	}
	lab.Faults(t, `{}`)
	rename := `Edit load balancer "api-gateway-2"`
	b.waitJS(t, "the retried edit's operation", opState(rename)+` !== ""`, 60*time.Second)
	b.waitJS(t, "the retried edit ACTIVE", opState(rename)+` === "succeeded"`, 60*time.Second)
	puts = sent.matching(http.MethodPut, "/loadbalancers/"+gateway)
	if len(puts) != 2 || puts[0].Body != puts[1].Body {
		t.Errorf("PUTs: got %+v, want 2 with the same body (the refused one, the retry)", puts)
	}
	if got := api.lb(t, gateway)["name"]; got != "api-gateway-2" {
		t.Errorf("the name after the retry: got %v, want api-gateway-2", got)
	}
	b.shot(t, "lbdepth-13-retry-sent-active")

	// The same for an action (the failover, in its confirmation) and a delete.
	lab.Faults(t, `{"stuck": ["api-gateway-2", "reports-v2"]}`)
	for _, id := range []string{gateway, reports} {
		if got := api.lb(t, id)["provisioning_status"]; got != "PENDING_UPDATE" {
			t.Fatalf("load balancer %s kept busy: got %v, want PENDING_UPDATE", id, got)
		}
	}
	// (The page may show the poll of a moment ago, ACTIVE: Octavia's 409 tells.)
	b.goTo(t, "/load-balancers/"+gateway)
	b.waitJS(t, "the page", `!!document.querySelector("#lb-failover")`, 20*time.Second)
	b.do(t, "fail over while busy", 10*time.Second, chromedp.Click(chromedp.ID("lb-failover")))
	b.waitJS(t, "the failover's confirmation", `!!document.querySelector("#action-confirm[open]")`, 5*time.Second)
	b.do(t, "confirm", 5*time.Second, chromedp.Click(chromedp.ID("action-confirm-btn")))
	b.waitJS(t, "the failover's 409", `!!document.querySelector("#action-error") && !!document.querySelector("#action-retry-btn")`, 20*time.Second)
	b.waitJS(t, "the page shows the load balancer busy", `document.querySelector("#lb-props").textContent.includes("PENDING_UPDATE")`, 10*time.Second)
	b.do(t, "retry the failover when ACTIVE", 5*time.Second, chromedp.Click(chromedp.ID("action-retry-btn")))
	b.waitJS(t, "the failover's retry waits", `(document.querySelector("#action-retry-state") || {}).textContent.includes("last PENDING_UPDATE")`, 20*time.Second)
	b.shot(t, "lbdepth-13b-action-retry-waiting")
	b.goTo(t, "/load-balancers/"+reports)
	b.waitJS(t, "the page of reports-v2", `!!document.querySelector("#lb-delete")`, 20*time.Second)
	// Leaving the page cancelled the failover's retry: nothing more is sent for it.
	b.do(t, "delete while busy", 10*time.Second, chromedp.Click(chromedp.ID("lb-delete")))
	b.waitJS(t, "the delete's confirmation", `!!document.querySelector("#delete-confirm[open]")`, 5*time.Second)
	b.do(t, "confirm the delete", 5*time.Second, chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")))
	b.waitJS(t, "the delete's 409", `!!document.querySelector("#delete-error") && !!document.querySelector("#delete-retry-btn")`, 20*time.Second)
	b.do(t, "retry the delete when ACTIVE", 5*time.Second, chromedp.Click(chromedp.ID("delete-retry-btn")))
	b.waitJS(t, "the delete's retry waits", `(document.querySelector("#delete-retry-state") || {}).textContent.includes("last PENDING_UPDATE")`, 20*time.Second)
	b.shot(t, "lbdepth-13c-delete-retry-waiting")
	lab.Faults(t, `{}`)
	del := `Delete load balancer "reports-v2"`
	b.waitJS(t, "the retried delete's operation", opState(del)+` !== ""`, 60*time.Second)
	b.waitJS(t, "the retried delete done", opState(del)+` === "succeeded"`, 60*time.Second)
	if got := len(sent.matching(http.MethodDelete, "/loadbalancers/"+reports)); got != 2 {
		t.Errorf("DELETEs of reports-v2: got %d, want 2 (the refused one, the retry)", got)
	}
	if got := len(sent.matching(http.MethodPut, "/loadbalancers/"+gateway+"/failover")); got != 1 {
		t.Errorf("failovers of api-gateway-2: got %d, want 1 (the refused one; its retry was cancelled with its page)", got)
	}

	// A member: no failover, no amphorae; tags added and removed.
	b.logout(t)
	b.fillLogin(t, "demo", "demo", "demo")
	b.waitJS(t, "the list of demo", `location.pathname === "/load-balancers" && !!document.querySelector("#who-user")`, 60*time.Second)
	b.goTo(t, "/load-balancers/"+shop)
	b.waitJS(t, "the page of shop-frontend", `!!document.querySelector("#lb-edit") && !!document.querySelector("#tags-input")`, 30*time.Second)
	if got := eval[bool](t, b, `!!document.querySelector("#lb-failover") || !!document.querySelector("#lb-amphorae-card")`); got {
		t.Errorf("a member sees the failover or the amphorae")
	}
	b.do(t, "add a tag", 10*time.Second, setInput("#tags-input", "blue, green"), chromedp.Click(chromedp.ID("tags-add")))
	tag := `Tag load balancer "shop-frontend"`
	b.waitJS(t, "the tags saved", `(document.querySelector("#tags-result") || {}).textContent.includes("Saved +blue +green.")`, 30*time.Second)
	b.waitJS(t, "the tag's wait", opState(tag)+` !== ""`, 10*time.Second)
	b.waitJS(t, "the chips", `[...document.querySelectorAll("#tags-list .tag-text")].map(e => e.textContent).join(",") === "blue,green"`, 10*time.Second)
	b.shot(t, "lbdepth-14-tags-added")
	b.waitJS(t, "the tag's wait ACTIVE", opState(tag)+` === "succeeded"`, 30*time.Second)
	b.do(t, "remove a tag", 5*time.Second, chromedp.Click(chromedp.Search(`//li[@data-tag="blue"]/button`)))
	b.waitJS(t, "the tag removed", `(document.querySelector("#tags-result") || {}).textContent.includes("Saved -blue.")`, 30*time.Second)
	if got := api.lb(t, shop)["tags"]; fmt.Sprint(got) != "[green]" {
		t.Errorf("tags in Octavia: got %v, want [green]", got)
	}
	if got := eval[string](t, b, `(JSON.parse(sessionStorage.getItem("octaview.journal")) || [{}])[0].written || ""`); got != "tags -blue" {
		t.Errorf("the journal's newest write: got %q, want tags -blue", got)
	}
	b.shot(t, "lbdepth-15-tag-removed")
}

// TestBrowserTagsRace: another writer, with a stale read of the tags,
// overwrites them between our PUT and our check; the page puts its tags
// back and says so. The lab answers every request 4 s late (a latency
// fault; the lab's admin, the other writer, is spared it) and its load
// balancers leave PENDING_UPDATE after 50 ms, so the other writer's PUT,
// sent 6 s after ours left the page, lands 2 s after ours and 2 s before
// our check.
func TestBrowserTagsRace(t *testing.T) {
	t.Parallel()
	c := startConsoleWith(t, []string{"-lab-delay", "50ms"}, nil)
	lab, api := newLBAPI(t, c)
	shop := api.lbID(t, "shop-frontend")
	if code := api.do(t, http.MethodPut, "/loadbalancers/"+shop, `{"loadbalancer": {"tags": ["x"]}}`, nil); code != http.StatusOK {
		t.Fatalf("tag x: got %d, want 200", code)
	}
	b := newBrowser(t)
	sent := b.recordRequests(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `location.pathname === "/load-balancers" && !!document.querySelector("#who-user")`, 60*time.Second)
	b.goTo(t, "/load-balancers/"+shop)
	b.waitJS(t, "the tags editor with x", `[...document.querySelectorAll("#tags-list .tag-text")].map(e => e.textContent).join(",") === "x"`, 30*time.Second)

	const latency = 4 * time.Second
	lab.Faults(t, fmt.Sprintf(`{"latency": %q}`, latency))
	b.do(t, "add tag a", 10*time.Second, setInput("#tags-input", "a"), chromedp.Click(chromedp.ID("tags-add")))
	// Our PUT leaves the page after our read (4 s); it lands 4 s after it
	// left, our check 4 s later: the other writer's PUT lands in the
	// middle, 2 s from either.
	for deadline := time.Now().Add(30 * time.Second); len(sent.matching(http.MethodPut, "/loadbalancers/"+shop)) == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the page sent no PUT within 30 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The other writer is the lab's admin, whom the latency fault spares:
	// its PUT lands as it is sent, so it is sent 6 s after ours left, 2 s
	// after ours landed and 2 s before our check lands.
	time.Sleep(latency + latency/2)
	// The other writer read ["x"] long ago; it writes its own list, without x and a.
	if code := api.do(t, http.MethodPut, "/loadbalancers/"+shop, `{"loadbalancer": {"tags": ["other"]}}`, nil); code != http.StatusOK {
		t.Fatalf("the other writer's PUT: got %d, want 200", code)
	}
	b.waitJS(t, "the outcome", `!!document.querySelector("#tags-result .alert")`, 60*time.Second)
	lab.Faults(t, `{}`)
	got := b.text(t, "#tags-result")
	if !strings.Contains(got, "Another writer") || !strings.Contains(got, "put back after 2 PUTs: x.") {
		t.Errorf("the outcome: got %q, want it to say that x was put back after 2 PUTs", got)
	}
	if n := len(sent.matching(http.MethodPut, "/loadbalancers/"+shop)); n != 2 {
		t.Errorf("our PUTs: got %d, want 2 (ours, then the merge again)", n)
	}
	if tags := fmt.Sprint(api.lb(t, shop)["tags"]); tags != "[a other x]" {
		t.Errorf("tags in Octavia: got %s, want [a other x]", tags)
	}
	b.waitJS(t, "the chips", `[...document.querySelectorAll("#tags-list .tag-text")].map(e => e.textContent).sort().join(",") === "a,other,x"`, 30*time.Second)
	b.shot(t, "lbdepth-16-tags-race-restored")
	b.audit(t, "lbdepth-tags-restored")
}

// jsonEqual reports whether two JSON texts hold the same value.
func jsonEqual(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	return fmt.Sprint(x) == fmt.Sprint(y)
}
