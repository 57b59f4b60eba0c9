//go:build !js

package export

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/secrets"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/cmd/server/servertest"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// The real check of CLI: the script it writes, run by the real openstack
// CLI (Debian's python3-openstackclient and python3-octaviaclient) against
// the lab cloud, builds the tree it was written from.

// labProject is one project of a lab cloud: a client of its user, and the
// environment of an openstack CLI logged in as that user.
type labProject struct {
	c   *octavia.Client
	env []string
	dir string
	cli *servertest.CLIFork // runs the scripts' openstack commands; nil: p runs no script
}

func newLabProject(t *testing.T, srv *labcloud.Server, user string, cli *servertest.CLIFork) labProject {
	t.Helper()
	c, err := octavia.New(t.Context(), octavia.Config{AuthURL: srv.URL + "/identity/v3",
		Username: user, Password: user, UserDomainName: "Default", ProjectName: user, ProjectDomainName: "Default"})
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	return labProject{c: c, env: servertest.CLIEnv(srv.URL, home, user, user, user), dir: home, cli: cli}
}

// run runs script with bash and the CLI of p.
func (p labProject) run(t *testing.T, script string) {
	t.Helper()
	file := filepath.Join(p.dir, "export.sh")
	if err := os.WriteFile(file, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-x", file) // -x: a failure shows the command
	cmd.Env, cmd.Dir = p.cli.Env(p.env), p.dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bash export.sh: %v\n%s\nscript:\n%s", err, out, script)
	}
	if _, err := os.Stat(filepath.Join(p.dir, "pwned")); err == nil {
		t.Errorf("the script ran a command of a name: %s exists", filepath.Join(p.dir, "pwned"))
	}
}

// only is the one load balancer of p's project.
func (p labProject) only(t *testing.T) string {
	t.Helper()
	lbs, err := octavia.Collect(p.c.List(t.Context(), octavia.KindLoadBalancer, "", octavia.ListQuery{}))
	if err != nil || len(lbs) != 1 {
		t.Fatalf("the project's load balancers: got %d (%v), want the one the script built", len(lbs), err)
	}
	return lbs[0].Text("id")
}

func TestCLIRebuildsOnTheLab(t *testing.T) {
	cli := servertest.ForkedCLI(t) // the real CLI's main, in forks of one warm Python
	srv := labcloud.NewServer(labcloud.Options{Delay: 200 * time.Millisecond, Seed: 1, Trainees: 1})
	t.Cleanup(srv.Close) // after the parallel subtests

	t.Run("existing tree", func(t *testing.T) {
		t.Parallel()
		rebuildExisting(t, newLabProject(t, srv, "demo", cli))
	})
	t.Run("plan", func(t *testing.T) {
		t.Parallel()
		rebuildPlan(t, newLabProject(t, srv, "trainee1", cli))
	})
}

