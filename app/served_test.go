//go:build !js

package app

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/list"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// cookieProxy stands for the server's proxy in front of the lab: the
// session's placeholder becomes token where the app puts it.
type cookieProxy struct {
	token string
	next  http.RoundTripper
}

func (p cookieProxy) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for _, h := range []string{"X-Auth-Token", "X-Subject-Token"} {
		if r.Header.Get(h) == serverapi.SessionToken {
			r.Header.Set(h, p.token)
		}
	}
	return p.next.RoundTrip(r)
}

// tokenOf logs user (password: the same) in to project of cloud and
// returns the token.
func tokenOf(t *testing.T, cloud *labcloud.Cloud, user, project string) string {
	t.Helper()
	body := `{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"` + user + `","password":"` + user +
		`","domain":{"name":"Default"}}}},"scope":{"project":{"name":"` + project + `","domain":{"name":"Default"}}}}}`
	req, _ := http.NewRequest(http.MethodPost, "http://lab.test/identity/v3/auth/tokens", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := labcloud.Transport(cloud).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	tok := resp.Header.Get("X-Subject-Token")
	if tok == "" {
		t.Fatalf("token of %s: %s", user, resp.Status)
	}
	return tok
}

// appClient is the app's client on the session cookie, through rt.
func appClient(t *testing.T, rt http.RoundTripper) *octavia.Client {
	t.Helper()
	cfg := site.ClientConfig("http://lab.test", "", "", "", "")
	cfg.Token = serverapi.SessionToken
	cfg.HTTPClient = &http.Client{Transport: rt}
	c, err := octavia.New(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestFirstScreenQueryIsTheApps: for every list page, as a member and as
// an admin, the server's first screen reads exactly what the app's first
// render of that page reads (the same path and query: fields, sort, limit,
// filters), and the app, given the page's Served, answers that read from it
// without a request, with the same rows.
func TestFirstScreenQueryIsTheApps(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{
		{Project: "demo", Name: "web", Count: 40, Listener: &labcloud.ScenarioListener{Protocol: "HTTP", Port: 80, Members: []string{"10.0.0.1"}}},
	}}})
	lab := labcloud.Transport(cloud)
	var pages []string
	for _, r := range console.Resources {
		if r.Parent() == nil {
			pages = append(pages, r.Path)
		}
	}
	pages = append(pages, "/", "/listeners?loadbalancer_id=nothing", "/load-balancers?tags=a", "/load-balancers/new", "/login")
	cfg := serverapi.Config{Lab: true}
	servedPages := map[string]bool{}
	for _, who := range []struct{ user, project string }{{"demo", "demo"}, {"admin", "admin"}} {
		px := cookieProxy{token: tokenOf(t, cloud, who.user, who.project), next: lab}
		for _, path := range pages {
			t.Run(who.user+path, func(t *testing.T) {
				u, _ := url.Parse(path)
				srv := &labtest.Recorder{Next: px}
				served, body, err := FirstScreen(context.Background(), "http://lab.test", srv, cfg, u)
				app := &labtest.Recorder{Next: px}
				sess := tab.NewSession(nil, appClient(t, app), cfg)
				f := list.PrefetchFirstRows(tab.NewRuntime(), sess, path)
				if errors.Is(err, ErrNoFirstScreen) {
					if f != nil {
						t.Fatalf("the server serves no first screen, the app prefetches one")
					}
					if pr, ok := console.ParsePage(u.Path); (!ok || pr.Mode != "list") && len(srv.Reqs) > 0 {
						t.Errorf("a page that reads no list: the server sent %d requests", len(srv.Reqs))
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if f == nil {
					t.Fatal("the server serves a first screen, the app reads none")
				}
				servedPages[who.user+path] = true
				<-f.Done
				var appReads []string
				for _, q := range app.Matching(http.MethodGet, "") {
					if !strings.HasSuffix(q.Path, "/auth/tokens") {
						appReads = append(appReads, q.Path+"?"+q.Query)
					}
				}
				var served1 []string
				for _, r := range served.Reads {
					served1 = append(served1, r.URL)
				}
				if !slices.Equal(served1, appReads) {
					t.Fatalf("the server read\n %v\nthe app reads\n %v", served1, appReads)
				}
				if served.Page != u.RequestURI() || body == "" {
					t.Errorf("served page %q, body %d bytes", served.Page, len(body))
				}
				// the app, given the Served, asks nothing for it
				rt := startedRuntime()
				if !rt.Startup().KeepServed(served, u) {
					t.Fatal("keepServed refused the page's own Served")
				}
				again := &labtest.Recorder{Next: px}
				sess2 := tab.NewSession(rt, appClient(t, tab.SessionTransport{Next: again, Runtime: rt}), cfg)
				f2 := list.PrefetchFirstRows(rt, sess2, path)
				<-f2.Done
				if n := len(again.Matching(http.MethodGet, "")) - len(again.Matching(http.MethodGet, "/auth/tokens")); n != 0 {
					t.Errorf("the app sent %d list GETs with the page's Served, want 0", n)
				}
				if f2.Err != nil || len(f2.Rows) != len(f.Rows) {
					t.Errorf("rows from the Served: %d, %v; read: %d", len(f2.Rows), f2.Err, len(f.Rows))
				}
				for i := range f2.Rows {
					if f2.Rows[i].ID != f.Rows[i].ID || f2.Rows[i].Name != f.Rows[i].Name {
						t.Errorf("row %d from the Served %+v, read %+v", i, f2.Rows[i], f.Rows[i])
					}
				}
			})
		}
	}
	for page, want := range map[string]bool{"demo/load-balancers": true, "demo/": true, "demo/listeners?loadbalancer_id=nothing": true,
		"admin/load-balancers": true, "admin/amphorae": true, "demo/amphorae": false, "demo/providers": false} {
		if servedPages[page] != want {
			t.Errorf("%s: first screen served %v, want %v", page, servedPages[page], want)
		}
	}
}

// TestTakeServed: a Served answer is used once, for a GET of its very path
// and query only.
func TestTakeServed(t *testing.T) {
	u, _ := url.Parse("/load-balancers")
	const read = "/load-balancer/v2/lbaas/loadbalancers?limit=30"
	start := startedRuntime().Startup()
	if start.KeepServed(&serverapi.Served{Page: "/listeners", Reads: []serverapi.ServedRead{{URL: read, Body: "{}"}}}, u) {
		t.Error("kept the Served of another page")
	}
	start.KeepServed(&serverapi.Served{Page: "/load-balancers", Region: "RegionTwo", Reads: []serverapi.ServedRead{{URL: read, Body: `{"loadbalancers":[]}`}}}, u)
	for _, tt := range []struct {
		method, url, region string
		want                bool
	}{
		{http.MethodPost, "http://o.test" + read, "RegionTwo", false},
		{http.MethodGet, "http://o.test" + read + "&marker=x", "RegionTwo", false},
		{http.MethodGet, "http://o.test/load-balancer/v2/lbaas/listeners?limit=30", "RegionTwo", false},
		{http.MethodGet, "http://o.test" + read, "", false},          // read in another region than the client's
		{http.MethodGet, "http://o.test" + read, "RegionOne", false}, // the same
		{http.MethodGet, "http://o.test" + read, "RegionTwo", true},
		{http.MethodGet, "http://o.test" + read, "RegionTwo", false}, // once
	} {
		r, _ := http.NewRequest(tt.method, tt.url, nil)
		if _, got := start.TakeServed(r, tt.region); got != tt.want {
			t.Errorf("%s %s in %q: answered %v, want %v", tt.method, tt.url, tt.region, got, tt.want)
		}
	}
}

// TestFirstScreenMarkupIsTheAppsFirstRender: the app's first render of a
// page it started on with served rows is the served markup, the rows' ages
// included (told from the server's read, not from the clock at either
// render), however long the app took to start.
func TestFirstScreenMarkupIsTheAppsFirstRender(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "web", Count: 3}}}})
		px := cookieProxy{token: tokenOf(t, cloud, "demo", "demo"), next: labcloud.Transport(cloud)}
		u, _ := url.Parse("/load-balancers")
		cfg := serverapi.Config{Lab: true}
		served, body, err := FirstScreen(context.Background(), "http://lab.test", px, cfg, u)
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(7 * time.Second) // the app starts: ages told from now would read otherwise
		rt := startedRuntime()
		if !rt.Startup().KeepServed(served, u) {
			t.Fatal("keepServed refused the page's Served")
		}
		sess := tab.NewSession(rt, appClient(t, tab.SessionTransport{Next: px, Runtime: rt}), cfg)
		f := list.PrefetchFirstRows(rt, sess, u.RequestURI())
		<-f.Done
		f.At = tab.ServedAt(served)
		// the app's first render: what load takes from the prefetch (list_loader.go)
		if rt.TakeFirstRows(sess.Client, list.Key(u)) != f {
			t.Fatal("the list does not take the served rows")
		}
		rows := slices.Clone(f.Rows)
		tab.SortRows(rows)
		p := list.ServedPage(sess, console.LBResource, u, rows, f.At, false)
		app := goapp.HTMLString(p)
		// the served controls are inert until the app runs (servedInert): the
		// rest is the same
		if n := strings.Count(body, ` inert="true"`); n != 2 || strings.Contains(app, "inert") {
			t.Errorf("inert controls: %d served (want the actions and Log out), the app's render has some: %v", n, strings.Contains(app, "inert"))
		}
		if sortedAttrs(app) != sortedAttrs(strings.ReplaceAll(body, ` inert="true"`, "")) {
			t.Errorf("the app's first render differs from the served markup:\n%s\n---\n%s", app, body)
		}
		if !strings.Contains(body, `title="just now"`) {
			t.Errorf("the served rows' ages: want \"just now\" (created at the read): %s", body)
		}
	})
}

