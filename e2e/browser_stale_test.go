//go:build !js

package e2e

// Pages never older than one poll (issue 28 §2, §3): a write made
// elsewhere (the CLI) that Octavia finishes between two polls (the lab's
// -lab-delay 50ms: no poll sees it pending) shows on every kind's page
// within 6 s, the heading, the properties and the status tree agreeing;
// an admin's lists keep naming each row's project.

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// staleDelay makes every write finish long before the next poll.
const staleDelay = "50ms"

// seenWithin is how soon a page shows a change made elsewhere: one poll
// (3 s), the reads, and the test's own polling.
const seenWithin = 6 * time.Second

// pollSoonest is less than a poll's interval (3 s): no poll's next read
// leaves within it of the poll's start.
const pollSoonest = 2500 * time.Millisecond

// waitLBActive waits until load balancer id is ACTIVE (the lab refuses
// the next write while it is pending).
func (a lbAPI) waitLBActive(t testing.TB, id string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if a.lb(t, id)["provisioning_status"] == "ACTIVE" {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("load balancer %s not ACTIVE after 20 s", id)
}

// propJS is the JS of the text of the property key on the page.
func propJS(key string) string {
	return fmt.Sprintf(`((document.querySelector('dl.props .prop[data-key=%q] dd') || {}).textContent || "").trim()`, key)
}

// propLinksJS is the JS expression of the links of the property key, as
// their targets (space-separated): a property that names other objects
// shows their names, and links to them by id.
func propLinksJS(key string) string {
	return fmt.Sprintf(`[...document.querySelectorAll('dl.props .prop[data-key=%q] dd a')].map(a => a.getAttribute("href")).join(" ")`, key)
}

// TestBrowserStaleEveryKind: on the page of each kind of a load
// balancer's tree, open and live, a change sent with the API (as the CLI
// does) that completes between two polls is shown within 6 s: a rename in
// the heading, the properties and the status tree node alike; a rule's
// value; the load balancer's description (not in the status tree at all);
// a pool deleted, gone from the load balancer's Pools, its pools table and
// its tree; and on a flavor's page (a kind with no tree), a rename.
func TestBrowserStaleEveryKind(t *testing.T) {
	t.Parallel()
	s := startLiveConsole(t, "-lab-delay", staleDelay)
	c := console{URL: s.URL, LabURL: s.URL}
	_, api := newLBAPI(t, c)
	shop := api.lbID(t, "shop-frontend")
	tree := api.tree(t, shop)
	listener, pool, member, monitor := tree.listener, tree.pool, tree.member, tree.monitor
	var policy struct {
		P struct {
			ID string `json:"id"`
		} `json:"l7policy"`
	}
	if code := api.do(t, http.MethodPost, "/l7policies", fmt.Sprintf(`{"l7policy": {"listener_id": %q, "action": "REJECT", "name": "block"}}`, listener), &policy); code != http.StatusCreated {
		t.Fatalf("creating an L7 policy: %d", code)
	}
	api.waitLBActive(t, shop)
	var rule struct {
		R struct {
			ID string `json:"id"`
		} `json:"rule"`
	}
	if code := api.do(t, http.MethodPost, "/l7policies/"+policy.P.ID+"/rules", `{"rule": {"type": "PATH", "compare_type": "STARTS_WITH", "value": "/admin"}}`, &rule); code != http.StatusCreated {
		t.Fatalf("creating an L7 rule: %d", code)
	}
	api.waitLBActive(t, shop)

	var fp struct {
		FP struct{ ID string } `json:"flavorprofile"`
	}
	api.do(t, http.MethodPost, "/flavorprofiles", `{"flavorprofile": {"name": "fp", "provider_name": "amphora", "flavor_data": "{\"loadbalancer_topology\": \"SINGLE\"}"}}`, &fp)
	var flavor struct {
		F struct{ ID string } `json:"flavor"`
	}
	if code := api.do(t, http.MethodPost, "/flavors", fmt.Sprintf(`{"flavor": {"name": "silver", "flavor_profile_id": %q}}`, fp.FP.ID), &flavor); code != http.StatusCreated {
		t.Fatalf("creating a flavor: %d", code)
	}

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `location.pathname === "/load-balancers" && !!document.querySelector("tr.lb-row")`, 60*time.Second)

	// change is sent with the API once page shows its object live; then
	// want must hold within seenWithin.
	change := func(what, page, method, path, body, want string) {
		t.Helper()
		b.goTo(t, page)
		b.waitJS(t, what+": the page live", `!!document.querySelector("dl.props .prop") && !!document.querySelector("#obj-live.live")`, 30*time.Second)
		time.Sleep(time.Second) // the page's first reads are done
		if code := api.do(t, method, path, body, nil); code >= 300 {
			t.Fatalf("%s: %s %s answered %d", what, method, path, code)
		}
		sent := time.Now()
		b.waitJS(t, what+" shown", want, seenWithin)
		t.Logf("%s: shown %.1f s after the API answered", what, time.Since(sent).Seconds())
		api.waitLBActive(t, shop)
	}
	// renamed is the JS of a page that names object id name everywhere:
	// its heading, its properties and, when it is in the tree, its node.
	renamed := func(id, name string) string {
		return fmt.Sprintf(`(() => {
			const node = document.querySelector('svg.status-tree g.tree-node[data-id=%[1]q]');
			return document.getElementById("page-title").textContent.endsWith(" " + %[2]q) && %[3]s === %[2]q &&
				(!node || node.textContent.includes(%[2]q)); })()`, id, name, propJS("name"))
	}

	change("a listener renamed", "/listeners/"+listener, http.MethodPut, "/listeners/"+listener,
		`{"listener": {"name": "front-80"}}`, renamed(listener, "front-80"))
	change("a pool renamed", "/pools/"+pool, http.MethodPut, "/pools/"+pool,
		`{"pool": {"name": "web-pool"}}`, renamed(pool, "web-pool"))
	change("a member renamed", "/pools/"+pool+"/members/"+member, http.MethodPut, "/pools/"+pool+"/members/"+member,
		`{"member": {"name": "web-1"}}`, renamed(member, "web-1"))
	change("a health monitor renamed", "/health-monitors/"+monitor, http.MethodPut, "/healthmonitors/"+monitor,
		`{"healthmonitor": {"name": "probe"}}`, renamed(monitor, "probe"))
	change("an L7 policy renamed", "/l7-policies/"+policy.P.ID, http.MethodPut, "/l7policies/"+policy.P.ID,
		`{"l7policy": {"name": "deny-admin"}}`, renamed(policy.P.ID, "deny-admin"))
	change("an L7 rule's value", "/l7-policies/"+policy.P.ID+"/rules/"+rule.R.ID, http.MethodPut, "/l7policies/"+policy.P.ID+"/rules/"+rule.R.ID,
		`{"rule": {"value": "/private"}}`, propJS("value")+` === "/private"`)
	change("a flavor renamed (a kind outside the tree)", "/flavors/"+flavor.F.ID, http.MethodPut, "/flavors/"+flavor.F.ID,
		`{"flavor": {"name": "gold"}}`, renamed(flavor.F.ID, "gold"))
	lbPage := "/load-balancers/" + shop
	change("the load balancer renamed", lbPage, http.MethodPut, "/loadbalancers/"+shop,
		`{"loadbalancer": {"name": "shop-renamed"}}`, renamed(shop, "shop-renamed"))
	change("the load balancer's description", lbPage, http.MethodPut, "/loadbalancers/"+shop,
		`{"loadbalancer": {"description": "edited elsewhere"}}`, propJS("description")+` === "edited elsewhere"`)
	if !strings.Contains(eval[string](t, b, propLinksJS("pools")), pool) {
		t.Fatalf("the load balancer's Pools (links %q) do not link pool %s before its delete", eval[string](t, b, propLinksJS("pools")), pool)
	}
	change("a pool deleted", lbPage, http.MethodDelete, "/pools/"+pool, "",
		fmt.Sprintf(`!%s.includes(%q) && !document.querySelector('tr.res-row[data-id=%[2]q]') &&
			!document.querySelector('svg.status-tree g.tree-node[data-id=%[2]q]')`, propLinksJS("pools"), pool))
}

