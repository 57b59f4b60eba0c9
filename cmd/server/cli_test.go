//go:build !js

package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// TestOpenStackCLIThroughProxy runs the real python-octaviaclient (Debian's
// python3-openstackclient and python3-octaviaclient) against the lab cloud through
// this server: create --wait, delete --wait, token revoke, and a quota shown by
// project name (both need Keystone's discovery at /identity). It fails when `openstack` is
// missing: `make deps` installs it.
func TestOpenStackCLIThroughProxy(t *testing.T) {
	openstack := servertest.OpenStackCLI(t)
	s := startRun(t, nil, "-web", t.TempDir(), "-lab-delay", "1s")
	home := t.TempDir()
	cli := func(args ...string) string {
		t.Helper()
		return servertest.RunCLI(t, openstack, home, servertest.CLIEnv(s.URL, home, "demo", "demo", "demo"), args...)
	}
	admin := func(args ...string) string {
		t.Helper()
		return servertest.RunCLI(t, openstack, home, servertest.CLIEnv(s.URL, home, "admin", "admin", "admin"), args...)
	}
	out := cli("loadbalancer", "create", "--name", "cli-e2e", "--vip-subnet-id", "demo-subnet", "--wait", "-f", "json")
	var lb struct {
		ID                 string `json:"id"`
		Name               string `json:"name"`
		ProvisioningStatus string `json:"provisioning_status"`
		VIPAddress         string `json:"vip_address"`
	}
	if err := json.Unmarshal([]byte(out[strings.Index(out, "{"):]), &lb); err != nil {
		t.Fatalf("create: %v in %s", err, out)
	}
	if lb.Name != "cli-e2e" || lb.ProvisioningStatus != "ACTIVE" || lb.VIPAddress == "" {
		t.Fatalf("create --wait: got %+v, want cli-e2e ACTIVE with a VIP", lb)
	}
	cli("loadbalancer", "delete", "--wait", lb.ID)

	tok := servertest.LabLogin(t, s.URL, "demo", "demo", "demo")
	resp := servertest.GetJSON(t, http.MethodGet, s.URL+"/load-balancer/v2/lbaas/loadbalancers/"+lb.ID, tok, "", nil)
	if resp.StatusCode != 404 {
		t.Errorf("after delete --wait: GET the load balancer: got %d, want 404", resp.StatusCode)
	}
	// keystoneauth discovers Keystone at the catalog's /identity (no slash): a revoked
	// token must stop working, and a project named on the command line must be found
	revoked := strings.TrimSpace(cli("token", "issue", "-f", "value", "-c", "id"))
	cli("token", "revoke", revoked)
	if resp := servertest.GetJSON(t, http.MethodGet, s.URL+"/load-balancer/v2/lbaas/loadbalancers", revoked, "", nil); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("after openstack token revoke: a request with the token got %d, want 401", resp.StatusCode)
	}
	out = admin("loadbalancer", "quota", "show", "admin", "-f", "json")
	var quota map[string]any
	if err := json.Unmarshal([]byte(out[strings.Index(out, "{"):]), &quota); err != nil || quota["load_balancer"] == nil {
		t.Errorf("openstack loadbalancer quota show admin: got %s (%v), want the admin project's quota", out, err)
	}

	// every call went through this server (none went to the lab directly)
	logs := s.Logs.String()
	for _, want := range []string{
		`"method":"POST","path":"/identity/v3/auth/tokens","status":201`,
		`"path":"/network/v2.0/subnets","status":200`,
		`"method":"POST","path":"/load-balancer/v2.0/lbaas/loadbalancers","status":201`,
		`"method":"GET","path":"/load-balancer/v2.0/lbaas/loadbalancers/` + lb.ID + `","status":200`,
		`"method":"DELETE","path":"/load-balancer/v2.0/lbaas/loadbalancers/` + lb.ID + `","status":204`,
		`"method":"GET","path":"/load-balancer/v2.0/lbaas/loadbalancers/` + lb.ID + `","status":404`,
		`"method":"DELETE","path":"/identity/v3/auth/tokens","status":204`,
		`"method":"GET","path":"/identity/v3/projects","status":200`,
	} {
		if !strings.Contains(logs, want) {
			t.Errorf("the access log has no %s", want)
		}
	}
}
