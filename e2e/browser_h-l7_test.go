//go:build !js

package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserL7TreeTabsShareOnePoll: two tabs on one load balancer's page
// read its L7 policies once per 3 s between them (as they do its tree),
// and a rule added with the API shows in both.
func TestBrowserL7TreeTabsShareOnePoll(t *testing.T) {
	t.Parallel()
	s := startLiveConsole(t)
	c := console{URL: s.URL, LabURL: s.URL}
	lab, api := newLBAPI(t, c)
	listener, _, lb := polishIDs(t, lab)
	_, route, empty := l7Seed(t, api, lb, listener)

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `location.pathname === "/load-balancers" && !!document.querySelector("tr.lb-row")`, 60*time.Second)
	open := func(name string) (*browser, func()) {
		tab, cancel := b.openTreeTab(t, name, c.URL+"/load-balancers/"+lb)
		tab.waitJS(t, "api-route in "+name, nodeLabel(route)+`.includes("PATH STARTS_WITH /api")`, 30*time.Second)
		return tab, cancel
	}
	leader, closeLeader := open("the leading tab")
	defer closeLeader()
	follower, closeFollower := open("the following tab")
	defer closeFollower()

	time.Sleep(4 * time.Second) // the pages' first reads are done
	mark := len(s.Logs.String())
	time.Sleep(measureWindow)
	counts := upstreamGETs(t, s.Logs.String(), mark)
	t.Logf("two tabs on a load balancer's page with L7 policies: %s", perThree(counts, measureWindow))
	// One poll per 3 s: 5 in 15 s (6 with a poll at each end); two tabs
	// polling each by itself make 10.
	if n := counts["/load-balancer/v2.0/lbaas/l7policies"]; n < 1 || n > 6 {
		t.Errorf("GETs of the L7 policies in 15 s with two tabs open: got %d, want 1 to 6 (one poll shared by the tabs)", n)
	}
	if code := api.do(t, http.MethodPost, "/l7policies/"+empty+"/rules", `{"rule": {"type": "PATH", "compare_type": "EQUAL_TO", "value": "/old"}}`, nil); code != http.StatusCreated {
		t.Fatalf("add a rule to no-rules: got %d, want 201", code)
	}
	for name, tab := range map[string]*browser{"the leading tab": leader, "the following tab": follower} {
		tab.waitJS(t, "no-rules' rule in "+name, nodeLabel(empty)+`.includes("PATH EQUAL_TO /old")`, 20*time.Second)
	}
}

// Issue 30 §4 and §8: L7 in the picture. The status tree shows each
// listener's L7 policies (action, position, rules) with the pool a policy
// redirects to, live; a policy without a rule warns on its page and in the
// tree; deleting a listener lists the L7 policies that go with it; on a
// phone the tree is an indented list with every member in view.

// l7Seed creates on shop-frontend's HTTP listener a pool "api-pool" (no
// listener's), an L7 policy "api-route" that sends PATH STARTS_WITH /api
// to it, and an L7 policy "no-rules" without a rule.
func l7Seed(t *testing.T, api lbAPI, lb, listener string) (pool, route, empty string) {
	t.Helper()
	var p struct {
		Pool struct{ ID string } `json:"pool"`
	}
	if code := api.do(t, http.MethodPost, "/pools", fmt.Sprintf(`{"pool": {"loadbalancer_id": %q, "name": "api-pool", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}}`, lb), &p); code != http.StatusCreated {
		t.Fatalf("create api-pool: got %d, want 201", code)
	}
	api.waitLBActive(t, lb)
	var pol struct {
		Policy struct{ ID string } `json:"l7policy"`
	}
	if code := api.do(t, http.MethodPost, "/l7policies", fmt.Sprintf(`{"l7policy": {"listener_id": %q, "name": "api-route", "action": "REDIRECT_TO_POOL", "redirect_pool_id": %q}}`, listener, p.Pool.ID), &pol); code != http.StatusCreated {
		t.Fatalf("create api-route: got %d, want 201", code)
	}
	route = pol.Policy.ID
	api.waitLBActive(t, lb)
	if code := api.do(t, http.MethodPost, "/l7policies/"+route+"/rules", `{"rule": {"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"}}`, nil); code != http.StatusCreated {
		t.Fatalf("create api-route's rule: got %d, want 201", code)
	}
	api.waitLBActive(t, lb)
	if code := api.do(t, http.MethodPost, "/l7policies", fmt.Sprintf(`{"l7policy": {"listener_id": %q, "name": "no-rules", "action": "REJECT"}}`, listener), &pol); code != http.StatusCreated {
		t.Fatalf("create no-rules: got %d, want 201", code)
	}
	api.waitLBActive(t, lb)
	return p.Pool.ID, route, pol.Policy.ID
}

