//go:build !js

package proxy

import (
	"slices"
	"strings"
)

// Service types the proxy forwards; each one is served below its prefix ("/" + type).
const (
	Identity     = "identity"
	LoadBalancer = "load-balancer"
	Network      = "network"
	KeyManager   = "key-manager" // Barbican: certificates for TLS listeners and pools
	Compute      = "compute"     // Nova, read only (ReadOnlyService): servers to pick members from
	Image        = "image"       // Glance, read only: the CLI's `server list` names the servers' images
)

// Services are the service types the proxy forwards.
var Services = []string{Identity, LoadBalancer, Network, KeyManager, Compute, Image}

// Prefix is the path below which service is served on this origin, e.g. /load-balancer.
func Prefix(service string) string { return "/" + service }

func proxied(service string) bool {
	return slices.Contains(Services, service)
}

// ReadOnlyService tells whether the proxy forwards only GET and HEAD to service,
// whatever the server's mode: the console reads Nova's servers (and the CLI
// Glance's image names), it never changes one.
func ReadOnlyService(service string) bool { return service == Compute || service == Image }

// ServiceOf is the proxied service whose prefix path is at or below ("" for none).
func ServiceOf(path string) string {
	for _, s := range Services {
		if p := Prefix(s); path == p || strings.HasPrefix(path, p+"/") {
			return s
		}
	}
	return ""
}
