package console

import (
	"slices"
	"testing"

	"github.com/octaview/octaview/app/internal/form"
)

// TestListenerTLSFields: which TLS fields a listener's form shows, by
// protocol, client authentication and the cloud's HSTS.
func TestListenerTLSFields(t *testing.T) {
	shown := func(v form.Values) []string {
		var out []string
		for _, f := range ListenerRes.Fields {
			if f.Shown(true, v) && (f.Cert != "" || f.Key == "client_authentication" || f.Key == "tls_versions" || f.Key == "hsts_max_age" || f.Key == "insert_headers.X-SSL-Client-DN" || f.Key == "insert_headers.X-Forwarded-For") {
				out = append(out, f.Key)
			}
		}
		return out
	}
	for _, tt := range []struct {
		name string
		v    form.Values
		want []string
	}{
		{"HTTP", form.Values{"protocol": "HTTP"}, []string{"insert_headers.X-Forwarded-For"}},
		{"TCP", form.Values{"protocol": "TCP"}, nil},
		{"TLS, no client authentication", form.Values{"protocol": "TERMINATED_HTTPS"},
			[]string{"default_tls_container_ref", "sni_container_refs", "client_authentication", "tls_versions", "insert_headers.X-Forwarded-For", "insert_headers.X-SSL-Client-DN"}},
		{"TLS, MANDATORY", form.Values{"protocol": "TERMINATED_HTTPS", "client_authentication": "MANDATORY"},
			[]string{"default_tls_container_ref", "sni_container_refs", "client_authentication", "client_ca_tls_container_ref", "client_crl_container_ref", "tls_versions", "insert_headers.X-Forwarded-For", "insert_headers.X-SSL-Client-DN"}},
		{"TLS, NONE with a CA already (an edit)", form.Values{"protocol": "TERMINATED_HTTPS", "client_authentication": "NONE", "client_ca_tls_container_ref": "https://b/v1/secrets/x"},
			[]string{"default_tls_container_ref", "sni_container_refs", "client_authentication", "client_ca_tls_container_ref", "tls_versions", "insert_headers.X-Forwarded-For", "insert_headers.X-SSL-Client-DN"}},
		{"TLS on a cloud with HSTS", form.Values{"protocol": "TERMINATED_HTTPS", form.HSTSKnown: "true"},
			[]string{"default_tls_container_ref", "sni_container_refs", "client_authentication", "tls_versions", "hsts_max_age", "insert_headers.X-Forwarded-For", "insert_headers.X-SSL-Client-DN"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := shown(tt.v); !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}
