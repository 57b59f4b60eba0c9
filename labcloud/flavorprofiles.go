package labcloud

import (
	"net/http"
	"time"
)

// flavorProfile is a provider's flavor configuration (flavor_data, JSON).
type flavorProfile struct {
	meta
	provider string
	data     string
}

func (p *flavorProfile) view() any {
	return map[string]any{"id": p.id, "name": p.name, "provider_name": p.provider, "flavor_data": p.data}
}

var flavorProfileAttrs = attrs[*flavorProfile]{
	"id": func(p *flavorProfile) string { return p.id }, "name": func(p *flavorProfile) string { return p.name },
	"provider_name": func(p *flavorProfile) string { return p.provider }, "flavor_data": func(p *flavorProfile) string { return p.data },
	"created_at": func(*flavorProfile) string { return "" },
}

// flavorProfileBody is a flavor profile's create and update body.
type flavorProfileBody struct {
	Name         *string `json:"name"`
	ProviderName *string `json:"provider_name"`
	FlavorData   *string `json:"flavor_data"`
}

func (c flavorProfileKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	return listPlainAs(c.Cloud, w, r, "flavorprofiles", "flavorprofile_links", c.flavorProfiles, flavorProfileAttrs, func(p *flavorProfile) string { return p.id })
}

func (c flavorProfileKind) show(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	p, ok := c.flavorProfiles.get(r.PathValue("id"))
	if !ok {
		return notFound("Flavor profile", r.PathValue("id"))
	}
	writeOne(w, http.StatusOK, "flavorprofile", p, r)
	return nil
}

func (c flavorProfileKind) create(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	b, err := decodeBodyArg[flavorProfileBody](r, "flavorprofile")
	if err != nil {
		return err
	}
	if err := checkNewProfile(b.Name, b.ProviderName, b.FlavorData, "flavor_data", flavorCaps); err != nil {
		return err
	}
	p := &flavorProfile{meta: meta{id: newUUID(c.rng), name: *b.Name, created: now}, provider: *b.ProviderName, data: *b.FlavorData}
	c.flavorProfiles.add(p)
	writeOne(w, http.StatusCreated, "flavorprofile", p, r)
	return nil
}

func (c flavorProfileKind) update(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	p, ok := c.flavorProfiles.get(r.PathValue("id"))
	if !ok {
		return notFound("Flavor profile", r.PathValue("id"))
	}
	b, err := decodeBodyArg[flavorProfileBody](r, "flavorprofile")
	if err != nil {
		return err
	}
	if err := updateProfile(&p.provider, &p.data, b.ProviderName, b.FlavorData, flavorCaps); err != nil {
		return err
	}
	p.update(b.Name, nil, nil, nil)
	writeOne(w, http.StatusOK, "flavorprofile", p, r)
	return nil
}

func (c flavorProfileKind) delete(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	p, ok := c.flavorProfiles.get(r.PathValue("id"))
	if !ok {
		return notFound("Flavor profile", r.PathValue("id"))
	}
	for _, f := range c.flavors.order {
		if f.profileID == p.id {
			return errorf(http.StatusConflict, "Flavor profile %s is in use and cannot be modified.", p.id)
		}
	}
	c.flavorProfiles.remove(p)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// restore adds its flavor profiles from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c flavorProfileKind) restore(s *State) error {
	for _, p := range s.FlavorProfiles {
		c.flavorProfiles.add(&flavorProfile{meta: p.meta(), provider: p.Provider, data: p.Data})
	}
	return nil
}

// save adds its flavor profiles to s (Cloud.state). Caller holds c.mu.
func (c flavorProfileKind) save(s *State) {
	for _, p := range c.flavorProfiles.order {
		s.FlavorProfiles = append(s.FlavorProfiles, stProfile{metaOf(&p.meta), p.provider, p.data})
	}
}
