package form

import (
	"slices"
	"testing"
)

// TestFaultFieldInCertificate: Octavia's "Could not retrieve certificate"
// shows at the field holding the ref it names, not above the form (its
// words name no attribute; "certificate" would pick the listener's first).
func TestFaultFieldInCertificate(t *testing.T) {
	const (
		good = "https://barbican.test/v1/containers/good"
		bad  = "https://barbican.test/v1/containers/bad"
	)
	listener := []string{"name", "protocol", "default_tls_container_ref", "sni_container_refs", "client_ca_tls_container_ref", "client_crl_container_ref"}
	pool := []string{"name", "tls_enabled", "tls_container_ref", "ca_tls_container_ref", "crl_container_ref"}
	fault := "Could not retrieve certificate: ['" + bad + "']"
	for _, tt := range []struct {
		name  string
		names []string
		v     Values
		fault string
		want  string
	}{
		{"the default certificate", listener, Values{"default_tls_container_ref": bad, "sni_container_refs": good}, fault, "default_tls_container_ref"},
		{"one of the SNI certificates", listener, Values{"default_tls_container_ref": good, "sni_container_refs": good + "\n" + bad}, fault, "sni_container_refs"},
		{"SNI, comma-separated", listener, Values{"default_tls_container_ref": good, "sni_container_refs": good + ", " + bad}, fault, "sni_container_refs"},
		{"the client CA", listener, Values{"default_tls_container_ref": good, "client_ca_tls_container_ref": bad}, fault, "client_ca_tls_container_ref"},
		{"the revocation list", listener, Values{"default_tls_container_ref": good, "client_ca_tls_container_ref": good, "client_crl_container_ref": bad}, fault, "client_crl_container_ref"},
		{"a pool's certificate", pool, Values{"tls_enabled": "true", "tls_container_ref": bad}, fault, "tls_container_ref"},
		{"a pool's CA", pool, Values{"tls_container_ref": good, "ca_tls_container_ref": bad}, fault, "ca_tls_container_ref"},
		{"two refs: the field holding one", listener, Values{"default_tls_container_ref": good, "sni_container_refs": bad},
			"Could not retrieve certificate: ['" + bad + "', 'https://barbican.test/v1/containers/other']", "sni_container_refs"},
		{"a ref no field holds: the fault's words", listener, Values{"default_tls_container_ref": good}, fault, ""},
		{"other faults as before", listener, Values{}, "Invalid input for field/attribute protocol. Value: 'X'.", "protocol"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := FaultFieldIn(tt.fault, tt.names, tt.v); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	if got := CertificateRefs(fault); !slices.Equal(got, []string{bad}) {
		t.Errorf("CertificateRefs: got %q, want [%s]", got, bad)
	}
}
