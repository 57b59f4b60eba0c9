// Octavia's TLS defaults (Zed's [api_settings]): what a TERMINATED_HTTPS
// listener and a TLS-enabled pool get when the request names none.

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

// setPoolTLSDefaults gives a new TLS-enabled pool Octavia's defaults for
// what its request left unset (octavia/db/prepare.py create_pool).
func setPoolTLSDefaults(p *pool) {
	if !p.tlsEnabled {
		return
	}
	if p.tlsCiphers == nil {
		c := tlsDefaultCiphers
		p.tlsCiphers = &c
	}
	if p.tlsVersions == nil {
		p.tlsVersions = tlsDefaultVersions()
	}
	if p.alpnProtocols == nil {
		p.alpnProtocols = tlsDefaultALPN()
	}
}
