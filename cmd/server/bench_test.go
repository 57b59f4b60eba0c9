//go:build !js

package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/servertest"
	"github.com/octaview/octaview/labcloud"
)

// benchLBs is how many load balancers the listed project has.
const benchLBs = 200

// BenchmarkProxyOverhead sends the same list request to the lab directly and through
// the proxy, interleaved in one run (so both see the same machine load), and reports
// each one's median latency, the median the proxy adds, and the throughput ratio
// (direct time / proxied time; 1 = free). Upstreams: the lab in lab mode (in process,
// as `make run` has it; the direct baseline is the same lab on loopback TCP) and the
// lab as a remote cloud over loopback TCP (-keystone).
// Pages of 20 and 200 load balancers; one client, and 8 in parallel.
func BenchmarkProxyOverhead(b *testing.B) {
	dir := b.TempDir()
	scenario := servertest.WriteFile(b, dir, "scenario.json", fmt.Sprintf(`{"load_balancers":[{"project":"demo","name":"bench","count":%d}]}`, benchLBs))
	lab := labcloud.NewServer(labcloud.Options{Scenario: &labcloud.Scenario{
		LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "bench", Count: benchLBs}},
	}})
	b.Cleanup(lab.Close)
	labMode := startRun(b, nil, "-web", dir, "-lab-scenario", scenario)
	remote := startRun(b, nil, "-keystone", lab.URL+"/identity/v3", "-web", dir)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	for _, up := range []struct {
		name            string
		direct, proxied string
	}{{"lab-mode", lab.URL, labMode.URL}, {"remote-tcp", lab.URL, remote.URL}} {
		// the lab mode's lab is in process only: the direct baseline is the same
		// scenario on loopback TCP, each with a token of its own
		tokens := map[string]string{up.direct: servertest.LabLogin(b, up.direct, "demo", "demo", "demo"), up.proxied: servertest.LabLogin(b, up.proxied, "demo", "demo", "demo")}
		path := ""
		get := func(base string) time.Duration {
			req, _ := http.NewRequest(http.MethodGet, base+path, nil)
			req.Header.Set("X-Auth-Token", tokens[base])
			start := time.Now()
			resp, err := client.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			n, _ := io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			d := time.Since(start)
			if resp.StatusCode != 200 || n < 20*200 {
				b.Fatalf("GET %s: %d, %d bytes", base+path, resp.StatusCode, n)
			}
			return d
		}
		for _, tc := range []struct{ page, workers int }{{20, 1}, {20, 8}, {200, 1}, {200, 8}} {
			path = fmt.Sprintf("/load-balancer/v2/lbaas/loadbalancers?limit=%d", tc.page)
			get(up.direct) // warm the connections and the catalog cache
			get(up.proxied)
			b.Run(fmt.Sprintf("%s/page=%d/clients=%d", up.name, tc.page, tc.workers), func(b *testing.B) {
				var mu sync.Mutex
				var direct, proxied []time.Duration
				if tc.workers == 1 {
					for i := 0; b.Loop(); i++ {
						d, p := timedPair(i, get, up.direct, up.proxied)
						direct, proxied = append(direct, d), append(proxied, p)
					}
				} else {
					b.SetParallelism(tc.workers)
					b.RunParallel(func(pb *testing.PB) {
						var ds, ps []time.Duration
						for i := 0; pb.Next(); i++ {
							d, p := timedPair(i, get, up.direct, up.proxied)
							ds, ps = append(ds, d), append(ps, p)
						}
						mu.Lock()
						direct, proxied = append(direct, ds...), append(proxied, ps...)
						mu.Unlock()
					})
				}
				dp50, pp50 := servertest.Median(direct), servertest.Median(proxied)
				b.ReportMetric(float64(dp50.Microseconds()), "direct-p50-µs")
				b.ReportMetric(float64(pp50.Microseconds()), "proxy-p50-µs")
				b.ReportMetric(float64((pp50 - dp50).Microseconds()), "added-p50-µs")
				b.ReportMetric(float64(sum(direct))/float64(sum(proxied)), "throughput-ratio")
			})
		}
	}
}

