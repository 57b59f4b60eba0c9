//go:build !js

package app

import (
	"context"
	"errors"
	"html"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/detail"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// TestFirstScreenDetail: for the page of every kind of a load balancer's
// tree (a load balancer, a listener, a pool, a member, a health monitor, an
// L7 policy, an L7 rule), as a member, an admin and a reader, the server's
// first screen reads exactly what the app's first render reads, in its
// order (the object; its load balancer's lookup when its answer does not
// name it: a member's pool, a monitor's pool, a policy's listener, a
// rule's policy and that policy's listener; the load balancer's status
// tree), the app given the page's Served reads them all without a request,
// and its first render from them (detailPageOf) is the served markup (but
// for the served controls' inert); a hostile name stays text. A page of an
// object the token may not see (another project's, of any of these kinds)
// is served without data: nothing read is served.
func TestFirstScreenDetail(t *testing.T) {
	const hostile = `<img src=x onerror=alert(1)>"web`
	cloud := labcloud.New(labcloud.Options{Delay: time.Millisecond, Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{
		{Project: "demo", Name: hostile, Listener: &labcloud.ScenarioListener{Protocol: "HTTP", Port: 80, Members: []string{"10.0.0.1", "10.0.0.2"}, Monitor: "HTTP"}},
		{Project: "admin", Name: "theirs", Listener: &labcloud.ScenarioListener{Protocol: "HTTP", Port: 80, Members: []string{"10.9.0.1"}, Monitor: "HTTP"}},
	}}})
	lab := labcloud.Transport(cloud)
	cfg := serverapi.Config{Lab: true}
	admin := appClient(t, cookieProxy{token: tokenOf(t, cloud, "admin", "admin"), next: lab})
	lbs := labtest.IDs(t, admin, octavia.KindLoadBalancer, "")
	// tree is the paths of the pages of load balancer lb's tree, by kind,
	// and the path suffixes of their first render's reads, in order.
	type page struct{ path, name string }
	tree := func(lb string) (map[octavia.Kind]page, map[octavia.Kind][]string) {
		t.Helper()
		lbObj, err := admin.Get(t.Context(), octavia.Ref{Kind: octavia.KindLoadBalancer, ID: lb})
		if err != nil {
			t.Fatal(err)
		}
		listenerID := labtest.First(lbObj.IDs("listeners"))
		l, err := admin.Get(t.Context(), octavia.Ref{Kind: octavia.KindListener, ID: listenerID})
		if err != nil {
			t.Fatal(err)
		}
		poolID := l.Text("default_pool_id")
		pool, err := admin.Get(t.Context(), octavia.Ref{Kind: octavia.KindPool, ID: poolID})
		if err != nil {
			t.Fatal(err)
		}
		monitorID := pool.Text("healthmonitor_id")
		var memberID string
		for _, id := range labtest.IDs(t, admin, octavia.KindMember, poolID) {
			memberID = id
		}
		fast := waiters.Options{Interval: 5 * time.Millisecond, Timeout: 10 * time.Second}
		pol, _, err := admin.Create(t.Context(), octavia.KindL7Policy, "", octavia.Object{"listener_id": listenerID, "action": "REJECT", "name": lbObj.Text("name") + "-policy"})
		if err != nil {
			t.Fatal(err)
		}
		polID := pol.Text("id")
		if _, err := admin.WaitChildActive(t.Context(), octavia.RefOf(octavia.KindL7Policy, "", pol), fast); err != nil {
			t.Fatal(err)
		}
		rule, _, err := admin.Create(t.Context(), octavia.KindL7Rule, polID, octavia.Object{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/<script>"})
		if err != nil {
			t.Fatal(err)
		}
		ruleID := rule.Text("id")
		if _, err := admin.WaitChildActive(t.Context(), octavia.RefOf(octavia.KindL7Rule, polID, rule), fast); err != nil {
			t.Fatal(err)
		}
		if listenerID == "" || poolID == "" || monitorID == "" || memberID == "" || polID == "" || ruleID == "" {
			t.Fatalf("load balancer %s's tree: listener %q, pool %q, monitor %q, member %q, policy %q, rule %q", lb, listenerID, poolID, monitorID, memberID, polID, ruleID)
		}
		lbGet, lGet, pGet, polGet := "/loadbalancers/"+lb, "/listeners/"+listenerID, "/pools/"+poolID, "/l7policies/"+polID
		status := lbGet + "/status"
		return map[octavia.Kind]page{
				octavia.KindLoadBalancer: {"/load-balancers/" + lb, lbObj.Text("name")},
				octavia.KindListener:     {"/listeners/" + listenerID, ""},
				octavia.KindPool:         {"/pools/" + poolID, ""},
				octavia.KindMember:       {"/pools/" + poolID + "/members/" + memberID, ""},
				octavia.KindMonitor:      {"/health-monitors/" + monitorID, ""},
				octavia.KindL7Policy:     {"/l7-policies/" + polID, lbObj.Text("name") + "-policy"},
				octavia.KindL7Rule:       {"/l7-policies/" + polID + "/rules/" + ruleID, "/<script>"},
			}, map[octavia.Kind][]string{
				octavia.KindLoadBalancer: {lbGet, status},
				octavia.KindListener:     {lGet, status},
				octavia.KindPool:         {pGet, status},
				octavia.KindMember:       {pGet + "/members/" + memberID, pGet, status},
				octavia.KindMonitor:      {"/healthmonitors/" + monitorID, pGet, status},
				octavia.KindL7Policy:     {polGet, lGet, status},
				octavia.KindL7Rule:       {polGet + "/rules/" + ruleID, polGet, lGet, status},
			}
	}
	if lbs[hostile] == "" || lbs["theirs"] == "" {
		t.Fatalf("the scenario's load balancers: %v", lbs)
	}
	pages, reads := tree(lbs[hostile])
	theirs, _ := tree(lbs["theirs"])
	kinds := []octavia.Kind{octavia.KindLoadBalancer, octavia.KindListener, octavia.KindPool, octavia.KindMember, octavia.KindMonitor, octavia.KindL7Policy, octavia.KindL7Rule}
	for _, who := range []struct{ user, project string }{{"demo", "demo"}, {"admin", "admin"}, {"viewer", "demo"}} {
		px := cookieProxy{token: tokenOf(t, cloud, who.user, who.project), next: lab}
		for _, k := range kinds {
			path := pages[k].path
			t.Run(who.user+path, func(t *testing.T) {
				checkDetailScreen(t, px, cfg, path, k, reads[k], pages[k].name)
			})
		}
	}
	for _, k := range kinds {
		t.Run("not the token's "+string(k), func(t *testing.T) {
			px := cookieProxy{token: tokenOf(t, cloud, "demo", "demo"), next: lab}
			u, _ := url.Parse(theirs[k].path)
			served, body, err := FirstScreen(context.Background(), "http://lab.test", px, cfg, u)
			if err == nil || errors.Is(err, ErrNoFirstScreen) || served != nil || body != "" {
				t.Errorf("another project's %s: served %v, %d bytes, err %v; want an error (Octavia's 404) and nothing served", k, served, len(body), err)
			}
		})
	}
}

// TestFirstScreenDetailOtherKinds: the detail pages of the kinds outside a
// load balancer's tree (an amphora, a flavor, a flavor profile, an
// availability zone, a zone profile, a quota) are served as the app's
// first render reads them: the object alone (the read its page's poll
// makes at once), for those the token's roles may read (mayRead: an
// admin's amphorae and profiles); a member's and a reader's page of an
// admin's kind reads nothing (the app says "only an admin reads…" without
// a request), and another project's quota is served without data.
func TestFirstScreenDetailOtherKinds(t *testing.T) {
	const hostile = `<img src=x onerror=alert(1)>"small`
	cloud := labcloud.New(labcloud.Options{Delay: time.Millisecond, Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "web"}}}})
	lab := labcloud.Transport(cloud)
	cfg := serverapi.Config{Lab: true}
	adminPx := cookieProxy{token: tokenOf(t, cloud, "admin", "admin"), next: lab}
	admin := appClient(t, adminPx)
	create := func(k octavia.Kind, body octavia.Object) octavia.Object {
		t.Helper()
		o, _, err := admin.Create(t.Context(), k, "", body)
		if err != nil {
			t.Fatalf("create %s: %v", k, err)
		}
		return o
	}
	fp := create(octavia.KindFlavorProfile, octavia.Object{"name": "fp", "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "SINGLE"}`})
	fl := create(octavia.KindFlavor, octavia.Object{"name": hostile, "flavor_profile_id": fp.Text("id")})
	azp := create(octavia.KindAvailabilityZoneProfile, octavia.Object{"name": "azp", "provider_name": "amphora", "availability_zone_data": `{"compute_zone": "nova"}`})
	create(octavia.KindAvailabilityZone, octavia.Object{"name": "az-one", "availability_zone_profile_id": azp.Text("id")})
	var ampID string
	for o, err := range admin.List(t.Context(), octavia.KindAmphora, "", octavia.ListQuery{}) {
		if err != nil {
			t.Fatal(err)
		}
		ampID = o.Text("id")
	}
	demoPx := cookieProxy{token: tokenOf(t, cloud, "demo", "demo"), next: lab}
	demoProject := tab.NewSession(nil, appClient(t, demoPx), cfg).Info.ProjectID
	adminProject := tab.NewSession(nil, admin, cfg).Info.ProjectID
	if ampID == "" || demoProject == "" || adminProject == "" {
		t.Fatalf("amphora %q, demo's project %q, admin's %q", ampID, demoProject, adminProject)
	}
	pages := []struct {
		k          octavia.Kind
		path, read string
		adminOnly  bool
		name       string
	}{
		{octavia.KindAmphora, "/amphorae/" + ampID, "/octavia/amphorae/" + ampID, true, ""},
		{octavia.KindFlavor, "/flavors/" + fl.Text("id"), "/lbaas/flavors/" + fl.Text("id"), false, hostile},
		{octavia.KindFlavorProfile, "/flavor-profiles/" + fp.Text("id"), "/lbaas/flavorprofiles/" + fp.Text("id"), true, "fp"},
		{octavia.KindAvailabilityZone, "/availability-zones/az-one", "/lbaas/availabilityzones/az-one", false, "az-one"},
		{octavia.KindAvailabilityZoneProfile, "/availability-zone-profiles/" + azp.Text("id"), "/lbaas/availabilityzoneprofiles/" + azp.Text("id"), true, "azp"},
		{octavia.KindQuota, "/quotas/" + demoProject, "/lbaas/quotas/" + demoProject, false, ""},
	}
	for _, who := range []struct{ user, project string }{{"admin", "admin"}, {"demo", "demo"}, {"viewer", "demo"}} {
		px := cookieProxy{token: tokenOf(t, cloud, who.user, who.project), next: lab}
		for _, pg := range pages {
			t.Run(who.user+pg.path, func(t *testing.T) {
				if pg.adminOnly && who.user != "admin" {
					srv := &labtest.Recorder{Next: px}
					u, _ := url.Parse(pg.path)
					_, _, err := FirstScreen(context.Background(), "http://lab.test", srv, cfg, u)
					if n := len(srv.Reqs) - len(srv.Matching(http.MethodGet, "/auth/tokens")); !errors.Is(err, ErrNoFirstScreen) || n != 0 {
						t.Errorf("%s's page of an admin's kind: %v after %d Octavia requests, want ErrNoFirstScreen and none", who.user, err, n)
					}
					return
				}
				checkDetailScreen(t, px, cfg, pg.path, pg.k, []string{pg.read}, pg.name)
			})
		}
	}
	t.Run("another project's quota", func(t *testing.T) {
		u, _ := url.Parse("/quotas/" + adminProject)
		served, body, err := FirstScreen(context.Background(), "http://lab.test", demoPx, cfg, u)
		if err == nil || errors.Is(err, ErrNoFirstScreen) || served != nil || body != "" {
			t.Errorf("another project's quota: served %v, %d bytes, err %v; want an error (Octavia's refusal) and nothing served", served, len(body), err)
		}
	})
}

// checkDetailScreen checks the first screen of the detail page at path,
// served through px (a session cookie's proxy): the server reads exactly
// the app's first render's reads (want: their path suffixes, in order),
// the app given the page's Served reads them all without a request and
// renders the served markup (but for the served controls' inert), the
// page shows its properties (and, for a load balancer, its status tree),
// and a hostile name (name, when not "") is text.
func checkDetailScreen(t *testing.T, px http.RoundTripper, cfg serverapi.Config, path string, k octavia.Kind, want []string, name string) {
	t.Helper()
	u, _ := url.Parse(path)
	srv := &labtest.Recorder{Next: px}
	served, body, err := FirstScreen(context.Background(), "http://lab.test", srv, cfg, u)
	if err != nil {
		t.Fatal(err)
	}
	// the app's own reads of the page, without a Served
	app := &labtest.Recorder{Next: px}
	sess := tab.NewSession(nil, appClient(t, app), cfg)
	pr, ok := detail.FirstRead(sess, u)
	if !ok {
		t.Fatal("the app reads no first screen for the page")
	}
	if _, err := detail.ReadFirst(t.Context(), sess.Client, pr); err != nil {
		t.Fatal(err)
	}
	var appReads, servedReads []string
	for _, q := range app.Matching(http.MethodGet, "") {
		if !strings.HasSuffix(q.Path, "/auth/tokens") {
			appReads = append(appReads, strings.TrimSuffix(q.Path+"?"+q.Query, "?"))
		}
	}
	for _, r := range served.Reads {
		servedReads = append(servedReads, r.URL)
	}
	if !slices.Equal(servedReads, appReads) {
		t.Fatalf("the server read\n %v\nthe app reads\n %v", servedReads, appReads)
	}
	if len(appReads) != len(want) {
		t.Fatalf("the first render reads\n %v\nwant\n %v", appReads, want)
	}
	for i := range want {
		if !strings.HasSuffix(appReads[i], want[i]) {
			t.Errorf("read %d is %s, want …%s", i, appReads[i], want[i])
		}
	}
	// the app, given the Served, reads them all from it
	rt := tab.NewRuntime()
	rt.Start(tab.NewStartup(serverapi.Boot{}, false, tab.ServedLogin{}))
	if !rt.Startup().KeepServed(served, u) {
		t.Fatal("keepServed refused the page's own Served")
	}
	again := &labtest.Recorder{Next: px}
	sess2 := tab.NewSession(rt, appClient(t, tab.SessionTransport{Next: again, Runtime: rt}), cfg)
	d, err := detail.ReadFirst(t.Context(), sess2.Client, pr)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(again.Matching(http.MethodGet, "")) - len(again.Matching(http.MethodGet, "/auth/tokens")); n != 0 {
		t.Errorf("the app sent %d GETs with the page's Served, want 0", n)
	}
	d.Path, d.At = u.Path, tab.ServedAt(served)
	mine := goapp.HTMLString(detail.PageOf(sess2, pr, u.Path, d, false))
	if strings.Contains(mine, "inert") || !strings.Contains(body, ` inert="true"`) {
		t.Errorf("inert: the served controls are not inert, or the app's are")
	}
	if sortedAttrs(mine) != sortedAttrs(strings.ReplaceAll(body, ` inert="true"`, "")) {
		t.Errorf("the app's first render differs from the served markup:\n%s\n---\n%s", mine, body)
	}
	// the properties, with the statuses the tree gives them (the
	// load balancer's page: the tree itself)
	wants := []string{`id="` + pr.Res.Prefix + `-props"`}
	if pr.Res.HasStatus() {
		wants = append(wants, `data-key="provisioning_status"`, `data-key="operating_status"`)
	}
	if k == octavia.KindLoadBalancer {
		wants = append(wants, `class="status-tree"`)
	}
	for _, want := range wants {
		if !strings.Contains(body, want) {
			t.Errorf("the served page has no %s", want)
		}
	}
	if strings.Contains(body, "<img src=x") || strings.Contains(body, "<script>") {
		t.Errorf("a hostile name is not text in the served page: %s", body)
	}
	if name != "" && !strings.Contains(body, html.EscapeString(name)) {
		t.Errorf("the served page lacks its object's name %q (escaped)", name)
	}
}

// TestServedObjectIsThePollsFirstRead: the object a detail page of a kind
// outside a load balancer's tree came with answers the first read of that
// object's shared poll (watch: no GET at once), once and for that object
// only; the poll's next read, 3 s later (the object is pending), is a GET.
func TestServedObjectIsThePollsFirstRead(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rt, start := tab.NewRuntime(), tab.NewStartup(serverapi.Boot{}, false, tab.ServedLogin{})
		rt.Start(start)
		sess, id, gets := labSession(t, rt)
		ref := octavia.Ref{Kind: octavia.KindLoadBalancer, ID: id}
		path := "/load-balancers/" + id
		start.KeepServedDetail(&tab.FirstDetail{Path: path, Ref: ref, Obj: octavia.Object{"id": id, "name": "as served", "provisioning_status": "PENDING_UPDATE"}})
		if start.TakeServedDetail(path) == nil {
			t.Fatal("the page did not take its served first screen")
		}
		if start.TakeServedObject(octavia.Ref{Kind: octavia.KindLoadBalancer, ID: "other"}) != nil || start.TakeServedTree(id) != nil {
			t.Fatal("another object's poll, or a tree's, took the served object")
		}
		var names pollNames
		stop := tab.Watch(sess, ref, func(u waiters.Update[octavia.Object]) {
			if u.Value != nil {
				names.add(u.Value.Text("name"))
			}
		})
		defer stop()
		names.check(t, gets, "the served object", func() {
			if start.TakeServedObject(ref) != nil {
				t.Fatal("the served object was taken twice")
			}
		})
	})
}