// rebuildExisting builds a rich tree, exports it, deletes it, runs the
// script in the now empty project and compares the rebuilt tree, attribute
// by attribute and status by status, with the original.
func rebuildExisting(t *testing.T, p labProject) {
	ctx := t.Context()
	c := p.c
	subnet := labSubnet(t, c, "demo-subnet")
	ref := labSecrets(t, c)
	web := octavia.Object{"name": `web's "$(touch pwned)"`, "protocol": "HTTP", "lb_algorithm": "LEAST_CONNECTIONS", "tags": []any{"tier:web"},
		"session_persistence": map[string]any{"type": "APP_COOKIE", "cookie_name": "SESSION"},
		"members": []any{
			map[string]any{"name": "--disable web-1", "address": "10.2.0.11", "protocol_port": 8080, "weight": 5, "subnet_id": subnet},
			map[string]any{"name": "web-2", "address": "10.2.0.12", "protocol_port": 8080, "backup": true,
				"monitor_address": "10.2.0.112", "monitor_port": 9000, "tags": []any{"spare"}},
			map[string]any{"address": "10.2.0.13", "protocol_port": 8080, "admin_state_up": false},
		},
		"healthmonitor": map[string]any{"name": "web-check", "type": "HTTP", "delay": 7, "timeout": 4, "max_retries": 2,
			"max_retries_down": 5, "http_method": "HEAD", "url_path": "/health", "expected_codes": "200-204",
			"http_version": 1.1, "domain_name": "web.example.com"}}
	body := octavia.Object{"name": "shop", "description": "the shop's front door\n`touch pwned`", "vip_subnet_id": subnet,
		"vip_address": "10.2.0.200", "tags": []any{"env:prod", "team a"},
		"listeners": []any{
			map[string]any{"name": "http", "protocol": "HTTP", "protocol_port": 80, "default_pool": web,
				"connection_limit": 1000, "timeout_client_data": 30000, "allowed_cidrs": []any{"10.0.0.0/8", "192.168.0.0/16"},
				"insert_headers": map[string]any{"X-Forwarded-For": "true", "X-Forwarded-Port": "true"},
				"l7policies": []any{
					map[string]any{"name": "block", "action": "REJECT", "tags": []any{"security"},
						"rules": []any{map[string]any{"type": "HEADER", "compare_type": "EQUAL_TO", "key": "X-Bad", "value": "yes", "invert": true}}},
				}},
			map[string]any{"name": "https", "protocol": "TERMINATED_HTTPS", "protocol_port": 443,
				"default_tls_container_ref": ref["www.demo.lab.test.p12"], "sni_container_refs": []any{ref["soon.demo.lab.test.p12"]},
				"client_ca_tls_container_ref": ref["demo.lab.test-ca.crt"], "client_authentication": "OPTIONAL",
				"tls_versions": []any{"TLSv1.3"}, "alpn_protocols": []any{"http/1.1"},
				"l7policies": []any{
					map[string]any{"name": "block", "action": "REDIRECT_PREFIX", "redirect_prefix": "https://shop.example.com",
						"redirect_http_code": 301,
						"rules":              []any{map[string]any{"type": "HOST_NAME", "compare_type": "ENDS_WITH", "value": ".old.example.com"}}},
				}},
		},
	}
	lb, _, err := c.Create(ctx, octavia.KindLoadBalancer, "", body)
	if err != nil {
		t.Fatal(err)
	}
	lbID := lb.Text("id")
	fast := waiters.Options{Interval: 100 * time.Millisecond}
	waitTree := func() {
		t.Helper()
		if _, err := c.WaitTreeActive(ctx, lbID, fast); err != nil {
			t.Fatal(err)
		}
	}
	waitTree()
	listenerID := func(name string) string {
		t.Helper()
		for l, err := range c.List(ctx, octavia.KindListener, "", octavia.ListQuery{Filters: map[string][]string{"name": {name}}}) {
			if err != nil {
				t.Fatal(err)
			}
			return l.Text("id")
		}
		t.Fatalf("no listener %s", name)
		return ""
	}
	// an unnamed pool (re-encrypting to its members), the HTTPS listener's
	// default pool, that a policy of the HTTP listener names too (by id)
	static, _, err := c.Create(ctx, octavia.KindPool, "", octavia.Object{"listener_id": listenerID("https"), "protocol": "HTTP",
		"lb_algorithm": "SOURCE_IP", "tls_enabled": true, "ca_tls_container_ref": ref["demo.lab.test-ca.crt"],
		"tls_versions": []any{"TLSv1.2"}, "description": "static files"})
	if err != nil {
		t.Fatal(err)
	}
	waitTree()
	if _, _, err := c.Create(ctx, octavia.KindMember, static.Text("id"), octavia.Object{"address": "10.2.0.21", "protocol_port": 443}); err != nil {
		t.Fatal(err)
	}
	waitTree()
	pol, _, err := c.Create(ctx, octavia.KindL7Policy, "", octavia.Object{"listener_id": listenerID("http"), "position": 1,
		"action": "REDIRECT_TO_POOL", "redirect_pool_id": static.Text("id")})
	if err != nil {
		t.Fatal(err)
	}
	waitTree()
	if _, _, err := c.Create(ctx, octavia.KindL7Rule, pol.Text("id"), octavia.Object{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/static"}); err != nil {
		t.Fatal(err)
	}
	waitTree()
	public := labExternalNetwork(t, c)
	if _, err := c.Network().CreateFloatingIP(ctx, floatingips.CreateOpts{FloatingNetworkID: public, PortID: lb.Text("vip_port_id")}); err != nil {
		t.Fatal(err)
	}

	before, err := Fetch(ctx, c, lbID)
	if err != nil {
		t.Fatal(err)
	}
	if len(before.Pools) != 2 || len(before.Listeners) != 2 || len(before.Policies) != 3 || before.FloatingIP == "" {
		t.Fatalf("Fetch: got %d pools, %d listeners, %d policies, floating IP %q; want 2, 2, 3 and one",
			len(before.Pools), len(before.Listeners), len(before.Policies), before.FloatingIP)
	}
	statusBefore := labStatus(t, c, lbID)
	script, err := CLI(before)
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"PRIVATE KEY", "BEGIN"} {
		if strings.Contains(script, secret) {
			t.Errorf("the script holds %q", secret)
		}
	}

	// the project emptied: the tree is gone
	if _, err := c.Delete(ctx, octavia.Ref{Kind: octavia.KindLoadBalancer, ID: lbID, LoadBalancerID: lbID}, true); err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitLoadBalancerDeleted(ctx, lbID, fast); err != nil {
		t.Fatal(err)
	}
	if lbs, err := octavia.Collect(c.List(ctx, octavia.KindLoadBalancer, "", octavia.ListQuery{})); err != nil || len(lbs) != 0 {
		t.Fatalf("after the delete: %d load balancers (%v), want none", len(lbs), err)
	}

	p.run(t, script)
	after, err := Fetch(ctx, c, p.only(t))
	if err != nil {
		t.Fatal(err)
	}
	if diff := diffLines(canonical(before, stripped), canonical(after, stripped)); diff != "" {
		t.Errorf("the rebuilt tree differs from the original (- original, + rebuilt):\n%s\nscript:\n%s", diff, script)
	}
	if diff := diffLines(statusBefore, labStatus(t, c, after.LoadBalancer.Text("id"))); diff != "" {
		t.Errorf("the rebuilt status tree differs (- original, + rebuilt):\n%s", diff)
	}
	if after.FloatingIP == "" || after.FloatingNetwork != before.FloatingNetwork {
		t.Errorf("rebuilt floating IP: got %q on %q, want one on %q", after.FloatingIP, after.FloatingNetwork, before.FloatingNetwork)
	}
}

