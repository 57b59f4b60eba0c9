//go:build !js

package servertest

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

const (
	// HostileName is a load balancer name that would run script if the UI
	// ever rendered a name as HTML.
	HostileName = `<img src=x onerror=alert(1)>`
	// LabDelay keeps PENDING_* long enough to be seen on the page.
	LabDelay = "3s"
	// ScaleCount load balancers in project "scale": more than one page of
	// the lab's 1,000, whose next links name the lab's own host.
	ScaleCount = 1050
)

// Scenario seeds the lab for the console's end-to-end tests: project demo
// (five load balancers, HostileName among them), project scale (ScaleCount
// load balancers) and project empty.
var Scenario = fmt.Sprintf(`{
  "projects": [{"name": "scale", "users": [{"name": "scale", "password": "scale"}]},
               {"name": "empty", "users": [{"name": "empty", "password": "empty"}]}],
  "load_balancers": [
    {"project": "demo", "name": "shop-frontend",
     "listener": {"protocol": "HTTP", "port": 80, "members": ["10.0.0.11", "10.0.0.12", "10.0.0.13"], "monitor": "HTTP"}},
    {"project": "demo", "name": "api-gateway",
     "listener": {"protocol": "TCP", "port": 443, "members": ["10.0.0.21", "10.0.0.22"]}},
    {"project": "demo", "name": "reports-internal"},
    {"project": "demo", "name": "legacy-batch", "status": "ERROR"},
    {"project": "demo", "name": %q},
    {"project": "scale", "name": "bulk", "count": %d}
  ]
}`, HostileName, ScaleCount)

// StartLab is [StartLog] on the lab cloud seeded with Scenario, serving web,
// with LabDelay and then extra as flags.
func StartLab(tb testing.TB, run Runner, web string, extra []string, env map[string]string, log io.Writer) *Server {
	tb.Helper()
	scenario := filepath.Join(tb.TempDir(), "scenario.json")
	if err := os.WriteFile(scenario, []byte(Scenario), 0o600); err != nil {
		tb.Fatal(err)
	}
	args := append([]string{"-web", web, "-lab-delay", LabDelay, "-lab-scenario", scenario}, extra...)
	return StartLog(tb, run, env, log, args...)
}

// LabAdmin drives the lab's control API with an admin token taken once, so
// that it still works while the lab plays a Keystone outage.
type LabAdmin struct {
	URL   string // the console's origin
	Token string // the admin's token
}

// NewLabAdmin logs in as the lab's admin at base with password ("" = admin).
func NewLabAdmin(tb testing.TB, base, password string) LabAdmin {
	tb.Helper()
	if password == "" {
		password = "admin"
	}
	return LabAdmin{URL: base, Token: proxytest.Token(tb, base+"/identity/v3/auth/tokens", "admin", password, "admin")}
}

// Faults replaces the lab's faults (a labcloud.Faults JSON object).
func (l LabAdmin) Faults(tb testing.TB, faults string) {
	tb.Helper()
	req, _ := http.NewRequest(http.MethodPut, l.URL+"/lab/faults", strings.NewReader(faults))
	req.Header.Set("X-Auth-Token", l.Token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		tb.Fatalf("PUT /lab/faults: %s %s", resp.Status, b)
	}
}
