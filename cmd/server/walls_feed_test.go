//go:build !js

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/servertest"
	"github.com/octaview/octaview/labcloud"
)

// wallsScenario: two customers' projects, tagged and named load balancers.
func wallsScenario() *labcloud.Scenario {
	l := func(members ...string) *labcloud.ScenarioListener {
		return &labcloud.ScenarioListener{Protocol: "HTTP", Port: 80, Members: members, Monitor: "HTTP"}
	}
	return &labcloud.Scenario{
		Projects: []labcloud.ScenarioProject{{Name: "acme", Users: []labcloud.ScenarioUser{{Name: "acme-op", Password: acmePassword, Role: "member"}}},
			{Name: "globex"}},
		LoadBalancers: []labcloud.ScenarioLB{
			{Project: "acme", Name: "web", Count: 2, Tags: []string{"prod"}, Listener: l("10.7.0.10", "10.7.0.11")},
			{Project: "acme", Name: "api", Tags: []string{"dev"}, Listener: l("10.7.0.20")},
			{Project: "globex", Name: "shop", Count: 2, Tags: []string{"prod"}, Listener: l("10.8.0.30", "10.8.0.31")},
		},
	}
}

const acmePassword = "acme-0p-Passw0rd"

// wallsCloudsYAML is a clouds.yaml whose entry lab-admin is the admin of
// the lab at url.
func wallsCloudsYAML(t *testing.T, dir, url string) string {
	return servertest.WriteFile(t, dir, "clouds.yaml", fmt.Sprintf(`clouds:
  lab-admin:
    auth:
      auth_url: %s/identity/v3
      username: admin
      password: admin
      project_name: admin
      user_domain_name: Default
      project_domain_name: Default
    region_name: RegionOne
`, url))
}

const wallsTestFile = `walls:
  - {name: all, cloud: lab-admin, access: public, show: [names, addresses, members]}
  - {name: acme, cloud: lab-admin, access: public, projects: [acme], show: [names, members]}
  - {name: prod, cloud: lab-admin, access: public, tags: [prod]}
  - {name: shops, cloud: lab-admin, access: public, names: ["shop-*"]}
  - {name: globex, cloud: lab-admin, access: secret, token_env: GLOBEX_TOKEN, projects: [globex], show: [summary]}
`

