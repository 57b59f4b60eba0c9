//go:build !js

package main

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"github.com/octaview/octaview/cmd/server/proxy"
)

// hostPolicy is which Host names the server answers for: the public URL's
// host name, localhost, and any IP address (a name another site controls,
// resolved to this server's address, is DNS rebinding; no one can rebind
// an IP literal or localhost). Ports are not compared: the name is what a
// rebinding attacker chooses. With -trust-forwarded and no -public-url the
// server does not know its name (the reverse proxy in front checks it):
// any name is answered.
type hostPolicy struct {
	public         string // host name of -public-url, lower case ("" = none)
	trustForwarded bool   // X-Forwarded-Host (its last value) is checked too
	anyName        bool
}

// newHostPolicy is the policy for a server with publicURL ("" = none).
func newHostPolicy(publicURL string, trustForwarded bool) *hostPolicy {
	hp := &hostPolicy{trustForwarded: trustForwarded, anyName: trustForwarded && publicURL == ""}
	if u, err := url.Parse(publicURL); err == nil {
		hp.public = hostName(u.Host)
	}
	return hp
}

// hostName is the name of host[:port], lower case, without brackets or a
// trailing dot.
func hostName(hostport string) string {
	h := hostport
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.Trim(h, "[]"), ".")
	return strings.ToLower(h)
}

// allows reports whether the name of hostport may be answered.
func (hp *hostPolicy) allows(hostport string) bool {
	name := hostName(hostport)
	if name == "" {
		return false
	}
	if name == "localhost" || name == hp.public {
		return true
	}
	_, err := netip.ParseAddr(name)
	return err == nil
}

// wrap answers 421 Misdirected Request (a fault) to a request for a name that is
// not this server's, 400 to one without a Host; /healthz and /metrics answer any
// name (probes and scrapers use what they like, and neither holds a secret).
func (hp *hostPolicy) wrap(next http.Handler) http.Handler {
	if hp == nil || hp.anyName {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/healthz" || r.URL.Path == "/metrics" {
			next.ServeHTTP(w, r)
			return
		}
		host := r.Host
		if hp.trustForwarded {
			if vs := r.Header.Values("X-Forwarded-Host"); len(vs) > 0 {
				v := vs[len(vs)-1]
				host = strings.TrimSpace(v[strings.LastIndex(v, ",")+1:])
			}
		}
		switch {
		case host == "":
			proxy.WriteFault(w, http.StatusBadRequest, "A Host header is required.")
		case !hp.allows(host):
			names := "localhost or an IP address"
			if hp.public != "" {
				names = hp.public + ", " + names
			}
			proxy.WriteFault(w, http.StatusMisdirectedRequest, "This server answers for %s, not %q: open the console at its own address.", names, hostName(host))
		default:
			next.ServeHTTP(w, r)
		}
	})
}
