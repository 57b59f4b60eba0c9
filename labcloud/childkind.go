package labcloud

import (
	"net/http"
	"time"
)

// childKind is one of a load balancer's descendant kinds (listener, pool,
// member, health monitor, L7 policy, L7 rule) as its collection's calls
// see it: what is the kind's own, as functions over its parent P, its
// objects T and its body B. What every such kind does the same way, and
// in the same order as Octavia Zed (which error wins when two apply), is
// childKind's create and update (the parent or the object for the caller,
// the body, the kind's checks, attaching, the lock tree going
// PENDING_UPDATE and the answer), show and delete. It is the kind's
// kindHandler: the routing registers the childKind each kind's handler
// builds (memberKind.child, …). The load balancer (a graph create, no
// parent) and the members' batch PUT (a replace in one transition) have
// their own.
type childKind[P any, T object, B any] struct {
	cloud *Cloud
	// key is the envelope of the body and of the answer: "member".
	key string

	// pathParent finds a create's parent from the path (a member's pool),
	// before the body is read; bodyParent finds it from the body (a health
	// monitor's pool_id), after. A kind sets one of them.
	pathParent func(r *http.Request, k *caller) (P, *apiError)
	bodyParent func(b *B, k *caller) (P, *apiError)
	// admit checks that k may create one object under parent: RBAC, the
	// kind's quota, the lock tree ACTIVE (admitUnder for most kinds).
	admit func(k *caller, parent P) *apiError
	// build validates the body and makes the object with its defaults, not
	// attached (the same call builds a fully populated create's objects).
	build func(b *B, parent P, now time.Time) (T, *apiError)
	// check, if set, is what a create checks of the built object that
	// needs the request (certificate refs read through Barbican, a
	// member's subnet as the caller sees it) and links to what already
	// exists (a listener's default pool); the last step that may refuse.
	check func(r *http.Request, k *caller, b *B, o T, now time.Time) *apiError
	// attach adds the new object to its parent and its collection.
	attach func(parent P, o T, now time.Time)

	// find is the object of the path for k (404, 403): an update's, a
	// show's, a delete's.
	find func(r *http.Request, k *caller) (T, *apiError)
	// writable, if set, replaces checkWritable on an update (a listener
	// checks itself as well as its load balancer).
	writable func(k *caller, o T) *apiError
	// change validates the body against o and applies it, its common
	// fields (name, tags, …) included.
	change func(r *http.Request, k *caller, b *B, o T, now time.Time) *apiError

	// listing is the kind's list (its filters, its parent in the path).
	listing octaviaHandler
	// inUse, if set, refuses a delete of an object that something still
	// names (409: a pool an L7 policy redirects to), once k may write it.
	inUse func(o T) *apiError
	// deleteOnce refuses (409) a delete of an object already
	// PENDING_DELETE, as Octavia does for pools and listeners.
	deleteOnce bool

	// poolViews says a write of this kind changes what its load
	// balancer's pools show (an L7 policy's or rule's redirect), so their
	// cached views are dropped.
	poolViews bool
}

// create answers a POST of the kind: 201 with the new object in
// PENDING_CREATE, its load balancer and parents PENDING_UPDATE until
// Options.Delay has passed. Caller holds h.cloud.mu.
func (h childKind[P, T, B]) create(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	var parent P
	var err *apiError
	if h.pathParent != nil {
		if parent, err = h.pathParent(r, k); err != nil {
			return err
		}
	}
	b, err := decodeBodyArg[B](r, h.key)
	if err != nil {
		return err
	}
	if h.bodyParent != nil {
		if parent, err = h.bodyParent(b, k); err != nil {
			return err
		}
	}
	if err := h.admit(k, parent); err != nil {
		return err
	}
	o, err := h.build(b, parent, now)
	if err != nil {
		return err
	}
	if h.check != nil {
		if err := h.check(r, k, b, o, now); err != nil {
			return err
		}
	}
	h.attach(parent, o, now)
	h.accepted(w, r, o, statusPendingCreate, http.StatusCreated, now)
	return nil
}

// update answers a PUT of the kind: 200 with the object in
// PENDING_UPDATE, as its load balancer and parents, until Options.Delay
// has passed. Caller holds h.cloud.mu.
func (h childKind[P, T, B]) update(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	o, err := h.find(r, k)
	if err != nil {
		return err
	}
	b, err := decodeBodyArg[B](r, h.key)
	if err != nil {
		return err
	}
	if h.writable != nil {
		err = h.writable(k, o)
	} else {
		err = checkWritable(k, o)
	}
	if err != nil {
		return err
	}
	if err := h.change(r, k, b, o, now); err != nil {
		return err
	}
	h.accepted(w, r, o, statusPendingUpdate, http.StatusOK, now)
	return nil
}

// list answers a GET of the collection (the kind's listing).
func (h childKind[P, T, B]) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return h.listing(w, r, k, now)
}

// show answers a GET of one object of the kind: 200 with its view.
func (h childKind[P, T, B]) show(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return showOne(w, r, k, h.key, h.find)
}

// delete answers a DELETE of the kind: refused when k may not write the
// object, when something uses it (inUse), when its tree is busy or (with
// deleteOnce) it is already going; else it goes PENDING_DELETE, its
// parents PENDING_UPDATE, and the answer is Octavia's 204. Caller holds
// h.cloud.mu.
func (h childKind[P, T, B]) delete(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	o, err := h.find(r, k)
	if err != nil {
		return err
	}
	if err := k.write(o.base().projectID); err != nil {
		return err
	}
	if h.inUse != nil {
		if err := h.inUse(o); err != nil {
			return err
		}
	}
	if err := checkMutable(lockSet(o)); err != nil {
		return err
	}
	if m := o.base(); h.deleteOnce && m.prov == statusPendingDelete {
		return immutable(resourceName(o), m.id)
	}
	h.cloud.acceptChildWrite(o, statusPendingDelete, now)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// accepted locks o's tree with o in status, schedules the transition's
// end and answers code with o's view.
func (h childKind[P, T, B]) accepted(w http.ResponseWriter, r *http.Request, o T, status string, code int, now time.Time) {
	h.cloud.acceptChildWrite(o, status, now)
	if h.poolViews {
		dropPoolViews(lbOf(o))
	}
	writeOne(w, code, h.key, o, r)
}

// admitUnder is a childKind's admit for a kind whose parent is an object:
// Cloud.admitChild counting quota ("member").
func admitUnder[P object](c *Cloud, quota string) func(k *caller, parent P) *apiError {
	return func(k *caller, parent P) *apiError { return c.admitChild(k, parent, quota) }
}
