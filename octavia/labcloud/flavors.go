package labcloud

import (
	"encoding/json"
	"net/http"
	"time"
)

type flavor struct {
	meta
	profileID string
}

type flavorProfile struct {
	meta
	provider string
	data     string
}

type availabilityZone struct {
	meta
	profileID string
}

type azProfile struct {
	meta
	provider string
	data     string
}

func (f *flavor) view() any {
	return map[string]any{"id": f.id, "name": f.name, "description": f.description, "enabled": f.enabled, "flavor_profile_id": f.profileID}
}

func (p *flavorProfile) view() any {
	return map[string]any{"id": p.id, "name": p.name, "provider_name": p.provider, "flavor_data": p.data}
}

func (a *availabilityZone) view() any {
	return map[string]any{"name": a.name, "description": a.description, "enabled": a.enabled, "availability_zone_profile_id": a.profileID}
}

func (p *azProfile) view() any {
	return map[string]any{"id": p.id, "name": p.name, "provider_name": p.provider, "availability_zone_data": p.data}
}

var (
	flavorAttrs = attrs[*flavor]{
		"id": func(f *flavor) string { return f.id }, "name": func(f *flavor) string { return f.name },
		"description": func(f *flavor) string { return f.description }, "enabled": func(f *flavor) string { return boolText(f.enabled) },
		"flavor_profile_id": func(f *flavor) string { return f.profileID },
		"created_at":        func(f *flavor) string { return "" },
	}
	flavorProfileAttrs = attrs[*flavorProfile]{
		"id": func(p *flavorProfile) string { return p.id }, "name": func(p *flavorProfile) string { return p.name },
		"provider_name": func(p *flavorProfile) string { return p.provider }, "flavor_data": func(p *flavorProfile) string { return p.data },
		"created_at": func(*flavorProfile) string { return "" },
	}
	azAttrs = attrs[*availabilityZone]{
		"name": func(a *availabilityZone) string { return a.name }, "description": func(a *availabilityZone) string { return a.description },
		"enabled":                      func(a *availabilityZone) string { return boolText(a.enabled) },
		"availability_zone_profile_id": func(a *availabilityZone) string { return a.profileID },
		"id":                           func(a *availabilityZone) string { return a.id },
		"created_at":                   func(*availabilityZone) string { return "" },
	}
	azProfileAttrs = attrs[*azProfile]{
		"id": func(p *azProfile) string { return p.id }, "name": func(p *azProfile) string { return p.name },
		"provider_name": func(p *azProfile) string { return p.provider }, "availability_zone_data": func(p *azProfile) string { return p.data },
		"created_at": func(*azProfile) string { return "" },
	}
)

// listPlain lists objects without tags or project scoping.
func listPlain[T object](c *Cloud, w http.ResponseWriter, r *http.Request, key string, col *collection[T], a attrs[T]) *apiError {
	return listPlainAs(c, w, r, key, key+"_links", col, a, func(o T) string { return o.base().id })
}

func listPlainAs[T object](c *Cloud, w http.ResponseWriter, r *http.Request, key, linksKey string, col *collection[T], a attrs[T], idOf func(T) string) *apiError {
	lq, err := parseList(r.URL.Query(), a, false, c.opts.MaxPageSize)
	if err != nil {
		return err
	}
	items, err := page(col, lq, a, func(T) bool { return true })
	if err != nil {
		return err
	}
	writeListAs(w, key, linksKey, items, lq, c.pathURL(r), idOf)
	return nil
}

// --- providers

func (c *Cloud) listProviders(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	list := []map[string]string{}
	for _, p := range providers {
		list = append(list, map[string]string{"name": p.name, "description": p.description})
	}
	writeJSON(w, http.StatusOK, map[string]any{"providers": list})
	return nil
}

var flavorCaps = []map[string]string{
	{"name": "loadbalancer_topology", "description": "The load balancer topology. One of: SINGLE - One amphora per load balancer. ACTIVE_STANDBY - Two amphora per load balancer."},
	{"name": "compute_flavor", "description": "The compute driver flavor ID."},
	{"name": "amp_image_tag", "description": "The amphora image tag."},
}

var azCaps = []map[string]string{
	{"name": "compute_zone", "description": "The compute availability zone."},
	{"name": "management_network", "description": "The management network ID for the amphora."},
	{"name": "valid_vip_networks", "description": "List of network IDs that are allowed for VIP use. This overrides/replaces the list of allowed networks configured in `octavia.conf`."},
}

func (c *Cloud) capabilities(w http.ResponseWriter, r *http.Request, k *caller, key string, caps []map[string]string) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	name := r.PathValue("provider")
	if !providerEnabled(name) {
		return errorf(http.StatusBadRequest, "Provider '%s' is not enabled.", name)
	}
	q := r.URL.Query()
	list := []map[string]string{}
	for _, cp := range caps {
		if n := q.Get("name"); n != "" && n != cp["name"] {
			continue
		}
		list = append(list, cp)
	}
	writeJSON(w, http.StatusOK, map[string]any{key: list})
	return nil
}

