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

// TestFaultFieldInTLS: Octavia's other certificate and TLS faults show at
// their field: the driver's bare ref, the missing certificate, a pool's
// revocation list, the ciphers and versions an operator refused.
func TestFaultFieldInTLS(t *testing.T) {
	const bad = "https://barbican.test/v1/secrets/bad"
	listener := []string{"name", "protocol", "default_tls_container_ref", "sni_container_refs", "client_ca_tls_container_ref", "client_crl_container_ref", "tls_versions", "tls_ciphers", "alpn_protocols"}
	pool := []string{"name", "tls_enabled", "tls_container_ref", "ca_tls_container_ref", "crl_container_ref", "tls_ciphers"}
	for _, tt := range []struct {
		name, fault string
		names       []string
		v           Values
		want        string
	}{
		{"a bare ref (the driver's read)", "Could not retrieve certificate: " + bad, listener, Values{"client_ca_tls_container_ref": bad}, "client_ca_tls_container_ref"},
		{"no certificate", "Validation failure: An SNI or default certificate container reference must be provided for TERMINATED_HTTPS protocol listeners.", listener, Values{}, "default_tls_container_ref"},
		{"a pool's CRL without a CA", "Validation failure: A CA reference is required to specify a certificate revocation list.", pool, Values{}, "crl_container_ref"},
		{"a listener's CRL not of its CA", "Validation failure: The CRL specified is not valid for client certificate authority reference supplied.", listener, Values{}, "client_crl_container_ref"},
		{"prohibited ciphers", "Validation failure: The following ciphers have been prohibited by an administrator: RC4", pool, Values{}, "tls_ciphers"},
		{"TLS versions under the minimum", "Validation failure: Requested TLS versions are less than the minimum: TLSv1 < TLSv1.2", listener, Values{}, "tls_versions"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := FaultFieldIn(tt.fault, tt.names, tt.v); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
