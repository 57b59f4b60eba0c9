package labcloud

import (
	"net/http"
	"slices"
	"time"
)

// quota holds one project's limits; nil means "the default", -1 unlimited.
type quota struct {
	LoadBalancer  *int `json:"load_balancer"`
	Listener      *int `json:"listener"`
	Pool          *int `json:"pool"`
	HealthMonitor *int `json:"health_monitor"`
	Member        *int `json:"member"`
	L7Policy      *int `json:"l7policy"`
	L7Rule        *int `json:"l7rule"`
}

func intp(i int) *int { return &i }

func unlimitedQuota() quota {
	return quota{intp(-1), intp(-1), intp(-1), intp(-1), intp(-1), intp(-1), intp(-1)}
}

// fields lists the quota's values with Octavia's resource names.
func (q *quota) fields() []struct {
	key, name string
	v         **int
} {
	return []struct {
		key, name string
		v         **int
	}{
		{"load_balancer", "Load Balancer", &q.LoadBalancer},
		{"listener", "Listener", &q.Listener},
		{"pool", "Pool", &q.Pool},
		{"health_monitor", "Health Monitor", &q.HealthMonitor},
		{"member", "Member", &q.Member},
		{"l7policy", "L7 Policy", &q.L7Policy},
		{"l7rule", "L7 Rule", &q.L7Rule},
	}
}

// effective fills the unset values of a project's quota with the defaults.
func (c *Cloud) effectiveQuota(projectID string) quota {
	q := c.quotaDefaults
	if p := c.quotas[projectID]; p != nil {
		pf := p.fields()
		for i, f := range q.fields() {
			if v := *pf[i].v; v != nil {
				*f.v = v
			}
		}
	}
	return q
}

// usage counts a project's objects of a quota kind. Caller holds c.mu.
func (c *Cloud) usage(projectID, key string) int {
	counted := map[string]interface{ countProject(string) int }{
		"load_balancer": c.lbs, "listener": c.listeners, "pool": c.pools, "health_monitor": c.monitors,
		"member": c.members, "l7policy": c.l7policies, "l7rule": c.l7rules,
	}
	if objects := counted[key]; objects != nil {
		return objects.countProject(projectID)
	}
	return 0
}

// checkQuota answers 403 when adding n objects of kind key would pass the
// project's quota.
func (c *Cloud) checkQuota(projectID, key string, n int) *apiError {
	if n == 0 {
		return nil
	}
	q := c.effectiveQuota(projectID)
	for _, f := range q.fields() {
		if f.key != key {
			continue
		}
		limit := **f.v
		if limit >= 0 && c.usage(projectID, key)+n > limit {
			return quotaMet(f.name)
		}
	}
	return nil
}

// quotaView is the body of quota show, set and defaults: the seven limits.
func quotaView(q quota) map[string]any {
	out := map[string]any{}
	for _, f := range q.fields() {
		out[f.key] = *f.v
	}
	return out
}

// quotaRow is one row of the quota list: the stored values (null where
// unset), the deprecated aliases and tenant_id.
func quotaRow(projectID string, q quota) map[string]any {
	out := quotaView(q)
	out["project_id"] = projectID
	out["tenant_id"] = projectID
	out["loadbalancer"] = q.LoadBalancer
	out["healthmonitor"] = q.HealthMonitor
	return out
}

func (c quotaKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.listScope(r); err != nil {
		return err
	}
	want := r.URL.Query().Get("project_id")
	if !k.admin {
		want = k.project
	}
	ids := make([]string, 0, len(c.quotas))
	for id := range c.quotas {
		if want == "" || id == want {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	list := []any{}
	for _, id := range ids {
		list = append(list, quotaRow(id, *c.quotas[id]))
	}
	writeJSON(w, http.StatusOK, map[string]any{"quotas": list, "quotas_links": []any{}})
	return nil
}

func (c quotaKind) defaults(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"quota": quotaView(c.quotaDefaults)})
	return nil
}

func (c quotaKind) show(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	p := r.PathValue("project")
	if err := k.read(p); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"quota": quotaView(c.effectiveQuota(p))})
	return nil
}

func (c quotaKind) update(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	p := r.PathValue("project")
	if err := k.adminOnly(); err != nil {
		return err
	}
	var body struct{ Quota map[string]*int }
	if err := decodeArg(r, "quota", &body.Quota); err != nil {
		return err
	}
	q := c.quotas[p]
	if q == nil {
		q = &quota{}
	}
	next := *q
	aliases := map[string]string{"loadbalancer": "load_balancer", "healthmonitor": "health_monitor"}
	for key, v := range body.Quota {
		if a, ok := aliases[key]; ok {
			key = a
		}
		found := false
		for _, f := range next.fields() {
			if f.key == key {
				found = true
				if v != nil && (*v < -1 || *v > 2000000000) {
					return invalidInput(key, *v, "Value should be greater or equal to -1")
				}
				*f.v = v
			}
		}
		if !found {
			return errorf(http.StatusBadRequest, "Unknown attribute for argument quota: %s", key)
		}
	}
	c.quotas[p] = &next
	writeJSON(w, http.StatusAccepted, map[string]any{"quota": quotaView(c.effectiveQuota(p))})
	return nil
}

func (c quotaKind) delete(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	p := r.PathValue("project")
	if err := k.adminOnly(); err != nil {
		return err
	}
	c.quotas[p] = &quota{}
	w.WriteHeader(http.StatusAccepted)
	return nil
}
