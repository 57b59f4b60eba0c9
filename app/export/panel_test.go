package export

import (
	"errors"
	"strings"
	"testing"

	code "github.com/octaview/octaview/export"
	"github.com/octaview/octaview/octavia"
)

// planBody is a wizard's create: a hostile name, a listener, its pool and
// a member.
func planBody(name string) octavia.Object {
	return octavia.Object{"name": name, "vip_subnet_id": "subnet-1", "listeners": []any{map[string]any{
		"protocol": "HTTP", "protocol_port": 80, "default_pool": map[string]any{
			"name": "pool-1", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
			"members": []any{map[string]any{"address": "10.0.0.41", "protocol_port": 80}}}}}}
}

// TestPanelPlan: a wizard's plan is written in every format, anew on
// each render, named after the load balancer (never after a plan's
// made-up id), and a plan that cannot be read says why.
func TestPanelPlan(t *testing.T) {
	body := planBody(`web "1" <b>`)
	p := Panel{plan: func() (code.Tree, error) { return code.FromCreateBody(body) }}
	tree, ok, err := p.shown()
	if !ok || err != nil {
		t.Fatalf("the plan: got %v, %v; want a tree", ok, err)
	}
	for i, f := range Formats() {
		text, err := p.text(tree, i)
		if err != nil {
			t.Fatalf("%s: %v", f.ID, err)
		}
		if !strings.Contains(text, "10.0.0.41") {
			t.Errorf("%s: no member address in\n%s", f.ID, text)
		}
		if got, want := fileName(tree, f), "web-1-b."+f.Ext; got != want {
			t.Errorf("%s's file: got %q, want %q", f.ID, got, want)
		}
	}

	body["listeners"].([]any)[0].(map[string]any)["default_pool"].(map[string]any)["members"] = []any{
		map[string]any{"address": "10.0.0.42", "protocol_port": 80}}
	delete(body, "name")
	tree, _, _ = p.shown()
	if text, _ := p.text(tree, 0); !strings.Contains(text, "10.0.0.42") || strings.Contains(text, "10.0.0.41") {
		t.Errorf("after a change in the wizard: the code is not the plan's now\n%s", text)
	}
	if got, want := fileName(tree, Formats()[1]), "load-balancer.tf"; got != want {
		t.Errorf("an unnamed plan's file: got %q, want %q", got, want)
	}

	p.plan = func() (code.Tree, error) { return code.Tree{}, errors.New("no load balancer in the create body") }
	if _, ok, err := p.shown(); ok || err == nil {
		t.Errorf("a plan that cannot be read: got %v, %v; want its error", ok, err)
	}
}

// TestPanelExistingFileName: an existing load balancer with no name is
// saved under its id.
func TestPanelExistingFileName(t *testing.T) {
	tree := code.Tree{LoadBalancer: octavia.Object{"id": "5c1f2e3d-aaaa-bbbb", "name": ""}, Existing: true}
	if got, want := fileName(tree, Formats()[2]), "load-balancer-5c1f2e3d.yml"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
