package labcloud

import (
	"net/http"
	"time"
)

// octaviaHandler answers one of Octavia's calls for caller k at now, with
// c.mu held (Cloud.octavia); a non-nil error is written as Octavia's fault.
type octaviaHandler func(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError

// kindHandler is one of Octavia's collections: the five calls the routing
// registers for its path and its path's "/{id}" (octaviaRoutes). Each kind
// has a handler type in its file (lbKind in loadbalancers.go, poolKind
// in pools.go, …; flavors and zones share profiledKind, their profiles
// profileKind) holding the Cloud it answers for, with the kind's
// validation, its create, update and delete semantics and its own calls
// (stats, failover, …); what several kinds share (the collections, the
// lock tree, quotas, the status machine) stays on Cloud. A load
// balancer's children (listeners to L7 rules) are registered as the
// childKind their handler builds (childkind.go): one create, update, show
// and delete over a table of what is each kind's own.
type kindHandler interface {
	list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError
	create(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError
	show(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError
	update(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError
	delete(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError
}

// The handlers of the lab's kinds: each answers for the Cloud it holds.
type (
	lbKind       struct{ *Cloud }
	listenerKind struct{ *Cloud }
	poolKind     struct{ *Cloud }
	memberKind   struct{ *Cloud }
	monitorKind  struct{ *Cloud }
	l7policyKind struct{ *Cloud }
	l7ruleKind   struct{ *Cloud }
	amphoraKind  struct{ *Cloud }
	quotaKind    struct{ *Cloud }
	providerKind struct{ *Cloud }
)

// findFor is the object id names in col for k: Octavia's 404 naming the
// kind (title: "Pool") when col has none, its 403 when k may not read the
// object's project.
func findFor[T object](col *collection[T], title, id string, k *caller) (T, *apiError) {
	o, ok := col.get(id)
	if !ok {
		var zero T
		return zero, notFound(title, id)
	}
	if err := k.read(o.base().projectID); err != nil {
		var zero T
		return zero, err
	}
	return o, nil
}

// adminFind is the object of the request's {id} in col, for an admin:
// Octavia's 403 for anyone else, its 404 naming the kind (title: "Flavor")
// when col has none.
func adminFind[T object](k *caller, r *http.Request, col *collection[T], title string) (T, *apiError) {
	var zero T
	if err := k.adminOnly(); err != nil {
		return zero, err
	}
	o, ok := col.get(r.PathValue("id"))
	if !ok {
		return zero, notFound(title, r.PathValue("id"))
	}
	return o, nil
}

// adminDelete answers an admin's delete of the request's {id} in col, a
// kind that others name (a flavor, a profile): Octavia's 404 as
// adminFind's, its 409 naming the object (inUseTitle: "Flavor") while
// usedBy says something uses it; else the object goes, 204.
func adminDelete[T object](w http.ResponseWriter, r *http.Request, k *caller, col *collection[T], title, inUseTitle string,
	usedBy func(id string) bool) *apiError {
	o, err := adminFind(k, r, col, title)
	if err != nil {
		return err
	}
	if id := o.base().id; usedBy(id) {
		return errorf(http.StatusConflict, "%s %s is in use and cannot be modified.", inUseTitle, id)
	}
	col.remove(o)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// showOne answers a GET of one object: the one find gives for k (its 404
// or 403 else), 200 with its view under key ("loadbalancer").
func showOne[T object](w http.ResponseWriter, r *http.Request, k *caller, key string,
	find func(r *http.Request, k *caller) (T, *apiError)) *apiError {
	o, err := find(r, k)
	if err != nil {
		return err
	}
	writeOne(w, http.StatusOK, key, o, r)
	return nil
}

// inPath makes a find by id (Cloud.findPool) a find of the path's {id}.
func inPath[T any](find func(id string, k *caller) (T, *apiError)) func(r *http.Request, k *caller) (T, *apiError) {
	return func(r *http.Request, k *caller) (T, *apiError) { return find(r.PathValue("id"), k) }
}
