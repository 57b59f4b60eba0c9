package export_test

import (
	"strings"
	"testing"

	"github.com/octaview/octaview/export"
	"github.com/octaview/octaview/export/internal/sample"
	"gopkg.in/yaml.v3"
)

// ansibleTasks parses a playbook and returns its tasks: the module's name
// and its options, by task name.
func ansibleTasks(t *testing.T, src string) map[string]map[string]any {
	t.Helper()
	var plays []struct {
		Tasks []map[string]any `yaml:"tasks"`
	}
	if err := yaml.Unmarshal([]byte(src), &plays); err != nil {
		t.Fatalf("the playbook is not YAML: %v\n%s", err, src)
	}
	out := map[string]map[string]any{}
	for _, task := range plays[0].Tasks {
		for k, v := range task {
			if k != "name" {
				opts, _ := v.(map[string]any)
				opts["module"] = k
				out[task["name"].(string)] = opts
			}
		}
	}
	return out
}

// TestAnsibleHostileNames: a name with quotes, a line break and Jinja2's
// delimiters reads back as itself and is tagged !unsafe, so Ansible never
// renders it; the parents are named by name.
func TestAnsibleHostileNames(t *testing.T) {
	src, err := export.Ansible(sample.Existing())
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	unsafe := 0
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n.Kind == yaml.ScalarNode && strings.Contains(n.Value, "{{ lookup") {
			if n.Tag != "!unsafe" || n.Value != sample.Hostile && !strings.HasSuffix(n.Value, sample.Hostile) {
				t.Errorf("%q tagged %s", n.Value, n.Tag)
			}
			unsafe++
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(&doc)
	if unsafe < 4 { // the play's and the task's names, the load balancer's, its listener's reference
		t.Errorf("%d !unsafe strings, want the load balancer's name everywhere:\n%s", unsafe, src)
	}
	tasks := ansibleTasks(t, src)
	if got := tasks["Listener http"]["loadbalancer"]; got != sample.Hostile {
		t.Errorf("the listener's loadbalancer = %q, want the load balancer's name", got)
	}
	if got := tasks["Pool web"]["listener"]; got != "http" {
		t.Errorf("pool web's listener = %v, want http", got)
	}
	if got := tasks["Member web-1"]["pool"]; got != "web" {
		t.Errorf("member web-1's pool = %v, want web", got)
	}
	if got := tasks["Load balancer "+sample.Hostile]["public_ip_address"]; got != "203.0.113.10" {
		t.Errorf("the floating IP = %v, want 203.0.113.10", got)
	}
}

// TestAnsibleHonestGaps: what the collection cannot do is said where it
// belongs: no L7 module, options it lacks, a listener it cannot create
// (and the pool and member under it) left out with the reason.
func TestAnsibleHonestGaps(t *testing.T) {
	src, err := export.Ansible(sample.Existing())
	if err != nil {
		t.Fatal(err)
	}
	tasks := ansibleTasks(t, src)
	for _, gone := range []string{"Listener https", "Pool api"} {
		if _, ok := tasks[gone]; ok {
			t.Errorf("task %q is there: the collection cannot create it as it is", gone)
		}
	}
	for _, want := range []string{
		`# Listener "https" is left out: Octavia requires its default_tls_container_ref`,
		`# Pool "api" is left out: its listener's task is left out.`,
		`# L7 policy "static" on listener "http": openstack.cloud 1.10 has no L7 policy or rule module;`,
		`#   rule: compare_type="EQUAL_TO" invert="true" key="X-Env" type="HEADER" value="${prod}"`,
		"# weight = 5: openstack.cloud.lb_member has no such option",
		"# unnamed in Octavia: the collection finds objects by name",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the playbook has no %q", want)
		}
	}
	if _, ok := tasks["Pool pool_http"]; !ok {
		t.Errorf("the unnamed pool has no task under its local name")
	}

	tree := sample.Existing()
	tree.Pools[2]["lb_algorithm"] = "SOURCE_IP_PORT"
	src, err = export.Ansible(tree)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ansibleTasks(t, src)["Pool pool_http"]; ok || !strings.Contains(src, "its lb_algorithm SOURCE_IP_PORT is not one") {
		t.Errorf("a pool of an algorithm the collection does not accept is not left out with its reason:\n%s", src)
	}
}

// TestAnsibleDuplicateNames: two members of one name get names of their
// own, or the collection would find the first again for the second.
func TestAnsibleDuplicateNames(t *testing.T) {
	tree := sample.Existing()
	tree.Members[sample.WebPool][1]["name"] = "web-1"
	src, err := export.Ansible(tree)
	if err != nil {
		t.Fatal(err)
	}
	tasks := ansibleTasks(t, src)
	members := 0
	for name, opts := range tasks {
		if opts["module"] == "openstack.cloud.lb_member" && opts["pool"] == "web" {
			members++
			if opts["name"] == "web-1" && name != "Member web-1" {
				t.Errorf("two members named web-1")
			}
		}
	}
	if members != 2 || !strings.Contains(src, `named "web-1" in Octavia, as another of its kind`) {
		t.Errorf("%d members of pool web, want 2 with distinct names:\n%s", members, src)
	}
}
