//go:build js

package octavia

import (
	"crypto/tls"
	"errors"
	"net/http"
)

// errBrowserTLS is New's error for a Config.TLS in the browser.
var errBrowserTLS = errors.New("TLS settings (Config.TLS) are not supported in the browser: TLS is the browser's own (its trusted CAs and verification), requests go through its Fetch API")

// tlsTransport refuses TLS settings in the browser: there the browser makes
// the connections (fetch), so a Config.TLS could not be obeyed. Not cloning
// http.DefaultTransport also keeps net/http's socket transport out of
// app.wasm (docs/building.md: the fetch-only build).
func tlsTransport(*tls.Config) (http.RoundTripper, error) {
	return nil, errBrowserTLS
}
