package codecheck

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/octaview/octaview/export"
	"github.com/octaview/octaview/export/internal/sample"
	"gopkg.in/yaml.v3"
)

// ansibleModules are the collection's modules the playbook may use.
var ansibleModules = []string{"openstack.cloud.loadbalancer", "openstack.cloud.lb_listener",
	"openstack.cloud.lb_pool", "openstack.cloud.lb_member", "openstack.cloud.lb_health_monitor"}

// ansibleSpec is one option of a module's argument spec, as ansible-doc
// writes it.
type ansibleSpec struct {
	Type    string   `json:"type"`
	Choices []any    `json:"choices"`
	Aliases []string `json:"aliases"`
}

// ansibleTool is the path of an Ansible program; the test is skipped when
// Ansible is not installed, unless CI is set (make test installs it).
func ansibleTool(t *testing.T, name string) string {
	t.Helper()
	bin, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed (Debian's ansible: make deps installs it): %v", name, err)
		}
		t.Skipf("%s is not installed (Debian's ansible)", name)
	}
	return bin
}

// ansibleSpecs reads the installed collection's argument specs: module to
// option (and each alias) to its spec.
func ansibleSpecs(t *testing.T) map[string]map[string]ansibleSpec {
	t.Helper()
	bin := ansibleTool(t, "ansible-doc")
	out, err := exec.Command(bin, append([]string{"-j"}, ansibleModules...)...).Output()
	if err != nil {
		t.Fatalf("ansible-doc: %v", err)
	}
	var docs map[string]struct {
		Doc struct {
			Options map[string]ansibleSpec `json:"options"`
		} `json:"doc"`
	}
	if err := json.Unmarshal(out, &docs); err != nil {
		t.Fatalf("ansible-doc -j: %v", err)
	}
	specs := map[string]map[string]ansibleSpec{}
	for _, m := range ansibleModules {
		opts := docs[m].Doc.Options
		if len(opts) == 0 {
			t.Fatalf("ansible-doc knows no module %s: is the openstack.cloud collection installed?", m)
		}
		specs[m] = map[string]ansibleSpec{}
		for name, s := range opts {
			specs[m][name] = s
			for _, a := range s.Aliases {
				specs[m][a] = s
			}
		}
	}
	return specs
}

// TestAnsibleOptionsAgainstCollection holds every option the writer may
// write to the collection's argument specs: it exists, and the values the
// writer lets through are among the choices the module accepts.
func TestAnsibleOptionsAgainstCollection(t *testing.T) {
	specs := ansibleSpecs(t)
	for _, o := range export.AnsibleOptions() {
		s, ok := specs[o.Module][o.Name]
		if !ok {
			t.Errorf("%s has no option %s", o.Module, o.Name)
			continue
		}
		if len(s.Choices) > 0 && len(o.Choices) == 0 {
			t.Errorf("%s's %s accepts only %v: the writer must hold it to them", o.Module, o.Name, s.Choices)
		}
		for _, c := range o.Choices {
			if !slices.Contains(s.Choices, any(c)) {
				t.Errorf("%s's %s does not accept %q (it accepts %v)", o.Module, o.Name, c, s.Choices)
			}
		}
	}
}

// TestAnsiblePlaybookAgainstCollection reads each playbook with a YAML
// parser and checks every task against the collection's argument specs:
// a module of the collection, each option one of its own with a value of
// its type and among its choices; and that a hostile name reads back as
// itself, tagged !unsafe where Jinja2 would render it.
func TestAnsiblePlaybookAgainstCollection(t *testing.T) {
	specs := ansibleSpecs(t)
	for name, tree := range trees(t) {
		t.Run(name, func(t *testing.T) {
			src, err := export.Ansible(tree)
			if err != nil {
				t.Fatalf("Ansible: %v", err)
			}
			var doc yaml.Node
			if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
				t.Fatalf("the playbook is not YAML: %v\n%s", err, src)
			}
			plays := doc.Content[0]
			if plays.Kind != yaml.SequenceNode || len(plays.Content) != 1 {
				t.Fatalf("want one play, got %v", plays.Kind)
			}
			tasks := mapValue(plays.Content[0], "tasks")
			if tasks == nil || len(tasks.Content) == 0 {
				t.Fatalf("the play has no tasks:\n%s", src)
			}
			names := map[string]bool{}
			for _, task := range tasks.Content {
				for i := 0; i+1 < len(task.Content); i += 2 {
					mod, opts := task.Content[i].Value, task.Content[i+1]
					if mod == "name" {
						continue
					}
					spec, ok := specs[mod]
					if !ok {
						t.Errorf("task uses %s, not a module of the collection's load balancer", mod)
						continue
					}
					for j := 0; j+1 < len(opts.Content); j += 2 {
						k, v := opts.Content[j].Value, opts.Content[j+1]
						s, ok := spec[k]
						if !ok {
							t.Errorf("%s has no option %s", mod, k)
							continue
						}
						if msg := fitsAnsible(s, v); msg != "" {
							t.Errorf("%s %s = %q: %s", mod, k, v.Value, msg)
						}
						if k == "name" {
							names[v.Value] = true
						}
					}
				}
			}
			if !names[sample.Hostile] {
				t.Errorf("no task names %q", sample.Hostile)
			}
			if !strings.Contains(src, "!unsafe") {
				t.Errorf("a name with Jinja2's {{ is not tagged !unsafe:\n%s", src)
			}
		})
	}
}

