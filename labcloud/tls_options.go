// The TLS options a TERMINATED_HTTPS listener and a TLS-enabled pool share
// (tls_ciphers, tls_versions, alpn_protocols): how a body sets them, their
// defaults (Zed's [api_settings]), their view and their state.

package labcloud

// tlsDefaultCiphers is default_listener_ciphers and default_pool_ciphers
// (constants.CIPHERS_OWASP_SUITE_B).
const tlsDefaultCiphers = "TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_128_GCM_SHA256:" +
	"DHE-RSA-AES256-GCM-SHA384:DHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-RSA-AES128-GCM-SHA256:" +
	"DHE-RSA-AES256-SHA256:DHE-RSA-AES128-SHA256:ECDHE-RSA-AES256-SHA384:ECDHE-RSA-AES128-SHA256"

// tlsDefaultVersions is default_listener_tls_versions and
// default_pool_tls_versions (constants.TLS_VERSIONS_OWASP_SUITE_B).
func tlsDefaultVersions() []string { return []string{"TLSv1.2", "TLSv1.3"} }

// tlsDefaultALPN is default_listener_alpn_protocols and
// default_pool_alpn_protocols.
func tlsDefaultALPN() []string { return []string{"h2", "http/1.1", "http/1.0"} }

// tlsOptions are the TLS options of a listener or a pool (nil: unset).
type tlsOptions struct {
	tlsCiphers    *string
	tlsVersions   []string
	alpnProtocols []string
}

// setDefaults gives what is unset Octavia's default (octavia/db/prepare.py
// create_listener and create_pool).
func (t *tlsOptions) setDefaults() {
	if t.tlsCiphers == nil {
		c := tlsDefaultCiphers
		t.tlsCiphers = &c
	}
	if t.tlsVersions == nil {
		t.tlsVersions = tlsDefaultVersions()
	}
	if t.alpnProtocols == nil {
		t.alpnProtocols = tlsDefaultALPN()
	}
}

// set sets what a create or update body names (nil: not in the body).
func (t *tlsOptions) set(ciphers *string, versions, alpn *[]string) {
	if ciphers != nil {
		t.tlsCiphers = ciphers
	}
	if versions != nil {
		t.tlsVersions = *versions
	}
	if alpn != nil {
		t.alpnProtocols = *alpn
	}
}

// tlsView is what a listener's or a pool's view shows of its tlsOptions.
type tlsView struct {
	TLSCiphers    *string  `json:"tls_ciphers"`
	TLSVersions   []string `json:"tls_versions"`
	ALPNProtocols []string `json:"alpn_protocols"`
}

func (t *tlsOptions) asView() tlsView { return tlsView{t.tlsCiphers, t.tlsVersions, t.alpnProtocols} }

// stTLS is a listener's or a pool's tlsOptions in a State.
type stTLS struct {
	TLSCiphers    *string  `json:"tls_ciphers,omitempty"`
	TLSVersions   []string `json:"tls_versions,omitempty"`
	ALPNProtocols []string `json:"alpn_protocols,omitempty"`
}

func (t *tlsOptions) asState() stTLS { return stTLS{t.tlsCiphers, t.tlsVersions, t.alpnProtocols} }

func (s stTLS) options() tlsOptions { return tlsOptions{s.TLSCiphers, s.TLSVersions, s.ALPNProtocols} }
