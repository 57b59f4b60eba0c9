package labcloud

import (
	"net/http"
	"time"
)

// azProfile is a provider's availability zone configuration
// (availability_zone_data, JSON).
type azProfile struct {
	meta
	provider string
	data     string
}

func (p *azProfile) view() any {
	return map[string]any{"id": p.id, "name": p.name, "provider_name": p.provider, "availability_zone_data": p.data}
}

var azProfileAttrs = attrs[*azProfile]{
	"id": func(p *azProfile) string { return p.id }, "name": func(p *azProfile) string { return p.name },
	"provider_name": func(p *azProfile) string { return p.provider }, "availability_zone_data": func(p *azProfile) string { return p.data },
	"created_at": func(*azProfile) string { return "" },
}

// azProfileBody is an availability zone profile's create and update body.
type azProfileBody struct {
	Name                 *string `json:"name"`
	ProviderName         *string `json:"provider_name"`
	AvailabilityZoneData *string `json:"availability_zone_data"`
}

func (c azProfileKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	return listPlainAs(c.Cloud, w, r, "availability_zone_profiles", "availability_zone_profile_links", c.azProfiles, azProfileAttrs, func(p *azProfile) string { return p.id })
}

func (c azProfileKind) show(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	p, ok := c.azProfiles.get(r.PathValue("id"))
	if !ok {
		return notFound("Availability Zone Profile", r.PathValue("id"))
	}
	writeOne(w, http.StatusOK, "availability_zone_profile", p, r)
	return nil
}

func (c azProfileKind) create(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	b, err := decodeBodyArg[azProfileBody](r, "availability_zone_profile")
	if err != nil {
		return err
	}
	if err := checkNewProfile(b.Name, b.ProviderName, b.AvailabilityZoneData, "availability_zone_data", azCaps); err != nil {
		return err
	}
	p := &azProfile{meta: meta{id: newUUID(c.rng), name: *b.Name, created: now}, provider: *b.ProviderName, data: *b.AvailabilityZoneData}
	c.azProfiles.add(p)
	writeOne(w, http.StatusCreated, "availability_zone_profile", p, r)
	return nil
}

func (c azProfileKind) update(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	p, ok := c.azProfiles.get(r.PathValue("id"))
	if !ok {
		return notFound("Availability Zone Profile", r.PathValue("id"))
	}
	b, err := decodeBodyArg[azProfileBody](r, "availability_zone_profile")
	if err != nil {
		return err
	}
	if err := updateProfile(&p.provider, &p.data, b.ProviderName, b.AvailabilityZoneData, azCaps); err != nil {
		return err
	}
	p.update(b.Name, nil, nil, nil)
	writeOne(w, http.StatusOK, "availability_zone_profile", p, r)
	return nil
}

func (c azProfileKind) delete(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	p, ok := c.azProfiles.get(r.PathValue("id"))
	if !ok {
		return notFound("Availability Zone Profile", r.PathValue("id"))
	}
	for _, a := range c.azs.order {
		if a.profileID == p.id {
			return errorf(http.StatusConflict, "Availability zone profile %s is in use and cannot be modified.", p.id)
		}
	}
	c.azProfiles.remove(p)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// restore adds its availability zone profiles from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c azProfileKind) restore(s *State) error {
	for _, p := range s.AZProfiles {
		c.azProfiles.add(&azProfile{meta: p.meta(), provider: p.Provider, data: p.Data})
	}
	return nil
}

// save adds its availability zone profiles to s (Cloud.state). Caller holds c.mu.
func (c azProfileKind) save(s *State) {
	for _, p := range c.azProfiles.order {
		s.AZProfiles = append(s.AZProfiles, stProfile{metaOf(&p.meta), p.provider, p.data})
	}
}
