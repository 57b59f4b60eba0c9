package labcloud

import (
	"cmp"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// novaMaxLimit is Nova's [api]max_limit: a list answers at most 1000
// items, and a next link when it stopped there.
const novaMaxLimit = 1000

// routes registers the lab's Nova v2.1 subset under /compute: versions,
// servers (list, detail, show) and flavors (list, detail, show). It is read
// only: any other method on a server or flavor is 403 (the console never
// changes a server, and its proxy refuses such writes before they get here).
func (c novaService) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /compute", c.novaVersions)
	mux.HandleFunc("GET /compute/{$}", c.novaVersions)
	mux.HandleFunc("GET /compute/v2.1", c.novaVersionShow)
	mux.HandleFunc("GET /compute/v2.1/{$}", c.novaVersionShow)
	mux.HandleFunc("GET /compute/v2.1/servers", c.nova(func(w http.ResponseWriter, r *http.Request, k *caller, minor int) {
		c.listServers(w, r, k, minor, false)
	}))
	mux.HandleFunc("GET /compute/v2.1/servers/detail", c.nova(func(w http.ResponseWriter, r *http.Request, k *caller, minor int) {
		c.listServers(w, r, k, minor, true)
	}))
	mux.HandleFunc("GET /compute/v2.1/servers/{id}", c.nova(c.showServer))
	mux.HandleFunc("GET /compute/v2.1/flavors", c.nova(func(w http.ResponseWriter, r *http.Request, k *caller, minor int) {
		c.listFlavors(w, r, minor, false)
	}))
	mux.HandleFunc("GET /compute/v2.1/flavors/detail", c.nova(func(w http.ResponseWriter, r *http.Request, k *caller, minor int) {
		c.listFlavors(w, r, minor, true)
	}))
	mux.HandleFunc("GET /compute/v2.1/flavors/{id}", c.nova(c.showFlavor))
	mux.HandleFunc("/compute/", c.nova(func(w http.ResponseWriter, r *http.Request, k *caller, minor int) {
		p := strings.TrimPrefix(r.URL.Path, "/compute/v2.1/")
		if r.Method != http.MethodGet && r.Method != http.MethodHead &&
			(strings.HasPrefix(p, "servers") || strings.HasPrefix(p, "flavors")) {
			novaFault(w, http.StatusForbidden, "The lab's compute service is read only: it answers GET and HEAD.")
			return
		}
		novaFault(w, http.StatusNotFound, "The resource could not be found.")
	}))
}

// nova runs h under the lock for an authenticated request, with the
// microversion it asked for (and answers with).
func (c novaService) nova(h func(http.ResponseWriter, *http.Request, *caller, int)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c.authenticated(w, r, keystoneUnauthorized, func(k *caller, _ time.Time) {
			minor, code, msg := microversion(r)
			if code != 0 {
				novaFault(w, code, msg)
				return
			}
			setMicroversion(w, minor)
			if k.project == "" {
				novaFault(w, http.StatusForbidden, "Nova needs a project-scoped token.")
				return
			}
			h(w, r, k, minor)
		})
	}
}

// visibleServers are the servers k may list, newest first as Nova sorts
// them (created_at, then id, descending): k's project's, or with
// all_tenants every project's for an admin (narrowed by project_id or
// tenant_id). Nova ignores all_tenants from anyone else.
func (c novaService) visibleServers(q url.Values, k *caller) []*server {
	all := k.admin && q.Has("all_tenants") && !slices.Contains([]string{"0", "false", "off", "no"}, strings.ToLower(q.Get("all_tenants")))
	project := k.project
	if all {
		project = cmp.Or(q.Get("project_id"), q.Get("tenant_id"))
	}
	var out []*server
	for _, v := range c.servers.order {
		if project == "" || v.projectID == project {
			out = append(out, v)
		}
	}
	slices.SortStableFunc(out, func(a, b *server) int {
		return cmp.Or(b.created.Compare(a.created), strings.Compare(b.id, a.id))
	})
	return out
}

// listServers answers GET /servers and /servers/detail: filters name (a
// regular expression searched in the name, as Nova does) and status (one
// or more, any case; an unknown status matches nothing), paged by limit
// and marker.
func (c novaService) listServers(w http.ResponseWriter, r *http.Request, k *caller, minor int, detail bool) {
	q := r.URL.Query()
	var name *regexp.Regexp
	if q.Has("name") {
		re, err := regexp.Compile(q.Get("name"))
		if err != nil {
			novaFault(w, http.StatusBadRequest, fmt.Sprintf("Invalid input for query parameters name. Value: %s.", q.Get("name")))
			return
		}
		name = re
	}
	if st := q["status"]; len(st) > 0 && !slices.ContainsFunc(st, novaStatus) {
		if minor >= 38 {
			novaFault(w, http.StatusBadRequest, "Invalid status value")
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"servers": []any{}})
		return
	}
	var servers []*server
	for _, v := range c.visibleServers(q, k) {
		if name != nil && !name.MatchString(v.name) {
			continue
		}
		if st := q["status"]; len(st) > 0 && !slices.ContainsFunc(st, func(s string) bool { return strings.EqualFold(s, v.status) }) {
			continue
		}
		servers = append(servers, v)
	}
	base := c.publicBase(r)
	writeNovaList(w, r, base, "servers", servers, func(v *server) string { return v.id }, func(v *server) any {
		if detail {
			return c.serverView(v, base, k, minor)
		}
		return map[string]any{"id": v.id, "name": v.name, "links": novaLinks(base, "servers", v.id)}
	})
}