func (c *Cloud) flavorCapabilities(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return c.capabilities(w, r, k, "flavor_capabilities", flavorCaps)
}

func (c *Cloud) azCapabilities(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return c.capabilities(w, r, k, "availability_zone_capabilities", azCaps)
}

// --- shared body

type catalogBody struct {
	Name         *string `json:"name"`
	Description  *string `json:"description"`
	Enabled      *bool   `json:"enabled"`
	ProfileID    *string `json:"flavor_profile_id"`
	AZProfileID  *string `json:"availability_zone_profile_id"`
	ProviderName *string `json:"provider_name"`
	FlavorData   *string `json:"flavor_data"`
	AZData       *string `json:"availability_zone_data"`
}

func decodeWrapped(r *http.Request, key string) (*catalogBody, *apiError) {
	var b *catalogBody
	if err := decodeArg(r, key, &b); err != nil {
		return nil, err
	}
	return b, nil
}

// validCapabilities checks profile data against the provider's schema,
// answering 501 as Octavia's provider driver does.
func validCapabilities(provider, data string, caps []map[string]string) *apiError {
	var v map[string]any
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		return errorf(http.StatusBadRequest, "Validation failure: Failed to parse the flavor or availability zone data: %v", err)
	}
	for key := range v {
		known := false
		for _, cp := range caps {
			known = known || cp["name"] == key
		}
		if !known {
			return errorf(http.StatusNotImplemented, "Provider '%s' does not support a requested option: Additional properties are not allowed ('%s' was unexpected)", provider, key)
		}
	}
	return nil
}

// --- flavors

func (c *Cloud) listFlavors(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return listPlain(c, w, r, "flavors", c.flavors, flavorAttrs)
}

func (c *Cloud) showFlavor(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	f, ok := c.flavors.get(r.PathValue("id"))
	if !ok {
		return notFound("Flavor", r.PathValue("id"))
	}
	writeOne(w, http.StatusOK, "flavor", f, r)
	return nil
}

func (c *Cloud) createFlavor(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	b, err := decodeWrapped(r, "flavor")
	if err != nil {
		return err
	}
	if b.Name == nil {
		return mandatory("name")
	}
	if b.ProfileID == nil {
		return mandatory("flavor_profile_id")
	}
	if _, ok := c.flavorProfiles.get(*b.ProfileID); !ok {
		return invalidSubresource("Flavor profile", *b.ProfileID)
	}
	for _, f := range c.flavors.order {
		if f.name == *b.Name {
			return errorf(http.StatusConflict, "A flavor of %s already exists.", *b.Name)
		}
	}
	f := &flavor{meta: meta{id: newUUID(c.rng), name: *b.Name, description: deref(b.Description), enabled: b.Enabled == nil || *b.Enabled, created: now}, profileID: *b.ProfileID}
	c.flavors.add(f)
	writeOne(w, http.StatusCreated, "flavor", f, r)
	return nil
}

func (c *Cloud) updateFlavor(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	f, ok := c.flavors.get(r.PathValue("id"))
	if !ok {
		return notFound("Flavor", r.PathValue("id"))
	}
	b, err := decodeWrapped(r, "flavor")
	if err != nil {
		return err
	}
	f.update(b.Name, b.Description, b.Enabled, nil)
	writeOne(w, http.StatusOK, "flavor", f, r)
	return nil
}

