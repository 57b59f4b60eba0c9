//go:build !js

package wizard

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/cmd/server/servertest"
	code "github.com/octaview/octaview/export"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// TestExportedPlanBuildsOnLab: the wizard's own body (its kinds' forms,
// typed as a user types them) exported as openstack CLI commands, run by
// the real CLI in an empty lab project, builds what the plan says: every
// object with the attributes the export writes, under the same parents.
func TestExportedPlanBuildsOnLab(t *testing.T) {
	cli := servertest.ForkedCLI(t) // the script's openstack: the real CLI's main, in forks of one warm Python
	srv := labcloud.NewServer(labcloud.Options{Delay: 200 * time.Millisecond, Seed: 4})
	defer srv.Close()
	ctx := t.Context()
	c, err := octavia.New(ctx, octavia.Config{AuthURL: srv.URL + "/identity/v3",
		Username: "demo", Password: "demo", UserDomainName: "Default", ProjectName: "demo", ProjectDomainName: "Default"})
	if err != nil {
		t.Fatal(err)
	}
	sn, err := octavia.Collect(c.Network().Subnets(ctx, subnets.ListOpts{Name: "demo-subnet"}))
	if err != nil || len(sn) != 1 {
		t.Fatalf("demo-subnet: %v, %v", sn, err)
	}

	w := wizTestWizard()
	w.LB["name"], w.LB["vip_subnet_id"], w.LB["tags"] = `shop "$(touch pwned)"`, sn[0].ID, "prod, web"
	l := w.NewListener()
	l["name"], l["connection_limit"], l["allowed_cidrs"] = "front", "100", "10.0.0.0/8\n192.168.0.0/16"
	w.Listeners = append(w.Listeners, l)
	addCookiePool(w, sn[0].ID, "10.2.0.11", "10.2.0.12")
	spare := w.NewPool()
	spare.Monitor = nil
	w.Pools = append(w.Pools, spare)
	w.Policies = append(w.Policies, apiPolicy(w))
	plan := planOf(t, w)
	script, err := code.CLI(plan)
	if err != nil {
		t.Fatal(err)
	}

	home := t.TempDir()
	file := filepath.Join(home, "plan.sh")
	if err := os.WriteFile(file, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	run, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(run, "bash", file)
	cmd.Dir, cmd.Env = home, cli.Env(servertest.CLIEnv(srv.URL, home, "demo", "demo", "demo"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bash plan.sh: %v\n%s\nscript:\n%s", err, out, script)
	}
	if _, err := os.Stat(filepath.Join(home, "pwned")); err == nil {
		t.Error("the script ran a command of the load balancer's name")
	}
	lbs, err := octavia.Collect(c.List(ctx, octavia.KindLoadBalancer, "", octavia.ListQuery{}))
	if err != nil || len(lbs) != 1 {
		t.Fatalf("the project's load balancers: %d (%v), want the one the script built", len(lbs), err)
	}
	built, err := code.Fetch(ctx, c, lbs[0].Text("id"))
	if err != nil {
		t.Fatal(err)
	}
	delete(built.LoadBalancer, "vip_address") // Octavia's choice: the plan has none
	if got, want := written(built), written(plan); !slices.Equal(got, want) {
		t.Errorf("what the script built differs from the wizard's plan:\n got %s\nwant %s\nscript:\n%s",
			strings.Join(got, "\n     "), strings.Join(want, "\n     "), script)
	}
}

// written describes t as sorted lines: each object's kind and the
// attributes an export writes, as JSON (a plan's ints and Octavia's
// numbers alike), after its parent's.
func written(t code.Tree) []string {
	text := map[string]string{}
	var lines []string
	code.Walk(t, func(k octavia.Kind, parentID string, o octavia.Object) {
		b, _ := json.Marshal(code.Written(k, o))
		up := parentID
		switch k {
		case octavia.KindMonitor:
			up = first(o.IDs("pools"))
		case octavia.KindListener:
			up = o.Text("default_pool_id")
		case octavia.KindL7Policy:
			up = o.Text("listener_id") + "\x00" + o.Text("redirect_pool_id")
		}
		var parents []string
		for _, id := range strings.Split(up, "\x00") {
			parents = append(parents, text[id])
		}
		text[o.Text("id")] = string(k) + " " + string(b)
		lines = append(lines, text[o.Text("id")]+" under "+strings.Join(parents, " and "))
	})
	slices.Sort(lines)
	return lines
}

// first is the first of ids, "" when there is none.
func first(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return ids[0]
}
