//go:build !js

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/servertest"
	"github.com/octaview/octaview/octavia"
)

// kindsBenchCount is the rows of each list BenchmarkListPoolsMembers times.
const kindsBenchCount = 1000

// kindsBenchLogin is demo on kindsBenchScenario's lab.
var kindsBenchLogin = listLogin{"demo", "demo", "demo", kindsBenchCount}

// kindsBenchScenario writes a lab scenario for project demo with 1,000
// pools (1,000 load balancers, each with a listener, its pool and a
// member) and one pool of 1,000 members, and returns its path.
func kindsBenchScenario(tb testing.TB) string {
	tb.Helper()
	members := make([]string, kindsBenchCount)
	for i := range members {
		members[i] = fmt.Sprintf("10.3.%d.%d", i/250, i%250+1)
	}
	scenario := map[string]any{"load_balancers": []any{
		map[string]any{"project": "demo", "name": "bulk", "count": kindsBenchCount - 1,
			"listener": map[string]any{"protocol": "HTTP", "port": 80, "members": []string{"10.2.0.1"}}},
		map[string]any{"project": "demo", "name": "wide", "listener": map[string]any{"protocol": "HTTP", "port": 80, "members": members}},
	}}
	b, err := json.Marshal(scenario)
	if err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(tb.TempDir(), "kinds-bench.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// BenchmarkListPoolsMembers: 1,000 pools (/pools) and the 1,000 members of
// one pool (its page), listed by the CLI (`openstack loadbalancer pool
// list`, `member list POOL`) and by the console (warm, from "Log in" to
// every row counted), side by side in one run through the same proxy,
// alternating, listSamples each, as BenchmarkListScale times the load
// balancers. Reports the medians and each console/CLI ratio.
func BenchmarkListPoolsMembers(b *testing.B) {
	openstack, err := exec.LookPath("openstack")
	if err != nil {
		b.Fatalf("the OpenStack CLI is needed (make deps): %v", err)
	}
	requireTools(b)
	s := startRun(b, nil, "-web", webDir, "-lab-scenario", kindsBenchScenario(b), "-lab-delay", servertest.LabDelay)
	authURL, home := s.URL+"/identity/v3", b.TempDir()
	br := newBrowser(b)
	poolID := poolNamed(b, authURL, "wide")
	lists := []struct {
		name, page, prefix, count string
		cli                       []string
	}{
		{"pools", "/pools", "pool", fmt.Sprintf("%d pools", kindsBenchCount), []string{"pool", "list"}},
		{"members", "/pools/" + poolID, "member", fmt.Sprintf("%d members", kindsBenchCount), []string{"member", "list", poolID}},
	}
	for _, l := range lists {
		timedPageAs(b, br, s.URL, l.page, l.prefix, l.count, kindsBenchLogin) // warm: app.wasm cached, the lab's pages touched
		timedCLIArgs(b, openstack, authURL, home, kindsBenchLogin, l.cli...)
	}
	time.Sleep(2 * time.Second) // let the service worker finish caching
	for _, l := range lists {
		var cli, first, all []time.Duration
		for i := 0; i < b.N; i++ {
			for range listSamples {
				cli = append(cli, timedCLIArgs(b, openstack, authURL, home, kindsBenchLogin, l.cli...))
				f, a := timedPageAs(b, br, s.URL, l.page, l.prefix, l.count, kindsBenchLogin)
				first, all = append(first, f), append(all, a)
			}
		}
		mc, ma, mf := servertest.Median(cli), servertest.Median(all), servertest.Median(first)
		b.ReportMetric(ma.Seconds()/mc.Seconds(), "console/cli-"+l.name)
		b.ReportMetric(float64(mf.Milliseconds()), "ms/first-row-"+l.name)
		b.Logf("%s: CLI %v, console %v (ratio %.2f), first row %v; samples: cli %v, console %v, first %v",
			l.name, mc.Round(time.Millisecond), ma.Round(time.Millisecond), ma.Seconds()/mc.Seconds(), mf, cli, all, first)
	}
}

// poolNamed is the id of the pool of load balancer lb, read as demo.
func poolNamed(tb testing.TB, authURL, lb string) string {
	tb.Helper()
	c, err := octavia.New(tb.Context(), octavia.Config{AuthURL: authURL, Username: "demo", Password: "demo",
		UserDomainName: "Default", ProjectName: "demo", ProjectDomainName: "Default"})
	if err != nil {
		tb.Fatal(err)
	}
	lbs, err := octavia.Collect(c.List(tb.Context(), octavia.KindLoadBalancer, "", octavia.ListQuery{Filters: map[string][]string{"name": {lb}}}))
	if err != nil || len(lbs) != 1 || len(lbs[0].IDs("pools")) != 1 {
		tb.Fatalf("load balancer %s: got %v, %v; want one with one pool", lb, lbs, err)
	}
	return lbs[0].IDs("pools")[0]
}