// nodeLabel is the JS of the accessible name of the tree's node of id
// ("" while there is none).
func nodeLabel(id string) string {
	return fmt.Sprintf(`((g) => g ? g.getAttribute("aria-label") : "")(document.querySelector('svg.status-tree g.tree-node[data-id=%q]'))`, id)
}

// TestBrowserL7Tree: the tree shows an L7 policy, its rule and its
// redirect pool (axe finds nothing, light, dark or on a phone); a policy
// without a rule warns in the tree and on its page, and stops warning once a rule is added elsewhere (within a poll
// or two); deleting the listener lists both policies in the dialog.
func TestBrowserL7Tree(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab := newLabAdmin(t, c)
	_, api := newLBAPI(t, c)
	listener, _, lb := polishIDs(t, lab)
	pool, route, empty := l7Seed(t, api, lb, listener)

	b := newBrowser(t)
	b.login(t, c.URL, "admin", "admin", "admin")
	b.waitJS(t, "the list", `location.pathname === "/load-balancers" && !!document.querySelector("#who-user")`, 60*time.Second)
	b.goTo(t, "/load-balancers/"+lb)
	b.waitJS(t, "api-route in the tree", nodeLabel(route)+`.includes("PATH STARTS_WITH /api")`, 30*time.Second)
	if got := eval[string](t, b, nodeLabel(route)); !strings.Contains(got, "L7 policy #1 api-route") || !strings.Contains(got, "action redirect to POOL") {
		t.Errorf("api-route's node: got %q, want its position, name and action", got)
	}
	if got := eval[string](t, b, nodeLabel(pool)); !strings.Contains(got, "pool api-pool") {
		t.Errorf("the redirect pool's node: got %q, want pool api-pool", got)
	}
	if got := eval[string](t, b, `document.querySelector('svg.status-tree g.tree-node[data-id="`+pool+`"]').dataset.href || ""`); got != "/pools/"+pool {
		t.Errorf("the redirect pool's node links to %q, want /pools/%s", got, pool)
	}
	if got := eval[string](t, b, nodeLabel(empty)); !strings.Contains(got, "never matches") {
		t.Errorf("no-rules' node: got %q, want it to say it never matches", got)
	}
	if !eval[bool](t, b, `document.querySelector('g.tree-node[data-id="`+empty+`"]').classList.contains("tn-warn")`) {
		t.Errorf("no-rules' node does not warn")
	}
	b.shot(t, "h-l7-tree-l7")
	axeSource(t)
	b.audit(t, "h-l7-tree-l7") // light, dark and phones (the list): no violation, no sideways scrolling

	// The policy's page warns.
	b.goTo(t, "/l7-policies/"+empty)
	b.waitJS(t, "the warning on no-rules' page", `(document.querySelector("#object-warning") || {}).textContent?.includes("never matches") || false`, 30*time.Second)
	b.shot(t, "h-l7-policy-no-rule")

	// Deleting the listener lists both policies (and api-route's rule).
	b.goTo(t, "/listeners/"+listener)
	b.do(t, "ask to delete the listener", 20*time.Second,
		chromedp.WaitVisible(chromedp.ID("listener-delete")), chromedp.Click(chromedp.ID("listener-delete")))
	b.waitJS(t, "the policies in the dialog", `(document.querySelector('#delete-goes li[data-kind="l7policy"]') || {}).textContent === "2 L7 policies: api-route, no-rules"`, 20*time.Second)
	if got := eval[string](t, b, `(document.querySelector('#delete-goes li[data-kind="rule"]') || {}).textContent || ""`); got != "1 L7 rule" {
		t.Errorf("the rules in the dialog: got %q, want 1 L7 rule", got)
	}
	if got := eval[string](t, b, `document.querySelector("#delete-goes").textContent`); !strings.Contains(got, "Its default pool") {
		t.Errorf("the dialog: got %q, want it to say the default pool stays", got)
	}
	b.shot(t, "h-l7-delete-listener")
	b.audit(t, "h-l7-delete-listener")
	b.do(t, "keep it", 5*time.Second, chromedp.Click(chromedp.ID("delete-keep")))
	b.waitJS(t, "the dialog closed", `!document.querySelector("#delete-confirm[open]")`, 5*time.Second)

	// A pool an L7 policy redirects to: Octavia refuses its delete; the dialog says so.
	b.goTo(t, "/pools/"+pool)
	b.do(t, "ask to delete api-pool", 20*time.Second,
		chromedp.WaitVisible(chromedp.ID("pool-delete")), chromedp.Click(chromedp.ID("pool-delete")))
	b.waitJS(t, "the refusal", `(document.querySelector("#delete-refused") || {}).textContent?.includes("api-route") || false`, 20*time.Second)
	if !eval[bool](t, b, `document.querySelector("#delete-confirm-btn").disabled`) {
		t.Errorf("Delete is enabled for a pool Octavia refuses to delete")
	}
	b.do(t, "keep it", 5*time.Second, chromedp.Click(chromedp.ID("delete-keep")))

	// A rule added with the API: the tree stops warning, live.
	b.goTo(t, "/load-balancers/"+lb)
	b.waitJS(t, "no-rules in the tree", nodeLabel(empty)+`.includes("never matches")`, 30*time.Second)
	if code := api.do(t, http.MethodPost, "/l7policies/"+empty+"/rules", `{"rule": {"type": "HOST_NAME", "compare_type": "EQUAL_TO", "value": "old.example"}}`, nil); code != http.StatusCreated {
		t.Fatalf("add a rule to no-rules: got %d, want 201", code)
	}
	b.waitJS(t, "no-rules' new rule in the tree", nodeLabel(empty)+`.includes("HOST_NAME EQUAL_TO old.example")`, 20*time.Second)
	if got := eval[string](t, b, nodeLabel(empty)); strings.Contains(got, "never matches") {
		t.Errorf("no-rules' node with a rule: got %q, want no warning", got)
	}
}

