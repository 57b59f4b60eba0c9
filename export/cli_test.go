//go:build !js

package export

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/octaview/octaview/octavia"
)

// hostile are names a user may give that a careless script would run or
// split: quotes, command substitutions, newlines, a leading "-".
var hostile = []string{
	`it's "quoted"`,
	"$(touch pwned)`touch pwned2`",
	"line one\nline two; rm -rf ~",
	"--disable",
	"${HOME} * ?",
}

// TestCLIQuoting runs the script CLI writes for a tree of hostile names in
// bash, with openstack a shell function that records its arguments: each
// value must reach the CLI as it was, one argument, and nothing else run.
func TestCLIQuoting(t *testing.T) {
	tr := Tree{
		LoadBalancer: octavia.Object{"id": "lb", "name": hostile[0], "description": hostile[2], "vip_subnet_id": "s",
			"tags": []any{hostile[1], hostile[4]}},
		Pools: []octavia.Object{{"id": "p", "name": hostile[3], "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
			"tags":          []string{hostile[0]}, // a plan's (the wizard's) lists are Go-typed
			"loadbalancers": []any{map[string]any{"id": "lb"}}}},
		Members: map[string][]octavia.Object{"p": {{"id": "m", "name": hostile[1], "address": "10.0.0.1", "protocol_port": 80.0}}},
		Listeners: []octavia.Object{{"id": "l", "name": hostile[2], "protocol": "HTTP", "protocol_port": 80.0,
			"default_pool_id": "p", "loadbalancers": []any{map[string]any{"id": "lb"}}, "allowed_cidrs": []any{"10.0.0.0/8"}}},
		Policies: []octavia.Object{{"id": "r", "listener_id": "l", "action": "REDIRECT_TO_URL", "redirect_url": "https://x/?a=1&b='2'"}},
		Rules:    map[string][]octavia.Object{"r": {{"id": "u", "type": "HEADER", "compare_type": "EQUAL_TO", "key": hostile[4], "value": hostile[1]}}},
	}
	script, err := CLI(tr)
	if err != nil {
		t.Fatal(err)
	}
	calls := runFake(t, script)
	want := [][]string{
		{"loadbalancer", "create", "--name=" + hostile[0], "--description=" + hostile[2], "--vip-subnet-id=s",
			"--tag=" + hostile[1], "--tag=" + hostile[4], "--wait"},
		{"loadbalancer", "pool", "create", "--name=" + hostile[3], "--protocol=HTTP", "--lb-algorithm=ROUND_ROBIN",
			"--tag=" + hostile[0], "--loadbalancer=" + hostile[0], "--wait", "-f", "value", "-c", "id"},
		{"loadbalancer", "member", "create", "--name=" + hostile[1], "--address=10.0.0.1", "--protocol-port=80",
			"--wait", "id-of-pool"},
		{"loadbalancer", "listener", "create", "--name=" + hostile[2], "--protocol=HTTP", "--protocol-port=80",
			"--allowed-cidr=10.0.0.0/8", "--default-pool=id-of-pool", "--wait", hostile[0]},
		{"loadbalancer", "l7policy", "create", "--action=REDIRECT_TO_URL", "--redirect-url=https://x/?a=1&b='2'",
			"--wait", hostile[2], "-f", "value", "-c", "id"},
		{"loadbalancer", "l7rule", "create", "--type=HEADER", "--compare-type=EQUAL_TO", "--key=" + hostile[4],
			"--value=" + hostile[1], "id-of-l7policy"},
		{"loadbalancer", "show", "-f", "value", "-c", "provisioning_status", hostile[0]},
	}
	if !slices.EqualFunc(calls, want, slices.Equal) {
		t.Errorf("the CLI got:\n%q\nwant:\n%q\nscript:\n%s", calls, want, script)
	}
}

// runFake runs script in bash with openstack a function that records each
// call's arguments and prints "id-of-<kind>" for the -c id captures, in a
// directory of its own (where a command that escaped its quotes would
// leave a file "pwned"), and returns the calls.
func runFake(t *testing.T, script string) [][]string {
	t.Helper()
	dir := t.TempDir()
	fake := `openstack() {
	printf '%s\0' "$@" >> calls; printf '\n' >> calls
	[[ " $* " == *" -c id "* ]] && echo "id-of-${2}"
	[[ " $* " == *" -c provisioning_status "* ]] && echo ACTIVE
	[[ " $* " == *" -c vip_port_id "* ]] && echo "port-of-web"
	return 0
}
`
	if err := os.WriteFile(filepath.Join(dir, "run.sh"), []byte(fake+"source ./script.sh\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "script.sh"), []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), "bash", "run.sh")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bash: %v\n%s\nscript:\n%s", err, out, script)
	}
	for _, f := range []string{"pwned", "pwned2"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("the script ran a command of a name: %s exists", f)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "calls"))
	if err != nil {
		t.Fatal(err)
	}
	var calls [][]string
	for _, line := range bytes.Split(b, []byte("\x00\n")) {
		if len(line) == 0 {
			continue
		}
		calls = append(calls, strings.Split(string(line), "\x00"))
	}
	return calls
}