func (c *Cloud) deleteFlavor(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	f, ok := c.flavors.get(r.PathValue("id"))
	if !ok {
		return notFound("Flavor", r.PathValue("id"))
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

// --- flavor profiles

func (c *Cloud) listFlavorProfiles(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	return listPlainAs(c, w, r, "flavorprofiles", "flavorprofile_links", c.flavorProfiles, flavorProfileAttrs, func(p *flavorProfile) string { return p.id })
}

func (c *Cloud) showFlavorProfile(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
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

func (c *Cloud) createFlavorProfile(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	b, err := decodeWrapped(r, "flavorprofile")
	if err != nil {
		return err
	}
	for _, f := range []struct {
		v *string
		n string
	}{{b.Name, "name"}, {b.ProviderName, "provider_name"}, {b.FlavorData, "flavor_data"}} {
		if f.v == nil {
			return mandatory(f.n)
		}
	}
	if !providerEnabled(*b.ProviderName) {
		return errorf(http.StatusBadRequest, "Provider '%s' is not enabled.", *b.ProviderName)
	}
	if err := validCapabilities(*b.ProviderName, *b.FlavorData, flavorCaps); err != nil {
		return err
	}
	p := &flavorProfile{meta: meta{id: newUUID(c.rng), name: *b.Name, created: now}, provider: *b.ProviderName, data: *b.FlavorData}
	c.flavorProfiles.add(p)
	writeOne(w, http.StatusCreated, "flavorprofile", p, r)
	return nil
}

func (c *Cloud) updateFlavorProfile(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	p, ok := c.flavorProfiles.get(r.PathValue("id"))
	if !ok {
		return notFound("Flavor profile", r.PathValue("id"))
	}
	b, err := decodeWrapped(r, "flavorprofile")
	if err != nil {
		return err
	}
	if b.FlavorData != nil {
		if err := validCapabilities(p.provider, *b.FlavorData, flavorCaps); err != nil {
			return err
		}
		p.data = *b.FlavorData
	}
	if b.ProviderName != nil {
		if !providerEnabled(*b.ProviderName) {
			return errorf(http.StatusBadRequest, "Provider '%s' is not enabled.", *b.ProviderName)
		}
		p.provider = *b.ProviderName
	}
	p.update(b.Name, nil, nil, nil)
	writeOne(w, http.StatusOK, "flavorprofile", p, r)
	return nil
}

func (c *Cloud) deleteFlavorProfile(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
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

// --- availability zones (keyed by name)

func (c *Cloud) listAZs(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return listPlainAs(c, w, r, "availability_zones", "availability_zones_links", c.azs, azAttrs, func(*availabilityZone) string { return "None" })
}

func (c *Cloud) showAZ(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	a, ok := c.azs.get(r.PathValue("id"))
	if !ok {
		return notFound("Availability Zone", r.PathValue("id"))
	}
	writeOne(w, http.StatusOK, "availability_zone", a, r)
	return nil
}

func (c *Cloud) createAZ(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	b, err := decodeWrapped(r, "availability_zone")
	if err != nil {
		return err
	}
	if b.Name == nil {
		return mandatory("name")
	}
	if b.AZProfileID == nil {
		return mandatory("availability_zone_profile_id")
	}
	if _, ok := c.azProfiles.get(*b.AZProfileID); !ok {
		return invalidSubresource("Availability zone profile", *b.AZProfileID)
	}
	if _, dup := c.azs.get(*b.Name); dup {
		return errorf(http.StatusConflict, "An availability zone of %s already exists.", *b.Name)
	}
	a := &availabilityZone{meta: meta{id: *b.Name, name: *b.Name, description: deref(b.Description), enabled: b.Enabled == nil || *b.Enabled, created: now}, profileID: *b.AZProfileID}
	c.azs.add(a)
	writeOne(w, http.StatusCreated, "availability_zone", a, r)
	return nil
}

func (c *Cloud) updateAZ(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	a, ok := c.azs.get(r.PathValue("id"))
	if !ok {
		return notFound("Availability Zone", r.PathValue("id"))
	}
	b, err := decodeWrapped(r, "availability_zone")
	if err != nil {
		return err
	}
	a.update(nil, b.Description, b.Enabled, nil)
	writeOne(w, http.StatusOK, "availability_zone", a, r)
	return nil
}

func (c *Cloud) deleteAZ(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	a, ok := c.azs.get(r.PathValue("id"))
	if !ok {
		return notFound("Availability Zone", r.PathValue("id"))
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

// --- availability zone profiles

func (c *Cloud) listAZProfiles(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	return listPlainAs(c, w, r, "availability_zone_profiles", "availability_zone_profile_links", c.azProfiles, azProfileAttrs, func(p *azProfile) string { return p.id })
}

func (c *Cloud) showAZProfile(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
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

func (c *Cloud) createAZProfile(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	b, err := decodeWrapped(r, "availability_zone_profile")
	if err != nil {
		return err
	}
	for _, f := range []struct {
		v *string
		n string
	}{{b.Name, "name"}, {b.ProviderName, "provider_name"}, {b.AZData, "availability_zone_data"}} {
		if f.v == nil {
			return mandatory(f.n)
		}
	}
	if !providerEnabled(*b.ProviderName) {
		return errorf(http.StatusBadRequest, "Provider '%s' is not enabled.", *b.ProviderName)
	}
	if err := validCapabilities(*b.ProviderName, *b.AZData, azCaps); err != nil {
		return err
	}
	p := &azProfile{meta: meta{id: newUUID(c.rng), name: *b.Name, created: now}, provider: *b.ProviderName, data: *b.AZData}
	c.azProfiles.add(p)
	writeOne(w, http.StatusCreated, "availability_zone_profile", p, r)
	return nil
}

func (c *Cloud) updateAZProfile(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	p, ok := c.azProfiles.get(r.PathValue("id"))
	if !ok {
		return notFound("Availability Zone Profile", r.PathValue("id"))
	}
	b, err := decodeWrapped(r, "availability_zone_profile")
	if err != nil {
		return err
	}
	if b.AZData != nil {
		if err := validCapabilities(p.provider, *b.AZData, azCaps); err != nil {
			return err
		}
		p.data = *b.AZData
	}
	p.update(b.Name, nil, nil, nil)
	writeOne(w, http.StatusOK, "availability_zone_profile", p, r)
	return nil
}

func (c *Cloud) deleteAZProfile(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
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
