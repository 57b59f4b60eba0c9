package labcloud

import (
	"net/http"
	"strings"
)

// publicBase is Options.PublicURL, or scheme://Host of the request.
func (c *Cloud) publicBase(r *http.Request) string {
	if c.opts.PublicURL != "" {
		return strings.TrimRight(c.opts.PublicURL, "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// catalogServices are the services in every scoped token's catalog.
var catalogServices = []struct{ typ, name, path string }{
	{"identity", "keystone", "/identity"},
	{"load-balancer", "octavia", "/load-balancer"},
	{"network", "neutron", "/network"},
}

// catalog is Keystone's service catalog: every service at public, internal
// and admin, region RegionOne, all on the same base.
func (c *Cloud) catalog(r *http.Request) []map[string]any {
	base := c.publicBase(r)
	out := make([]map[string]any, 0, len(catalogServices))
	for _, s := range catalogServices {
		var eps []map[string]string
		for _, iface := range []string{"public", "internal", "admin"} {
			eps = append(eps, map[string]string{
				"id": keystoneID("endpoint", s.typ+iface), "interface": iface,
				"region_id": regionID, "region": regionID, "url": base + s.path,
			})
		}
		out = append(out, map[string]any{
			"id": keystoneID("service", s.typ), "type": s.typ, "name": s.name, "endpoints": eps,
		})
	}
	return out
}
