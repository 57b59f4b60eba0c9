//go:build !js

package e2e

// The load balancer tree's kinds in the browser, against the lab: pools,
// members (with drain and the batch of a pool's whole set), health
// monitors, L7 policies and rules: list, create (PENDING_* then ACTIVE seen
// live), edit, delete with its wait, a deep link through login, a child
// forced to ERROR, Octavia's own 400 next to its field. Screenshots under
// artifacts/tree-*.png.

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"

	"github.com/octaview/octaview/octavia"
)

// treeOp is the JS test that an operation whose title contains title is in
// state ("waiting", "succeeded", "failed").
func treeOp(state, title string) string {
	return fmt.Sprintf(`[...document.querySelectorAll(".op.op-%s .op-title")].some(e => e.textContent.includes(%q))`, state, title)
}

// treeOutcome is the JS expression of the outcome of the newest operation
// whose title contains title.
func treeOutcome(title string) string {
	return fmt.Sprintf(`(() => { const o = [...document.querySelectorAll(".op")].find(o => o.querySelector(".op-title").textContent.includes(%q));
		return o ? (o.querySelector(".op-outcome") || {}).textContent || "" : ""; })()`, title)
}

// treeProp is the JS expression of a detail page's property by its label.
func treeProp(prefix, label string) string {
	return fmt.Sprintf(`(() => { for (const p of document.querySelectorAll("#%s-props .prop")) {
		if (p.querySelector("dt").textContent === %q) return p.querySelector("dd").textContent; } return ""; })()`, prefix, label)
}

// treeSelect picks value in a select once its option is there.
func treeSelect(sel, value string) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{
		chromedp.WaitReady(chromedp.CSS(fmt.Sprintf(`%s option[value=%q]`, sel, value))),
		setInput(sel, value),
	}
}

var putRE = regexp.MustCompile(`(?m)^octaview_http_requests_total\{code="\d+",method="PUT",route="load-balancer"\} (\d+)$`)

