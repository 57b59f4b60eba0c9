package labcloud

import (
	"net/http"
	"strings"
	"time"
)

// caller is the Octavia request context: who asks, for which project.
type caller struct {
	tok     *token
	project string // "" for an unscoped token
	admin   bool
	member  bool
}

// read allows the admin, or anyone scoped to projectID.
func (k *caller) read(projectID string) *apiError {
	if k.admin || (k.project != "" && k.project == projectID) {
		return nil
	}
	return errPolicy
}

// write allows the admin, or a member (not a reader) of projectID.
func (k *caller) write(projectID string) *apiError {
	if k.admin || (k.member && k.project != "" && k.project == projectID) {
		return nil
	}
	return errPolicy
}

func (k *caller) adminOnly() *apiError {
	if k.admin {
		return nil
	}
	return errPolicy
}

// visible filters a list to what the caller may see.
func visibleTo[T object](k *caller) func(T) bool {
	if k.admin {
		return func(T) bool { return true }
	}
	return func(o T) bool { return o.base().projectID == k.project }
}

// listScope checks ?project_id: only an admin may list another project.
func (k *caller) listScope(r *http.Request) *apiError {
	if p := r.URL.Query().Get("project_id"); p != "" && !k.admin && p != k.project {
		return errPolicy
	}
	if !k.admin && k.project == "" {
		return errPolicy
	}
	return nil
}

type octaviaHandler func(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError

// octavia wraps a handler: lock, complete due transitions, authenticate
// (keystonemiddleware's 401), then answer faults with Octavia's body.
func (c *Cloud) octavia(h octaviaHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		// Read, check and parse the body before the lock (see parsedBody).
		r = withParsedBody(r)
		now := time.Now()
		c.mu.Lock()
		defer c.mu.Unlock()
		c.advance(now)
		tok := c.authToken(r, now)
		if tok == nil {
			// keystonemiddleware answers before Octavia's request-id middleware
			w.Header().Del(RequestIDHeader)
			keystoneError(w, http.StatusUnauthorized, msgAuthRequired)
			return
		}
		k := &caller{tok: tok, admin: tok.hasRole(roleAdmin), member: tok.hasRole(roleMember)}
		if tok.project != nil {
			k.project = tok.project.id
		}
		if err := h(w, r, k, now); err != nil {
			if err.html {
				writeWebobError(w, r, err)
				return
			}
			writeFault(w, err)
		}
	}
}

