//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
	"github.com/octaview/octaview/cmd/server/servertest"
)

const (
	webDir = "../../web" // what `make build` made
	// sessionsScenario is the lab's scenario with two regions and "dual", a
	// user with two projects (ops, its default, and ops-staging).
	sessionsScenario = "../../labcloud/testdata/sessions.json"
)

// startConsole runs the server in process on the lab seeded with
// [servertest.Scenario]: [servertest.StartLab].
func startConsole(t testing.TB) *servertest.Server {
	t.Helper()
	return startConsoleWith(t, nil, nil)
}

// startConsoleWith is startConsole with more flags and an environment.
func startConsoleWith(t testing.TB, extra []string, env map[string]string) *servertest.Server {
	t.Helper()
	return servertest.StartLab(t, runInProcess, webDir, extra, env, io.Discard)
}

// startRun runs the server in process (runWith) for a test: [servertest.Start].
func startRun(t testing.TB, env map[string]string, args ...string) *servertest.Server {
	t.Helper()
	return servertest.Start(t, runInProcess, env, args...)
}

// runInProcess is runWith as a [servertest.Runner].
func runInProcess(ctx context.Context, args []string, env map[string]string, stdout, log io.Writer) error {
	return runWith(ctx, args, func(k string) string { return env[k] }, stdout, log)
}

const seededScenario = `{"load_balancers":[{"project":"demo","name":"web","count":3,"listener":{"protocol":"HTTP","port":80,"members":["10.2.0.10","10.2.0.11"]}}]}`

// seededLab is the flags of a lab seeded with seededScenario (written into
// dir, which is also -web), then extra.
func seededLab(t testing.TB, dir string, extra ...string) []string {
	t.Helper()
	scenario := servertest.WriteFile(t, dir, "scenario.json", seededScenario)
	return append([]string{"-web", dir, "-lab-scenario", scenario}, extra...)
}

// labAdmin is a console session of the lab's admin, with the password
// the banner of s printed.
func labAdmin(t testing.TB, s *servertest.Server) *servertest.Session {
	t.Helper()
	return servertest.NewSession(t, s.URL, "admin", servertest.BannerPassword(t, s.Printed(), "admin"), "admin")
}

func TestRunLab(t *testing.T) {
	s := startRun(t, nil, seededLab(t, t.TempDir(), "-lab-trainees", "2", "-lab-delay", "100ms")...)

	var cfg serverapi.Config
	servertest.GetJSON(t, http.MethodGet, s.URL+"/api/config", "", "", &cfg)
	if !cfg.Lab || cfg.ReadOnly || cfg.StatusPage || len(cfg.LabUsers) != 0 {
		t.Errorf("GET /api/config: got %+v, want lab, and no user listed (a class: trainees only with -lab-list-trainees)", cfg)
	}
	tok := servertest.LabLogin(t, s.URL, "demo", "demo", "demo")
	var list struct {
		LoadBalancers []struct{ Name string } `json:"loadbalancers"`
	}
	resp := servertest.GetJSON(t, http.MethodGet, s.URL+"/load-balancer/v2/lbaas/loadbalancers", tok, "", &list)
	if resp.StatusCode != 200 || len(list.LoadBalancers) != 3 {
		t.Errorf("list through the proxy: got %d %+v, want the 3 seeded load balancers", resp.StatusCode, list)
	}
	// the catalog the client got points here, not at the lab
	var tokBody map[string]any
	servertest.GetJSON(t, http.MethodGet, s.URL+"/identity/v3/auth/catalog", tok, "", &tokBody)
	b, _ := json.Marshal(tokBody)
	if strings.Contains(string(b), labHost) || !strings.Contains(string(b), s.URL+"/load-balancer") {
		t.Errorf("catalog: got %s, want it on %s, not %s", b, s.URL, labHost)
	}
	// the lab's users and passwords are not for caches
	if resp := servertest.GetJSON(t, http.MethodGet, s.URL+"/lab/users", tok, "", nil); resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("GET /lab/users: got Cache-Control %q, want no-store", resp.Header.Get("Cache-Control"))
	}
	// the lab's control API on the console's address: admin only
	if resp := servertest.GetJSON(t, http.MethodPut, s.URL+"/lab/faults", tok, `{"stuck":["web-00001"]}`, nil); resp.StatusCode != http.StatusForbidden {
		t.Errorf("PUT /lab/faults as demo: got %d, want 403", resp.StatusCode)
	}
	admin := servertest.LabLogin(t, s.URL, "admin", servertest.BannerPassword(t, s.Printed(), "admin"), "admin")
	if resp := servertest.GetJSON(t, http.MethodPut, s.URL+"/lab/faults", admin, `{"stuck":["web-00001"]}`, nil); resp.StatusCode != http.StatusOK {
		t.Errorf("PUT /lab/faults as admin: got %d, want 200", resp.StatusCode)
	}
	var faults struct{ Stuck []string }
	if servertest.GetJSON(t, http.MethodGet, s.URL+"/lab/faults", admin, "", &faults); len(faults.Stuck) != 1 {
		t.Errorf("GET /lab/faults: got %+v, want web-00001 stuck", faults)
	}
	resp = servertest.GetJSON(t, http.MethodGet, s.URL+"/metrics", "", "", nil)
	if resp.StatusCode != 200 {
		t.Errorf("GET /metrics: got %d", resp.StatusCode)
	}
	if err := s.Stop(); err != nil {
		t.Fatalf("graceful stop: got %v, want nil", err)
	}
	if out := s.Stdout(); !strings.Contains(out, "demo       / demo") || !strings.Contains(out, "trainee2") {
		t.Errorf("banner: got\n%s\nwant the lab users (demo, trainee2)", out)
	}
	if !strings.Contains(s.Logs.String(), `"msg":"stopped"`) {
		t.Error("no \"stopped\" in the log")
	}
	if strings.Contains(s.Logs.String(), tok) {
		t.Error("the token is in the log")
	}
}

