//go:build !js

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/servertest"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// countingLab is the lab cloud behind a request counter.
type countingLab struct {
	*httptest.Server
	mu     sync.Mutex
	counts map[string]int // "list", "tree", "identity", "other"
}

func newCountingLab(t testing.TB, scenario *labcloud.Scenario) *countingLab {
	l := &countingLab{counts: map[string]int{}}
	cloud := labcloud.New(labcloud.Options{Scenario: scenario})
	l.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kind := "other"
		switch p := r.URL.Path; {
		case p == "/load-balancer/v2/lbaas/loadbalancers" || p == "/load-balancer/v2.0/lbaas/loadbalancers":
			kind = "list"
		case strings.HasPrefix(p, "/load-balancer/") && strings.HasSuffix(p, "/status"):
			kind = "tree"
		case strings.HasPrefix(p, "/identity/"):
			kind = "identity"
		}
		l.mu.Lock()
		l.counts[kind]++
		l.mu.Unlock()
		cloud.ServeHTTP(w, r)
	}))
	t.Cleanup(l.Close)
	return l
}

func (l *countingLab) reset() map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.counts
	l.counts = map[string]int{}
	return c
}

const (
	nocUser     = "noc-reader"
	nocPassword = "n0c-Wall-Scr33n-pw"
)

func nocScenario(lbs int) *labcloud.Scenario {
	return &labcloud.Scenario{
		Projects: []labcloud.ScenarioProject{{Name: "noc", Users: []labcloud.ScenarioUser{{Name: nocUser, Password: nocPassword, Role: "reader"}}}},
		LoadBalancers: []labcloud.ScenarioLB{{Project: "noc", Name: "edge", Count: lbs,
			Listener: &labcloud.ScenarioListener{Protocol: "HTTP", Port: 80, Members: []string{"10.9.0.10", "10.9.0.11"}, Monitor: "HTTP"}}},
	}
}

// TestStatusPollAgainstLab polls the lab with the Octavia client while many viewers
// watch: each poll costs one list and one status tree per load balancer, however
// many viewers there are.
func TestStatusPollAgainstLab(t *testing.T) {
	const lbs, viewers, polls = 3, 100, 3
	lab := newCountingLab(t, nocScenario(lbs))
	client, err := octavia.New(t.Context(), octavia.Config{AuthURL: lab.URL + "/identity/v3", Username: nocUser, Password: nocPassword,
		UserDomainName: "Default", ProjectName: "noc", ProjectDomainName: "Default"})
	if err != nil {
		t.Fatal(err)
	}
	fetch, step := steppedFetch(octaviaStatus(client))
	feed := newStatusFeed(fetch, nil)
	feed.interval = time.Millisecond
	e := newTestEnv(t, envOptions{status: feed})
	go feed.run(t.Context())
	step()
	if _, err := feed.snapshot(t.Context()); err != nil {
		t.Fatal(err)
	}
	var rds []*bufio.Reader
	for range viewers {
		resp, err := http.Get(e.Server.URL + "/api/status/events")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		rd := bufio.NewReader(resp.Body)
		nextEvent(t, rd) // the current snapshot
		rds = append(rds, rd)
	}
	lab.reset()
	var last string
	for range polls {
		step()
		for _, rd := range rds {
			last = nextEvent(t, rd)
		}
	}
	got := lab.reset()
	want := map[string]int{"list": polls, "tree": polls * lbs}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%d polls with %d viewers: got upstream requests %v, want %v", polls, viewers, got, want)
	}
	var snap serverapi.Status
	if err := json.Unmarshal([]byte(last), &snap); err != nil {
		t.Fatal(err)
	}
	if snap.Error != "" || len(snap.LoadBalancers) != lbs {
		t.Fatalf("got %s, want %d load balancers and no error", last, lbs)
	}
	var wire struct { // the trees as sent, to check their key names
		LoadBalancers []struct {
			Tree json.RawMessage `json:"tree"`
		} `json:"load_balancers"`
	}
	if err := json.Unmarshal([]byte(last), &wire); err != nil {
		t.Fatal(err)
	}
	for i, lb := range snap.LoadBalancers {
		rawTree := wire.LoadBalancers[i].Tree
		// The tree has Octavia's key names, the pool's health_monitor among them.
		var tree struct {
			ID        string `json:"id"`
			Listeners []struct {
				Pools []struct {
					HealthMonitor *struct {
						ID                 string `json:"id"`
						Type               string `json:"type"`
						ProvisioningStatus string `json:"provisioning_status"`
					} `json:"health_monitor"`
					Members []struct {
						Address         string `json:"address"`
						ProtocolPort    int    `json:"protocol_port"`
						OperatingStatus string `json:"operating_status"`
					} `json:"members"`
				} `json:"pools"`
			} `json:"listeners"`
		}
		if err := json.Unmarshal(rawTree, &tree); err != nil || tree.ID != lb.ID || len(tree.Listeners) != 1 || len(tree.Listeners[0].Pools) != 1 ||
			len(tree.Listeners[0].Pools[0].Members) != 2 {
			t.Errorf("%s: tree %s, want its listener, pool and 2 members", lb.Name, rawTree)
			continue
		}
		pool := tree.Listeners[0].Pools[0]
		if m := pool.HealthMonitor; m == nil || m.ID == "" || m.Type != "HTTP" || m.ProvisioningStatus != string(octavia.StatusActive) {
			t.Errorf("%s: tree %s, want the pool's HTTP health_monitor, ACTIVE", lb.Name, rawTree)
		}
		if m := pool.Members[0]; m.Address != "10.9.0.10" || m.ProtocolPort != 80 {
			t.Errorf("%s: first member %+v, want 10.9.0.10:80", lb.Name, m)
		}
		if strings.Contains(string(rawTree), `"healthmonitor"`) {
			t.Errorf("%s: tree %s, want no gophercloud key healthmonitor", lb.Name, rawTree)
		}
		if lb.VIPAddress == "" || lb.ProvisioningStatus != string(octavia.StatusActive) {
			t.Errorf("%s: got %+v, want a VIP and ACTIVE", lb.Name, lb)
		}
	}
}

