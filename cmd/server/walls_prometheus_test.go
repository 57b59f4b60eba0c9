//go:build !js

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/servertest"
	"github.com/octaview/octaview/internal/promtest"
)

// TestWallPrometheus: a real Prometheus scrapes the lab's wall's metrics
// URL every second; the lab's fault forces a member down, and Prometheus
// has it in ERROR within two scrapes of the wall's change (counted with
// Prometheus's own samples of up, not with a clock).
func TestWallPrometheus(t *testing.T) {
	dir := t.TempDir()
	// A health monitor: without one a member is NO_MONITOR, and no fault
	// makes it ERROR (as in Octavia).
	scenario := servertest.WriteFile(t, dir, "scenario.json", `{"load_balancers":[{"project":"demo","name":"web","count":2,`+
		`"listener":{"protocol":"HTTP","port":80,"members":["10.2.0.10","10.2.0.11"],"monitor":"HTTP"}}]}`)
	s := startRun(t, nil, "-web", dir, "-lab-scenario", scenario, "-lab-delay", "100ms")
	var wall serverapi.Wall
	servertest.GetJSON(t, http.MethodGet, s.URL+serverapi.WallStatusPath+"class", "", "", &wall)
	member := wallMember(wall, "10.2.0.10")
	if member == "" {
		t.Fatalf("no member 10.2.0.10 on the lab's wall: %+v", wall)
	}
	prom := promtest.Start(t, s.URL+serverapi.WallMetricsPath+"class")
	series := `octavia_member_operating_status{wall="class",member="` + member + `",status="%s"}`
	online, down := strings.Replace(series, "%s", "ONLINE", 1), strings.Replace(series, "%s", "ERROR", 1)
	waitPrometheus(t, prom, time.Time{}, "the member ONLINE", func() bool { return len(promQuery(t, prom, online)) == 1 })

	// The wall's events say when the wall changed.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	changed := make(chan time.Time, 1)
	go watchWallMember(t, ctx, s.URL+serverapi.WallEventsPath+"class", member, changed)
	admin := servertest.LabLogin(t, s.URL, "admin", servertest.BannerPassword(t, s.Printed(), "admin"), "admin")
	if resp := servertest.GetJSON(t, http.MethodPut, s.URL+"/lab/faults", admin, `{"down_members":["10.2.0.10"]}`, nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("PUT /lab/faults: got %d", resp.StatusCode)
	}
	var at time.Time
	select {
	case at = <-changed:
	case <-time.After(time.Minute): // a hang guard: the wall polls every 3 s
		t.Fatal("the wall's events never showed the member in ERROR")
	}

	var first time.Time
	waitPrometheus(t, prom, at, "the member in ERROR", func() bool {
		got := promQuery(t, prom, down+"[5m]")
		if len(got) == 0 {
			return false
		}
		first = got[0].Points[0].T
		return true
	})
	// Scrapes after the wall changed, up to the first that had it in ERROR.
	up := promQuery(t, prom, `up{job="octaview"}[5m]`)
	if len(up) != 1 {
		t.Fatalf("up: got %+v, want the wall's one target", up)
	}
	n := 0
	for _, p := range up[0].Points {
		if p.T.After(at) && !p.T.After(first) {
			n++
		}
	}
	if n > 2 {
		t.Errorf("Prometheus had the member in ERROR at the %dth scrape after the wall's change, want within 2", n)
	}
	t.Logf("the wall changed at %s; Prometheus had the member in ERROR from the scrape of %s, scrape %d after", at.Format(time.StampMilli), first.Format(time.StampMilli), n)
}

// wallMember is the id of the first member of w at address, "" if none.
func wallMember(w serverapi.Wall, address string) string {
	for _, lb := range w.LoadBalancers {
		for _, l := range lb.Tree.Listeners {
			for _, p := range l.Pools {
				for _, m := range p.Members {
					if m.Address == address {
						return m.ID
					}
				}
			}
		}
	}
	return ""
}

// watchWallMember reads the wall's events until one shows member in ERROR,
// and sends the time it arrived.
func watchWallMember(t *testing.T, ctx context.Context, url, member string, changed chan<- time.Time) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		at := time.Now()
		var w serverapi.Wall
		if err := json.Unmarshal([]byte(data), &w); err != nil {
			t.Error(err)
			return
		}
		for _, lb := range w.LoadBalancers {
			for _, l := range lb.Tree.Listeners {
				for _, p := range l.Pools {
					for _, m := range p.Members {
						if m.ID == member && m.OperatingStatus == "ERROR" {
							changed <- at
							return
						}
					}
				}
			}
		}
	}
}

func promQuery(t *testing.T, prom *promtest.Server, expr string) []promtest.Series {
	t.Helper()
	s, err := prom.Query(expr)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// waitPrometheus polls ok until it holds, failing once Prometheus has
// scraped 20 times after since without it: the bound is in scrapes.
func waitPrometheus(t *testing.T, prom *promtest.Server, since time.Time, what string, ok func() bool) {
	t.Helper()
	for !ok() {
		n := 0
		if up := promQuery(t, prom, `up{job="octaview"}[5m]`); len(up) == 1 {
			for _, p := range up[0].Points {
				if p.T.After(since) {
					n++
				}
			}
		}
		if n > 20 {
			t.Fatalf("Prometheus did not see %s in %d scrapes", what, n)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
