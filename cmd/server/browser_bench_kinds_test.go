package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/octavia"
)

// kindsBenchCount is the rows of each list BenchmarkListPoolsMembers times.
const kindsBenchCount = 1000

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

// kindListScript is listScript for any kind's list page: logged in (user,
// password, project: %[1]q, %[2]q, %[3]q) from the login page, whose next
// is the list's page, it answers "first,all" in ms since "Log in" was
// pressed: the first row of prefix %[4]q on screen, and its count %[5]q
// shown with the load ended (its Refresh enabled).
const kindListScript = `new Promise((resolve, reject) => {
	const until = (test, then) => {
		const t = setInterval(() => { if (test()) { clearInterval(t); then(); } }, 2);
		setTimeout(() => { clearInterval(t); reject(new Error("timed out")); }, 120000);
	};
	const set = (id, v) => {
		const e = document.getElementById(id);
		e.value = v;
		e.dispatchEvent(new Event("input", {bubbles: true}));
	};
	until(() => document.querySelector('#login-form[data-ready="true"]'), () => {
		set("login-user", %[1]q); set("login-password", %[2]q); set("login-project", %[3]q);
		setTimeout(() => {
			const start = performance.now();
			document.getElementById("login-submit").click();
			until(() => document.querySelector("tr.%[4]s-row"), () => {
				const first = performance.now() - start;
				until(() => (document.querySelector("#%[4]s-count") || {}).textContent === %[5]q &&
						!document.querySelector("#%[4]s-refresh").disabled,
					() => resolve(Math.round(first) + "," + Math.round(performance.now() - start)));
			});
		}, 0);
	});
})`

// timedKindList logs in as demo from /login?next=page and times the list
// of prefix there (kindListScript): to its first row and to all of its
// kindsBenchCount rows counted.
func timedKindList(tb testing.TB, b *browser, base, page, prefix, count string) (first, all time.Duration) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 3*time.Minute)
	defer cancel()
	if _, err := chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{}); err != nil { // a fresh login each time
		tb.Fatalf("clear the cookies: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/login?next="+page)); err != nil {
		tb.Fatalf("navigate: %v", err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(kindListScript, "demo", "demo", "demo", prefix, count), chromedp.EvalAwaitPromise))
	if err != nil {
		tb.Fatalf("automated login and list of %s: %v", page, err)
	}
	var f, a int
	if _, err := fmt.Sscanf(got, "%d,%d", &f, &a); err != nil {
		tb.Fatalf("the list script answered %q: %v", got, err)
	}
	return time.Duration(f) * time.Millisecond, time.Duration(a) * time.Millisecond
}

// timedCLIArgs runs `openstack loadbalancer ARGS` as demo against the
// Keystone at authURL and returns its wall time; it fails unless it lists
// rows rows.
func timedCLIArgs(tb testing.TB, openstack, authURL, home string, rows int, args ...string) time.Duration {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, openstack, append([]string{"loadbalancer"}, args...)...)
	cmd.Dir = home
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8",
		"OS_AUTH_URL=" + authURL, "OS_IDENTITY_API_VERSION=3", "OS_USERNAME=demo", "OS_PASSWORD=demo", "OS_PROJECT_NAME=demo",
		"OS_USER_DOMAIN_NAME=Default", "OS_PROJECT_DOMAIN_NAME=Default", "OS_REGION_NAME=RegionOne", "OS_INTERFACE=public"}
	start := time.Now()
	out, err := cmd.Output()
	d := time.Since(start)
	if err != nil {
		tb.Fatalf("openstack loadbalancer %s: %v", strings.Join(args, " "), err)
	}
	if got := strings.Count(string(out), "\n| ") - 1; got != rows {
		tb.Fatalf("openstack loadbalancer %s: got %d rows, want %d", strings.Join(args, " "), got, rows)
	}
	return d
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
	s := startRun(b, nil, "-web", webDir, "-lab-scenario", kindsBenchScenario(b), "-lab-delay", labDelay)
	authURL, home := s.URL+"/identity/v3", b.TempDir()
	br := newBrowser(b, b.TempDir())
	poolID := poolNamed(b, authURL, "wide")
	lists := []struct {
		name, page, prefix, count string
		cli                       []string
	}{
		{"pools", "/pools", "pool", fmt.Sprintf("%d pools", kindsBenchCount), []string{"pool", "list"}},
		{"members", "/pools/" + poolID, "member", fmt.Sprintf("%d members", kindsBenchCount), []string{"member", "list", poolID}},
	}
	for _, l := range lists {
		timedKindList(b, br, s.URL, l.page, l.prefix, l.count) // warm: app.wasm cached, the lab's pages touched
		timedCLIArgs(b, openstack, authURL, home, kindsBenchCount, l.cli...)
	}
	time.Sleep(2 * time.Second) // let the service worker finish caching
	for _, l := range lists {
		var cli, first, all []time.Duration
		for i := 0; i < b.N; i++ {
			for range listSamples {
				cli = append(cli, timedCLIArgs(b, openstack, authURL, home, kindsBenchCount, l.cli...))
				f, a := timedKindList(b, br, s.URL, l.page, l.prefix, l.count)
				first, all = append(first, f), append(all, a)
			}
		}
		mc, ma, mf := median(cli), median(all), median(first)
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
