//go:build !js

package octavia

import (
	"crypto/tls"
	"net/http"
)

// tlsTransport is a copy of http.DefaultTransport with cfg as its TLS
// settings (Config.TLS), or nil (http.DefaultTransport itself) when
// http.DefaultTransport is not an *http.Transport.
func tlsTransport(cfg *tls.Config) (http.RoundTripper, error) {
	t, ok := http.DefaultTransport.(*http.Transport)
	if !ok {
		return nil, nil
	}
	t = t.Clone()
	t.TLSClientConfig = cfg
	return t, nil
}
