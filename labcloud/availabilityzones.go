package labcloud

import (
	"net/http"
	"time"
)

// availabilityZone is an Octavia availability zone, keyed by name.
type availabilityZone struct {
	meta
	profileID string
}

func (a *availabilityZone) view() any {
	return map[string]any{"name": a.name, "description": a.description, "enabled": a.enabled, "availability_zone_profile_id": a.profileID}
}

var azAttrs = attrs[*availabilityZone]{
	"name": func(a *availabilityZone) string { return a.name }, "description": func(a *availabilityZone) string { return a.description },
	"enabled":                      func(a *availabilityZone) string { return boolText(a.enabled) },
	"availability_zone_profile_id": func(a *availabilityZone) string { return a.profileID },
	"id":                           func(a *availabilityZone) string { return a.id },
	"created_at":                   func(*availabilityZone) string { return "" },
}

// azBody is an availability zone's create and update body (an update may
// carry neither name nor availability_zone_profile_id: see createOnly).
type azBody struct {
	Name                      *string `json:"name"`
	Description               *string `json:"description"`
	Enabled                   *bool   `json:"enabled"`
	AvailabilityZoneProfileID *string `json:"availability_zone_profile_id"`
}

func (c azKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return listPlainAs(c.Cloud, w, r, "availability_zones", "availability_zones_links", c.azs, azAttrs, func(*availabilityZone) string { return "None" })
}

func (c azKind) show(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	a, ok := c.azs.get(r.PathValue("id"))
	if !ok {
		return notFound("Availability Zone", r.PathValue("id"))
	}
	writeOne(w, http.StatusOK, "availability_zone", a, r)
	return nil
}

func (c azKind) create(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	b, err := decodeBodyArg[azBody](r, "availability_zone")
	if err != nil {
		return err
	}
	if b.Name == nil {
		return mandatory("name")
	}
	if b.AvailabilityZoneProfileID == nil {
		return mandatory("availability_zone_profile_id")
	}
	if _, ok := c.azProfiles.get(*b.AvailabilityZoneProfileID); !ok {
		return invalidSubresource("Availability zone profile", *b.AvailabilityZoneProfileID)
	}
	if _, dup := c.azs.get(*b.Name); dup {
		return errorf(http.StatusConflict, "An availability zone of %s already exists.", *b.Name)
	}
	a := &availabilityZone{meta: meta{id: *b.Name, name: *b.Name, description: deref(b.Description), enabled: b.Enabled == nil || *b.Enabled, created: now}, profileID: *b.AvailabilityZoneProfileID}
	c.azs.add(a)
	writeOne(w, http.StatusCreated, "availability_zone", a, r)
	return nil
}

func (c azKind) update(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	a, err := adminFind(k, r, c.azs, "Availability Zone")
	if err != nil {
		return err
	}
	b, err := decodeBodyArg[azBody](r, "availability_zone")
	if err != nil {
		return err
	}
	a.update(nil, b.Description, b.Enabled, nil)
	writeOne(w, http.StatusOK, "availability_zone", a, r)
	return nil
}

func (c azKind) delete(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	a, err := adminFind(k, r, c.azs, "Availability Zone")
	if err != nil {
		return err
	}
	for _, lb := range c.lbs.order {
		if lb.az == a.name {
			return errorf(http.StatusConflict, "Availability Zone %s is in use and cannot be modified.", a.name)
		}
	}
	c.azs.remove(a)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// restore adds its availability zones from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c azKind) restore(s *State) error {
	for _, a := range s.AZs {
		c.azs.add(&availabilityZone{meta: a.meta(), profileID: a.ProfileID})
	}
	return nil
}

// save adds its availability zones to s (Cloud.state). Caller holds c.mu.
func (c azKind) save(s *State) {
	for _, a := range c.azs.order {
		s.AZs = append(s.AZs, stProfiled{metaOf(&a.meta), a.profileID})
	}
}
