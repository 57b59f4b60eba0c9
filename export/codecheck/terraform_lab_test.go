package codecheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/octaview/octaview/export"
	"github.com/octaview/octaview/export/internal/sample"
)

// terraform is Terraform with this module's build of
// terraform-provider-openstack v3 as a development override (no registry),
// logged in to the lab as demo.
type terraform struct {
	bin string
	env []string
}

func newTerraform(t *testing.T, l lab) terraform {
	t.Helper()
	bin, err := exec.LookPath("terraform")
	if err != nil {
		t.Skip("terraform is not installed")
	}
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "terraform-provider-openstack"),
		"github.com/terraform-provider-openstack/terraform-provider-openstack/v3")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the provider: %v\n%s", err, out)
	}
	rc := filepath.Join(dir, "terraformrc")
	cfg := "provider_installation {\n  dev_overrides {\n    \"" + export.TerraformProvider + "\" = \"" + dir + "\"\n  }\n  direct {}\n}\n"
	if err := os.WriteFile(rc, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "TF_CLI_CONFIG_FILE="+rc, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1",
		"OS_AUTH_URL="+l.srv.URL+"/identity/v3", "OS_USERNAME=demo", "OS_PASSWORD=demo",
		"OS_PROJECT_NAME=demo", "OS_USER_DOMAIN_NAME=Default", "OS_PROJECT_DOMAIN_NAME=Default",
		"OS_REGION_NAME=RegionOne", "OS_INTERFACE=public")
	return terraform{bin, env}
}

// run runs terraform in dir with args and returns its output.
func (tf terraform) run(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(tf.bin, append(args, "-no-color")...)
	cmd.Dir, cmd.Env = dir, tf.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("terraform %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestTerraformAdoptsOnLab applies the Terraform of a wizard's plan to the
// lab with the provider itself, reads the load balancer back as Fetch
// does, and plans the Terraform of that existing tree in a fresh
// directory: every object is imported and nothing changes.
func TestTerraformAdoptsOnLab(t *testing.T) {
	t.Parallel() // it mostly waits on the lab
	l := newLab(t)
	tf := newTerraform(t, l)
	body := sample.CreateBody()
	refs := l.refs(t)
	// a TLS listener on the lab's certificates, re-encrypting to its pool
	body["listeners"] = append(body["listeners"].([]any), map[string]any{
		"name": "https", "protocol": "TERMINATED_HTTPS", "protocol_port": 443.0,
		"default_tls_container_ref": refs["www.demo.lab.test"],
		"sni_container_refs":        []any{refs["soon.demo.lab.test.p12"]},
		"client_authentication":     "OPTIONAL", "client_ca_tls_container_ref": refs["demo.lab.test-ca.crt"],
		"client_crl_container_ref": refs["demo.lab.test-ca.crl"],
		"tls_versions":             []any{"TLSv1.3"}, "alpn_protocols": []any{"h2"},
		"hsts_max_age": 31536000.0, "hsts_include_subdomains": true, "admin_state_up": false,
		"default_pool": map[string]any{"name": "api", "protocol": "HTTP", "lb_algorithm": "LEAST_CONNECTIONS",
			"tls_enabled": true, "tls_container_ref": refs["www.demo.lab.test"],
			"ca_tls_container_ref": refs["demo.lab.test-ca.crt"]},
	})
	src, err := export.Terraform(l.plan(t, body))
	if err != nil {
		t.Fatal(err)
	}
	apply := t.TempDir()
	if err := os.WriteFile(filepath.Join(apply, "main.tf"), []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	tf.run(t, apply, "apply", "-auto-approve", "-input=false")

	src, err = export.Terraform(l.built(t))
	if err != nil {
		t.Fatal(err)
	}
	adopt := t.TempDir()
	if err := os.WriteFile(filepath.Join(adopt, "main.tf"), []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	out := tf.run(t, adopt, "plan", "-input=false")
	m := regexp.MustCompile(`Plan: (\d+) to import, (\d+) to add, (\d+) to change, (\d+) to destroy`).FindStringSubmatch(out)
	if m == nil || m[2] != "0" || m[3] != "0" || m[4] != "0" {
		t.Errorf("terraform plan of the existing tree's export, want only imports:\n%s\n%s", out, src)
	} else {
		t.Log(m[0])
	}
}

// TestTerraformValidate runs `terraform validate` with the provider on
// each export (the rich existing tree with its TLS listener and
// certificate refs too): the provider's own validation (ConflictsWith,
// ExactlyOneOf, value checks) passes.
func TestTerraformValidate(t *testing.T) {
	tf := newTerraform(t, newLab(t))
	for name, tree := range trees(t) {
		src, err := export.Terraform(tree)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
		if out := tf.run(t, dir, "validate"); !strings.Contains(out, "The configuration is valid") {
			t.Errorf("%s: terraform validate:\n%s", name, out)
		}
	}
}