// TestRunStatusCloud runs the server with -status-cloud on a clouds.yaml entry: the
// anonymous status API shows the project's load balancers, and the credential never
// leaves the server.
func TestRunStatusCloud(t *testing.T) {
	lab := newCountingLab(t, nocScenario(2))
	dir := t.TempDir()
	clouds := servertest.WriteFile(t, dir, "clouds.yaml", fmt.Sprintf(`clouds:
  noc:
    auth:
      auth_url: %s/identity/v3
      username: %s
      password: %s
      project_name: noc
      user_domain_name: Default
      project_domain_name: Default
    region_name: RegionOne
`, lab.URL, nocUser, nocPassword))
	s := startRun(t, map[string]string{"OS_CLIENT_CONFIG_FILE": clouds}, "-keystone", lab.URL+"/identity/v3", "-status-cloud", "noc", "-web", dir)
	var cfg serverapi.Config
	servertest.GetJSON(t, "GET", s.URL+"/api/config", "", "", &cfg)
	if !cfg.StatusPage || cfg.Lab {
		t.Errorf("GET /api/config: got %+v, want status_page", cfg)
	}
	var snap serverapi.Status
	servertest.GetJSON(t, "GET", s.URL+"/api/status", "", "", &snap)
	if len(snap.LoadBalancers) != 2 || snap.Error != "" {
		t.Errorf("GET /api/status: got %+v, want the 2 load balancers of project noc", snap)
	}
	resp, err := http.Get(s.URL + "/api/status/events")
	if err != nil {
		t.Fatal(err)
	}
	first := nextEvent(t, bufio.NewReader(resp.Body))
	resp.Body.Close()
	for what, body := range map[string]string{"/api/status/events": first, "log": s.Logs.String()} {
		if strings.Contains(body, nocPassword) {
			t.Errorf("%s contains the status cloud's password", what)
		}
	}
	if !strings.Contains(first, `"name":"edge-0000`) {
		t.Errorf("first event: got %s, want the load balancers", first)
	}
	// a viewer still watching does not keep the server from stopping
	resp, err = http.Get(s.URL + "/api/status/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	rd := bufio.NewReader(resp.Body)
	nextEvent(t, rd)
	if err := s.Stop(); err != nil {
		t.Fatalf("stopping with a viewer connected: %v", err)
	}
	if _, err := io.ReadAll(rd); err != nil && !strings.Contains(err.Error(), "EOF") {
		t.Errorf("the viewer's stream: %v, want it ended", err)
	}
}
