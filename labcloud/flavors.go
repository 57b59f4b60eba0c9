package labcloud

import (
	"net/http"
	"time"
)

// flavor is an Octavia flavor: a named, enabled or not, flavor profile.
type flavor struct {
	meta
	profileID string
}

func (f *flavor) view() any {
	return map[string]any{"id": f.id, "name": f.name, "description": f.description, "enabled": f.enabled, "flavor_profile_id": f.profileID}
}

var flavorAttrs = attrs[*flavor]{
	"id": func(f *flavor) string { return f.id }, "name": func(f *flavor) string { return f.name },
	"description": func(f *flavor) string { return f.description }, "enabled": func(f *flavor) string { return boolText(f.enabled) },
	"flavor_profile_id": func(f *flavor) string { return f.profileID },
	"created_at":        func(f *flavor) string { return "" },
}

// flavorBody is a flavor's create and update body (an update may not
// carry flavor_profile_id: see createOnly).
type flavorBody struct {
	Name            *string `json:"name"`
	Description     *string `json:"description"`
	Enabled         *bool   `json:"enabled"`
	FlavorProfileID *string `json:"flavor_profile_id"`
}

func (c flavorKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return listPlain(c.Cloud, w, r, "flavors", c.flavors, flavorAttrs)
}

func (c flavorKind) show(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	f, ok := c.flavors.get(r.PathValue("id"))
	if !ok {
		return notFound("Flavor", r.PathValue("id"))
	}
	writeOne(w, http.StatusOK, "flavor", f, r)
	return nil
}

func (c flavorKind) create(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	b, err := decodeBodyArg[flavorBody](r, "flavor")
	if err != nil {
		return err
	}
	if b.Name == nil {
		return mandatory("name")
	}
	if b.FlavorProfileID == nil {
		return mandatory("flavor_profile_id")
	}
	if _, ok := c.flavorProfiles.get(*b.FlavorProfileID); !ok {
		return invalidSubresource("Flavor profile", *b.FlavorProfileID)
	}
	for _, f := range c.flavors.order {
		if f.name == *b.Name {
			return errorf(http.StatusConflict, "A flavor of %s already exists.", *b.Name)
		}
	}
	f := &flavor{meta: meta{id: newUUID(c.rng), name: *b.Name, description: deref(b.Description), enabled: b.Enabled == nil || *b.Enabled, created: now}, profileID: *b.FlavorProfileID}
	c.flavors.add(f)
	writeOne(w, http.StatusCreated, "flavor", f, r)
	return nil
}

func (c flavorKind) update(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	f, err := adminFind(k, r, c.flavors, "Flavor")
	if err != nil {
		return err
	}
	b, err := decodeBodyArg[flavorBody](r, "flavor")
	if err != nil {
		return err
	}
	f.update(b.Name, b.Description, b.Enabled, nil)
	writeOne(w, http.StatusOK, "flavor", f, r)
	return nil
}

func (c flavorKind) delete(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	f, err := adminFind(k, r, c.flavors, "Flavor")
	if err != nil {
		return err
	}
	for _, lb := range c.lbs.order {
		if lb.flavorID == f.id {
			return errorf(http.StatusConflict, "Flavor %s is in use and cannot be modified.", f.id)
		}
	}
	c.flavors.remove(f)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// restore adds its flavors from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c flavorKind) restore(s *State) error {
	for _, f := range s.Flavors {
		c.flavors.add(&flavor{meta: f.meta(), profileID: f.ProfileID})
	}
	return nil
}

// save adds its flavors to s (Cloud.state). Caller holds c.mu.
func (c flavorKind) save(s *State) {
	for _, f := range c.flavors.order {
		s.Flavors = append(s.Flavors, stProfiled{metaOf(&f.meta), f.profileID})
	}
}