// TestBrowserAdminListProjects: an admin's lists of every kind with a
// Project column still name each row's project 10 s after they load (the
// live re-read, every 3 s, once blanked it).
func TestBrowserAdminListProjects(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	b := newBrowser(t)
	b.login(t, c.URL, "admin", "admin", "admin")
	b.waitJS(t, "the list of admin", `location.pathname === "/load-balancers" && !!document.querySelector("#who-user")`, 60*time.Second)
	for _, page := range []string{"/load-balancers", "/listeners", "/pools", "/health-monitors"} {
		if page != "/load-balancers" {
			b.goTo(t, page)
		}
		// a cell names its project (its title is the id) by a name, not
		// the id and not "—"
		named := `(() => { const cells = [...document.querySelectorAll("tr.res-row td.project")];
			return cells.length > 0 && cells.every((c) => c.title !== "" && !["", "—", c.title].includes(c.textContent.trim())); })()`
		b.waitJS(t, page+": every row's project named", named, 30*time.Second)
		time.Sleep(10 * time.Second) // three live re-reads and more
		if !eval[bool](t, b, named) {
			t.Errorf("%s 10 s after it loaded: projects %s, want every row's named", page,
				eval[string](t, b, `JSON.stringify([...document.querySelectorAll("tr.res-row td.project")].map((c) => c.textContent.trim()))`))
		}
	}
}