// rebuildPlan exports a plan (the wizard's create body), runs it in an
// empty project and compares what it built with the plan.
func rebuildPlan(t *testing.T, p labProject) {
	plan, err := FromCreateBody(wizardBody(labSubnet(t, p.c, "trainee1-subnet")))
	if err != nil {
		t.Fatal(err)
	}
	// the wizard's pick: a spare address of the project
	spare, err := p.c.Network().CreateFloatingIP(t.Context(), floatingips.CreateOpts{FloatingNetworkID: labExternalNetwork(t, p.c)})
	if err != nil {
		t.Fatal(err)
	}
	plan.FloatingIP, plan.FloatingNetwork = spare.FloatingIP, spare.FloatingNetworkID
	script, err := CLI(plan)
	if err != nil {
		t.Fatal(err)
	}
	p.run(t, script)
	built, err := Fetch(t.Context(), p.c, p.only(t))
	if err != nil {
		t.Fatal(err)
	}
	if built.LoadBalancer.Text("vip_address") == "" {
		t.Error("the built load balancer has no VIP address")
	}
	delete(built.LoadBalancer, "vip_address") // Octavia's choice: the plan has none
	if built.FloatingIP != spare.FloatingIP {
		t.Errorf("the built load balancer's floating IP: got %q, want the plan's %q", built.FloatingIP, spare.FloatingIP)
	}
	if diff := diffLines(canonical(plan, Written), canonical(built, Written)); diff != "" {
		t.Errorf("what the plan's script built differs from the plan (- plan, + built):\n%s\nscript:\n%s", diff, script)
	}
}

// canonical describes t as sorted lines, one per object, each its kind,
// its attributes as attrs gives them, and the objects it names described
// the same way in place of their ids: two trees that differ only in ids
// (and in what attrs leaves out) have the same lines.
func canonical(t Tree, attrs func(octavia.Kind, octavia.Object) octavia.Object) []string {
	byID := map[string]octavia.Object{}
	Walk(t, func(_ octavia.Kind, _ string, o octavia.Object) { byID[o.Text("id")] = o })
	text := func(k octavia.Kind, o octavia.Object) string {
		b, _ := json.Marshal(normal(attrs(k, o)))
		return string(k) + " " + string(b)
	}
	var lines []string
	Walk(t, func(k octavia.Kind, parentID string, o octavia.Object) {
		line := text(k, o)
		switch k {
		case octavia.KindMember:
			line += " in " + text(octavia.KindPool, byID[parentID])
		case octavia.KindMonitor:
			line += " on " + text(octavia.KindPool, byID[first(o.IDs("pools"))])
		case octavia.KindListener:
			if d := o.Text("default_pool_id"); d != "" {
				line += " default " + text(octavia.KindPool, byID[d])
			}
		case octavia.KindL7Policy:
			line += fmt.Sprintf(" at %v of %s", o["position"], text(octavia.KindListener, byID[o.Text("listener_id")]))
			if r := o.Text("redirect_pool_id"); r != "" {
				line += " to " + text(octavia.KindPool, byID[r])
			}
		case octavia.KindL7Rule:
			line += " of " + text(octavia.KindL7Policy, byID[parentID])
		}
		lines = append(lines, line)
	})
	slices.Sort(lines)
	return lines
}

