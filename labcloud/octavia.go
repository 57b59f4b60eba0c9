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

// caller is who r comes from at now: its token's user, roles and project;
// nil when r has no valid token. Caller holds c.mu.
func (c *Cloud) caller(r *http.Request, now time.Time) *caller {
	tok := c.authToken(r, now)
	if tok == nil {
		return nil
	}
	k := &caller{tok: tok, admin: tok.hasRole(roleAdmin), member: tok.hasRole(roleMember)}
	if tok.project != nil {
		k.project = tok.project.id
	}
	return k
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

// octavia wraps a handler: lock, complete due transitions, authenticate
// (keystonemiddleware's 401), then answer faults with Octavia's body.
func (c *Cloud) octavia(h octaviaHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		// Read, check and parse the body before the lock (see parsedBody).
		r = withParsedBody(r)
		c.authenticated(w, r, octaviaUnauthorized, func(k *caller, now time.Time) {
			if err := h(w, r, k, now); err != nil {
				if err.html {
					writeWebobError(w, r, err)
					return
				}
				writeFault(w, err)
			}
		})
	}
}

// octaviaUnauthorized is keystonemiddleware's 401 as Octavia sends it:
// keystonemiddleware answers before Octavia's request-id middleware, so
// without a request id.
func octaviaUnauthorized(w http.ResponseWriter) {
	w.Header().Del(RequestIDHeader)
	keystoneError(w, http.StatusUnauthorized, msgAuthRequired)
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
	crud := func(path string, h kindHandler) {
		handle(http.MethodGet, path, h.list)
		handle(http.MethodPost, path, h.create)
		handle(http.MethodGet, path+"/{id}", h.show)
		handle(http.MethodPut, path+"/{id}", h.update)
		handle(http.MethodDelete, path+"/{id}", h.delete)
	}
	lbs := lbKind{c}
	crud("/lbaas/loadbalancers", lbs)
	handle(http.MethodGet, "/lbaas/loadbalancers/{id}/stats", lbs.stats)
	handle(http.MethodGet, "/lbaas/loadbalancers/{id}/status", lbs.status)
	handle(http.MethodGet, "/lbaas/loadbalancers/{id}/statuses", lbs.status)
	handle(http.MethodPut, "/lbaas/loadbalancers/{id}/failover", lbs.failover)

	crud("/lbaas/listeners", listenerKind{c}.child())
	handle(http.MethodGet, "/lbaas/listeners/{id}/stats", listenerKind{c}.stats)
	crud("/lbaas/pools", poolKind{c}.child())
	crud("/lbaas/pools/{pool}/members", memberKind{c}.child())
	handle(http.MethodPut, "/lbaas/pools/{pool}/members", memberKind{c}.batchUpdate)
	crud("/lbaas/healthmonitors", monitorKind{c}.child())
	crud("/lbaas/l7policies", l7policyKind{c}.child())
	crud("/lbaas/l7policies/{policy}/rules", l7ruleKind{c}.child())

	amps := amphoraKind{c}
	handle(http.MethodGet, "/octavia/amphorae", amps.list)
	handle(http.MethodGet, "/octavia/amphorae/{id}", amps.show)
	handle(http.MethodDelete, "/octavia/amphorae/{id}", amps.delete)
	handle(http.MethodPut, "/octavia/amphorae/{id}/config", amps.configure)
	handle(http.MethodPut, "/octavia/amphorae/{id}/failover", amps.failover)
	handle(http.MethodGet, "/octavia/amphorae/{id}/stats", amps.stats)

	quotas := quotaKind{c}
	handle(http.MethodGet, "/lbaas/quotas", quotas.list)
	handle(http.MethodGet, "/lbaas/quotas/defaults", quotas.defaults)
	handle(http.MethodGet, "/lbaas/quotas/{project}", quotas.show)
	handle(http.MethodPut, "/lbaas/quotas/{project}", quotas.update)
	handle(http.MethodDelete, "/lbaas/quotas/{project}", quotas.delete)

	providers := providerKind{c}
	handle(http.MethodGet, "/lbaas/providers", providers.list)
	handle(http.MethodGet, "/lbaas/providers/{provider}/flavor_capabilities", providers.flavorCapabilities)
	handle(http.MethodGet, "/lbaas/providers/{provider}/availability_zone_capabilities", providers.azCapabilities)

	crud("/lbaas/flavors", profiledKind{c, flavorSpec})
	crud("/lbaas/flavorprofiles", profileKind{c, flavorProfileSpec})
	crud("/lbaas/availabilityzones", profiledKind{c, azSpec})
	crud("/lbaas/availabilityzoneprofiles", profileKind{c, azProfileSpec})

	mux.HandleFunc("/load-balancer/", func(w http.ResponseWriter, r *http.Request) {
		writeFault(w, errorf(http.StatusNotFound, "The resource could not be found."))
	})
}

// linkBase is Options.LinkBase, or scheme://Host/load-balancer of the request.
func (c *Cloud) linkBase(r *http.Request) string {
	if c.opts.LinkBase != "" {
		return strings.TrimRight(c.opts.LinkBase, "/")
	}
	return requestBase(r) + "/load-balancer"
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