// TestCLIRefusesWhatItCannotSay checks that a header value the CLI's
// k=v,… option would split is an error, not a different header.
func TestCLIRefusesWhatItCannotSay(t *testing.T) {
	tr := Tree{
		LoadBalancer: octavia.Object{"id": "lb", "name": "lb", "vip_subnet_id": "s"},
		Listeners: []octavia.Object{{"id": "l", "protocol": "HTTP", "protocol_port": 80.0,
			"loadbalancers": []any{map[string]any{"id": "lb"}}, "insert_headers": map[string]any{"X-Forwarded-For": "a,b"}}},
	}
	if _, err := CLI(tr); err == nil || !strings.Contains(err.Error(), "X-Forwarded-For=a,b") {
		t.Errorf("a header value with a comma: got %v, want an error naming it", err)
	}
	tr.Listeners[0]["insert_headers"] = map[string]any{"X-Forwarded-For": "true"}
	tr.Listeners[0]["default_pool_id"] = "elsewhere"
	if _, err := CLI(tr); err == nil || !strings.Contains(err.Error(), "elsewhere") {
		t.Errorf("a default pool not in the tree: got %v, want an error naming it", err)
	}
}

// TestCLIFloatingIP checks where the floating IP comes from: a plan's
// picked address is set as it is; a plan's new one and an existing
// tree's (whose address is the original's) are allocated anew.
func TestCLIFloatingIP(t *testing.T) {
	lb := octavia.Object{"id": "lb", "name": "web", "vip_subnet_id": "s"}
	port := []string{"loadbalancer", "show", "-f", "value", "-c", "vip_port_id", "web"}
	create := []string{"floating", "ip", "create", "-f", "value", "-c", "id", "ext"}
	for _, c := range []struct {
		name string
		tree Tree
		want [][]string
	}{
		{"a plan's picked address", Tree{LoadBalancer: lb, FloatingIP: "172.24.0.9", FloatingNetwork: "ext"},
			[][]string{port, {"floating", "ip", "set", "--port=port-of-web", "172.24.0.9"}}},
		{"a plan's new address", Tree{LoadBalancer: lb, FloatingNetwork: "ext"},
			[][]string{port, create, {"floating", "ip", "set", "--port=port-of-web", "id-of-ip"}}},
		{"an existing tree's", Tree{LoadBalancer: lb, FloatingIP: "172.24.0.9", FloatingNetwork: "ext", Existing: true},
			[][]string{port, create, {"floating", "ip", "set", "--port=port-of-web", "id-of-ip"}}},
		{"none", Tree{LoadBalancer: lb, Existing: true}, nil},
	} {
		script, err := CLI(c.tree)
		if err != nil {
			t.Fatal(err)
		}
		calls := runFake(t, script)
		if len(calls) == 0 || calls[0][0] != "loadbalancer" || calls[0][1] != "create" {
			t.Fatalf("%s: the first call: got %q, want loadbalancer create", c.name, calls)
		}
		if got := calls[1:]; !slices.EqualFunc(got, c.want, slices.Equal) {
			t.Errorf("%s: got %q, want %q\n%s", c.name, got, c.want, script)
		}
	}
}

// TestCLIUnsaid: a number inside an object option (a UDP pool's
// persistence_timeout) cannot be given by the CLI, which sends text that
// Octavia refuses: the rest is given and the script says what is not.
func TestCLIUnsaid(t *testing.T) {
	tr := Tree{
		LoadBalancer: octavia.Object{"id": "lb", "name": "lb", "vip_subnet_id": "s"},
		Pools: []octavia.Object{{"id": "p", "name": "udp", "protocol": "UDP", "lb_algorithm": "ROUND_ROBIN",
			"loadbalancers": []any{map[string]any{"id": "lb"}},
			"session_persistence": map[string]any{"type": "SOURCE_IP", "persistence_timeout": 60.0,
				"persistence_granularity": "255.255.255.0", "cookie_name": nil}}},
	}
	script, err := CLI(tr)
	if err != nil {
		t.Fatal(err)
	}
	calls := runFake(t, script)
	if len(calls) != 2 || !slices.Contains(calls[1], "--session-persistence=persistence_granularity=255.255.255.0,type=SOURCE_IP") {
		t.Errorf("the pool's create: got %q, want the persistence's text members", calls)
	}
	if !strings.Contains(script, "# not set here: session_persistence.persistence_timeout=60 ") {
		t.Errorf("the script does not say the timeout is not set:\n%s", script)
	}
}