// TestBrowserTreePhone: at 390×844 the status tree is an indented list
// (not the picture) with every node, each link and status, and nothing
// wider than the screen.
func TestBrowserTreePhone(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab := newLabAdmin(t, c)
	_, api := newLBAPI(t, c)
	listener, _, lb := polishIDs(t, lab)
	l7Seed(t, api, lb, listener)

	b := newBrowser(t)
	b.emulate(t, view{"phone-390", "light", 390, 844})
	b.login(t, c.URL, "admin", "admin", "admin")
	b.waitJS(t, "the list", `location.pathname === "/load-balancers" && !!document.querySelector("#who-user")`, 60*time.Second)
	b.goTo(t, "/load-balancers/"+lb)
	b.waitJS(t, "the L7 policies in the list", `document.querySelectorAll('.tree-list li.tl-item[data-id]').length === document.querySelectorAll("svg.status-tree g.tree-node").length &&
		[...document.querySelectorAll(".tree-list .tl-kind")].some(k => k.textContent.startsWith("L7 POLICY"))`, 30*time.Second)
	if eval[bool](t, b, `getComputedStyle(document.querySelector(".tree-both .tree-scroll")).display !== "none"`) {
		t.Errorf("the picture shows on a phone")
	}
	tr := api.tree(t, lb)
	for _, id := range []string{lb, tr.listener, tr.pool, tr.member} {
		got := eval[string](t, b, fmt.Sprintf(`(() => { const li = document.querySelector('.tree-list li[data-id=%q]'); if (!li) return "missing";
			const a = li.querySelector("a.tl-link"), r = a.getBoundingClientRect();
			if (r.width === 0) return "hidden"; if (r.left < 0 || r.right > innerWidth) return "off-screen: " + r.left + ".." + r.right;
			return a.getAttribute("href") + " " + li.querySelector(".tl-status").textContent; })()`, id))
		if !strings.HasPrefix(got, "/") || !strings.Contains(got, "·") {
			t.Errorf("the list's item of %s: got %q, want its link, in view, and its statuses", id, got)
		}
	}
	if got := eval[string](t, b, `(() => { let n = 0; for (const li of document.querySelectorAll(".tree-list li.tl-item")) { const r = li.getBoundingClientRect(); if (r.right > innerWidth + 0.5) n++; } return n + " items past the right edge; page " + document.documentElement.scrollWidth + " wide for " + innerWidth; })()`); !strings.HasPrefix(got, "0 items") {
		t.Errorf("the list on a phone: %s", got)
	}
	if sw, w := eval[int](t, b, `document.documentElement.scrollWidth`), eval[int](t, b, `innerWidth`); sw > w {
		t.Errorf("the page scrolls sideways: %d wide for %d", sw, w)
	}
	b.shot(t, "h-l7-tree-phone")
}