var (
	tagRE  = regexp.MustCompile(`<([a-zA-Z0-9-]+)((?: [^>]*)?)>`)
	attrRE = regexp.MustCompile(` [^ =>]+(?:="[^"]*")?`)
)

// sortedAttrs is html with each tag's attributes in order (go-app writes
// them in a map's order).
func sortedAttrs(html string) string {
	return tagRE.ReplaceAllStringFunc(html, func(tag string) string {
		m := tagRE.FindStringSubmatch(tag)
		attrs := attrRE.FindAllString(m[2], -1)
		slices.Sort(attrs)
		return "<" + m[1] + strings.Join(attrs, "") + ">"
	})
}

// regionRecorder stands for the proxy: it records the region each request
// asks for (serverapi.RegionHeader) and answers from next.
type regionRecorder struct {
	next    http.RoundTripper
	mu      sync.Mutex
	regions map[string]string // a request's path and query → its region header
}

func (p *regionRecorder) RoundTrip(r *http.Request) (*http.Response, error) {
	p.mu.Lock()
	if p.regions == nil {
		p.regions = map[string]string{}
	}
	p.regions[r.URL.RequestURI()] = r.Header.Get(serverapi.RegionHeader)
	p.mu.Unlock()
	return p.next.RoundTrip(r)
}