// TestServedTreeIsThePollsFirstRead: the status tree a detail page came
// with answers the first read of that tree's shared poll (no GET at once),
// once and for that load balancer only; the poll's next read, 3 s later,
// is a GET.
func TestServedTreeIsThePollsFirstRead(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rt, start := tab.NewRuntime(), tab.NewStartup(serverapi.Boot{}, false, tab.ServedLogin{})
		rt.Start(start)
		sess, id, gets := labSession(t, rt)
		tree := &octavia.StatusTree{LoadBalancer: octavia.StatusLoadBalancer{ID: id, Name: "as served", ProvisioningStatus: "ACTIVE"}}
		path := "/load-balancers/" + id
		start.KeepServedDetail(&tab.FirstDetail{Path: path, LBID: id, Tree: tree})
		if start.TakeServedDetail("/load-balancers/other") != nil || start.TakeServedDetail(path) == nil || start.TakeServedDetail(path) != nil {
			t.Fatal("the served first screen is not taken once, by its own page")
		}
		if start.TakeServedTree("other") != nil {
			t.Fatal("another load balancer's poll took the served tree")
		}
		var names pollNames
		stop := tab.WatchTree(sess, id, func(u waiters.Update[*octavia.StatusTree]) {
			if u.Value != nil {
				names.add(u.Value.LoadBalancer.Name)
			}
		})
		defer stop()
		names.check(t, gets, "the served tree", func() {})
	})
}

// pollNames are the names of a shared poll's reads, in order, as its
// subscriber (another goroutine) took them.
type pollNames struct {
	mu    sync.Mutex
	names []string
}

func (p *pollNames) add(name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.names = append(p.names, name)
}

func (p *pollNames) get() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.names)
}

// check, in a synctest bubble, that the poll's first read is served (it
// names "as served", with no GET, gets counting them), then runs between,
// then that its read 3 s later is a GET of the lab's "web".
func (p *pollNames) check(t *testing.T, gets func() int, served string, between func()) {
	t.Helper()
	synctest.Wait()
	if first := p.get(); len(first) != 1 || first[0] != "as served" || gets() != 0 {
		t.Fatalf("the poll's first read: %v with %d GETs, want %s and none", first, gets(), served)
	}
	between()
	time.Sleep(3*time.Second + time.Millisecond)
	synctest.Wait()
	if names := p.get(); len(names) != 2 || names[1] != "web" || gets() != 1 {
		t.Errorf("the poll's reads: %v with %d GETs, want %s, then web's own (one GET)", names, gets(), served)
	}
}