// timedPair times one direct and one proxied request, alternating which goes first.
func timedPair(i int, get func(string) time.Duration, direct, proxied string) (time.Duration, time.Duration) {
	if i%2 == 0 {
		d := get(direct)
		return d, get(proxied)
	}
	p := get(proxied)
	return get(direct), p
}

func sum(ds []time.Duration) time.Duration {
	var t time.Duration
	for _, d := range ds {
		t += d
	}
	return t
}

// BenchmarkStatusViewers connects 1,000 status-page viewers (SSE) to the server, built
// and run as its own process so that its memory can be read, and reports its RSS and
// the upstream load balancer lists per poll (1 = one shared poll whatever the viewers).
func BenchmarkStatusViewers(b *testing.B) {
	const viewers, lbs, waitPolls = 1000, 10, 3
	lab := newCountingLab(b, nocScenario(lbs))
	dir := b.TempDir()
	clouds := servertest.WriteFile(b, dir, "clouds.yaml", fmt.Sprintf("clouds:\n  noc:\n    auth:\n      auth_url: %s/identity/v3\n      username: %s\n      password: %s\n      project_name: noc\n      user_domain_name: Default\n      project_domain_name: Default\n",
		lab.URL, nocUser, nocPassword))
	bin := filepath.Join(dir, "octaview")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	for b.Loop() {
		cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-keystone", lab.URL+"/identity/v3", "-status-cloud", "noc", "-web", dir, "-status-max-viewers-per-addr", "1000")
		cmd.Env = append(os.Environ(), "OS_CLIENT_CONFIG_FILE="+clouds)
		stdout, _ := cmd.StdoutPipe()
		cmd.Stderr = io.Discard
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(stdout)
		var base string
		for base == "" && sc.Scan() {
			base = servertest.ListenURL(sc.Text())
		}
		go io.Copy(io.Discard, stdout)
		if base == "" {
			cmd.Process.Kill()
			b.Fatal("the server printed no address")
		}
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: viewers, DisableCompression: true}}
		rds := make([]*bufio.Reader, viewers)
		for i := range rds {
			resp, err := client.Get(base + "/api/status/events")
			if err != nil {
				b.Fatalf("viewer %d: %v", i, err)
			}
			defer resp.Body.Close()
			rds[i] = bufio.NewReader(resp.Body)
		}
		var wg sync.WaitGroup
		read := func() {
			for _, rd := range rds {
				wg.Go(func() { nextEvent(b, rd) })
			}
			wg.Wait()
		}
		read() // everyone has a snapshot
		read() // and the next poll's: all 1000 are in
		lists0, trees0, polls0 := lab.count("list"), lab.count("tree"), metricValue(b, client, base, "octaview_status_polls_total")
		for range waitPolls {
			read()
		}
		lists1, trees1, polls1 := lab.count("list"), lab.count("tree"), metricValue(b, client, base, "octaview_status_polls_total")
		rss := vmRSS(b, cmd.Process.Pid)
		watching := metricValue(b, client, base, "octaview_status_viewers")
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
		b.ReportMetric(watching, "viewers")
		b.ReportMetric(float64(lists1-lists0)/(polls1-polls0), "upstream-lists/poll")
		b.ReportMetric(float64(trees1-trees0)/(polls1-polls0), "upstream-trees/poll")
		b.ReportMetric(polls1-polls0, "polls")
		b.ReportMetric(float64(rss)/1024, "server-RSS-MB")
	}
}

func (l *countingLab) count(kind string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.counts[kind]
}

// metricValue reads one unlabelled (or summed) sample from /metrics.
func metricValue(b *testing.B, client *http.Client, base, name string) float64 {
	resp, err := client.Get(base + "/metrics")
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(resp.Body)
	total := 0.0
	for _, m := range regexp.MustCompile(`(?m)^`+name+`(?:\{[^}]*\})? (\S+)$`).FindAllStringSubmatch(string(text), -1) {
		v, _ := strconv.ParseFloat(m[1], 64)
		total += v
	}
	return total
}

// vmRSS is a process's resident set size in KiB.
func vmRSS(b *testing.B, pid int) int {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return kb
		}
	}
	b.Fatal("no VmRSS")
	return 0
}