// octaviaRoutes registers Octavia v2 under /load-balancer, with /v2.0 as an
// alias of /v2.
func (c *Cloud) octaviaRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /load-balancer/{$}", c.octaviaVersions)
	mux.HandleFunc("GET /load-balancer", c.octaviaVersions)
	for _, v := range []string{"/v2", "/v2.0"} {
		mux.HandleFunc("GET /load-balancer"+v, v2Root)
		mux.HandleFunc("GET /load-balancer"+v+"/{$}", v2Root)
	}
	handle := func(method, path string, h octaviaHandler) {
		for _, v := range []string{"/v2", "/v2.0"} {
			mux.HandleFunc(method+" /load-balancer"+v+path, c.octavia(h))
		}
	}
	handle(http.MethodGet, "/lbaas/loadbalancers", c.listLoadBalancers)
	handle(http.MethodPost, "/lbaas/loadbalancers", c.createLoadBalancer)
	handle(http.MethodGet, "/lbaas/loadbalancers/{id}", c.showLoadBalancer)
	handle(http.MethodPut, "/lbaas/loadbalancers/{id}", c.updateLoadBalancer)
	handle(http.MethodDelete, "/lbaas/loadbalancers/{id}", c.deleteLoadBalancer)
	handle(http.MethodGet, "/lbaas/loadbalancers/{id}/stats", c.loadBalancerStats)
	handle(http.MethodGet, "/lbaas/loadbalancers/{id}/status", c.loadBalancerStatus)
	handle(http.MethodGet, "/lbaas/loadbalancers/{id}/statuses", c.loadBalancerStatus)
	handle(http.MethodPut, "/lbaas/loadbalancers/{id}/failover", c.failoverLoadBalancer)

	handle(http.MethodGet, "/lbaas/listeners", c.listListeners)
	handle(http.MethodPost, "/lbaas/listeners", c.createListener)
	handle(http.MethodGet, "/lbaas/listeners/{id}", c.showListener)
	handle(http.MethodPut, "/lbaas/listeners/{id}", c.updateListener)
	handle(http.MethodDelete, "/lbaas/listeners/{id}", c.deleteListener)
	handle(http.MethodGet, "/lbaas/listeners/{id}/stats", c.listenerStats)

	handle(http.MethodGet, "/lbaas/pools", c.listPools)
	handle(http.MethodPost, "/lbaas/pools", c.createPool)
	handle(http.MethodGet, "/lbaas/pools/{id}", c.showPool)
	handle(http.MethodPut, "/lbaas/pools/{id}", c.updatePool)
	handle(http.MethodDelete, "/lbaas/pools/{id}", c.deletePool)

	handle(http.MethodGet, "/lbaas/pools/{pool}/members", c.listMembers)
	handle(http.MethodPost, "/lbaas/pools/{pool}/members", c.createMember)
	handle(http.MethodPut, "/lbaas/pools/{pool}/members", c.batchUpdateMembers)
	handle(http.MethodGet, "/lbaas/pools/{pool}/members/{id}", c.showMember)
	handle(http.MethodPut, "/lbaas/pools/{pool}/members/{id}", c.updateMember)
	handle(http.MethodDelete, "/lbaas/pools/{pool}/members/{id}", c.deleteMember)

	handle(http.MethodGet, "/lbaas/healthmonitors", c.listMonitors)
	handle(http.MethodPost, "/lbaas/healthmonitors", c.createMonitor)
	handle(http.MethodGet, "/lbaas/healthmonitors/{id}", c.showMonitor)
	handle(http.MethodPut, "/lbaas/healthmonitors/{id}", c.updateMonitor)
	handle(http.MethodDelete, "/lbaas/healthmonitors/{id}", c.deleteMonitor)

	handle(http.MethodGet, "/lbaas/l7policies", c.listL7Policies)
	handle(http.MethodPost, "/lbaas/l7policies", c.createL7Policy)
	handle(http.MethodGet, "/lbaas/l7policies/{id}", c.showL7Policy)
	handle(http.MethodPut, "/lbaas/l7policies/{id}", c.updateL7Policy)
	handle(http.MethodDelete, "/lbaas/l7policies/{id}", c.deleteL7Policy)

	handle(http.MethodGet, "/lbaas/l7policies/{policy}/rules", c.listL7Rules)
	handle(http.MethodPost, "/lbaas/l7policies/{policy}/rules", c.createL7Rule)
	handle(http.MethodGet, "/lbaas/l7policies/{policy}/rules/{id}", c.showL7Rule)
	handle(http.MethodPut, "/lbaas/l7policies/{policy}/rules/{id}", c.updateL7Rule)
	handle(http.MethodDelete, "/lbaas/l7policies/{policy}/rules/{id}", c.deleteL7Rule)

	handle(http.MethodGet, "/octavia/amphorae", c.listAmphorae)
	handle(http.MethodGet, "/octavia/amphorae/{id}", c.showAmphora)
	handle(http.MethodDelete, "/octavia/amphorae/{id}", c.deleteAmphora)
	handle(http.MethodPut, "/octavia/amphorae/{id}/config", c.configureAmphora)
	handle(http.MethodPut, "/octavia/amphorae/{id}/failover", c.failoverAmphora)
	handle(http.MethodGet, "/octavia/amphorae/{id}/stats", c.amphoraStats)

	handle(http.MethodGet, "/lbaas/quotas", c.listQuotas)
	handle(http.MethodGet, "/lbaas/quotas/defaults", c.quotaDefaultsHandler)
	handle(http.MethodGet, "/lbaas/quotas/{project}", c.showQuota)
	handle(http.MethodPut, "/lbaas/quotas/{project}", c.updateQuota)
	handle(http.MethodDelete, "/lbaas/quotas/{project}", c.resetQuota)

	handle(http.MethodGet, "/lbaas/providers", c.listProviders)
	handle(http.MethodGet, "/lbaas/providers/{provider}/flavor_capabilities", c.flavorCapabilities)
	handle(http.MethodGet, "/lbaas/providers/{provider}/availability_zone_capabilities", c.azCapabilities)

	handle(http.MethodGet, "/lbaas/flavors", c.listFlavors)
	handle(http.MethodPost, "/lbaas/flavors", c.createFlavor)
	handle(http.MethodGet, "/lbaas/flavors/{id}", c.showFlavor)
	handle(http.MethodPut, "/lbaas/flavors/{id}", c.updateFlavor)
	handle(http.MethodDelete, "/lbaas/flavors/{id}", c.deleteFlavor)
	handle(http.MethodGet, "/lbaas/flavorprofiles", c.listFlavorProfiles)
	handle(http.MethodPost, "/lbaas/flavorprofiles", c.createFlavorProfile)
	handle(http.MethodGet, "/lbaas/flavorprofiles/{id}", c.showFlavorProfile)
	handle(http.MethodPut, "/lbaas/flavorprofiles/{id}", c.updateFlavorProfile)
	handle(http.MethodDelete, "/lbaas/flavorprofiles/{id}", c.deleteFlavorProfile)
	handle(http.MethodGet, "/lbaas/availabilityzones", c.listAZs)
	handle(http.MethodPost, "/lbaas/availabilityzones", c.createAZ)
	handle(http.MethodGet, "/lbaas/availabilityzones/{id}", c.showAZ)
	handle(http.MethodPut, "/lbaas/availabilityzones/{id}", c.updateAZ)
	handle(http.MethodDelete, "/lbaas/availabilityzones/{id}", c.deleteAZ)
	handle(http.MethodGet, "/lbaas/availabilityzoneprofiles", c.listAZProfiles)
	handle(http.MethodPost, "/lbaas/availabilityzoneprofiles", c.createAZProfile)
	handle(http.MethodGet, "/lbaas/availabilityzoneprofiles/{id}", c.showAZProfile)
	handle(http.MethodPut, "/lbaas/availabilityzoneprofiles/{id}", c.updateAZProfile)
	handle(http.MethodDelete, "/lbaas/availabilityzoneprofiles/{id}", c.deleteAZProfile)

	mux.HandleFunc("/load-balancer/", func(w http.ResponseWriter, r *http.Request) {
		writeFault(w, errorf(http.StatusNotFound, "The resource could not be found."))
	})
}