// TestRunCloudsYAML starts the server on a clouds.yaml entry (-cloud) and checks that
// the entry's interface and region choose the endpoints.
func TestRunCloudsYAML(t *testing.T) {
	up := proxytest.New(t, proxytest.Options{})
	dir := t.TempDir()
	clouds := servertest.WriteFile(t, dir, "clouds.yaml", fmt.Sprintf(`clouds:
  upstream:
    auth:
      auth_url: %s
      username: ignored
      password: ignored
    region_name: RegionOne
    interface: internal
`, up.AuthURL()))
	s := startRun(t, map[string]string{"OS_CLIENT_CONFIG_FILE": clouds}, "-cloud", "upstream", "-web", dir, "-read-only")
	tok := servertest.LabLogin(t, s.URL, proxytest.User, proxytest.Password, proxytest.Project)
	resp := servertest.GetJSON(t, http.MethodGet, s.URL+"/load-balancer/v2/lbaas/loadbalancers", tok, "", nil)
	if got := up.Requests("load-balancer"); resp.StatusCode != 200 || len(got) != 1 || got[0].Path != "/load-balancer/v2/lbaas/loadbalancers" {
		t.Errorf("got %d, requests %+v, want one request at the catalog's endpoint", resp.StatusCode, got)
	}
	resp = servertest.GetJSON(t, http.MethodDelete, s.URL+"/load-balancer/v2/lbaas/loadbalancers/x", tok, "", nil)
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("DELETE with -read-only: got %d, want 403", resp.StatusCode)
	}
	if out := s.Stdout(); !strings.Contains(out, "upstream: Keystone at "+up.Server.URL) || !strings.Contains(out, "read-only") {
		t.Errorf("banner: got\n%s", out)
	}
}

func TestParseConfig(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		want    func(c config) bool
		wantErr string
	}{
		{"defaults: the lab", nil, nil, func(c config) bool {
			return c.Addr == "127.0.0.1:8080" && c.lab() && c.Web == "web" && !c.ReadOnly && c.LabTrainees == 0
		}, ""},
		{"environment", nil, map[string]string{"OCTAVIEW_ADDR": ":9000", "OCTAVIEW_PUBLIC_URL": "https://console.example.com", "OCTAVIEW_READ_ONLY": "true", "OCTAVIEW_CORS_ORIGIN": "https://a.example,https://b.example",
			"OCTAVIEW_LAB_TRAINEES": "12", "OCTAVIEW_LAB_DELAY": "5s", "OCTAVIEW_STATUS_CLOUD": "noc", "OCTAVIEW_TRUST_FORWARDED": "1"},
			func(c config) bool {
				return c.Addr == ":9000" && c.ReadOnly && len(c.CORSOrigins) == 2 && c.LabTrainees == 12 && c.LabDelay == 5*time.Second &&
					c.StatusCloud == "noc" && c.TrustForwarded
			}, ""},
		{"flags win over the environment", []string{"-addr", ":9001", "-public-url", "https://console.example.com", "-read-only=false", "-cors-origin", "https://c.example", "-cors-origin", "https://d.example"},
			map[string]string{"OCTAVIEW_ADDR": ":9000", "OCTAVIEW_READ_ONLY": "true", "OCTAVIEW_CORS_ORIGIN": "https://a.example"},
			func(c config) bool {
				return c.Addr == ":9001" && !c.ReadOnly && strings.Join(c.CORSOrigins, ",") == "https://c.example,https://d.example"
			}, ""},
		{"OS_CLOUD chooses the cloud", nil, map[string]string{"OS_CLOUD": "prod"}, func(c config) bool { return c.Cloud == "prod" && !c.lab() }, ""},
		{"public URL", []string{"-public-url", "https://Console.Example.com/"}, nil, func(c config) bool { return c.PublicURL == "https://console.example.com" }, ""},
		{"cloud and keystone", []string{"-cloud", "a", "-keystone", "http://k:5000/v3"}, nil, nil, "choose one"},
		{"wildcard origin", []string{"-cors-origin", "*"}, nil, nil, "wildcard"},
		{"public URL with a path", []string{"-public-url", "https://x.example/app"}, nil, nil, "no path"},
		{"bad boolean variable", nil, map[string]string{"OCTAVIEW_READ_ONLY": "yes please"}, nil, "OCTAVIEW_READ_ONLY"},
		{"stray argument", []string{"serve"}, nil, nil, "unexpected"},
		{"loopback listens need no public URL", []string{"-addr", "[::1]:8080"}, nil, func(c config) bool { return c.PublicURL == "" }, ""},
		{"localhost needs no public URL", []string{"-addr", "localhost:8080"}, nil, func(c config) bool { return c.PublicURL == "" }, ""},
		{"every address needs a public URL", []string{"-addr", ":8080"}, nil, nil, "-public-url"},
		{"a routable address needs a public URL", []string{"-addr", "10.0.0.5:8080"}, nil, nil, "-public-url"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := parseConfig(append([]string{"octaview"}, tt.args...), func(k string) string { return tt.env[k] }, io.Discard)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("got error %v, want one about %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tt.want(c) {
				t.Errorf("got %+v", c)
			}
		})
	}
}

