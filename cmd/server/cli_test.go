//go:build !js

package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestOpenStackCLIThroughProxy runs the real python-octaviaclient (Debian's
// python3-openstackclient and python3-octaviaclient) against the lab cloud through
// this server: create --wait, then delete --wait. It fails when `openstack` is
// missing: `make deps` installs it.
func TestOpenStackCLIThroughProxy(t *testing.T) {
	openstack, err := exec.LookPath("openstack")
	if err != nil {
		t.Fatalf("the OpenStack CLI is needed (apt-get install python3-openstackclient python3-octaviaclient, or make deps): %v", err)
	}
	s := startRun(t, nil, "-web", t.TempDir(), "-lab-delay", "1s")
	home := t.TempDir()
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8",
		"OS_AUTH_URL=" + s.URL + "/identity/v3", "OS_IDENTITY_API_VERSION=3",
		"OS_USERNAME=demo", "OS_PASSWORD=demo", "OS_PROJECT_NAME=demo",
		"OS_USER_DOMAIN_NAME=Default", "OS_PROJECT_DOMAIN_NAME=Default",
		"OS_REGION_NAME=RegionOne", "OS_INTERFACE=public"}
	cli := func(args ...string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, openstack, args...)
		cmd.Env, cmd.Dir = env, home
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("openstack %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
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

	tok := labLogin(t, s.URL, "demo", "demo", "demo")
	resp := getJSON(t, "GET", s.URL+"/load-balancer/v2/lbaas/loadbalancers/"+lb.ID, tok, "", nil)
	if resp.StatusCode != 404 {
		t.Errorf("after delete --wait: GET the load balancer: got %d, want 404", resp.StatusCode)
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
	} {
		if !strings.Contains(logs, want) {
			t.Errorf("the access log has no %s", want)
		}
	}
}
