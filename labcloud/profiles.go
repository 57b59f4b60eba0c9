package labcloud

import (
	"net/http"
	"time"
)

// profile is a provider's configuration of one of Octavia's two profile
// kinds (its spec: flavor profiles, availability zone profiles), data
// being the kind's JSON (flavor_data, availability_zone_data).
type profile struct {
	meta
	spec     *profileSpec
	provider string
	data     string
}

func (p *profile) view() any {
	return map[string]any{"id": p.id, "name": p.name, "provider_name": p.provider, p.spec.dataKey: p.data}
}

// profileSpec is what tells Octavia's profile kinds apart; their calls are
// the same (profileKind). A spec is never changed.
type profileSpec struct {
	key, listKey, linksKey string // "flavorprofile", "flavorprofiles", "flavorprofile_links"
	dataKey                string // "flavor_data"
	notFound               string // the kind in Octavia's 404: "Flavor profile"
	title                  string // the kind in Octavia's 409 and a flavor's (zone's) 400 naming it
	caps                   []map[string]string
	attrs                  attrs[*profile]
	decode                 func(r *http.Request) (profileBody, *apiError)
	collection             func(c *Cloud) *collection[*profile]
	usedBy                 func(c *Cloud, id string) bool // a flavor (zone) uses profile id
	saved                  func(s *State) *[]stProfile
}

// profileBody is a profile's create or update body, whichever its kind's
// wire names.
type profileBody struct{ name, provider, data *string }

// profileAttrs are a profile kind's list filters, its data under dataKey.
func profileAttrs(dataKey string) attrs[*profile] {
	return attrs[*profile]{
		"id": func(p *profile) string { return p.id }, "name": func(p *profile) string { return p.name },
		"provider_name": func(p *profile) string { return p.provider }, dataKey: func(p *profile) string { return p.data },
		"created_at": func(*profile) string { return "" },
	}
}

// profileKind answers the calls of one profile kind, admin only.
type profileKind struct {
	*Cloud
	spec *profileSpec
}

func (c profileKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	s := c.spec
	return listPlainAs(c.Cloud, w, r, s.listKey, s.linksKey, s.collection(c.Cloud), s.attrs, func(p *profile) string { return p.id })
}

// find is the profile of the request's {id}, for an admin.
func (c profileKind) find(r *http.Request, k *caller) (*profile, *apiError) {
	return adminFind(k, r, c.spec.collection(c.Cloud), c.spec.notFound)
}

func (c profileKind) show(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return showOne(w, r, k, c.spec.key, c.find)
}

func (c profileKind) create(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	b, err := c.spec.decode(r)
	if err != nil {
		return err
	}
	if err := checkNewProfile(b.name, b.provider, b.data, c.spec.dataKey, c.spec.caps); err != nil {
		return err
	}
	p := &profile{meta: meta{id: newUUID(c.rng), name: *b.name, created: now}, spec: c.spec, provider: *b.provider, data: *b.data}
	c.spec.collection(c.Cloud).add(p)
	writeOne(w, http.StatusCreated, c.spec.key, p, r)
	return nil
}

func (c profileKind) update(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	p, err := c.find(r, k)
	if err != nil {
		return err
	}
	b, err := c.spec.decode(r)
	if err != nil {
		return err
	}
	if err := updateProfile(&p.provider, &p.data, b.provider, b.data, c.spec.caps); err != nil {
		return err
	}
	p.update(b.name, nil, nil, nil)
	writeOne(w, http.StatusOK, c.spec.key, p, r)
	return nil
}

func (c profileKind) delete(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return adminDelete(w, r, k, c.spec.collection(c.Cloud), c.spec.notFound, c.spec.title, func(id string) bool {
		return c.spec.usedBy(c.Cloud, id)
	})
}

// restore adds the kind's profiles from s to an empty Cloud
// (Cloud.restore). Caller holds c.mu.
func (c profileKind) restore(s *State) error {
	for _, p := range *c.spec.saved(s) {
		c.spec.collection(c.Cloud).add(&profile{meta: p.meta(), spec: c.spec, provider: p.Provider, data: p.Data})
	}
	return nil
}

// save adds the kind's profiles to s (Cloud.state). Caller holds c.mu.
func (c profileKind) save(s *State) {
	saved := c.spec.saved(s)
	for _, p := range c.spec.collection(c.Cloud).order {
		*saved = append(*saved, stProfile{metaOf(&p.meta), p.provider, p.data})
	}
}