// stripped is o without what a rebuild changes: ids and the references
// made of them, statuses (compared by the status tree), times, the VIP's
// port.
func stripped(_ octavia.Kind, o octavia.Object) octavia.Object {
	out := octavia.Object{}
	for k, v := range o {
		switch k {
		case "id", "created_at", "updated_at", "provisioning_status", "operating_status", "vip_port_id",
			"listeners", "pools", "loadbalancers", "members", "l7policies", "rules", "healthmonitor_id",
			"default_pool_id", "redirect_pool_id", "listener_id":
			continue
		}
		out[k] = v
	}
	return out
}

// labStatus is load balancer id's status tree as sorted lines without ids.
func labStatus(t *testing.T, c *octavia.Client, id string) []string {
	t.Helper()
	st, err := c.LoadBalancerStatusTree(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	lb := st.LoadBalancer
	lines := []string{fmt.Sprintf("loadbalancer %q %s %s", lb.Name, lb.ProvisioningStatus, lb.OperatingStatus)}
	for _, l := range lb.Listeners {
		ls := fmt.Sprintf("listener %q %s %s", l.Name, l.ProvisioningStatus, l.OperatingStatus)
		lines = append(lines, ls)
		for _, p := range l.Pools {
			ps := fmt.Sprintf("%s pool %q %s %s", ls, p.Name, p.ProvisioningStatus, p.OperatingStatus)
			lines = append(lines, ps)
			if h := p.HealthMonitor; h != nil {
				lines = append(lines, fmt.Sprintf("%s monitor %q %s %s %s", ps, h.Name, h.Type, h.ProvisioningStatus, h.OperatingStatus))
			}
			for _, m := range p.Members {
				lines = append(lines, fmt.Sprintf("%s member %q %s:%d %s %s", ps, m.Name, m.Address, m.ProtocolPort,
					m.ProvisioningStatus, m.OperatingStatus))
			}
		}
	}
	slices.Sort(lines)
	return lines
}

// diffLines is the lines only in a ("- ") and only in b ("+ "), "" when
// they are the same.
func diffLines(a, b []string) string {
	var out []string
	for _, l := range a {
		if !slices.Contains(b, l) {
			out = append(out, "- "+l)
		}
	}
	for _, l := range b {
		if !slices.Contains(a, l) {
			out = append(out, "+ "+l)
		}
	}
	if len(out) == 0 && len(a) != len(b) {
		out = append(out, fmt.Sprintf("%d lines, then %d", len(a), len(b)))
	}
	return strings.Join(out, "\n")
}

// labExternalNetwork is the id of the lab's external network.
func labExternalNetwork(t *testing.T, c *octavia.Client) string {
	t.Helper()
	n, err := octavia.Collect(c.Network().ExternalNetworks(t.Context(), networks.ListOpts{}))
	if err != nil || len(n) == 0 {
		t.Fatalf("external networks: got %v, %v", n, err)
	}
	return n[0].ID
}

// labSubnet is the id of the subnet named name.
func labSubnet(t *testing.T, c *octavia.Client, name string) string {
	t.Helper()
	s, err := octavia.Collect(c.Network().Subnets(t.Context(), subnets.ListOpts{Name: name}))
	if err != nil || len(s) != 1 {
		t.Fatalf("subnet %s: got %v, %v", name, s, err)
	}
	return s[0].ID
}

// labSecrets are the project's Barbican secrets' refs by name.
func labSecrets(t *testing.T, c *octavia.Client) map[string]string {
	t.Helper()
	list, err := octavia.Collect(c.KeyManager().Secrets(t.Context(), secrets.ListOpts{}))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, s := range list {
		out[s.Name] = s.SecretRef
	}
	return out
}