// novaStatus reports whether s is one of Nova's server statuses (any
// case): a filter naming none of them matches nothing before 2.38 and is
// a 400 from 2.38 (nova/api/openstack/compute/servers.py).
func novaStatus(s string) bool {
	switch strings.ToUpper(s) {
	case "ACTIVE", "BUILD", "DELETED", "ERROR", "HARD_REBOOT", "MIGRATING", "PASSWORD", "PAUSED", "REBOOT",
		"REBUILD", "RESCUE", "RESIZE", "REVERT_RESIZE", "SHELVED", "SHELVED_OFFLOADED", "SHUTOFF",
		"SOFT_DELETED", "SUSPENDED", "VERIFY_RESIZE":
		return true
	}
	return false
}

// novaPage is the page of items after q's marker, at most q's limit (or
// novaMaxLimit), and the marker of the next page when the page is full,
// as Nova's links say; or the fault of a bad limit or marker.
func novaPage[T any](q url.Values, items []T, id func(T) string) (page []T, next, fault string) {
	limit := novaMaxLimit
	if q.Has("limit") {
		n, err := strconv.Atoi(q.Get("limit"))
		if err != nil || n < 0 {
			return nil, "", fmt.Sprintf("Invalid input for query parameters limit. Value: %s. '%s' does not match '^[0-9]*$'",
				q.Get("limit"), q.Get("limit"))
		}
		if n > 0 {
			limit = min(n, novaMaxLimit)
		}
	}
	if m := q.Get("marker"); m != "" {
		i := slices.IndexFunc(items, func(x T) bool { return id(x) == m })
		if i < 0 {
			return nil, "", fmt.Sprintf("marker [%s] not found", m)
		}
		items = items[i+1:]
	}
	if len(items) < limit {
		return items, "", ""
	}
	page = items[:limit]
	return page, id(page[limit-1]), ""
}

// writeNovaList answers a Nova list of items under key ("servers",
// "flavors"): the page that limit and marker select (a 400 for bad ones),
// each item as view gives it, and key_links with the next page's link when
// more follow. base is the service's public URL.
func writeNovaList[T any](w http.ResponseWriter, r *http.Request, base, key string, items []T, id func(T) string, view func(T) any) {
	page, next, fault := novaPage(r.URL.Query(), items, id)
	if fault != "" {
		novaFault(w, http.StatusBadRequest, fault)
		return
	}
	out := make([]any, 0, len(page))
	for _, v := range page {
		out = append(out, view(v))
	}
	body := map[string]any{key: out}
	if next != "" {
		body[key+"_links"] = []map[string]string{{"rel": "next", "href": novaNextLink(base, r, next)}}
	}
	writeJSON(w, http.StatusOK, body)
}

// novaNextLink is the request's own URL on the public base with marker
// set, the other parameters kept in their order (Nova copies them).
func novaNextLink(base string, r *http.Request, marker string) string {
	var params []string
	for p := range strings.SplitSeq(r.URL.RawQuery, "&") {
		if k, _, _ := strings.Cut(p, "="); p != "" && k != "marker" {
			params = append(params, p)
		}
	}
	params = append(params, "marker="+url.QueryEscape(marker))
	return base + r.URL.Path + "?" + strings.Join(params, "&")
}

// novaLinks are a server's or flavor's self and bookmark links.
func novaLinks(base, collection, id string) []map[string]string {
	return []map[string]string{
		{"rel": "self", "href": base + "/compute/v2.1/" + collection + "/" + id},
		{"rel": "bookmark", "href": base + "/compute/" + collection + "/" + id},
	}
}

// showServer answers GET /servers/{id}: another project's server is not
// found (404), as Nova answers a non-admin.
func (c novaService) showServer(w http.ResponseWriter, r *http.Request, k *caller, minor int) {
	id := r.PathValue("id")
	v, ok := c.servers.byID[id]
	if !ok || (!k.admin && v.projectID != k.project) {
		novaFault(w, http.StatusNotFound, fmt.Sprintf("Instance %s could not be found.", id))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"server": c.serverView(v, c.publicBase(r), k, minor)})
}