// treePUTs counts the PUTs the server proxied to Octavia, from its metrics
// (the access log's counter).
func treePUTs(t *testing.T, c console) int {
	t.Helper()
	resp, err := http.Get(c.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	n := 0
	for _, m := range putRE.FindAllStringSubmatch(string(b), -1) {
		v, _ := strconv.Atoi(m[1])
		n += v
	}
	return n
}

// treeIDs are the lab's objects the test starts from, read with the client.
type treeIDs struct {
	shopLB, shopListener, shopPool string
	apiLB, apiListener             string
	reportsLB                      string
	client                         *octavia.Client
}

func readTreeIDs(t *testing.T, c console) treeIDs {
	t.Helper()
	cl, err := octavia.New(t.Context(), octavia.Config{AuthURL: c.LabURL + "/identity/v3", Username: "demo", Password: "demo",
		UserDomainName: "Default", ProjectName: "demo", ProjectDomainName: "Default"})
	if err != nil {
		t.Fatal(err)
	}
	ids := treeIDs{client: cl}
	lbs, err := octavia.Collect(cl.List(t.Context(), octavia.KindLoadBalancer, "", octavia.ListQuery{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, lb := range lbs {
		switch lb.Text("name") {
		case "shop-frontend":
			ids.shopLB = lb.Text("id")
		case "api-gateway":
			ids.apiLB = lb.Text("id")
		case "reports-internal":
			ids.reportsLB = lb.Text("id")
		}
	}
	for _, x := range []struct {
		lb             string
		listener, pool *string
	}{{ids.shopLB, &ids.shopListener, &ids.shopPool}, {ids.apiLB, &ids.apiListener, new(string)}} {
		ls, err := octavia.Collect(cl.List(t.Context(), octavia.KindListener, "", octavia.ListQuery{Filters: url.Values{"loadbalancer_id": {x.lb}}}))
		if err != nil || len(ls) != 1 {
			t.Fatalf("listeners of %s: got %d, %v; want 1", x.lb, len(ls), err)
		}
		*x.listener, *x.pool = ls[0].Text("id"), ls[0].Text("default_pool_id")
	}
	if ids.shopLB == "" || ids.apiLB == "" || ids.reportsLB == "" || ids.shopPool == "" {
		t.Fatalf("the scenario's load balancers: got %+v", ids)
	}
	return ids
}

// TestBrowserTree drives every kind of the load balancer tree.
func TestBrowserTree(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab := newLabAdmin(t, c)
	ids := readTreeIDs(t, c)
	b := newBrowser(t)

	// The browser's requests that write a pool's member set at once.
	var batchPUTs atomic.Int32
	chromedp.Listen(b.ctx, func(ev any) {
		if r, ok := ev.(*network.EventRequestWillBeSent); ok && r.Request.Method == "PUT" &&
			strings.HasSuffix(r.Request.URL, "/pools/"+ids.shopPool+"/members") {
			batchPUTs.Add(1)
		}
	})

	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the load balancer list", `document.querySelectorAll("tr.lb-row").length >= 5`, 30*time.Second)

	// Pools: the list, then a create kept PENDING_CREATE by the lab until
	// the fault is lifted, seen live on its page and in its operation.
	b.do(t, "open the pools", 30*time.Second, chromedp.Click(chromedp.CSS(`.nav-link[href="/pools"]`)))
	b.waitJS(t, "the pool list", `document.querySelectorAll("tr.pool-row").length === 2`, 30*time.Second)
	b.shot(t, "tree-01-pools")

	lab.Faults(t, `{"stuck": ["ci-pool"]}`)
	b.do(t, "open the pool form", 30*time.Second, chromedp.Click(chromedp.ID("pool-create")), chromedp.WaitVisible(chromedp.ID("res-form")))
	if got := eval[bool](t, b, `!!document.querySelector("#f-session_persistence-cookie_name")`); got {
		t.Errorf("the cookie name is on the form with no session persistence; want it only for APP_COOKIE")
	}
	b.do(t, "fill the pool form", 20*time.Second, append(treeSelect("#f-loadbalancer_id", ids.reportsLB),
		setInput("#f-name", "ci-pool"),
		setInput("#f-session_persistence-type", "APP_COOKIE"),
		chromedp.WaitVisible(chromedp.ID("f-session_persistence-cookie_name")),
		setInput("#f-session_persistence-cookie_name", "sid"),
	)...)
	b.shot(t, "tree-02-pool-form")
	b.do(t, "create the pool", 10*time.Second, chromedp.Click(chromedp.ID("res-submit")))
	b.waitJS(t, "the pool's page", `location.pathname.startsWith("/pools/") && !!document.querySelector("#pool-props")`, 20*time.Second)
	b.waitJS(t, "the pool PENDING_CREATE", treeProp("pool", "Provisioning status")+`.startsWith("PENDING_CREATE for ")`, 20*time.Second)
	b.waitJS(t, "the pool's create waiting", treeOp("waiting", `Create pool "ci-pool"`), 10*time.Second)
	b.waitJS(t, "the pool's load balancer, a link by name", propRef("pool", "Load balancer")+` === `+jsString("reports-internal="+ids.reportsLB), 10*time.Second)
	b.shot(t, "tree-03-pool-pending")
	lab.Faults(t, `{}`)
	b.waitJS(t, "the pool ACTIVE", treeProp("pool", "Provisioning status")+` === "ACTIVE"`, 30*time.Second)
	b.waitJS(t, "the pool's create succeeded", treeOp("succeeded", `Create pool "ci-pool"`), 30*time.Second)
	if got := eval[string](t, b, treeProp("pool", "Session persistence")); !strings.Contains(got, "APP_COOKIE") || !strings.Contains(got, "sid") {
		t.Errorf("session persistence: got %q, want APP_COOKIE with cookie sid", got)
	}
	poolPath := eval[string](t, b, `location.pathname`)
	b.shot(t, "tree-04-pool-active")

	// Edit: the algorithm, and the persistence's type (its cookie name goes:
	// the persistence is sent whole, without it).
	b.do(t, "edit the pool", 30*time.Second,
		chromedp.Click(chromedp.ID("pool-edit")),
		chromedp.WaitVisible(chromedp.ID("f-session_persistence-cookie_name")),
		setInput("#f-lb_algorithm", "LEAST_CONNECTIONS"),
		setInput("#f-session_persistence-type", "HTTP_COOKIE"),
		chromedp.WaitNotPresent(chromedp.ID("f-session_persistence-cookie_name")),
	)
	b.shot(t, "tree-05-pool-edit")
	b.do(t, "save the pool", 10*time.Second, chromedp.Click(chromedp.ID("res-submit")))
	b.waitJS(t, "the pool's edit succeeded", treeOp("succeeded", `Edit pool "ci-pool"`), 30*time.Second)
	b.waitJS(t, "the new algorithm", treeProp("pool", "Algorithm")+` === "LEAST_CONNECTIONS"`, 10*time.Second)
	if got := eval[string](t, b, treeProp("pool", "Session persistence")); got != "HTTP_COOKIE" { // in words, not JSON

		t.Errorf("session persistence after the edit: got %q, want HTTP_COOKIE alone", got)
	}

	// Members: add one to the new pool, edit it, drain it, delete it.
	b.do(t, "open the member form", 30*time.Second,
		chromedp.WaitVisible(chromedp.ID("member-create")),
		chromedp.Click(chromedp.ID("member-create")),
		chromedp.WaitVisible(chromedp.ID("f-address")),
		setInput("#f-name", "ci-member"),
		setInput("#f-address", "10.0.0.51"),
		setInput("#f-protocol_port", "8080"),
		setInput("#f-weight", "5"),
	)
	b.shot(t, "tree-06-member-form")
	b.do(t, "create the member", 10*time.Second, chromedp.Click(chromedp.ID("res-submit")))
	// back on the pool (issue 19 §3: the next member is made from there)
	b.waitJS(t, "back on the pool, the member listed", `location.pathname === `+fmt.Sprintf("%q", poolPath)+
		` && [...document.querySelectorAll("tr.member-row a")].some(a => a.textContent === "ci-member")`, 20*time.Second)
	b.shot(t, "tree-07-member-pending")
	b.waitJS(t, "the member's create succeeded", treeOp("succeeded", `Create member "ci-member"`), 30*time.Second)
	eval[bool](t, b, `[...document.querySelectorAll("tr.member-row a")].find(a => a.textContent === "ci-member").click(), true`)
	b.waitJS(t, "the member's page", `location.pathname.startsWith(`+fmt.Sprintf("%q", poolPath+"/members/")+`) && !!document.querySelector("#member-props")`, 20*time.Second)
	b.waitJS(t, "the member ACTIVE", treeProp("member", "Provisioning status")+` === "ACTIVE"`, 10*time.Second)
	poolID := poolPath[strings.LastIndex(poolPath, "/")+1:]
	b.waitJS(t, "the member's pool, a link by name", propRef("member", "Pool")+` === `+jsString("ci-pool="+poolID), 10*time.Second)
	memberPath := eval[string](t, b, `location.pathname`)
	b.do(t, "edit the member", 30*time.Second,
		chromedp.Click(chromedp.ID("member-edit")),
		chromedp.WaitVisible(chromedp.ID("f-weight")),
		setInput("#f-weight", "7"),
		setInput("#f-monitor_port", "9000"),
		chromedp.Click(chromedp.ID("res-submit")),
	)
	b.waitJS(t, "the member's edit succeeded", treeOp("succeeded", `Edit member "ci-member"`), 30*time.Second)
	b.waitJS(t, "weight 7", treeProp("member", "Weight")+` === "7"`, 10*time.Second)
	b.do(t, "drain the member", 20*time.Second,
		chromedp.Click(chromedp.ID("member-drain")),
		chromedp.WaitVisible(chromedp.ID("action-confirm-btn")),
	)
	b.shot(t, "tree-08-member-drain-confirm")
	b.do(t, "confirm the drain", 10*time.Second, chromedp.Click(chromedp.ID("action-confirm-btn")))
	b.waitJS(t, "the drain succeeded", treeOp("succeeded", `Drain member "ci-member"`), 30*time.Second)
	b.waitJS(t, "weight 0", treeProp("member", "Weight")+` === "0"`, 10*time.Second)
	if got := eval[bool](t, b, `!!document.querySelector("#member-drain")`); got {
		t.Errorf("a drained member still offers Drain")
	}
	b.shot(t, "tree-09-member-drained")
	b.do(t, "delete the member", 20*time.Second,
		chromedp.Click(chromedp.ID("member-delete")),
		chromedp.WaitVisible(chromedp.ID("delete-confirm-btn")),
		chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")),
	)
	b.waitJS(t, "back on the pool", fmt.Sprintf(`location.pathname === %q`, poolPath), 10*time.Second)
	b.waitJS(t, "the member's delete succeeded", treeOp("succeeded", `Delete member "ci-member"`), 30*time.Second)
	if got := eval[string](t, b, treeOutcome(`Delete member "ci-member"`)); !strings.Contains(got, "404") {
		t.Errorf("member delete outcome: got %q, want gone (404)", got)
	}
	b.waitJS(t, "no member row", `document.querySelectorAll("tr.member-row").length === 0`, 70*time.Second)

	// A member the lab sends to ERROR: the wait fails and says the create was accepted.
	lab.Faults(t, `{"error": ["ci-doomed-member"]}`)
	b.do(t, "create a doomed member", 30*time.Second,
		chromedp.Click(chromedp.ID("member-create")),
		chromedp.WaitVisible(chromedp.ID("f-address")),
		setInput("#f-name", "ci-doomed-member"),
		setInput("#f-address", "10.0.0.66"),
		chromedp.Click(chromedp.ID("res-submit")),
	)
	b.waitJS(t, "the failed member wait", treeOp("failed", `Create member "ci-doomed-member"`), 30*time.Second)
	if got := eval[string](t, b, treeOutcome(`Create member "ci-doomed-member"`)); !strings.Contains(got, "The member was created") || !strings.Contains(got, "ERROR") {
		t.Errorf("failed member wait: got %q, want it to say the member was created and went to ERROR", got)
	}
	eval[bool](t, b, `[...document.querySelectorAll("tr.member-row a")].find(a => a.textContent === "ci-doomed-member").click(), true`) // (the form went back to the pool)
	b.waitJS(t, "the member ERROR on its page", treeProp("member", "Provisioning status")+` === "ERROR"`, 20*time.Second)
	b.shot(t, "tree-10-member-error")
	lab.Faults(t, `{}`)

	// The deleted member's page says it is gone; the doomed one's page
	// comes back after a reload (a deep link).
	doomedPath := eval[string](t, b, `location.pathname`)
	b.do(t, "the deleted member's page", 60*time.Second, chromedp.Navigate(c.URL+memberPath), chromedp.WaitVisible(chromedp.ID("member-gone")))
	b.do(t, "reload the doomed member's page", 60*time.Second, chromedp.Navigate(c.URL+doomedPath))
	b.waitJS(t, "the member after a reload", `!!document.querySelector("#member-props") && `+treeProp("member", "Address")+` === "10.0.0.66"`, 60*time.Second)

	// The batch of a pool's whole member set: shop-frontend's pool.
	b.do(t, "open shop-frontend's pool", 60*time.Second,
		chromedp.Navigate(c.URL+"/pools/"+ids.shopPool),
		chromedp.WaitVisible(chromedp.ID("batch-open")),
	)
	b.openMemberSet(t)
	b.do(t, "paste bad lines", 10*time.Second, previewMemberSet("10.0.0.11:80\nweb2:80\n10.0.0.12:99999\n\n10.0.0.11:80,2", "batch-errors")...)
	if got := b.text(t, "#batch-errors"); !strings.Contains(got, `line 2: "web2" is not an IP address`) ||
		!strings.Contains(got, "line 3:") || !strings.Contains(got, "line 5: 10.0.0.11:80 is already on line 1") {
		t.Errorf("batch errors: got %q, want lines 2, 3 and 5 named", got)
	}
	if got := eval[bool](t, b, `document.querySelector("#batch-apply").disabled`); !got {
		t.Errorf("Apply is enabled with bad lines")
	}
	b.shot(t, "tree-11-batch-errors")
	b.do(t, "paste the new set", 10*time.Second, previewMemberSet("10.0.0.11:80\n10.0.0.12:80,4\n10.0.0.14:80\n[fd00::14]:80,2", "batch-plan")...)
	if got := b.text(t, "#batch-summary"); got != "2 added, 1 kept, 1 changed, 1 removed." {
		t.Errorf("batch preview: got %q", got)
	}
	b.shot(t, "tree-12-batch-preview")
	if n := batchPUTs.Load(); n != 0 {
		t.Fatalf("member batch PUTs before Apply: got %d, want 0", n)
	}
	putsBefore := treePUTs(t, c)
	b.do(t, "apply the set", 10*time.Second, chromedp.Click(chromedp.ID("batch-apply")))
	b.waitJS(t, "the batch operation", treeOp("waiting", "Update members of pool")+" || "+treeOp("succeeded", "Update members of pool"), 10*time.Second)
	b.shot(t, "tree-13-batch-pending")
	b.waitJS(t, "the batch succeeded", treeOp("succeeded", "Update members of pool"), 30*time.Second)
	b.waitJS(t, "4 members listed", `document.querySelectorAll("tr.member-row").length === 4 && [...document.querySelectorAll("tr.member-row")].every(r => r.dataset.status === "ACTIVE")`, 30*time.Second)
	if n := batchPUTs.Load(); n != 1 {
		t.Errorf("member batch PUTs seen by the browser: got %d, want 1", n)
	}
	if n := treePUTs(t, c) - putsBefore; n != 1 {
		t.Errorf("PUTs to Octavia counted by the server while the batch ran: got %d, want 1", n)
	}
	ms, err := octavia.Collect(ids.client.Members(t.Context(), ids.shopPool, pools.ListMembersOpts{}))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, m := range ms {
		got[m.Address] = m.Weight
	}
	if want := map[string]int{"10.0.0.11": 1, "10.0.0.12": 4, "10.0.0.14": 1, "fd00::14": 2}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("members after the batch: got %v, want %v", got, want)
	}
	b.shot(t, "tree-14-batch-done")

	// Health monitors: the list, a create on the new pool (HTTP fields only
	// for HTTP), an edit, a delete.
	b.do(t, "open the monitors", 30*time.Second, chromedp.Click(chromedp.CSS(`.nav-link[href="/health-monitors"]`)))
	b.waitJS(t, "the monitor list", `document.querySelectorAll("tr.monitor-row").length === 1`, 30*time.Second)
	b.shot(t, "tree-15-monitors")
	newPool := strings.TrimPrefix(poolPath, "/pools/")
	b.do(t, "open the monitor form", 30*time.Second, append([]chromedp.Action[chromedp.Void]{
		chromedp.Click(chromedp.ID("monitor-create")), chromedp.WaitVisible(chromedp.ID("f-type"))},
		append(treeSelect("#f-pool_id", newPool),
			setInput("#f-name", "ci-monitor"),
			setInput("#f-type", "TCP"),
			chromedp.WaitNotPresent(chromedp.ID("f-http_method")))...)...)
	if got := eval[bool](t, b, `!!document.querySelector("#f-url_path")`); got {
		t.Errorf("a TCP monitor's form shows the URL path")
	}
	b.do(t, "an HTTP monitor", 10*time.Second, setInput("#f-type", "HTTP"), chromedp.WaitVisible(chromedp.ID("f-url_path")),
		setInput("#f-url_path", "/healthz"), setInput("#f-timeout", "3"))
	b.shot(t, "tree-16-monitor-form")
	b.do(t, "create the monitor", 10*time.Second, chromedp.Click(chromedp.ID("res-submit")))
	b.waitJS(t, "the monitor's page", `!!document.querySelector("#monitor-props")`, 20*time.Second)
	b.waitJS(t, "the monitor pending", `/^PENDING_/.test(`+treeProp("monitor", "Provisioning status")+`)`, 10*time.Second)
	b.shot(t, "tree-17-monitor-pending")
	b.waitJS(t, "the monitor's create succeeded", treeOp("succeeded", `Create health monitor "ci-monitor"`), 30*time.Second)
	b.waitJS(t, "the monitor ACTIVE", treeProp("monitor", "Provisioning status")+` === "ACTIVE"`, 10*time.Second)
	b.waitJS(t, "the monitor's pool, a link by name", `((g) => g.endsWith("=" + `+jsString(newPool)+`) && !g.startsWith(`+jsString(newPool)+`))(`+propRef("monitor", "Pool")+`)`, 10*time.Second)
	b.do(t, "edit the monitor", 30*time.Second,
		chromedp.Click(chromedp.ID("monitor-edit")),
		chromedp.WaitVisible(chromedp.ID("f-delay")),
		setInput("#f-delay", "10"),
		chromedp.Click(chromedp.ID("res-submit")),
	)
	b.waitJS(t, "the monitor's edit succeeded", treeOp("succeeded", `Edit health monitor "ci-monitor"`), 30*time.Second)
	b.waitJS(t, "delay 10", treeProp("monitor", "Delay (s)")+` === "10"`, 10*time.Second)
	// The pool's page links its monitor.
	b.do(t, "the pool's monitor link", 30*time.Second, chromedp.Navigate(c.URL+poolPath), chromedp.WaitVisible(chromedp.ID("pool-props")))
	b.waitJS(t, "the monitor linked from the pool", fmt.Sprintf(`!!document.querySelector('#pool-props a[href^="/health-monitors/"]')`), 20*time.Second)
	b.shot(t, "tree-18-pool-with-monitor")
	b.do(t, "open the monitor", 20*time.Second, chromedp.Click(chromedp.CSS(`#pool-props a[href^="/health-monitors/"]`)), chromedp.WaitVisible(chromedp.ID("monitor-delete")))
	b.do(t, "delete the monitor", 20*time.Second,
		chromedp.Click(chromedp.ID("monitor-delete")),
		chromedp.WaitVisible(chromedp.ID("delete-confirm-btn")),
		chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")),
	)
	b.waitJS(t, "the monitor's delete succeeded", treeOp("succeeded", `Delete health monitor "ci-monitor"`), 30*time.Second)

	// L7 policies on shop-frontend's listener, and a rule.
	b.do(t, "open the L7 policies", 30*time.Second, chromedp.Click(chromedp.CSS(`.nav-link[href="/l7-policies"]`)))
	b.waitJS(t, "the empty policy list", `!!document.querySelector("#l7policy-empty")`, 30*time.Second)
	b.shot(t, "tree-19-l7policies-empty")
	b.do(t, "open the policy form", 30*time.Second, append([]chromedp.Action[chromedp.Void]{
		chromedp.Click(chromedp.ID("l7policy-create")), chromedp.WaitVisible(chromedp.ID("f-action"))},
		append(treeSelect("#f-listener_id", ids.shopListener),
			setInput("#f-name", "ci-policy"),
			setInput("#f-action", "REDIRECT_TO_URL"),
			chromedp.WaitVisible(chromedp.ID("f-redirect_url")))...)...)
	if got := eval[bool](t, b, `!!document.querySelector("#f-redirect_pool_id") || !!document.querySelector("#f-redirect_prefix")`); got {
		t.Errorf("a REDIRECT_TO_URL policy's form shows the redirect pool or prefix")
	}
	b.do(t, "fill the redirect", 10*time.Second, setInput("#f-redirect_url", "https://example.com/"), setInput("#f-redirect_http_code", "302"))
	// The inputs after the fields that came with the action are still their own.
	if got := eval[string](t, b, `document.querySelector("#f-position").value + "|" + document.querySelector("#f-redirect_url").value`); got != "|https://example.com/" {
		t.Errorf("position|redirect URL: got %q, want the URL in its own field", got)
	}
	b.shot(t, "tree-20-l7policy-form")
	b.do(t, "create the policy", 10*time.Second, chromedp.Click(chromedp.ID("res-submit")))
	b.waitJS(t, "the policy's page", `!!document.querySelector("#l7policy-props")`, 20*time.Second)
	b.waitJS(t, "the policy pending", `/^PENDING_/.test(`+treeProp("l7policy", "Provisioning status")+`)`, 10*time.Second)
	b.waitJS(t, "the policy's create succeeded", treeOp("succeeded", `Create L7 policy "ci-policy"`), 30*time.Second)
	b.waitJS(t, "the policy ACTIVE", treeProp("l7policy", "Provisioning status")+` === "ACTIVE"`, 10*time.Second)
	policyPath := eval[string](t, b, `location.pathname`)
	b.do(t, "edit the policy", 30*time.Second,
		chromedp.Click(chromedp.ID("l7policy-edit")),
		chromedp.WaitVisible(chromedp.ID("f-action")),
		setInput("#f-action", "REDIRECT_TO_POOL"),
		chromedp.WaitVisible(chromedp.ID("f-redirect_pool_id")),
	)
	b.do(t, "redirect to the pool", 20*time.Second, append(treeSelect("#f-redirect_pool_id", ids.shopPool), chromedp.Click(chromedp.ID("res-submit")))...)
	b.waitJS(t, "the policy's edit succeeded", treeOp("succeeded", `Edit L7 policy "ci-policy"`), 30*time.Second)
	b.waitJS(t, "the redirect pool linked", fmt.Sprintf(`!!document.querySelector('#l7policy-props a[href="/pools/%s"]')`, ids.shopPool), 10*time.Second)
	b.shot(t, "tree-21-l7policy")

	// A rule: its key only for HEADER, COOKIE and SSL_DN_FIELD.
	b.do(t, "open the rule form", 30*time.Second,
		chromedp.WaitVisible(chromedp.ID("l7rule-create")),
		chromedp.Click(chromedp.ID("l7rule-create")),
		chromedp.WaitVisible(chromedp.ID("f-type")),
	)
	if got := eval[bool](t, b, `!!document.querySelector("#f-key")`); got {
		t.Errorf("a PATH rule's form shows the key")
	}
	b.do(t, "fill the rule", 10*time.Second,
		setInput("#f-type", "HEADER"),
		chromedp.WaitVisible(chromedp.ID("f-key")),
		setInput("#f-compare_type", "EQUAL_TO"),
		setInput("#f-key", "X-Env"),
		setInput("#f-value", "beta"),
	)
	b.shot(t, "tree-22-l7rule-form")
	b.do(t, "create the rule", 10*time.Second, chromedp.Click(chromedp.ID("res-submit")))
	// back on the policy (issue 19 §3), then the rule's page from its list
	b.waitJS(t, "back on the policy, the rule listed", fmt.Sprintf(`location.pathname === %q && !!document.querySelector("tr.l7rule-row a")`, policyPath), 20*time.Second)
	b.waitJS(t, "the rule's create succeeded", `[...document.querySelectorAll(".op.op-succeeded .op-title")].some(e => e.textContent.startsWith("Create L7 rule"))`, 30*time.Second)
	eval[bool](t, b, `document.querySelector("tr.l7rule-row a").click(), true`)
	b.waitJS(t, "the rule's page", fmt.Sprintf(`location.pathname.startsWith(%q) && !!document.querySelector("#l7rule-props")`, policyPath+"/rules/"), 20*time.Second)
	b.waitJS(t, "the rule ACTIVE", treeProp("l7rule", "Provisioning status")+` === "ACTIVE"`, 10*time.Second)
	rulePath := eval[string](t, b, `location.pathname`)
	policyLink := `(document.querySelector('#l7rule-props a[href^="/l7-policies/"]') || {})`
	b.waitJS(t, "the rule's policy, a link by name", policyLink+`.textContent === "ci-policy"`, 10*time.Second)
	if got := eval[string](t, b, policyLink+`.dataset?.id || ""`); !strings.HasSuffix(policyPath, "/"+got) || got == "" {
		t.Errorf("the rule's policy link: got %q, want the policy of %s", got, policyPath)
	}
	b.shot(t, "tree-23-l7rule")

	// The deep link of the rule, in a new browser: login, then back to it.
	b2 := newBrowser(t)
	b2.do(t, "open the rule's link", 60*time.Second,
		chromedp.Navigate(c.URL+rulePath),
		chromedp.WaitVisible(chromedp.CSS(`#login-form[data-ready="true"]`)),
	)
	b2.fillLogin(t, "demo", "demo", "demo")
	b2.waitJS(t, "the rule after login", fmt.Sprintf(`location.pathname === %q && `, rulePath)+treeProp("l7rule", "Key")+` === "X-Env"`, 60*time.Second)
	b2.shot(t, "tree-24-l7rule-deep-link")

	// A reader sees the tree with no write control: no create, edit,
	// delete, drain or member set.
	b3 := newBrowser(t)
	b3.login(t, c.URL, "viewer", "viewer", "demo")
	b3.waitJS(t, "the viewer's list", `document.querySelectorAll("tr.lb-row").length >= 4`, 30*time.Second)
	b3.do(t, "the viewer on a pool", 60*time.Second, chromedp.Navigate(c.URL+"/pools/"+ids.shopPool), chromedp.WaitVisible(chromedp.ID("pool-props")))
	b3.waitJS(t, "the viewer's member rows", `document.querySelectorAll("tr.member-row").length === 4`, 30*time.Second)
	writes := `document.querySelectorAll("#batch, #batch-open, #pool-edit, #pool-delete, #member-create, #monitor-create, #member-drain, #member-edit").length`
	if got := eval[int](t, b3, writes); got != 0 {
		t.Errorf("write controls on a pool's page for a reader: got %d, want 0", got)
	}
	b3.do(t, "the viewer on a member", 30*time.Second, chromedp.Click(chromedp.CSS(`tr.member-row td.name a`)), chromedp.WaitVisible(chromedp.ID("member-props")))
	if got := eval[int](t, b3, writes); got != 0 {
		t.Errorf("write controls on a member's page for a reader: got %d, want 0", got)
	}
	b3.shot(t, "tree-24b-reader-member")

	b.do(t, "edit the rule", 30*time.Second,
		chromedp.Click(chromedp.ID("l7rule-edit")),
		chromedp.WaitVisible(chromedp.ID("f-value")),
		setInput("#f-value", "gamma"),
		chromedp.Click(chromedp.ID("res-submit")),
	)
	b.waitJS(t, "the rule's edit succeeded", `[...document.querySelectorAll(".op.op-succeeded .op-title")].some(e => e.textContent.startsWith("Edit L7 rule"))`, 30*time.Second)
	b.waitJS(t, "value gamma", treeProp("l7rule", "Value")+` === "gamma"`, 10*time.Second)
	b.do(t, "delete the rule", 20*time.Second,
		chromedp.Click(chromedp.ID("l7rule-delete")),
		chromedp.WaitVisible(chromedp.ID("delete-confirm-btn")),
		chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")),
	)
	b.waitJS(t, "back on the policy", fmt.Sprintf(`location.pathname === %q`, policyPath), 10*time.Second)
	b.waitJS(t, "the rule's delete succeeded", `[...document.querySelectorAll(".op.op-succeeded .op-title")].some(e => e.textContent.startsWith("Delete L7 rule"))`, 30*time.Second)
	b.do(t, "delete the policy", 20*time.Second,
		chromedp.WaitVisible(chromedp.ID("l7policy-delete")),
		chromedp.Click(chromedp.ID("l7policy-delete")),
		chromedp.WaitVisible(chromedp.ID("delete-confirm-btn")),
		chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")),
	)
	b.waitJS(t, "the policy's delete succeeded", treeOp("succeeded", `Delete L7 policy "ci-policy"`), 30*time.Second)

	// Octavia's own 400, which no form check can know: a listener of
	// another load balancer than the one picked.
	b.do(t, "open the pool form again", 60*time.Second, append([]chromedp.Action[chromedp.Void]{
		chromedp.Navigate(c.URL + "/pools/new"), chromedp.WaitVisible(chromedp.ID("f-lb_algorithm"))},
		append(append(treeSelect("#f-loadbalancer_id", ids.shopLB), treeSelect("#f-listener_id", ids.apiListener)...),
			setInput("#f-name", "ci-mismatch"),
			chromedp.Click(chromedp.ID("res-submit")))...)...)
	b.waitJS(t, "Octavia's fault on the form", `document.querySelector("#res-form").textContent.includes("do not match")`, 20*time.Second)
	fieldErr := eval[string](t, b, `[...document.querySelectorAll("#res-form .field-error")].map(e => e.id + ": " + e.textContent).join("; ")`)
	top := b.text(t, "#res-form-error")
	t.Logf("Octavia's 400: field errors %q, top %q", fieldErr, top)
	if !strings.Contains(fieldErr+top, "Pool listener_id and loadbalancer_id do not match") {
		t.Errorf("Octavia's faultstring: got field errors %q and %q, want Octavia's words", fieldErr, top)
	}
	if got := eval[string](t, b, `document.querySelector("#f-name").value`); got != "ci-mismatch" {
		t.Errorf("the typed name after the 400: got %q, want it kept", got)
	}
	b.shot(t, "tree-25-pool-octavia-400")

	// Delete the new pool, with its wait.
	b.do(t, "open the new pool", 60*time.Second, chromedp.Navigate(c.URL+poolPath), chromedp.WaitVisible(chromedp.ID("pool-delete")))
	b.waitJS(t, "its doomed member", `document.querySelectorAll("tr.member-row").length === 1`, 30*time.Second)
	b.do(t, "delete the pool", 20*time.Second,
		chromedp.Click(chromedp.ID("pool-delete")),
		chromedp.WaitVisible(chromedp.ID("delete-confirm-btn")),
		chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")),
	)
	b.waitJS(t, "the pool list", `location.pathname === "/pools"`, 10*time.Second)
	b.waitJS(t, "the pool's delete succeeded", treeOp("succeeded", `Delete pool "ci-pool"`), 40*time.Second)
	b.waitJS(t, "two pools left", `document.querySelectorAll("tr.pool-row").length === 2`, 70*time.Second)
	b.shot(t, "tree-26-pool-deleted")
}
