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
	return requestBase(r)
}

// requestBase is scheme://Host of the request.
func requestBase(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// regionList is the catalog's regions: the scenario's, or RegionOne.
func (c keystoneService) regionList() []string {
	if len(c.regions) == 0 {
		return []string{regionID}
	}
	return c.regions
}

// catalogServices are the services in every scoped token's catalog.
var catalogServices = []struct{ typ, name, path string }{
	{"identity", "keystone", "/identity"},
	{"load-balancer", "octavia", "/load-balancer"},
	{"network", "neutron", "/network"},
	{"key-manager", "barbican", "/key-manager"},
}

// catalog is Keystone's service catalog: every service at public, internal
// and admin, region RegionOne, all on the same base.
func (c keystoneService) catalog(r *http.Request) []map[string]any {
	base := c.publicBase(r)
	out := make([]map[string]any, 0, len(catalogServices))
	for _, s := range catalogServices {
		var eps []map[string]string
		for _, region := range c.regionList() {
			for _, iface := range []string{"public", "internal", "admin"} {
				id := s.typ + iface
				if region != regionID {
					id += region
				}
				eps = append(eps, map[string]string{
					"id": keystoneID("endpoint", id), "interface": iface,
					"region_id": region, "region": region, "url": base + s.path,
				})
			}
		}
		out = append(out, map[string]any{
			"id": keystoneID("service", s.typ), "type": s.typ, "name": s.name, "endpoints": eps,
		})
	}
	return out
}
