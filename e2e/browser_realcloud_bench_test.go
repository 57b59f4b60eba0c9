//go:build !js

package e2e

// The load balancer list on the real Octavia of ../shared/realcloud (`make
// realcloud`): 1,000 load balancers of its noop_driver provider in a project
// of their own, listed by the console and by the OpenStack CLI side by side.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

const (
	// realKeystone and realOctavia are the real cloud's endpoints.
	realKeystone = "http://127.0.0.1:5000/v3"
	realOctavia  = "http://127.0.0.1:9876/v2"
	// realListCount is how many load balancers BenchmarkListRealOctavia lists.
	realListCount = 1000
)

// realListLogin is the project and member user of the benchmark: their own,
// as the noop_driver load balancers never leave PENDING_CREATE and cannot be
// deleted (only ../shared/realcloud/stop.sh --wipe removes them).
var realListLogin = listLogin{"bench1000", "bench1000", "bench1000", realListCount}

// keystoneCall sends a JSON request to the real Keystone or Octavia with
// token and decodes the answer into out (when not nil); it returns the
// status and the X-Subject-Token header.
func keystoneCall(tb testing.TB, method, url, token string, body, out any) (int, string) {
	tb.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			tb.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("X-Auth-Token", token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatalf("%s %s: %v (is the real cloud running? make realcloud)", method, url, err)
	}
	defer resp.Body.Close()
	if out != nil && resp.StatusCode < 300 {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			tb.Fatalf("%s %s: %v", method, url, err)
		}
	}
	return resp.StatusCode, resp.Header.Get("X-Subject-Token")
}

// realToken returns a project-scoped token of user on the real Keystone.
func realToken(tb testing.TB, user, password, project string) string {
	tb.Helper()
	code, tok := keystoneCall(tb, http.MethodPost, realKeystone+"/auth/tokens", "", map[string]any{"auth": map[string]any{
		"identity": map[string]any{"methods": []string{"password"}, "password": map[string]any{
			"user": map[string]any{"name": user, "domain": map[string]string{"name": "Default"}, "password": password}}},
		"scope": map[string]any{"project": map[string]any{"name": project, "domain": map[string]string{"name": "Default"}}},
	}}, nil)
	if code != http.StatusCreated {
		tb.Fatalf("token of %s on %s: got status %d, want 201", user, project, code)
	}
	return tok
}

// realIDByName returns the id of the Keystone resource of kind (projects,
// users, roles) named name, "" when there is none.
func realIDByName(tb testing.TB, admin, kind, name string) string {
	tb.Helper()
	var out map[string]json.RawMessage
	if code, _ := keystoneCall(tb, http.MethodGet, realKeystone+"/"+kind+"?name="+name, admin, nil, &out); code != http.StatusOK {
		tb.Fatalf("GET %s?name=%s: got status %d, want 200", kind, name, code)
	}
	var found []struct{ ID string }
	if err := json.Unmarshal(out[kind], &found); err != nil {
		tb.Fatalf("GET %s?name=%s: %v", kind, name, err)
	}
	if len(found) == 0 {
		return ""
	}
	return found[0].ID
}

