package wizard

import (
	"strings"
	"testing"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// tlsKinds are kinds with a listener's TLS fields as the console declares
// them (the shapes the model's rules depend on).
func tlsKinds() Kinds {
	tls := func(v form.Values) bool { return v["protocol"] == "TERMINATED_HTTPS" }
	hsts := func(v form.Values) bool { return tls(v) && v[form.HSTSKnown] == "true" }
	return Kinds{
		LB: Kind{Fields: []form.Field{{Key: "name"}, {Key: "vip_subnet_id", Type: form.Subnet}}},
		Listener: Kind{Fields: form.Labelled([]form.Field{
			{Key: "protocol", Type: form.Choice, Required: true, Default: "HTTP", Choices: []string{"HTTP", "TERMINATED_HTTPS"}},
			{Key: "protocol_port", Type: form.Int, Required: true, Default: "80"},
			{Key: "default_tls_container_ref", Show: tls, Cert: form.CertKeyed},
			{Key: "sni_container_refs", Type: form.List, Show: tls, Cert: form.CertKeyed},
			{Key: "hsts_max_age", Type: form.Int, Show: hsts},
			{Key: "hsts_preload", Type: form.Bool, Show: hsts},
		}), Validate: form.ValidateListener},
		Pool: Kind{Fields: []form.Field{{Key: "name"}, {Key: "protocol", Default: "HTTP"}}},
	}
}

// testRef is a certificate's ref in Barbican, as a TLS listener names it.
const testRef = "https://barbican.test/v1/secrets/0b5b2a9e-6f41-4b8e-9d59-3c1c4b0f7e01"

// tlsWizard is a wizard's Model on tlsKinds with a load balancer "web" on
// subnet "s1" and one TERMINATED_HTTPS listener, its certificates still to
// set.
func tlsWizard() *Model {
	w := New(tlsKinds())
	w.LB["name"], w.LB["vip_subnet_id"] = "web", "s1"
	w.Listeners = append(w.Listeners, w.NewListener())
	w.SetListenerProtocol(w.Items(StepListeners)[0], "TERMINATED_HTTPS")
	return w
}

// TestSpeaksHSTS: the listeners show HSTS only when the cloud speaks it
// (Octavia v2.27, not Zed): those made before and after, checked and sent
// then; on Zed nothing of it is checked or sent, whatever was typed.
func TestSpeaksHSTS(t *testing.T) {
	w := tlsWizard()
	w.Listeners[0]["default_tls_container_ref"], w.Listeners[0]["hsts_preload"] = testRef, "true"
	if errs := w.Check(StepListeners); len(errs) > 0 {
		t.Errorf("Zed: got %v, want no error (HSTS not shown)", errs)
	}
	body, err := w.Body()
	if err != nil {
		t.Fatal(err)
	}
	if l := body["listeners"].([]any)[0].(octavia.Object); l["hsts_preload"] != nil {
		t.Errorf("Zed: HSTS sent: %v", l)
	}

	w.SpeaksHSTS(true)
	w.Listeners = append(w.Listeners, w.NewListener())
	if w.Listeners[1][form.HSTSKnown] != "true" {
		t.Error("a listener made after: no HSTS")
	}
	errs := w.Check(StepListeners)
	if got := errs[InputID("wz-listener-0", "hsts_preload")]; !strings.Contains(got, "max age") {
		t.Errorf("v2.27: preload without a max age: got %q (all: %v)", got, errs)
	}
	w.Listeners[0]["hsts_max_age"] = "31536000"
	if errs := w.Check(StepListeners); len(errs) > 0 {
		t.Fatalf("v2.27 with a max age: %v", errs)
	}
	body, err = w.Body()
	if err != nil {
		t.Fatal(err)
	}
	if l := body["listeners"].([]any)[0].(octavia.Object); l["hsts_max_age"] != 31536000 || l["hsts_preload"] != true || l[form.HSTSKnown] != nil {
		t.Errorf("v2.27: got %v, want hsts_max_age 31536000 and hsts_preload true, no wizard key", l)
	}
}

// TestItemOfBareRef: the provider driver's "Could not retrieve
// certificate: <ref>" (one ref, no list) finds the listener holding it.
func TestItemOfBareRef(t *testing.T) {
	const bad = "https://barbican.test/v1/secrets/bad"
	w := New(tlsKinds())
	w.Listeners = append(w.Listeners, w.NewListener(), w.NewListener())
	for _, l := range w.Listeners {
		l["protocol"] = "TERMINATED_HTTPS"
	}
	w.Listeners[0]["default_tls_container_ref"] = "https://barbican.test/v1/secrets/good"
	w.Listeners[1]["sni_container_refs"] = "https://barbican.test/v1/secrets/good\n" + bad
	it, key, ok := w.ItemOfRef("Could not retrieve certificate: " + bad)
	if !ok || it.ID != "wz-listener-1" || key != "sni_container_refs" {
		t.Errorf("got %v %q %q, want wz-listener-1 sni_container_refs", ok, it.ID, key)
	}
}