func TestRunLabFaults(t *testing.T) {
	s := startRun(t, nil, "-web", t.TempDir(), "-lab-faults", `{"latency": "1ms", "error": ["doomed"]}`)
	admin := servertest.LabLogin(t, s.URL, "admin", "admin", "admin")
	var faults struct {
		Latency string
		Error   []string
	}
	if servertest.GetJSON(t, http.MethodGet, s.URL+"/lab/faults", admin, "", &faults); faults.Latency != "1ms" || len(faults.Error) != 1 || faults.Error[0] != "doomed" {
		t.Errorf("GET /lab/faults: got %+v, want latency 1ms and doomed forced to ERROR", faults)
	}

	for _, bad := range []string{`{"latncy": "1s"}`, `{"error_rate": 2}`, `not json`} {
		err := runWith(t.Context(), []string{"octaview", "-addr", "127.0.0.1:0", "-web", t.TempDir(), "-lab-faults", bad},
			func(string) string { return "" }, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "-lab-faults") {
			t.Errorf("-lab-faults %s: got %v, want an error naming -lab-faults", bad, err)
		}
	}
}

// TestRunCatalogHost: with no -public-url, token catalogs point at the listen
// address, whatever Host the request names (another name than the server's is
// refused: TestRunHostNames).
func TestRunCatalogHost(t *testing.T) {
	s := startRun(t, nil, "-web", t.TempDir())
	resp, b := proxytest.Do(t, http.DefaultClient, s.URL, http.MethodPost, "/identity/v3/auth/tokens", "", servertest.AuthBody("demo", "demo", "demo"),
		"Host", "localhost:1") // answered (localhost), but not the listen address
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("login: got %d %s, want 201", resp.StatusCode, b)
	}
	if strings.Contains(b, "localhost:1") || !strings.Contains(b, `"url":"`+s.URL+`/load-balancer"`) {
		t.Errorf("catalog with Host: localhost:1: got %s, want it on %s", b, s.URL)
	}
	if got := resp.Header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("token answer: got Cache-Control %q, want no-store", got)
	}
	if out := s.Stdout(); !strings.Contains(out, "public URL: "+s.URL) {
		t.Errorf("banner: got\n%s\nwant it to say which public URL catalogs get", out)
	}
}

// TestRunLabOnlyThroughTheConsole: in lab mode the lab has no port of its own, so
// -read-only holds for every way in; the banner names no address but the console's.
func TestRunLabOnlyThroughTheConsole(t *testing.T) {
	s := startRun(t, nil, "-web", t.TempDir(), "-read-only")
	admin := servertest.LabLogin(t, s.URL, "admin", "admin", "admin")
	if resp := servertest.GetJSON(t, http.MethodPost, s.URL+"/load-balancer/v2/lbaas/loadbalancers", admin, `{"loadbalancer":{"vip_subnet_id":"demo-subnet"}}`, nil); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a write with -read-only: got %d, want 403", resp.StatusCode)
	}
	out := s.Stdout()
	for _, u := range regexp.MustCompile(`https?://[^\s/),]+`).FindAllString(out, -1) {
		if u != s.URL {
			t.Errorf("banner names %s besides the console %s: the lab must have no address of its own\n%s", u, s.URL, out)
		}
	}
}