// TestFirstScreenInRegion: the first screen is read in the region the
// region cookie names when the token's catalog lists it (every read asks
// the proxy for it, the frame names it, Served records it); an unknown or
// hostile region is ignored (no header, the server's region, no error,
// never written into the page); with none picked, the frame names the
// server's configured region, which the proxy reads in, not the catalog's
// first.
func TestFirstScreenInRegion(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{Regions: []string{"RegionOne", "RegionTwo"},
		LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "web", Count: 3}}}})
	px := cookieProxy{token: tokenOf(t, cloud, "demo", "demo"), next: labcloud.Transport(cloud)}
	selected := regexp.MustCompile(`<option [^>]*selected[^>]*>([^<]*)</option>`)
	for _, tt := range []struct {
		name, cookie, configured string
		wantHeader, wantFrame    string
	}{
		{"picked, listed", "RegionTwo", "", "RegionTwo", "RegionTwo"},
		{"picked, listed, another configured", "RegionOne", "RegionTwo", "RegionOne", "RegionOne"},
		{"unknown", "Nowhere", "", "", "RegionOne"},
		{"hostile", `"><img src=x onerror=alert(1)>`, "", "", "RegionOne"},
		{"none picked, the configured region not the catalog's first", "", "RegionTwo", "", "RegionTwo"},
		{"none picked, none configured", "", "", "", "RegionOne"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, path := range []string{"/load-balancers", "/load-balancers/" + firstLB(t, px)} {
				u, _ := url.Parse(path)
				rec := &regionRecorder{next: px}
				cfg := serverapi.Config{Lab: true, Region: tt.configured}
				served, body, err := FirstScreenIn(context.Background(), "http://lab.test", rec, cfg, u, tt.cookie)
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				if served.Region != tt.wantHeader {
					t.Errorf("%s: Served.Region %q, want %q", path, served.Region, tt.wantHeader)
				}
				for _, r := range served.Reads {
					if got := rec.regions[r.URL]; got != tt.wantHeader {
						t.Errorf("%s: %s asked the proxy for region %q, want %q", path, r.URL, got, tt.wantHeader)
					}
				}
				m := selected.FindStringSubmatch(body)
				if path == "/load-balancers" && (m == nil || m[1] != tt.wantFrame) { // a detail page's served root has no header
					t.Errorf("%s: the frame's region %v, want %q", path, m, tt.wantFrame)
				}
				if strings.Contains(body, "onerror") {
					t.Errorf("%s: the hostile region was written into the page", path)
				}
			}
		})
	}
}

// firstLB is the id of a load balancer the token behind rt lists.
func firstLB(t *testing.T, rt http.RoundTripper) string {
	t.Helper()
	c := appClient(t, rt)
	for r, err := range list.ReadRows(t.Context(), c, console.LBResource, console.ListQuery{Limit: 1}) {
		if err != nil {
			t.Fatal(err)
		}
		return r.ID
	}
	t.Fatal("no load balancer")
	return ""
}

// startedRuntime is a tab's runtime handed the start-up state of a page
// without a serverapi.Boot, as app.Boot hands it one.
func startedRuntime() *tab.Runtime {
	rt := tab.NewRuntime()
	rt.Start(tab.NewStartup(serverapi.Boot{}, false, tab.ServedLogin{}))
	return rt
}
