package wizard

import (
	"testing"

	model "github.com/octaview/octaview/app/internal/wizard"
)

// TestWizardCertificateFault: Octavia's "Could not retrieve certificate"
// on the wizard's create goes to the field of the item holding that ref
// (the second listener's SNI list, a pool's CA), not to the step's top.
func TestWizardCertificateFault(t *testing.T) {
	const bad = "https://barbican.test/v1/containers/bad"
	w := model.New(wizardKinds())
	w.LB["name"], w.LB["vip_subnet_id"] = "web", "s1"
	w.Listeners = append(w.Listeners, w.NewListener())
	w.Listeners = append(w.Listeners, w.NewListener())
	w.Pools = append(w.Pools, w.NewPool())
	for _, l := range w.Listeners {
		l["protocol"], l["default_tls_container_ref"] = "TERMINATED_HTTPS", "https://barbican.test/v1/containers/good"
	}
	fault := "Could not retrieve certificate: ['" + bad + "']"
	for _, tt := range []struct {
		name, item, key string
		set             func()
	}{
		{"the second listener's SNI", "wz-listener-1", "sni_container_refs", func() { w.Listeners[1]["sni_container_refs"] = "https://barbican.test/a\n" + bad }},
		{"a pool's CA", "wz-pool-0", "ca_tls_container_ref", func() {
			w.Listeners[1]["sni_container_refs"] = ""
			w.Pools[0].V["tls_enabled"], w.Pools[0].V["ca_tls_container_ref"] = "true", bad
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.set()
			it, key, ok := w.ItemOfRef(fault)
			if !ok || it.ID != tt.item || key != tt.key {
				t.Errorf("got %v %q %q, want %q %q", ok, it.ID, key, tt.item, tt.key)
			}
		})
	}
	if _, _, ok := w.ItemOfRef("Invalid input for field/attribute protocol_port."); ok {
		t.Error("another fault found an item holding a ref")
	}
}
