package labcloud

import (
	"net/http"
	"testing"
)

// TestProfiledKinds: flavors and availability zones answer alike (one
// handler, profiledKind) but for what Octavia does differently: a flavor
// has an id of its own and may be renamed; a zone is keyed by its name,
// has no id in its view and keeps its name. Each refuses a duplicate name,
// a profile that does not exist and, while a load balancer uses it, a
// delete, with Octavia's words; so does its profile while it names it.
func TestProfiledKinds(t *testing.T) {
	const base = "/load-balancer/v2/lbaas/"
	tests := []struct {
		name        string
		key, path   string // the body's key, the collection's path
		profileKey  string // the attribute naming its profile
		profileBody string // the profile's body key; its path is the kind's + "profiles"
		profileData map[string]any
		lbKey       string // a load balancer's attribute naming one
		title       string // the kind in Octavia's 404 and 409
		noProfile   string // Octavia's 400 for a profile "nope"
		profile404  string // the profile kind in Octavia's 404
		profile409  string // the profile kind in Octavia's 409
		duplicate   string // Octavia's 409 for a second "gold"
		byName      bool
	}{
		{name: "flavor", key: "flavor", path: "flavors", profileKey: "flavor_profile_id", profileBody: "flavorprofile",
			profileData: map[string]any{"flavor_data": `{"loadbalancer_topology": "SINGLE"}`}, lbKey: "flavor_id", title: "Flavor",
			noProfile: "Flavor profile nope not found.", profile404: "Flavor profile", profile409: "Flavor profile",
			duplicate: "A flavor of gold already exists."},
		{name: "availability zone", key: "availability_zone", path: "availabilityzones", profileKey: "availability_zone_profile_id",
			profileBody: "availability_zone_profile", profileData: map[string]any{"availability_zone_data": `{"compute_zone": "nova"}`},
			lbKey: "availability_zone", title: "Availability Zone", noProfile: "Availability zone profile nope not found.",
			profile404: "Availability Zone Profile", profile409: "Availability zone profile",
			duplicate: "An availability zone of gold already exists.", byName: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New(Options{})
			admin := login(t, c, "admin")
			profile := map[string]any{"name": "p", "provider_name": "amphora"}
			for k, v := range tt.profileData {
				profile[k] = v
			}
			pid := obj(admin.must(http.StatusCreated, http.MethodPost, base+tt.path[:len(tt.path)-1]+"profiles", map[string]any{tt.profileBody: profile}).json(t), tt.profileBody)["id"].(string)
			body := func(fields map[string]any) map[string]any { return map[string]any{tt.key: fields} }

			if got := admin.must(http.StatusBadRequest, http.MethodPost, base+tt.path, body(map[string]any{"name": "x", tt.profileKey: "nope"})).fault(t); got != tt.noProfile {
				t.Errorf("unknown profile: got %q, want %q", got, tt.noProfile)
			}
			o := obj(admin.must(http.StatusCreated, http.MethodPost, base+tt.path, body(map[string]any{"name": "gold", "description": "d", tt.profileKey: pid})).json(t), tt.key)
			id, hasID := o["id"].(string)
			if hasID == tt.byName {
				t.Errorf("view %v: an id of its own %v, want %v", o, hasID, !tt.byName)
			}
			if tt.byName {
				id = "gold"
			}
			if o["name"] != "gold" || o["description"] != "d" || o["enabled"] != true || o[tt.profileKey] != pid {
				t.Errorf("view: got %v", o)
			}
			if got := admin.must(http.StatusConflict, http.MethodPost, base+tt.path, body(map[string]any{"name": "gold", tt.profileKey: pid})).fault(t); got != tt.duplicate {
				t.Errorf("a duplicate name: got %q, want %q", got, tt.duplicate)
			}
			if got, want := admin.must(http.StatusNotFound, http.MethodGet, base+tt.path+"/nope", nil).fault(t), tt.title+" nope not found."; got != want {
				t.Errorf("unknown: got %q, want %q", got, want)
			}
			admin.must(http.StatusOK, http.MethodGet, base+tt.path+"/"+id, nil)
			rename := admin.do(http.MethodPut, base+tt.path+"/"+id, body(map[string]any{"name": "platinum"}))
			if renamed := rename.status == http.StatusOK; renamed == tt.byName {
				t.Errorf("rename: got %d %s, want it allowed %v", rename.status, rename.body, !tt.byName)
			}
			upd := obj(admin.must(http.StatusOK, http.MethodPut, base+tt.path+"/"+id, body(map[string]any{"description": "e", "enabled": false})).json(t), tt.key)
			if upd["description"] != "e" || upd["enabled"] != false {
				t.Errorf("update: got %v", upd)
			}
			admin.must(http.StatusOK, http.MethodPut, base+tt.path+"/"+id, body(map[string]any{"enabled": true}))
			if got := names(t, admin.must(http.StatusOK, http.MethodGet, base+tt.path+"?"+tt.profileKey+"="+pid, nil), tt.key+"s"); len(got) != 1 {
				t.Errorf("listed by profile: got %v, want one", got)
			}
			lb := admin.createLB("web", map[string]any{tt.lbKey: id})
			if got, want := admin.must(http.StatusConflict, http.MethodDelete, base+tt.path+"/"+id, nil).fault(t), tt.title+" "+id+" is in use and cannot be modified."; got != want {
				t.Errorf("delete in use: got %q, want %q", got, want)
			}
			if lb[tt.lbKey] != id {
				t.Errorf("the load balancer's %s: got %v, want %s", tt.lbKey, lb[tt.lbKey], id)
			}
			other := obj(admin.must(http.StatusCreated, http.MethodPost, base+tt.path, body(map[string]any{"name": "spare", tt.profileKey: pid})).json(t), tt.key)
			spare := "spare"
			if !tt.byName {
				spare = other["id"].(string)
			}
			admin.must(http.StatusNoContent, http.MethodDelete, base+tt.path+"/"+spare, nil)
			admin.must(http.StatusNotFound, http.MethodGet, base+tt.path+"/"+spare, nil)

			profiles := base + tt.path[:len(tt.path)-1] + "profiles/"
			if got, want := admin.must(http.StatusConflict, http.MethodDelete, profiles+pid, nil).fault(t), tt.profile409+" "+pid+" is in use and cannot be modified."; got != want {
				t.Errorf("delete a profile in use: got %q, want %q", got, want)
			}
			if got, want := admin.must(http.StatusNotFound, http.MethodDelete, profiles+"nope", nil).fault(t), tt.profile404+" nope not found."; got != want {
				t.Errorf("delete an unknown profile: got %q, want %q", got, want)
			}
		})
	}
}
