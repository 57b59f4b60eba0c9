//go:build !js

package e2e

// Names where a person reads (issue 30, items 1, 5 and 7): a pool's page
// names its load balancer and listener and says where it is (the
// breadcrumb), a member's breadcrumb has four parts, the listener list
// names its default pool, a rename shows within a poll, the members'
// counts name what they count, a 409 on a load balancer in ERROR says
// Octavia's words at the form, and the wait card of "Create member" is in
// view and names the member. Screenshots under artifacts/names-*.png.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// propRef is the JS expression of the links of the property labelled
// label on the page of prefix, as "name=id" pairs joined by ", ": what a
// link says and the id it goes to.
func propRef(prefix, label string) string {
	return fmt.Sprintf(`(() => { for (const p of document.querySelectorAll("#%s-props .prop")) {
		if (p.querySelector("dt").textContent !== %q) continue;
		return [...p.querySelectorAll("dd a")].map(a => a.textContent + "=" + (a.dataset.id || a.textContent)).join(", "); } return ""; })()`, prefix, label)
}

// crumbs is the JS expression of the breadcrumb of the page of prefix, its
// parts' texts joined by " › ".
func crumbs(prefix string) string {
	return fmt.Sprintf(`[...document.querySelectorAll("#%s-crumbs li")].map(li => li.textContent).join(" › ")`, prefix)
}

// nameOf reads the name of object r with the test's client.
func nameOf(t *testing.T, ids treeIDs, r octavia.Ref) string {
	t.Helper()
	o, err := ids.client.Get(t.Context(), r)
	if err != nil {
		t.Fatal(err)
	}
	return o.Text("name")
}

