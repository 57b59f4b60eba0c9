package export

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/octaview/octaview/octavia"
)

// TestWritersTakeJSONNumbers: a tree whose numbers the client decoded as
// json.Number (Fetch's) is written as one of float64s is: numbers as
// numbers, Octavia's defaults left out, and the caller's tree unchanged.
func TestWritersTakeJSONNumbers(t *testing.T) {
	tree := func(n func(string) any) Tree {
		return Tree{
			LoadBalancer: octavia.Object{"id": "lb", "name": "lb", "vip_subnet_id": "s"},
			Listeners: []octavia.Object{{"id": "l", "name": "l", "protocol": "HTTP", "protocol_port": n("80"),
				"connection_limit": n("-1"), "timeout_client_data": n("50000"), "loadbalancers": []any{map[string]any{"id": "lb"}}}},
			Existing: true,
		}
	}
	numbers := tree(func(s string) any { return json.Number(s) })
	floats := tree(func(s string) any { f, _ := json.Number(s).Float64(); return f })
	for name, write := range map[string]func(Tree) (string, error){"Terraform": Terraform, "Ansible": Ansible} {
		got, err := write(numbers)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, _ := write(floats)
		if got != want {
			t.Errorf("%s of json.Numbers:\n%s\nwant as of float64s:\n%s", name, got, want)
		}
		if strings.Contains(got, "50000") || strings.Contains(got, "-1") {
			t.Errorf("%s writes Octavia's defaults:\n%s", name, got)
		}
	}
	if _, ok := numbers.Listeners[0]["protocol_port"].(json.Number); !ok {
		t.Error("the caller's tree was changed")
	}
}

// TestWritersTakePlanLists: a plan's lists are Go-typed ([]string: the
// wizard's form splits a list field so) and its numbers ints; Terraform and
// Ansible write them as the same tree of []any and float64s, lists as
// lists (Terraform refused a plan with tags: "no HCL form for a []string").
func TestWritersTakePlanLists(t *testing.T) {
	tree := func(list func(...string) any, port any) Tree {
		return Tree{
			LoadBalancer: octavia.Object{"id": "lb", "name": "lb", "vip_subnet_id": "s", "tags": list("env:prod", "team a")},
			Listeners: []octavia.Object{{"id": "l", "name": "l", "protocol": "HTTP", "protocol_port": port,
				"allowed_cidrs": list("10.0.0.0/8", "192.168.0.0/16"), "loadbalancers": []any{map[string]any{"id": "lb"}}}},
		}
	}
	plan := tree(func(s ...string) any { return s }, 80)
	read := tree(func(s ...string) any {
		out := make([]any, len(s))
		for i, e := range s {
			out[i] = e
		}
		return out
	}, float64(80))
	for name, write := range map[string]func(Tree) (string, error){"Terraform": Terraform, "Ansible": Ansible} {
		got, err := write(plan)
		if err != nil {
			t.Fatalf("%s of a plan with lists: %v", name, err)
		}
		want, err := write(read)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got != want {
			t.Errorf("%s of a plan's []string and ints:\n%s\nwant as of []any and float64s:\n%s", name, got, want)
		}
	}
	tf, _ := Terraform(plan)
	for _, want := range []string{`["env:prod", "team a"]`, `["10.0.0.0/8", "192.168.0.0/16"]`} {
		if !strings.Contains(tf, want) {
			t.Errorf("Terraform of the plan lacks %s:\n%s", want, tf)
		}
	}
}
