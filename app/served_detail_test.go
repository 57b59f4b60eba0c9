//go:build !js

package app

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/labcloud"
	"github.com/octaview/octaview/waiters"
)

// idsOf are the ids of the objects of kind k the client sees, by name.
func idsOf(t *testing.T, c *octavia.Client, k octavia.Kind, parentID string) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for o, err := range c.List(t.Context(), k, parentID, octavia.ListQuery{}) {
		if err != nil {
			t.Fatal(err)
		}
		ids[o.Text("name")] = o.Text("id")
	}
	return ids
}

// TestFirstScreenDetail: for a load balancer's page and a listener's page,
// as a member, an admin and a reader, the server's first screen reads
// exactly what the app's first render reads (the object, then its load
// balancer's status tree: detailRead, readDetail), the app given the
// page's Served reads both without a request, and its first render from
// them (detailPageOf) is the served markup (but for the served controls'
// inert); a hostile name stays text. A page of an object the token may not
// see is served without data: nothing read is served.
func TestFirstScreenDetail(t *testing.T) {
	const hostile = `<img src=x onerror=alert(1)>"web`
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{
		{Project: "demo", Name: hostile, Listener: &labcloud.ScenarioListener{Protocol: "HTTP", Port: 80, Members: []string{"10.0.0.1", "10.0.0.2"}}},
		{Project: "admin", Name: "theirs"},
	}}})
	lab := labcloud.Transport(cloud)
	cfg := serverapi.Config{Lab: true}
	admin := appClient(t, cookieProxy{token: tokenOf(t, cloud, "admin", "admin"), next: lab})
	lbs := idsOf(t, admin, octavia.KindLoadBalancer, "")
	lbID := lbs[hostile]
	var listenerID, poolID, memberID string
	for _, id := range idsOf(t, admin, octavia.KindListener, "") {
		listenerID = id
	}
	for _, id := range idsOf(t, admin, octavia.KindPool, "") {
		poolID = id
	}
	for _, id := range idsOf(t, admin, octavia.KindMember, poolID) {
		memberID = id
	}
	if lbID == "" || listenerID == "" || poolID == "" || memberID == "" || lbs["theirs"] == "" {
		t.Fatalf("the scenario's objects: %v, listener %q, pool %q, member %q", lbs, listenerID, poolID, memberID)
	}
	for _, who := range []struct{ user, project string }{{"demo", "demo"}, {"admin", "admin"}, {"viewer", "demo"}} {
		px := cookieProxy{token: tokenOf(t, cloud, who.user, who.project), next: lab}
		for _, path := range []string{"/load-balancers/" + lbID, "/listeners/" + listenerID, "/pools/" + poolID} {
			t.Run(who.user+path, func(t *testing.T) {
				u, _ := url.Parse(path)
				srv := &recorder{next: px}
				served, body, err := FirstScreen(context.Background(), "http://lab.test", srv, cfg, u)
				if err != nil {
					t.Fatal(err)
				}
				// the app's own reads of the page, without a Served
				app := &recorder{next: px}
				sess := newSession(appClient(t, app), cfg)
				pr, ok := detailRead(sess, u)
				if !ok {
					t.Fatal("the app reads no first screen for the page")
				}
				if _, err := readDetail(t.Context(), sess.Client, pr); err != nil {
					t.Fatal(err)
				}
				var appReads, servedReads []string
				for _, q := range app.matching(http.MethodGet, "") {
					if !strings.HasSuffix(q.Path, "/auth/tokens") {
						appReads = append(appReads, strings.TrimSuffix(q.Path+"?"+q.Query, "?"))
					}
				}
				for _, r := range served.Reads {
					servedReads = append(servedReads, r.URL)
				}
				if len(appReads) != 2 || !slices.Equal(servedReads, appReads) {
					t.Fatalf("the server read\n %v\nthe app reads\n %v", servedReads, appReads)
				}
				if !strings.HasSuffix(appReads[1], "/loadbalancers/"+lbID+"/status") {
					t.Errorf("the second read is not the load balancer's tree: %s", appReads[1])
				}
				// the app, given the Served, reads both from it
				if !keepServed(served, u) {
					t.Fatal("keepServed refused the page's own Served")
				}
				again := &recorder{next: px}
				sess2 := newSession(appClient(t, sessionTransport{next: again}), cfg)
				d, err := readDetail(t.Context(), sess2.Client, pr)
				if err != nil {
					t.Fatal(err)
				}
				if n := len(again.matching(http.MethodGet, "")) - len(again.matching(http.MethodGet, "/auth/tokens")); n != 0 {
					t.Errorf("the app sent %d GETs with the page's Served, want 0", n)
				}
				d.path, d.at = u.Path, servedAt(served)
				mine, err := servedHTML(detailPageOf(sess2, pr, u.Path, d, false))
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(mine, "inert") || !strings.Contains(body, ` inert=""`) {
					t.Errorf("inert: the served controls are not inert, or the app's are")
				}
				if sortedAttrs(mine) != sortedAttrs(strings.ReplaceAll(body, ` inert=""`, "")) {
					t.Errorf("the app's first render differs from the served markup:\n%s\n---\n%s", mine, body)
				}
				wants := []string{`id="` + pr.Res.Prefix + `-props"`}
				if pr.Res.Kind == octavia.KindLoadBalancer {
					wants = append(wants, `class="status-tree"`)
				}
				for _, want := range wants {
					if !strings.Contains(body, want) {
						t.Errorf("the served page has no %s", want)
					}
				}
				if strings.Contains(body, "<img src=x") || pr.Res.Kind == octavia.KindLoadBalancer && !strings.Contains(body, "&lt;img src=x onerror=alert(1)&gt;") {
					t.Errorf("the hostile name is not text in the served page: %s", body)
				}
			})
		}
	}
	t.Run("a member's page reads nothing", func(t *testing.T) {
		srv := &recorder{next: cookieProxy{token: tokenOf(t, cloud, "demo", "demo"), next: lab}}
		u, _ := url.Parse("/pools/" + poolID + "/members/" + memberID)
		if _, _, err := FirstScreen(context.Background(), "http://lab.test", srv, cfg, u); !errors.Is(err, ErrNoFirstScreen) || len(srv.reqs) != 0 {
			t.Errorf("a member's page: %v after %d requests, want ErrNoFirstScreen and none", err, len(srv.reqs))
		}
	})
	t.Run("not the token's", func(t *testing.T) {
		px := cookieProxy{token: tokenOf(t, cloud, "demo", "demo"), next: lab}
		u, _ := url.Parse("/load-balancers/" + lbs["theirs"])
		served, body, err := FirstScreen(context.Background(), "http://lab.test", px, cfg, u)
		if err == nil || errors.Is(err, ErrNoFirstScreen) || served != nil || body != "" {
			t.Errorf("another project's load balancer: served %v, %d bytes, err %v; want an error (Octavia's 404) and nothing served", served, len(body), err)
		}
	})
}

