package wizard

import (
	"errors"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/internal/form"
	model "github.com/octaview/octaview/app/internal/wizard"
	"github.com/octaview/octaview/octavia"
)

const (
	tlsRef = "https://barbican.test:9311/v1/secrets/0b5b2a9e-6f41-4b8e-9d59-3c1c4b0f7e01"
	caRef  = "https://barbican.test:9311/v1/secrets/5d0e9c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6"
)

// TestWizardTLSListenerPort: choosing TERMINATED_HTTPS moves a listener to
// 443 and HTTP back to 80, unless the user typed a port; the next
// listener's TLS port skips the first's.
func TestWizardTLSListenerPort(t *testing.T) {
	w := wizTestWizard()
	w.Listeners = append(w.Listeners, w.NewListener())
	it := w.Items(model.StepListeners)[0]
	for _, step := range []struct{ protocol, typed, want string }{
		{"TERMINATED_HTTPS", "", "443"},
		{"HTTP", "", "80"},
		{"TERMINATED_HTTPS", "8443", "8443"},
		{"HTTP", "", "8443"},
	} {
		if step.typed != "" {
			form.SetPort(it.V, step.typed)
		}
		w.SetListenerProtocol(it, step.protocol)
		if got := it.V["protocol_port"]; got != step.want {
			t.Fatalf("%s (typed %q): port %s, want %s", step.protocol, step.typed, got, step.want)
		}
	}
	w.Listeners[0]["protocol_port"], w.Listeners[0][form.PortTyped] = "443", ""
	w.Listeners = append(w.Listeners, w.NewListener())
	w.SetListenerProtocol(w.Items(model.StepListeners)[1], "TERMINATED_HTTPS")
	if got := w.Listeners[1]["protocol_port"]; got != "8443" {
		t.Errorf("a second TLS listener: port %s, want 8443 (443 is the first's)", got)
	}
}

// TestWizardTLSCheck: the listeners step says at the field what a TLS
// listener lacks or holds wrong before anything is sent.
func TestWizardTLSCheck(t *testing.T) {
	for _, tt := range []struct {
		name string
		set  form.Values
		id   string
		want string
	}{
		{"no certificate", form.Values{}, "wz-listener-0-default-tls-container-ref", "needs a certificate"},
		{"a name typed as the ref", form.Values{"default_tls_container_ref": "web-cert"}, "wz-listener-0-default-tls-container-ref", "Barbican URL"},
		{"MANDATORY without a CA", form.Values{"default_tls_container_ref": tlsRef, "client_authentication": "MANDATORY"}, "wz-listener-0-client-authentication", "client CA"},
		{"a header Octavia inserts for TLS only", form.Values{"default_tls_container_ref": tlsRef, "insert_headers.X-SSL-Client-CN": "true"}, "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := wizTestWizard()
			w.Listeners = append(w.Listeners, w.NewListener())
			w.SetListenerProtocol(w.Items(model.StepListeners)[0], "TERMINATED_HTTPS")
			for k, v := range tt.set {
				w.Listeners[0][k] = v
			}
			errs := w.Check(model.StepListeners)
			if tt.id == "" {
				if len(errs) > 0 {
					t.Fatalf("got %v, want no error", errs)
				}
				return
			}
			if !strings.Contains(errs[tt.id], tt.want) {
				t.Errorf("error at %s: got %q, want it to say %q (all: %v)", tt.id, errs[tt.id], tt.want, errs)
			}
		})
	}
}

// TestWizardTLSBody: the one request of a tree with a TLS listener
// carries its certificates, client authentication, TLS settings and
// headers as Octavia takes them, and an HTTP pool behind it that speaks
// TLS to its members with their CA.
func TestWizardTLSBody(t *testing.T) {
	w := wizTestWizard()
	w.Listeners = append(w.Listeners, w.NewListener())
	l := w.Listeners[0]
	w.SetListenerProtocol(w.Items(model.StepListeners)[0], "TERMINATED_HTTPS")
	l["default_tls_container_ref"], l["sni_container_refs"] = tlsRef, tlsRef+"\n"+caRef
	l["client_authentication"], l["client_ca_tls_container_ref"] = "OPTIONAL", caRef
	l["tls_versions"], l["alpn_protocols"] = "TLSv1.2\nTLSv1.3", "h2\nhttp/1.1"
	l["insert_headers.X-Forwarded-For"], l["insert_headers.X-SSL-Client-Verify"], l["insert_headers.X-SSL-Client-DN"] = "true", "true", "false"
	w.Pools = append(w.Pools, w.NewPool())
	p := w.Pools[0].V
	p["tls_enabled"], p["ca_tls_container_ref"], p["tls_ciphers"] = "true", caRef, "ECDHE-RSA-AES256-GCM-SHA384"
	w.Pools[0].Monitor = nil
	if errs := w.Check(model.StepListeners); len(errs) > 0 {
		t.Fatalf("listeners step: %v", errs)
	}
	if errs := w.Check(model.StepPools); len(errs) > 0 {
		t.Fatalf("pools step: %v", errs)
	}
	body, err := w.Body()
	if err != nil {
		t.Fatal(err)
	}
	wizJSONEqual(t, body, `{"name": "web", "vip_subnet_id": "s1", "listeners": [{
		"protocol": "TERMINATED_HTTPS", "protocol_port": 443,
		"default_tls_container_ref": "`+tlsRef+`", "sni_container_refs": ["`+tlsRef+`", "`+caRef+`"],
		"client_authentication": "OPTIONAL", "client_ca_tls_container_ref": "`+caRef+`",
		"tls_versions": ["TLSv1.2", "TLSv1.3"], "alpn_protocols": ["h2", "http/1.1"],
		"insert_headers": {"X-Forwarded-For": "true", "X-SSL-Client-Verify": "true"},
		"default_pool": {"name": "pool-1", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
			"tls_enabled": true, "ca_tls_container_ref": "`+caRef+`", "tls_ciphers": "ECDHE-RSA-AES256-GCM-SHA384"}}]}`)
}

// TestWizardNoCertificateFault: Octavia's "An SNI or default certificate
// container reference must be provided" lands on the listener's default
// certificate, everything typed kept.
func TestWizardNoCertificateFault(t *testing.T) {
	w := wizTestWizard()
	w.Listeners = append(w.Listeners, w.NewListener())
	w.SetListenerProtocol(w.Items(model.StepListeners)[0], "TERMINATED_HTTPS")
	w.Listeners[0]["name"] = "front <b>"
	var s steps
	s.reset()
	err := &octavia.Error{Code: octavia.EINVALID, Fault: "Validation failure: An SNI or default certificate container reference must be provided for TERMINATED_HTTPS protocol listeners."}
	st, ok := s.refuse(w, err)
	if !ok || st != model.StepListeners {
		t.Fatalf("step %d (%v), want the listeners step", st, ok)
	}
	if got := s.errs["wz-listener-0-default-tls-container-ref"]; !strings.Contains(got, "SNI or default certificate") {
		t.Errorf("at the default certificate: %q (all: %v)", got, s.errs)
	}
	if w.Listeners[0]["name"] != "front <b>" || w.Listeners[0]["protocol_port"] != "443" {
		t.Errorf("what was typed changed: %v", w.Listeners[0])
	}
	if _, ok := s.refuse(w, errors.New("network down")); ok {
		t.Error("a network failure went to a step")
	}
}
