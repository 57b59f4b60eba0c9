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
