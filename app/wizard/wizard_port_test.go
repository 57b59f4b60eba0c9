package wizard

import (
	"encoding/json"
	"testing"

	"github.com/octaview/octaview/app/internal/form"
	model "github.com/octaview/octaview/app/internal/wizard"
)

// TestWizardListenerPort: a wizard's listener moves to 443 with
// TERMINATED_HTTPS (the next free port when another listener holds 443)
// and back to 80 with HTTP, keeps a port the user typed, and never sends
// the mark of a typed port.
func TestWizardListenerPort(t *testing.T) {
	w := model.New(wizardKinds())
	w.LB["name"], w.LB["vip_subnet_id"] = "web", "s1"
	w.Listeners = append(w.Listeners, w.NewListener())
	w.Listeners = append(w.Listeners, w.NewListener())
	items := w.Items(model.StepListeners)
	if len(items) != 2 {
		t.Fatalf("listener items: got %d, want 2", len(items))
	}
	first, second := items[0], items[1]
	if got := second.V["protocol_port"]; got != "8080" {
		t.Fatalf("second listener's port: got %q, want 8080", got)
	}
	w.SetListenerProtocol(first, "TERMINATED_HTTPS")
	if got := first.V["protocol_port"]; got != "443" {
		t.Errorf("TERMINATED_HTTPS: got port %q, want 443", got)
	}
	w.SetListenerProtocol(second, "HTTPS")
	if got := second.V["protocol_port"]; got != "8443" {
		t.Errorf("HTTPS beside a listener on 443: got port %q, want 8443", got)
	}
	w.SetListenerProtocol(first, "HTTP")
	if got := first.V["protocol_port"]; got != "80" {
		t.Errorf("back to HTTP: got port %q, want 80", got)
	}
	form.SetPort(second.V, "9000")
	w.SetListenerProtocol(second, "TERMINATED_HTTPS")
	if got := second.V["protocol_port"]; got != "9000" {
		t.Errorf("a typed port: got %q, want 9000 kept", got)
	}
	body, err := w.Body()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(body)
	var sent struct {
		Listeners []map[string]any `json:"listeners"`
	}
	if err := json.Unmarshal(b, &sent); err != nil || len(sent.Listeners) != 2 {
		t.Fatalf("body %s: %v", b, err)
	}
	for i, l := range sent.Listeners {
		if _, ok := l[form.PortTyped]; ok {
			t.Errorf("listener %d sent %s: %s", i, form.PortTyped, b)
		}
	}
	if got := sent.Listeners[1]["protocol_port"]; got != 9000.0 {
		t.Errorf("second listener sent port %v, want 9000", got)
	}
}
