//go:build !js

package proxy

import (
	"crypto/tls"
	"net"
	"net/http"
	"time"
)

// Bounds of the upstream transport.
const (
	upstreamDialTimeout   = 10 * time.Second
	upstreamHeaderTimeout = 60 * time.Second // Octavia answers writes once accepted
)

// NewUpstreamTransport is the transport to Keystone and the services: bounded dials
// and waits for response headers, no bound on streamed bodies (Keystone exchanges are
// bounded whole by Options.IdentityTimeout). tlsConfig may be nil.
func NewUpstreamTransport(tlsConfig *tls.Config) *http.Transport {
	t := &http.Transport{
		Proxy: http.ProxyFromEnvironment,
		DialContext: (&net.Dialer{
			Timeout:   upstreamDialTimeout,
			KeepAlive: 30 * time.Second,
		}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          512,
		MaxIdleConnsPerHost:   256,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: upstreamHeaderTimeout,
		ExpectContinueTimeout: time.Second,
	}
	if tlsConfig != nil {
		t.TLSClientConfig = tlsConfig
	}
	return t
}
