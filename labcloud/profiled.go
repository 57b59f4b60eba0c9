package labcloud

import (
	"net/http"
	"slices"
	"time"
)

// profiled is what a user names at a load balancer's create, backed by a
// provider's profile: a flavor or an availability zone (its spec), named,
// enabled or not.
type profiled struct {
	meta
	spec      *profiledSpec
	profileID string
}

func (o *profiled) view() any {
	v := map[string]any{"name": o.name, "description": o.description, "enabled": o.enabled, o.spec.profileKey: o.profileID}
	if !o.spec.byName {
		v["id"] = o.id
	}
	return v
}

// profiledSpec is what tells flavors and availability zones apart; their
// calls are the same (profiledKind). A spec is never changed.
type profiledSpec struct {
	key, listKey string // "flavor", "flavors"
	title        string // the kind in Octavia's 404 and 409: "Flavor"
	duplicate    string // Octavia's 409 on a name taken, with the name's %s
	profileKey   string // the profile's attribute: "flavor_profile_id"
	profile      *profileSpec
	// byName: keyed by name, as Octavia keys availability zones: no id of
	// its own in its view, a list's marker "None", the name fixed (an
	// update that carries one is refused: createOnly).
	byName     bool
	attrs      attrs[*profiled]
	decode     func(r *http.Request) (profiledBody, *apiError)
	collection func(c *Cloud) *collection[*profiled]
	usedBy     func(lb *loadBalancer, id string) bool
	saved      func(s *State) *[]stProfiled
}

// profiledBody is a flavor's or zone's create or update body, whichever
// its kind's wire names.
type profiledBody struct {
	name, description, profileID *string
	enabled                      *bool
}

// profiledAttrs are a kind's list filters, its profile under profileKey.
func profiledAttrs(profileKey string) attrs[*profiled] {
	return attrs[*profiled]{
		"id": func(o *profiled) string { return o.id }, "name": func(o *profiled) string { return o.name },
		"description": func(o *profiled) string { return o.description }, "enabled": func(o *profiled) string { return boolText(o.enabled) },
		profileKey:   func(o *profiled) string { return o.profileID },
		"created_at": func(*profiled) string { return "" },
	}
}

// profiledKind answers the calls of flavors or availability zones: anyone
// reads them, an admin writes them.
type profiledKind struct {
	*Cloud
	spec *profiledSpec
}

func (c profiledKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	s := c.spec
	idOf := func(o *profiled) string { return o.id }
	if s.byName {
		idOf = func(*profiled) string { return "None" }
	}
	return listPlainAs(c.Cloud, w, r, s.listKey, s.listKey+"_links", s.collection(c.Cloud), s.attrs, idOf)
}

func (c profiledKind) show(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	o, ok := c.spec.collection(c.Cloud).get(r.PathValue("id"))
	if !ok {
		return notFound(c.spec.title, r.PathValue("id"))
	}
	writeOne(w, http.StatusOK, c.spec.key, o, r)
	return nil
}

func (c profiledKind) create(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	s := c.spec
	b, err := s.decode(r)
	if err != nil {
		return err
	}
	if b.name == nil {
		return mandatory("name")
	}
	if b.profileID == nil {
		return mandatory(s.profileKey)
	}
	if _, ok := s.profile.collection(c.Cloud).get(*b.profileID); !ok {
		return invalidSubresource(s.profile.title, *b.profileID)
	}
	col := s.collection(c.Cloud)
	if slices.ContainsFunc(col.order, func(o *profiled) bool { return o.name == *b.name }) {
		return errorf(http.StatusConflict, s.duplicate, *b.name)
	}
	id := *b.name
	if !s.byName {
		id = newUUID(c.rng)
	}
	o := &profiled{meta: meta{id: id, name: *b.name, description: deref(b.description), enabled: b.enabled == nil || *b.enabled, created: now},
		spec: s, profileID: *b.profileID}
	col.add(o)
	writeOne(w, http.StatusCreated, s.key, o, r)
	return nil
}

func (c profiledKind) update(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	o, err := adminFind(k, r, c.spec.collection(c.Cloud), c.spec.title)
	if err != nil {
		return err
	}
	b, err := c.spec.decode(r)
	if err != nil {
		return err
	}
	o.update(b.name, b.description, b.enabled, nil) // a zone's name is nil: createOnly
	writeOne(w, http.StatusOK, c.spec.key, o, r)
	return nil
}

func (c profiledKind) delete(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return adminDelete(w, r, k, c.spec.collection(c.Cloud), c.spec.title, c.spec.title, func(id string) bool {
		return slices.ContainsFunc(c.lbs.order, func(lb *loadBalancer) bool { return c.spec.usedBy(lb, id) })
	})
}

// restore adds the kind's objects from s to an empty Cloud
// (Cloud.restore). Caller holds c.mu.
func (c profiledKind) restore(s *State) error {
	for _, o := range *c.spec.saved(s) {
		c.spec.collection(c.Cloud).add(&profiled{meta: o.meta(), spec: c.spec, profileID: o.ProfileID})
	}
	return nil
}

// save adds the kind's objects to s (Cloud.state). Caller holds c.mu.
func (c profiledKind) save(s *State) {
	saved := c.spec.saved(s)
	for _, o := range c.spec.collection(c.Cloud).order {
		*saved = append(*saved, stProfiled{metaOf(&o.meta), o.profileID})
	}
}
