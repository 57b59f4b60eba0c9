package labcloud

import (
	"net/http"
	"time"
)

// showProject answers GET /v3/projects/{id}: the admin sees any project,
// others only their own (403, as Keystone's default policy).
func (c keystoneService) showProject(w http.ResponseWriter, r *http.Request, t *token, now time.Time) {
	id := r.PathValue("id")
	p := c.projectsByID[id]
	if !t.hasRole(roleAdmin) {
		if p == nil || t.project != p {
			keystoneError(w, http.StatusForbidden, "You are not authorized to perform the requested action: identity:get_project.")
			return
		}
	}
	if p == nil {
		keystoneError(w, http.StatusNotFound, "Could not find project: "+id+".")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"project": c.projectBody(r, p)})
}

// listProjects answers GET /v3/projects (admin only) with the name and
// domain_id filters.
func (c keystoneService) listProjects(w http.ResponseWriter, r *http.Request, t *token, now time.Time) {
	if !t.hasRole(roleAdmin) {
		keystoneError(w, http.StatusForbidden, "You are not authorized to perform the requested action: identity:list_projects.")
		return
	}
	q := r.URL.Query()
	list := []any{}
	for _, p := range c.projects {
		if n := q.Get("name"); n != "" && n != p.name {
			continue
		}
		if d := q.Get("domain_id"); d != "" && d != defaultDomainID {
			continue
		}
		list = append(list, c.projectBody(r, p))
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"projects": list,
		"links":    map[string]any{"self": c.publicBase(r) + "/identity/v3/projects", "previous": nil, "next": nil},
	})
}