// startTestWalls starts the walls of file over lab, each feed's polls
// stepped by the returned func, and serves their routes.
func startTestWalls(t *testing.T, labURL, file string) (*wallSet, *httptest.Server, func()) {
	dir := t.TempDir()
	env := map[string]string{"OS_CLIENT_CONFIG_FILE": wallsCloudsYAML(t, dir, labURL), "GLOBEX_TOKEN": goodToken}
	wf, err := parseWallsFile(dir+"/walls.yaml", []byte(file), func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	set, _, err := startWalls(t.Context(), wf, wallsStart{getenv: func(k string) string { return env[k] },
		timeline: openWallTimeline, logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	set.viewers = newViewerLimit(1000, 1000, false)
	gate := make(chan struct{})
	for _, f := range set.feeds {
		fetch := f.fetch
		f.interval = time.Millisecond
		f.fetch = func(ctx context.Context) ([]feedLB, error) {
			select {
			case <-gate:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return fetch(ctx)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	t.Cleanup(cancel)
	set.start(ctx)
	mux := http.NewServeMux()
	app := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache, private") // as the served pages say
		io.WriteString(w, "the app")
	})
	stopping := make(chan struct{})
	set.addRoutes(mux, app, func(h http.Handler) http.Handler { return h }, stopping)
	srv := httptest.NewServer(mux)
	t.Cleanup(func() { close(stopping); srv.Close() })
	return set, srv, func() { gate <- struct{}{} }
}

// wallNames is the names of a wall's load balancers, sorted.
func wallNames(w serverapi.Wall) []string {
	var out []string
	for _, lb := range w.LoadBalancers {
		out = append(out, lb.Name)
	}
	slices.Sort(out)
	return out
}

// TestWallsOnePollPerCredential: five walls on one credential, twenty
// viewers each, cost one upstream poll (one list, one status tree per
// load balancer) per interval, and each wall shows only its scope.
func TestWallsOnePollPerCredential(t *testing.T) {
	const viewers, polls, lbs = 20, 3, 5
	lab := newCountingLab(t, wallsScenario())
	set, srv, step := startTestWalls(t, lab.URL, wallsTestFile)
	step()
	urls := map[string]string{"all": "all", "acme": "acme", "prod": "prod", "shops": "shops", "globex": "globex/" + goodToken}
	var rds = map[string][]*bufio.Reader{}
	for name, u := range urls {
		for range viewers {
			resp, err := http.Get(srv.URL + serverapi.WallEventsPath + u)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("events of %s: %s", name, resp.Status)
			}
			t.Cleanup(func() { resp.Body.Close() })
			rd := bufio.NewReader(resp.Body)
			nextEvent(t, rd)
			rds[name] = append(rds[name], rd)
		}
	}
	lab.reset()
	last := map[string]string{}
	for range polls {
		step()
		for name, rs := range rds {
			for _, rd := range rs {
				last[name] = nextEvent(t, rd)
			}
		}
	}
	got := lab.reset()
	want := map[string]int{"list": polls, "tree": polls * lbs}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%d polls, %d walls × %d viewers on one credential: got upstream requests %v, want %v", polls, len(urls), viewers, got, want)
	}
	if len(set.feeds) != 1 {
		t.Errorf("got %d feeds, want 1 (one credential)", len(set.feeds))
	}
	for name, want := range map[string][]string{
		"all":    {"api", "shop-00001", "shop-00002", "web-00001", "web-00002"},
		"acme":   {"api", "web-00001", "web-00002"},
		"prod":   {"shop-00001", "shop-00002", "web-00001", "web-00002"},
		"shops":  {"shop-00001", "shop-00002"},
		"globex": {"load balancer 1", "load balancer 2"},
	} {
		var w serverapi.Wall
		if err := json.Unmarshal([]byte(last[name]), &w); err != nil {
			t.Fatal(err)
		}
		if got := wallNames(w); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("wall %s: got %v, want %v", name, got, want)
		}
		if w.Summary.LoadBalancers != len(want) || w.Error != "" {
			t.Errorf("wall %s: got summary %+v error %q, want %d load balancers", name, w.Summary, w.Error, len(want))
		}
	}
}

// TestWallsRedaction: a wall sends only what it may show; a customer's
// summary wall has no tree, no name and no address in its JSON.
func TestWallsRedaction(t *testing.T) {
	lab := newCountingLab(t, wallsScenario())
	_, srv, step := startTestWalls(t, lab.URL, wallsTestFile)
	step()
	get := func(u string) (serverapi.Wall, string) { return getWall(t, srv, u) }
	all, rawAll := get("all")
	if !strings.Contains(rawAll, `"address":"10.7.0.10"`) || all.LoadBalancers[0].VIPAddress == "" {
		t.Errorf("wall all (addresses, members): got %s, want the members' addresses and the VIPs", rawAll)
	}
	acme, rawAcme := get("acme")
	if strings.Contains(rawAcme, "10.7.0.") || acme.LoadBalancers[0].VIPAddress != "" {
		t.Errorf("wall acme (names, members): got %s, want no address at all", rawAcme)
	}
	if m := acme.LoadBalancers[0].Tree.Listeners[0].Pools[0].Members; len(m) == 0 || m[0].ProtocolPort != 0 || m[0].ID == "" {
		t.Errorf("wall acme: got members %+v, want them without address and port", m)
	}
	prod, rawProd := get("prod")
	if strings.Contains(rawProd, "10.") || len(prod.LoadBalancers[0].Tree.Listeners[0].Pools[0].Members) != 0 {
		t.Errorf("wall prod (names only): got %s, want no members and no address", rawProd)
	}
	globex, rawGlobex := get("globex/" + goodToken)
	for _, leak := range []string{"10.8.0.", "shop", `"listeners":[{`, "members\":[{"} {
		if strings.Contains(rawGlobex, leak) {
			t.Errorf("wall globex (summary): its JSON contains %q: %s", leak, rawGlobex)
		}
	}
	if !globex.Show.Summary || globex.Summary.ByOperating["ONLINE"]+globex.Summary.ByOperating["OFFLINE"] != 2 {
		t.Errorf("wall globex: got %+v, want the summary of its 2 load balancers", globex)
	}
}

// getWall reads a wall's JSON from srv.
func getWall(t *testing.T, srv *httptest.Server, u string) (serverapi.Wall, string) {
	t.Helper()
	resp, err := http.Get(srv.URL + serverapi.WallStatusPath + u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var w serverapi.Wall
	if resp.StatusCode != http.StatusOK || json.Unmarshal(b, &w) != nil {
		t.Fatalf("GET wall %s: %s %s", u, resp.Status, b)
	}
	return w, string(b)
}

// TestWallsTimeline: a member forced down is on its wall's timeline, named
// as the wall shows it, with since when; a wall without members shows
// only its load balancer's change.
func TestWallsTimeline(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Scenario: wallsScenario()})
	lab := httptest.NewServer(cloud)
	t.Cleanup(lab.Close)
	_, srv, step := startTestWalls(t, lab.URL, wallsTestFile)
	step()
	acme, _ := getWall(t, srv, "acme")
	web := acme.LoadBalancers[slices.IndexFunc(acme.LoadBalancers, func(lb serverapi.WallLB) bool { return lb.Name == "web-00001" })]
	member := web.Tree.Listeners[0].Pools[0].Members[0]
	if web.Since[web.ID] == "" || web.Since[member.ID] == "" {
		t.Fatalf("wall acme: got since %v, want the load balancer's and its members'", web.Since)
	}
	events := map[string]*bufio.Reader{}
	for _, name := range []string{"acme", "prod"} {
		resp, err := http.Get(srv.URL + serverapi.WallEventsPath + name)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		events[name] = bufio.NewReader(resp.Body)
		nextEvent(t, events[name]) // the current state
	}
	if err := cloud.SetFaults(labcloud.Faults{DownMembers: []string{"10.7.0.10"}}); err != nil {
		t.Fatal(err)
	}
	step()
	for _, rd := range events {
		nextEvent(t, rd) // the poll is done
	}
	acme, _ = getWall(t, srv, "acme")
	web = acme.LoadBalancers[slices.IndexFunc(acme.LoadBalancers, func(lb serverapi.WallLB) bool { return lb.ID == web.ID })]
	i := slices.IndexFunc(web.Timeline, func(c serverapi.WallChange) bool { return c.ID == member.ID && c.Field == "operating_status" })
	if i < 0 {
		t.Fatalf("wall acme: got timeline %+v, want the member's operating status change", web.Timeline)
	}
	if c := web.Timeline[i]; c.From != "ONLINE" || c.To == "ONLINE" || c.Kind != "member" || c.Name != member.Name || web.Since[member.ID] != c.At {
		t.Errorf("wall acme: got change %+v (since %s), want the member %q from ONLINE, since that change", c, web.Since[member.ID], member.Name)
	}
	prod, _ := getWall(t, srv, "prod")
	for _, lb := range prod.LoadBalancers {
		if lb.ID != web.ID {
			continue
		}
		if slices.ContainsFunc(lb.Timeline, func(c serverapi.WallChange) bool { return c.Kind == "member" }) || lb.Since[member.ID] != "" {
			t.Errorf("wall prod (no members): got timeline %+v since %v, want no member", lb.Timeline, lb.Since)
		}
		if !slices.ContainsFunc(lb.Timeline, func(c serverapi.WallChange) bool { return c.Kind == "loadbalancer" && c.To == "DEGRADED" }) {
			t.Errorf("wall prod: got timeline %+v, want the load balancer DEGRADED", lb.Timeline)
		}
	}
}

// TestWallsPage: a wall's page is the app at its URL, a secret wall's in
// no cache; elsewhere under /walls/, a 404.
func TestWallsPage(t *testing.T) {
	lab := newCountingLab(t, wallsScenario())
	_, srv, step := startTestWalls(t, lab.URL, wallsTestFile)
	step()
	for path, want := range map[string]string{
		"/walls/all":                        "200 no-cache, private",
		"/walls/globex/" + goodToken:        "200 no-store",
		"/walls/globex":                     "404 no-store",
		"/walls/all/" + goodToken:           "404 no-store",
		"/walls/globex/" + goodToken + "/x": "404 no-store",
	} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if got := fmt.Sprint(resp.StatusCode, " ", resp.Header.Get("Cache-Control")); got != want || resp.StatusCode == 200 && string(b) != "the app" {
			t.Errorf("GET %s: got %s %q, want %s", path, got, b, want)
		}
	}
}