// seedRealList makes sure the real cloud has the benchmark's project, its
// member user and realListCount load balancers in it (noop_driver: cheap,
// but they stay), creating what is missing.
func seedRealList(tb testing.TB) {
	tb.Helper()
	admin := realToken(tb, "admin", "admin", "admin")
	who := realListLogin
	project := realIDByName(tb, admin, "projects", who.project)
	if project == "" {
		var out struct{ Project struct{ ID string } }
		keystoneCall(tb, http.MethodPost, realKeystone+"/projects", admin,
			map[string]any{"project": map[string]any{"name": who.project, "domain_id": "default"}}, &out)
		project = out.Project.ID
	}
	user := realIDByName(tb, admin, "users", who.user)
	if user == "" {
		var out struct{ User struct{ ID string } }
		keystoneCall(tb, http.MethodPost, realKeystone+"/users", admin, map[string]any{"user": map[string]any{
			"name": who.user, "password": who.password, "domain_id": "default", "default_project_id": project}}, &out)
		user = out.User.ID
	}
	if project == "" || user == "" {
		tb.Fatalf("could not create project %s and user %s on the real cloud", who.project, who.user)
	}
	for _, role := range []string{"member", "load-balancer_member"} {
		id := realIDByName(tb, admin, "roles", role)
		if code, _ := keystoneCall(tb, http.MethodPut, fmt.Sprintf("%s/projects/%s/users/%s/roles/%s", realKeystone, project, user, id), admin, nil, nil); code >= 300 {
			tb.Fatalf("grant %s: got status %d", role, code)
		}
	}
	token := realToken(tb, who.user, who.password, who.project)
	var list struct{ Loadbalancers []struct{ ID string } }
	keystoneCall(tb, http.MethodGet, realOctavia+"/lbaas/loadbalancers?fields=id&limit=1000", token, nil, &list)
	missing := who.count - len(list.Loadbalancers)
	if missing < 0 {
		tb.Fatalf("project %s has %d load balancers, want %d (stop.sh --wipe resets the real cloud)", who.project, len(list.Loadbalancers), who.count)
	}
	var wg sync.WaitGroup
	jobs := make(chan int)
	for range 4 {
		wg.Go(func() {
			for i := range jobs {
				code, _ := keystoneCall(tb, http.MethodPost, realOctavia+"/lbaas/loadbalancers", token, map[string]any{"loadbalancer": map[string]any{
					"name": fmt.Sprintf("bench-%04d", i), "provider": "noop_driver",
					"vip_subnet_id": fmt.Sprintf("00000000-0000-4000-8000-%012d", i)}}, nil)
				if code != http.StatusCreated {
					tb.Errorf("create bench-%04d: got status %d, want 201", i, code)
				}
			}
		})
	}
	for i := range missing {
		jobs <- len(list.Loadbalancers) + i
	}
	close(jobs)
	wg.Wait()
	if missing > 0 {
		tb.Logf("created %d noop_driver load balancers in project %s", missing, who.project)
	}
}

// BenchmarkListRealOctavia: 1,000 load balancers on the real Octavia of
// ../shared/realcloud (`make realcloud`; the benchmark creates its project
// bench1000, user and load balancers the first time), listed by `openstack
// loadbalancer list` straight from the real cloud and by the console
// (-keystone the real Keystone; warm: the same browser profile, after one
// untimed visit) from "Log in" to all rows counted, side by side,
// alternating, 5 samples each. Reports the medians, their ratio (target ≤
// 1: the console at least as fast as the CLI) and the first row on screen.
func BenchmarkListRealOctavia(b *testing.B) {
	openstack, err := exec.LookPath("openstack")
	if err != nil {
		b.Fatalf("the OpenStack CLI is needed (make deps): %v", err)
	}
	requireTools(b)
	seedRealList(b)
	s := startRun(b, nil, "-web", webDir, "-keystone", realKeystone)
	home := b.TempDir()
	br := newBrowser(b)
	timedListAs(b, br, s.URL, realListLogin) // warm: app.wasm cached
	timedCLIAs(b, openstack, realKeystone, home, realListLogin)
	time.Sleep(2 * time.Second) // let the service worker finish caching

	var cli, first, all []time.Duration
	for i := 0; i < b.N; i++ {
		for range listSamples {
			cli = append(cli, timedCLIAs(b, openstack, realKeystone, home, realListLogin))
			f, a := timedListAs(b, br, s.URL, realListLogin)
			first, all = append(first, f), append(all, a)
		}
	}
	// The list page stays open: its polls of single load balancers (every
	// row is pending) in 9 s, at most listFollowMax per 3 s.
	mark := len(s.Logs.String())
	time.Sleep(9 * time.Second)
	polls := accessGetsUnder(b, s.Logs.String(), mark, lbPath+"/")
	mc, ma, mf := reportList(b, cli, all, first)
	b.ReportMetric(float64(polls)/3, "polls/3s")
	b.Logf("CLI %v, console %v (all %d rows counted; ratio %.2f, target ≤ 1), first row %v; %d GETs of single load balancers in 9 s with %d rows pending; samples: cli %v, console %v, first %v",
		mc.Round(time.Millisecond), ma.Round(time.Millisecond), realListCount, ma.Seconds()/mc.Seconds(), mf, polls, realListCount, cli, all, first)
}

// accessGetsUnder counts, in the access log lines after offset, the GETs
// whose path starts with prefix.
func accessGetsUnder(tb testing.TB, logs string, offset int, prefix string) int {
	tb.Helper()
	n := 0
	for line := range strings.Lines(logs[offset:]) {
		var l struct{ Msg, Method, Path string }
		if json.Unmarshal([]byte(line), &l) == nil && l.Msg == "request" && l.Method == http.MethodGet && strings.HasPrefix(l.Path, prefix) {
			n++
		}
	}
	return n
}
