//go:build !js

// The forwarded headers: this server's public origin and a request's client
// address, as a trusted proxy in front names them.

package proxy

import (
	"net"
	"net/http"
	"strings"
)

// Origin is this server's public origin as the browser sees it (its
// -public-url, a trusted proxy's forwarded host, or where it listens), as
// the proxy rewrites the catalog's endpoints to.
func (p *Proxy) Origin(r *http.Request) string { return p.origin(r) }

// origin is this server's public origin as the browser sees it.
func (p *Proxy) origin(r *http.Request) string {
	if p.publicURL != "" {
		return p.publicURL
	}
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if p.trustForwarded {
		if h := lastValue(r.Header.Values("X-Forwarded-Host")); h != "" {
			host = h
			if s := strings.ToLower(lastValue(r.Header.Values("X-Forwarded-Proto"))); s == "http" || s == "https" {
				scheme = s
			}
			return scheme + "://" + host
		}
	}
	if p.defaultOrigin != "" {
		return p.defaultOrigin
	}
	return scheme + "://" + host
}

// lastValue is the last element of a comma-separated header's values: the one the
// trusted proxy (the last hop) set, as clientAddr takes X-Forwarded-For's.
func lastValue(vs []string) string {
	if len(vs) == 0 {
		return ""
	}
	v := vs[len(vs)-1]
	return strings.TrimSpace(v[strings.LastIndex(v, ",")+1:])
}

// clientAddr is the address a request came from: the connection's peer, or with
// trustForwarded the last X-Forwarded-For hop (the one the trusted proxy added).
func clientAddr(r *http.Request, trustForwarded bool) string {
	if trustForwarded {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			hops := strings.Split(xff[len(xff)-1], ",")
			if a := strings.TrimSpace(hops[len(hops)-1]); a != "" {
				return a
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
