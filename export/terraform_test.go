package export_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/octaview/octaview/export"
	"github.com/octaview/octaview/export/internal/sample"
	"github.com/octaview/octaview/octavia"
)

// TestTerraformImportIDs: each existing object is adopted by an import
// block with its id in the provider's import format (composite for
// members, rules and monitors), and nothing is imported for a plan.
func TestTerraformImportIDs(t *testing.T) {
	src, err := export.Terraform(sample.Existing())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`to = openstack_lb_loadbalancer_v2.`, `id = "` + sample.LB + `"`,
		`to = openstack_lb_listener_v2.http`, `id = "` + sample.HTTP + `"`,
		`to = openstack_lb_pool_v2.web`, `id = "` + sample.WebPool + `"`,
		`to = openstack_lb_member_v2.web_1`, `id = "` + sample.WebPool + "/" + sample.Member1 + `"`,
		`to = openstack_lb_monitor_v2.web_check`, `id = "` + sample.Monitor + "/" + sample.WebPool + `"`,
		`to = openstack_lb_l7policy_v2.static`, `id = "` + sample.Policy1 + `"`,
		`to = openstack_lb_l7rule_v2.`, `id = "` + sample.Policy1 + "/" + sample.Rule2 + `"`,
		`to = openstack_networking_floatingip_associate_v2.`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the export has no %s", want)
		}
	}
	if got, want := strings.Count(src, "\nimport {"), strings.Count(src, "\nresource "); got != want {
		t.Errorf("%d import blocks for %d resources", got, want)
	}
	plan, err := export.FromCreateBody(sample.CreateBody())
	if err != nil {
		t.Fatal(err)
	}
	src, err = export.Terraform(plan)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(src, "import {") {
		t.Errorf("a plan has import blocks:\n%s", src)
	}
}

// TestTerraformReferencesNotIDs: resources refer to each other by
// reference; an object's id is written only in its import block.
func TestTerraformReferencesNotIDs(t *testing.T) {
	src, err := export.Terraform(sample.Existing())
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{sample.LB, sample.HTTP, sample.HTTPS, sample.WebPool, sample.ApiPool, sample.StaticPool,
		sample.Member1, sample.Member2, sample.Member3, sample.Monitor, sample.Policy1, sample.Policy2,
		sample.Rule1, sample.Rule2}
	for line := range strings.Lines(src) {
		if strings.HasPrefix(line, "  id = ") || strings.HasPrefix(line, "#") {
			continue
		}
		for _, id := range ids {
			if strings.Contains(line, id) {
				t.Errorf("an id outside an import block: %s", line)
			}
		}
	}
	for _, want := range []string{
		"pool_id          = openstack_lb_pool_v2.web.id",
		"redirect_pool_id = openstack_lb_pool_v2.pool_http.id",
		"l7policy_id  = openstack_lb_l7policy_v2.static.id",
		"port_id     = openstack_lb_loadbalancer_v2.",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the export has no %s", want)
		}
	}
}

// TestTerraformPoolOwners: a pool is created under the listener Octavia
// lists first for it (the provider's import reads that one, and a change
// would replace the pool), a pool of no listener under the load balancer,
// and a second listener sharing a pool names it as its default pool.
func TestTerraformPoolOwners(t *testing.T) {
	tree := sample.Existing()
	third := octavia.Object{"id": "third-listener", "name": "alt", "protocol": "HTTP", "protocol_port": 8080.0,
		"default_pool_id": sample.WebPool, "loadbalancers": []any{map[string]any{"id": sample.LB}}}
	tree.Listeners = append(tree.Listeners, third)
	tree.Pools[0]["listeners"] = []any{map[string]any{"id": sample.HTTP}, map[string]any{"id": "third-listener"}}
	src, err := export.Terraform(tree)
	if err != nil {
		t.Fatal(err)
	}
	block := func(typ, name string) string {
		m := regexp.MustCompile(`(?s)resource "` + typ + `" "` + name + `" \{\n(.*?)\n\}`).FindStringSubmatch(src)
		if m == nil {
			t.Fatalf("no %s.%s in:\n%s", typ, name, src)
		}
		return m[1]
	}
	for _, c := range []struct{ typ, name, want string }{
		{"openstack_lb_pool_v2", "web", "listener_id = openstack_lb_listener_v2.http.id"},
		{"openstack_lb_pool_v2", "api", "listener_id       = openstack_lb_listener_v2.https.id"},
		{"openstack_lb_pool_v2", "pool_http", "loadbalancer_id = openstack_lb_loadbalancer_v2."},
		{"openstack_lb_listener_v2", "alt", "default_pool_id = openstack_lb_pool_v2.web.id"},
	} {
		if b := block(c.typ, c.name); !strings.Contains(b, c.want) {
			t.Errorf("%s.%s has no %q:\n%s", c.typ, c.name, c.want, b)
		}
	}
	if b := block("openstack_lb_listener_v2", "http"); strings.Contains(b, "default_pool_id") {
		t.Errorf("listener http names its pool, which names it (a cycle):\n%s", b)
	}
}

// TestTerraformUnexpressible: what the provider has no attribute for is a
// comment, not lost; the existing objects' values that the provider would
// clear are pinned.
func TestTerraformUnexpressible(t *testing.T) {
	src, err := export.Terraform(sample.Existing())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"# tags = probe: openstack_lb_monitor_v2 has no such attribute",
		"# tags = legacy: openstack_lb_l7policy_v2 has no such attribute",
		`client_authentication       = "OPTIONAL"`,
		"admin_state_up              = false",
		`    type        = "APP_COOKIE"`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the export has no %q", want)
		}
	}
}

// TestTerraformBrokenTree: a reference out of the tree is an error, not a
// dangling reference.
func TestTerraformBrokenTree(t *testing.T) {
	tree := sample.Existing()
	tree.Monitors[0]["pools"] = []any{map[string]any{"id": "elsewhere"}}
	if _, err := export.Terraform(tree); err == nil || !strings.Contains(err.Error(), "elsewhere") {
		t.Errorf("a monitor of a pool out of the tree: err = %v, want one naming the pool", err)
	}
	if _, err := export.Terraform(export.Tree{}); err == nil {
		t.Error("no load balancer: no error")
	}
}

// TestTerraformOtherProject: an admin's export of another project's load
// balancer creates it in that project (tenant_id); the caller's own has
// none.
func TestTerraformOtherProject(t *testing.T) {
	tree := sample.Existing()
	src, err := export.Terraform(tree)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(src, "tenant_id") {
		t.Errorf("the caller's own load balancer names a project:\n%s", src)
	}
	tree.Project = "p-other"
	if src, err = export.Terraform(tree); err != nil {
		t.Fatal(err)
	}
	if n := len(regexp.MustCompile(`tenant_id +\= "p-other"`).FindAllString(src, -1)); n != 1 {
		t.Errorf("another project's load balancer: want one tenant_id = \"p-other\":\n%s", src)
	}
}
