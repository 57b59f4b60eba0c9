package wizard

import (
	"strings"
	"testing"

	model "github.com/octaview/octaview/app/internal/wizard"
	code "github.com/octaview/octaview/export"
)

// TestExportedPlanEveryFormat: the wizard's own body, with the list fields
// a user types (tags, allowed CIDRs: the form gives them as []string),
// exported in each of the review's three formats: none refuses it, and
// Terraform writes the lists as lists (it refused such a plan: "tags: no
// HCL form for a []string").
func TestExportedPlanEveryFormat(t *testing.T) {
	w := wizTestWizard()
	w.LB["name"], w.LB["vip_subnet_id"], w.LB["tags"] = "shop", "subnet-1", "prod, web"
	l := w.NewListener()
	l["name"], l["allowed_cidrs"] = "front", "10.0.0.0/8\n192.168.0.0/16"
	w.Listeners = append(w.Listeners, l)
	plan := planOf(t, w)
	for name, write := range map[string]func(code.Tree) (string, error){"CLI": code.CLI, "Terraform": code.Terraform, "Ansible": code.Ansible} {
		if _, err := write(plan); err != nil {
			t.Errorf("%s of the wizard's plan: %v", name, err)
		}
	}
	tf, _ := code.Terraform(plan)
	for _, want := range []string{`["prod", "web"]`, `["10.0.0.0/8", "192.168.0.0/16"]`} {
		if !strings.Contains(tf, want) {
			t.Errorf("Terraform of the wizard's plan lacks %s:\n%s", want, tf)
		}
	}
}

// planOf is the export's tree of w's plan, as the review makes it.
func planOf(t testing.TB, w *model.Model) code.Tree {
	t.Helper()
	body, err := w.Body()
	if err != nil {
		t.Fatal(err)
	}
	plan, err := code.FromCreateBody(body)
	if err != nil {
		t.Fatal(err)
	}
	return plan
}