// TestAnsibleSyntaxCheck runs ansible-playbook --syntax-check on each
// playbook.
func TestAnsibleSyntaxCheck(t *testing.T) {
	bin := ansibleTool(t, "ansible-playbook")
	for name, tree := range trees(t) {
		src, err := export.Ansible(tree)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), name+".yml")
		if err := os.WriteFile(file, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "--syntax-check", "-i", "localhost,", file)
		cmd.Env = append(cmd.Environ(), "ANSIBLE_LOCAL_TEMP="+t.TempDir(), "ANSIBLE_NOCOLOR=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: ansible-playbook --syntax-check: %v\n%s\n%s", name, err, out, src)
		}
	}
}

// fitsAnsible says why a YAML value does not fit an option's spec, ""
// when it does (Ansible converts an int to a str option's string).
func fitsAnsible(s ansibleSpec, v *yaml.Node) string {
	if v.Kind != yaml.ScalarNode {
		if s.Type == "list" || s.Type == "dict" || s.Type == "raw" {
			return ""
		}
		return "want a " + s.Type
	}
	switch s.Type {
	case "int":
		if _, err := strconv.Atoi(v.Value); err != nil || v.Tag == "!!str" {
			return "want an int"
		}
	case "bool":
		if v.Tag != "!!bool" {
			return "want a bool"
		}
	case "str", "":
		if v.Tag != "!!str" && v.Tag != "!!int" && v.Tag != "!unsafe" {
			return "want a string"
		}
	}
	if len(s.Choices) > 0 && !slices.Contains(s.Choices, any(v.Value)) {
		return "not one of " + strings.Trim(strings.Join(strings.Fields(strings.Trim(fmtAny(s.Choices), "[]")), ", "), " ")
	}
	return ""
}

func fmtAny(v []any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// mapValue is the value of key in mapping node m, nil when absent.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// ansibleLoad is a Python program that reads each playbook named on its
// command line with Ansible's own YAML loader and writes, for each, the
// load balancer task's name option and whether Ansible holds it unsafe
// (never rendered as a template).
const ansibleLoad = `
import json, sys
from ansible.parsing.utils.yaml import from_yaml
from ansible.utils.unsafe_proxy import AnsibleUnsafe
out = []
for f in sys.argv[1:]:
    v = from_yaml(open(f, encoding="utf-8").read(), json_only=False)
    name = v[0]["tasks"][0]["openstack.cloud.loadbalancer"]["name"]
    out.append({"name": str(name), "str": isinstance(name, str), "unsafe": isinstance(name, AnsibleUnsafe)})
print(json.dumps(out))
`

// TestAnsibleLoaderReadsNames: a load balancer's name that YAML or Jinja2
// could read as something else (YAML 1.1's booleans, numbers, line breaks
// of every kind, control and bidirectional characters, template
// delimiters) reads back in Ansible's own loader as the same string, held
// unsafe when it holds a template's delimiters.
func TestAnsibleLoaderReadsNames(t *testing.T) {
	ansibleTool(t, "ansible-playbook")
	names := []string{sample.Hostile, "yes", "off", "null", "~", "1e3", "0x1F", "12:30", "- x", ": ", "# x",
		"*a", "&a", "!a", "%a", "@a", "`a`", `"'\`, " lead", "a\nb", "a\r\n", "\t", "a\u2028b\u2029\u0085",
		"\x00\x1b\x7f", "\ufeffbom", "\u202eevil\u202c\u2066", "\u200b", "\U000e0041", "é 日本 😀",
		"{{ x }}", "{% x %}", "{# x #}", "{{", "{ {x} }"}
	dir := t.TempDir()
	var files []string
	for i, name := range names {
		tree := sample.Existing()
		tree.LoadBalancer["name"] = name
		src, err := export.Ansible(tree)
		if err != nil {
			t.Fatalf("Ansible(%q): %v", name, err)
		}
		f := filepath.Join(dir, strconv.Itoa(i)+".yml")
		if err := os.WriteFile(f, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	cmd := exec.Command("/usr/bin/python3", append([]string{"-c", ansibleLoad}, files...)...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("Ansible's loader: %v", err)
	}
	var got []struct {
		Name        string
		Str, Unsafe bool
	}
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(names) {
		t.Fatalf("Ansible's loader wrote %s (%v)", out, err)
	}
	for i, name := range names {
		template := strings.Contains(name, "{{") || strings.Contains(name, "{%") || strings.Contains(name, "{#")
		if g := got[i]; g.Name != name || !g.Str || g.Unsafe != template {
			t.Errorf("name %q reads back in Ansible as %q (a string: %v, unsafe: %v), want itself (unsafe: %v)",
				name, g.Name, g.Str, g.Unsafe, template)
		}
	}
}