// linkBase is Options.LinkBase, or scheme://Host/load-balancer of the request.
func (c *Cloud) linkBase(r *http.Request) string {
	if c.opts.LinkBase != "" {
		return strings.TrimRight(c.opts.LinkBase, "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host + "/load-balancer"
}

// pathURL is the URL Octavia puts in *_links: the link base and the path
// as Octavia saw it.
func (c *Cloud) pathURL(r *http.Request) string {
	return c.linkBase(r) + strings.TrimPrefix(r.URL.Path, "/load-balancer")
}

// octaviaAPIVersions are the microversions Octavia Zed (11.0) lists.
var octaviaAPIVersions = []struct{ id, updated string }{
	{"v2.0", "2016-12-11T00:00:00Z"}, {"v2.1", "2018-04-20T00:00:00Z"},
	{"v2.2", "2018-07-31T00:00:00Z"}, {"v2.3", "2018-12-18T00:00:00Z"},
	{"v2.4", "2018-12-19T00:00:00Z"}, {"v2.5", "2019-01-21T00:00:00Z"},
	{"v2.6", "2019-01-25T00:00:00Z"}, {"v2.7", "2018-01-25T12:00:00Z"},
	{"v2.8", "2019-02-12T00:00:00Z"}, {"v2.9", "2019-03-04T00:00:00Z"},
	{"v2.10", "2019-03-05T00:00:00Z"}, {"v2.11", "2019-06-24T00:00:00Z"},
	{"v2.12", "2019-09-11T00:00:00Z"}, {"v2.13", "2019-09-13T00:00:00Z"},
	{"v2.14", "2019-11-10T00:00:00Z"}, {"v2.15", "2020-03-10T00:00:00Z"},
	{"v2.16", "2020-03-15T00:00:00Z"}, {"v2.17", "2020-04-29T00:00:00Z"},
	{"v2.18", "2020-04-29T01:00:00Z"}, {"v2.19", "2020-05-12T00:00:00Z"},
	{"v2.20", "2020-08-02T00:00:00Z"}, {"v2.21", "2020-09-03T00:00:00Z"},
	{"v2.22", "2020-09-04T00:00:00Z"}, {"v2.23", "2020-09-07T00:00:00Z"},
	{"v2.24", "2020-10-15T00:00:00Z"}, {"v2.25", "2021-10-02T00:00:00Z"},
	{"v2.26", "2022-08-29T00:00:00Z"},
}

// v2Root answers GET /v2 as Octavia does: the JSON string "v2".
func v2Root(w http.ResponseWriter, r *http.Request) {
	writeBytes(w, http.StatusOK, []byte(`"v2"`))
}

func (c *Cloud) octaviaVersions(w http.ResponseWriter, r *http.Request) {
	base := c.linkBase(r)
	versions := make([]map[string]any, 0, len(octaviaAPIVersions))
	for i, v := range octaviaAPIVersions {
		status := "SUPPORTED"
		if i == len(octaviaAPIVersions)-1 {
			status = "CURRENT"
		}
		versions = append(versions, map[string]any{
			"id": v.id, "status": status, "updated": v.updated,
			"links": []map[string]string{{"href": base + "/v2", "rel": "self"}},
		})
	}
	writeJSON(w, http.StatusOK, map[string]any{"versions": versions})
}
