package codecheck

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/containers"
	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/secrets"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"
	"github.com/octaview/octaview/export"
	"github.com/octaview/octaview/export/internal/sample"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// lab is a lab cloud for the tools: its URL, a clouds.yaml naming it
// "lab" (user demo), and a client of Octaview's own on it.
type lab struct {
	srv    *labcloud.Server
	clouds string // the clouds.yaml's path
	c      *octavia.Client
	// collections, when set, is the ANSIBLE_COLLECTIONS_PATH of a copy of
	// the installed openstack.cloud without its openstacksdk version cap
	collections string
}

func newLab(t *testing.T) lab {
	t.Helper()
	srv := labcloud.NewServer(labcloud.Options{Delay: 100 * time.Millisecond, Seed: 1})
	t.Cleanup(srv.Close)
	clouds := filepath.Join(t.TempDir(), "clouds.yaml")
	yaml := "clouds:\n  lab:\n    auth:\n      auth_url: " + srv.URL + "/identity/v3\n" +
		"      username: demo\n      password: demo\n      project_name: demo\n" +
		"      user_domain_name: Default\n      project_domain_name: Default\n" +
		"    region_name: RegionOne\n    interface: public\n    identity_api_version: 3\n"
	if err := os.WriteFile(clouds, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := octavia.New(t.Context(), octavia.Config{
		AuthURL:  srv.URL + "/identity/v3",
		Username: "demo", Password: "demo", UserDomainName: "Default",
		ProjectName: "demo", ProjectDomainName: "Default",
		LoadBalancerEndpoint: srv.URL + "/load-balancer/",
		NetworkEndpoint:      srv.URL + "/network/",
	})
	if err != nil {
		t.Fatalf("logging in to the lab: %v", err)
	}
	return lab{srv: srv, clouds: clouds, c: c}
}

// uncapped copies the installed openstack.cloud collection into a
// directory of the test's, without its cap on openstacksdk's version,
// and returns it for ANSIBLE_COLLECTIONS_PATH. Debian's ansible ships
// openstack.cloud 1.10, whose modules refuse to run with an openstacksdk
// newer than 0.98 (MAXIMUM_SDK_VERSION), and Debian ships openstacksdk
// 0.101: with the cap as it is, no module of the collection runs on
// Debian at all (docs/user-guide.md). The modules and their options are
// the installed ones; only that line changes.
func uncapped(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("/usr/bin/python3", "-c",
		"import ansible_collections.openstack.cloud as c; print(list(c.__path__)[0])").Output()
	if err != nil {
		t.Fatalf("finding the openstack.cloud collection: %v", err)
	}
	src := strings.TrimSpace(string(out))
	root := t.TempDir()
	dst := filepath.Join(root, "ansible_collections", "openstack", "cloud")
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatalf("copying the collection: %v", err)
	}
	utils := filepath.Join(dst, "plugins", "module_utils", "openstack.py")
	b, err := os.ReadFile(utils)
	if err != nil {
		t.Fatal(err)
	}
	capLine := regexp.MustCompile(`(?m)^MAXIMUM_SDK_VERSION = .*$`)
	if !capLine.Match(b) {
		t.Fatalf("%s has no MAXIMUM_SDK_VERSION line", utils)
	}
	b = capLine.ReplaceAll(b, []byte("MAXIMUM_SDK_VERSION = None"))
	if err := os.WriteFile(utils, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return root
}

// subnet is the id of the lab's subnet for demo's project.
func (l lab) subnet(t *testing.T) string {
	t.Helper()
	s, err := octavia.Collect(l.c.Network().Subnets(t.Context(), subnets.ListOpts{Name: "demo-subnet"}))
	if err != nil || len(s) != 1 {
		t.Fatalf("the lab's demo-subnet: %v (%d)", err, len(s))
	}
	return s[0].ID
}

// external is the id of the lab's external network, "public".
func (l lab) external(t *testing.T) string {
	t.Helper()
	n, err := octavia.Collect(l.c.Network().Networks(t.Context(), networks.ListOpts{Name: "public"}))
	if err != nil || len(n) != 1 {
		t.Fatalf("the lab's public network: %v (%d)", err, len(n))
	}
	return n[0].ID
}

// refs are the refs of the certificates the lab seeds in demo's
// Barbican, by name ("www.demo.lab.test": the certificate container).
func (l lab) refs(t *testing.T) map[string]string {
	t.Helper()
	refs := map[string]string{}
	cs, err := octavia.Collect(l.c.KeyManager().Containers(t.Context(), containers.ListOpts{}))
	if err != nil {
		t.Fatalf("the lab's containers: %v", err)
	}
	for _, c := range cs {
		refs[c.Name] = c.ContainerRef
	}
	ss, err := octavia.Collect(l.c.KeyManager().Secrets(t.Context(), secrets.ListOpts{}))
	if err != nil {
		t.Fatalf("the lab's secrets: %v", err)
	}
	for _, s := range ss {
		refs[s.Name] = s.SecretRef
	}
	return refs
}

// fetch reads the load balancer named name as Fetch does.
func (l lab) fetch(t *testing.T, name string) export.Tree {
	t.Helper()
	q := octavia.ListQuery{Filters: url.Values{"name": {name}}}
	lbs, err := octavia.Collect(l.c.List(t.Context(), octavia.KindLoadBalancer, "", q))
	if err != nil || len(lbs) != 1 {
		t.Fatalf("the lab's load balancer %q: %v (%d found)", name, err, len(lbs))
	}
	tree, err := export.Fetch(t.Context(), l.c, lbs[0].Text("id"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	return tree
}

// plan is the plan of body (a wizard's create body) on the lab: its VIP
// on demo-subnet, a new floating IP on the VIP.
func (l lab) plan(t *testing.T, body octavia.Object) export.Tree {
	t.Helper()
	body["vip_subnet_id"] = l.subnet(t)
	plan, err := export.FromCreateBody(body)
	if err != nil {
		t.Fatal(err)
	}
	plan.FloatingNetwork = l.external(t)
	return plan
}

// built reads back, as Fetch does, the load balancer a plan built: "plan",
// with a floating IP on its VIP.
func (l lab) built(t *testing.T) export.Tree {
	t.Helper()
	built := l.fetch(t, "plan")
	if built.FloatingIP == "" {
		t.Errorf("the plan's floating IP is not on the VIP's port")
	}
	return built
}

// playbook runs ansible-playbook on src against the lab, with args, and
// returns the PLAY RECAP's counts for localhost.
func (l lab) playbook(t *testing.T, src string, args ...string) map[string]string {
	t.Helper()
	bin := ansibleTool(t, "ansible-playbook")
	dir := t.TempDir()
	file := filepath.Join(dir, "lb.yml")
	if err := os.WriteFile(file, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, append([]string{"-i", "localhost,", "-c", "local", "-e", "cloud=lab", file}, args...)...)
	cmd.Env = append(cmd.Environ(), "OS_CLIENT_CONFIG_FILE="+l.clouds, "ANSIBLE_LOCAL_TEMP="+dir,
		"ANSIBLE_NOCOLOR=1", "ANSIBLE_PYTHON_INTERPRETER=/usr/bin/python3", "ANSIBLE_HOST_KEY_CHECKING=0")
	if l.collections != "" {
		cmd.Env = append(cmd.Env, "ANSIBLE_COLLECTIONS_PATH="+l.collections, "ANSIBLE_COLLECTIONS_SCAN_SYS_PATH=false")
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("ansible-playbook %v: %v\n%s\n%s", args, err, out, src)
	}
	m := regexp.MustCompile(`localhost\s*:\s*(.*)`).FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("no PLAY RECAP:\n%s", out)
	}
	recap := map[string]string{}
	for _, f := range strings.Fields(m[1]) {
		if k, v, ok := strings.Cut(f, "="); ok {
			recap[k] = v
		}
	}
	return recap
}

// TestAnsibleRebuildsOnLab runs the playbook of a wizard's plan (hostile
// names included) for real against the lab, reads the load balancer back
// as Fetch does, and checks that every attribute the playbook sets came
// out as planned; then runs the playbook of the tree it built in --check
// mode: nothing to change. It runs the installed collection's modules,
// from a copy without their cap on openstacksdk's version (uncapped).
// About 45 s: the modules wait 5 s between reads of a load balancer.
func TestAnsibleRebuildsOnLab(t *testing.T) {
	t.Parallel() // it mostly waits on the modules
	ansibleTool(t, "ansible-playbook")
	if exec.Command("/usr/bin/python3", "-c", "import openstack").Run() != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("openstacksdk is not installed (python3-openstackclient brings it)")
		}
		t.Skip("openstacksdk is not installed")
	}
	l := newLab(t)
	l.collections = uncapped(t)
	src, err := export.Ansible(l.plan(t, sample.CreateBody()))
	if err != nil {
		t.Fatal(err)
	}
	if recap := l.playbook(t, src); recap["failed"] != "0" || recap["changed"] == "0" {
		t.Fatalf("the plan's playbook: %v", recap)
	}

	built := l.built(t)
	want := map[string]string{ // what the playbook sets, kind and name to attributes
		"listener " + sample.Hostile: "protocol=HTTP protocol_port=80",
		"pool web":                   "protocol=HTTP lb_algorithm=ROUND_ROBIN",
		"member a":                   "address=10.0.1.21 protocol_port=80",
		"member member_10_0_1_22_80": "address=10.0.1.22 protocol_port=80",
		"healthmonitor monitor_http": "type=HTTP delay=10 timeout=5 max_retries=3 url_path=/up",
	}
	got := map[string]octavia.Object{}
	export.Walk(built, func(k octavia.Kind, _ string, o octavia.Object) { got[string(k)+" "+o.Text("name")] = o })
	for key, attrs := range want {
		o, ok := got[key]
		if !ok {
			t.Errorf("the lab has no %s; it has %v", key, keys(got))
			continue
		}
		for _, kv := range strings.Fields(attrs) {
			k, v, _ := strings.Cut(kv, "=")
			if o.Text(k) != v {
				t.Errorf("%s: %s = %q, want %q", key, k, o.Text(k), v)
			}
		}
	}
	if p := got["pool web"]; p != nil && !strings.Contains(octavia.ValueText(p["listeners"]), got["listener "+sample.Hostile].Text("id")) {
		t.Errorf("pool web is not the listener's default pool: listeners %v", p["listeners"])
	}

	again, err := export.Ansible(built)
	if err != nil {
		t.Fatal(err)
	}
	if recap := l.playbook(t, again, "--check"); recap["failed"] != "0" || recap["changed"] != "0" {
		t.Errorf("--check of the built tree's playbook: %v, want nothing changed", recap)
	}
}

func keys(m map[string]octavia.Object) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