func TestBrowserNames(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab := newLabAdmin(t, c)
	ids := readTreeIDs(t, c)
	// The scenario's listener and pool have no name: name them (an
	// unnamed one shows its short id, as the member's page shows below).
	listener, pool := "shop-http", "shop-pool"
	for _, x := range []struct {
		r    octavia.Ref
		name string
	}{{octavia.Ref{Kind: octavia.KindListener, ID: ids.shopListener, LoadBalancerID: ids.shopLB}, listener},
		{octavia.Ref{Kind: octavia.KindPool, ID: ids.shopPool, LoadBalancerID: ids.shopLB}, pool}} {
		if _, _, err := ids.client.Update(t.Context(), x.r, octavia.Object{"name": x.name}); err != nil {
			t.Fatal(err)
		}
		if _, err := ids.client.WaitChildActive(t.Context(), x.r, waiters.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	if got := nameOf(t, ids, octavia.Ref{Kind: octavia.KindPool, ID: ids.shopPool}); got != pool {
		t.Fatalf("the pool is named %q, want %q", got, pool)
	}
	members, err := octavia.Collect(ids.client.List(t.Context(), octavia.KindMember, ids.shopPool, octavia.ListQuery{}))
	if err != nil || len(members) == 0 {
		t.Fatalf("the shop pool's members: %d, %v", len(members), err)
	}
	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `location.pathname === "/load-balancers"`, 30*time.Second)

	// A pool's page names its load balancer and listener (the ids one
	// hover away), and says where it is.
	b.goTo(t, "/pools/"+ids.shopPool)
	b.waitJS(t, "the load balancer by name", propRef("pool", "Load balancer")+` === `+jsString("shop-frontend="+ids.shopLB), 30*time.Second)
	b.waitJS(t, "the listener by name", propRef("pool", "Listeners")+` === `+jsString(listener+"="+ids.shopListener), 10*time.Second)
	wantCrumbs := "Load balancer shop-frontend › Listener " + listener + " › Pool " + pool
	b.waitJS(t, "the breadcrumb", crumbs("pool")+` === `+jsString(wantCrumbs), 10*time.Second)
	if got := eval[string](t, b, `document.querySelector("#pool-crumbs a").getAttribute("href")`); got != "/load-balancers/"+ids.shopLB {
		t.Errorf("the breadcrumb's load balancer links to %q, want its page", got)
	}
	if got := eval[string](t, b, `(document.querySelector("#pool-props .ref-name") || {}).title`); got != ids.shopLB {
		t.Errorf("the load balancer's link's title: got %q, want its id", got)
	}
	if eval[bool](t, b, `[...document.querySelectorAll("#pool-props .prop")].some(p => p.dataset.key === "tenant_id")`) {
		t.Error("the pool's page shows tenant_id beside project_id (the same): want one Project line")
	}

	// The members' counts name what they count: one member down is not
	// "active", and the total takes the error's colour.
	lab.Faults(t, `{"down_members": ["10.0.0.11"]}`)
	memberCounts := `[...((document.querySelector("#member-count") || {}).parentElement?.querySelectorAll(".sum-item[data-status]") || [])]`
	b.waitJS(t, "a member down counted", memberCounts+`.some(s => s.textContent === "1 error")`, 30*time.Second)
	counts := eval[string](t, b, memberCounts+`.map(s => s.textContent).join(" · ")`)
	if want := fmt.Sprintf("%d online · 1 error", len(members)-1); counts != want {
		t.Errorf("the members' counts: got %q, want %q", counts, want)
	}
	if !eval[bool](t, b, `document.querySelector("#member-count").classList.contains("st-error-text")`) {
		t.Error("the members' total is not in the error's colour while one member is down")
	}
	b.shot(t, "names-01-pool")
	lab.Faults(t, `{}`)

	// A member's page: four parts, each a link by name but its own.
	m := members[0]
	b.goTo(t, "/pools/"+ids.shopPool+"/members/"+m.Text("id"))
	b.waitJS(t, "the member's breadcrumb", `document.querySelectorAll("#member-crumbs li").length === 4 && `+
		crumbs("member")+`.startsWith(`+jsString(wantCrumbs+" › Member ")+`)`, 30*time.Second)
	if got := eval[int](t, b, `document.querySelectorAll("#member-crumbs a").length`); got != 3 {
		t.Errorf("the member's breadcrumb has %d links, want 3 (not itself)", got)
	}
	if got := eval[string](t, b, propRef("member", "Pool")); got != pool+"="+ids.shopPool {
		t.Errorf("the member's pool: got %q, want %q", got, pool+"="+ids.shopPool)
	}

	// The listener list names each listener's default pool.
	b.goTo(t, "/listeners")
	cell := fmt.Sprintf(`(() => { const r = document.querySelector('tr.listener-row[data-id=%q]'); const a = r && r.querySelector('td a[data-id=%q]');
		return a ? a.textContent : ""; })()`, ids.shopListener, ids.shopPool)
	b.waitJS(t, "the default pool by name", cell+` === `+jsString(pool), 30*time.Second)

	// A rename elsewhere shows on the listener's page within a poll (its
	// status tree names the pool).
	b.goTo(t, "/listeners/"+ids.shopListener)
	b.waitJS(t, "the default pool by name", propRef("listener", "Default pool")+` === `+jsString(pool+"="+ids.shopPool), 30*time.Second)
	if _, _, err := ids.client.Update(t.Context(), octavia.Ref{Kind: octavia.KindPool, ID: ids.shopPool}, octavia.Object{"name": "renamed-pool"}); err != nil {
		t.Fatal(err)
	}
	b.waitJS(t, "the new name", propRef("listener", "Default pool")+` === `+jsString("renamed-pool="+ids.shopPool), 30*time.Second)
	if _, err := ids.client.WaitChildActive(t.Context(), octavia.Ref{Kind: octavia.KindPool, ID: ids.shopPool, LoadBalancerID: ids.shopLB}, waiters.Options{}); err != nil {
		t.Fatal(err)
	}

	// Create member: back on the pool, the wait card is in view and names
	// the member (held PENDING_CREATE by the lab: the card waits).
	lab.Faults(t, `{"stuck": ["ci-named"]}`)
	b.goTo(t, "/pools/"+ids.shopPool+"/members/new")
	b.do(t, "fill the member form", 20*time.Second, chromedp.WaitVisible(chromedp.ID("f-address")),
		setInput("#f-address", "10.0.0.78"), setInput("#f-name", "ci-named"))
	b.shotViewport(t, "names-02-member-form")
	// One column (a phone): each checkbox still beside its label, at its
	// left, not stretched.
	b.do(t, "a phone's width", 10*time.Second, chromedp.EmulateViewport(390, 800))
	b.waitJS(t, "one column", `innerWidth === 390`, 10*time.Second)
	for _, id := range []string{"f-backup", "f-admin_state_up"} {
		geo := eval[string](t, b, fmt.Sprintf(`(() => { const i = document.getElementById(%q), l = document.querySelector('label[for=%q]');
			const a = i.getBoundingClientRect(), c = l.getBoundingClientRect(), f = i.closest(".field").getBoundingClientRect();
			return [Math.round(a.width), Math.round(a.left - f.left), Math.round(c.left - a.right), Math.round(Math.abs((a.top + a.bottom) - (c.top + c.bottom)) / 2)].join(","); })()`, id, id))
		var w, left, gap, dy int
		fmt.Sscanf(geo, "%d,%d,%d,%d", &w, &left, &gap, &dy)
		if w > 20 || left > 2 || gap < 0 || gap > 16 || dy > 4 {
			t.Errorf("checkbox %s: width %d, %d px from the field's left, %d px before its label, %d px off its line; want a small box at the left, beside its label", id, w, left, gap, dy)
		}
	}
	b.shotViewport(t, "names-02-member-form-phone")
	b.do(t, "back to the window's width", 10*time.Second, chromedp.EmulateReset())
	eval[bool](t, b, `window.scrollTo(0, document.body.scrollHeight), true`)
	b.do(t, "create it", 10*time.Second, chromedp.Click(chromedp.ID("res-submit")))
	b.waitJS(t, "back on the pool", `location.pathname === `+jsString("/pools/"+ids.shopPool), 20*time.Second)
	card := `[...document.querySelectorAll(".op.op-waiting")].find(o => o.querySelector(".op-title").textContent === 'Create member "ci-named"')`
	b.waitJS(t, "the wait card in view", `(() => { const o = `+card+`; if (!o) return false;
		const r = o.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && document.activeElement === o; })()`, 20*time.Second)
	// its badge is the load balancer's status (a member's create waits for
	// its load balancer), and says so
	b.waitJS(t, "the badge says whose status", `(() => { const o = `+card+`; return !!o && !!o.querySelector(".badge") &&
		o.querySelector(".op-whose")?.textContent === "load balancer"; })()`, 20*time.Second)
	b.shotViewport(t, "names-03-member-wait")
	lab.Faults(t, `{}`)

	// A 409 on a load balancer in ERROR: Octavia's words and what to do,
	// at the form, and no "Retry when ACTIVE" that would wait for ever.
	lbs, err := octavia.Collect(ids.client.List(t.Context(), octavia.KindLoadBalancer, "", octavia.ListQuery{}))
	if err != nil {
		t.Fatal(err)
	}
	legacy := ""
	for _, lb := range lbs {
		if lb.Text("name") == "legacy-batch" {
			legacy = lb.Text("id")
		}
	}
	b.goTo(t, "/load-balancers/"+legacy+"/edit")
	b.do(t, "edit the ERROR load balancer", 20*time.Second, chromedp.WaitVisible(chromedp.ID("f-description")),
		setInput("#f-description", "try"), chromedp.Click(chromedp.ID("res-submit")))
	b.waitJS(t, "Octavia's words", `(document.querySelector("#res-form-error") || {}).textContent?.includes("Octavia said: Invalid state ERROR of loadbalancer resource")`, 20*time.Second)
	msg := eval[string](t, b, `document.querySelector("#res-form-error").textContent`)
	for _, bad := range []string{"conflicts with something", "try again when it is ACTIVE"} {
		if strings.Contains(msg, bad) {
			t.Errorf("the refusal says %q: %q", bad, msg)
		}
	}
	if !strings.Contains(msg, "failed over") {
		t.Errorf("the refusal does not say what to do: %q", msg)
	}
	if eval[bool](t, b, `[...document.querySelectorAll("button")].some(e => e.textContent.includes("Retry when ACTIVE"))`) {
		t.Error("a Retry when ACTIVE is offered for a load balancer in ERROR")
	}
	b.shotViewport(t, "names-04-error-409")
}