// TestServedTreeIsThePollsFirstRead: the status tree a detail page came
// with answers the first read of that tree's shared poll (no GET at once),
// once and for that load balancer only; the poll's next read, 3 s later,
// is a GET.
func TestServedTreeIsThePollsFirstRead(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		sess, id, gets := labSession(t)
		tree := &octavia.StatusTree{LoadBalancer: octavia.StatusLoadBalancer{ID: id, Name: "as served", ProvisioningStatus: "ACTIVE"}}
		path := "/load-balancers/" + id
		servedDetail.Lock()
		servedDetail.d = &firstDetail{path: path, lbID: id, tree: tree}
		servedDetail.Unlock()
		if takeServedDetail("/load-balancers/other") != nil || takeServedDetail(path) == nil || takeServedDetail(path) != nil {
			t.Fatal("the served first screen is not taken once, by its own page")
		}
		if takeServedTree("other") != nil {
			t.Fatal("another load balancer's poll took the served tree")
		}
		var mu sync.Mutex
		var names []string
		stop := watchTree(sess, id, func(u waiters.Update[*octavia.StatusTree]) {
			mu.Lock()
			defer mu.Unlock()
			if u.Value != nil {
				names = append(names, u.Value.LoadBalancer.Name)
			}
		})
		defer stop()
		synctest.Wait()
		mu.Lock()
		first := slices.Clone(names)
		mu.Unlock()
		if len(first) != 1 || first[0] != "as served" || gets() != 0 {
			t.Fatalf("the poll's first read: %v with %d GETs, want the served tree and none", first, gets())
		}
		time.Sleep(3*time.Second + time.Millisecond)
		synctest.Wait()
		mu.Lock()
		defer mu.Unlock()
		if len(names) != 2 || names[1] != "web" || gets() != 1 {
			t.Errorf("the poll's reads: %v with %d GETs, want the served tree, then web's own (one GET)", names, gets())
		}
	})
}
