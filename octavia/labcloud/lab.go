package labcloud

import (
	"net/http"
	"time"
)

// labRoutes registers the lab control API (admin token only):
//
//	GET /lab/faults   the current Faults
//	PUT /lab/faults   replace them (a Faults JSON object)
//	GET /lab/users    the lab users and their passwords
func (c *Cloud) labRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /lab/faults", c.labAdmin(func(w http.ResponseWriter, r *http.Request, now time.Time) {
		writeJSON(w, http.StatusOK, c.faults)
	}))
	mux.HandleFunc("PUT /lab/faults", c.labAdmin(func(w http.ResponseWriter, r *http.Request, now time.Time) {
		var f Faults
		if err := decodeBody(r, &f); err != nil {
			keystoneError(w, http.StatusBadRequest, "faults: "+err.Error())
			return
		}
		if err := f.validate(); err != nil {
			keystoneError(w, http.StatusBadRequest, "faults: "+err.Error())
			return
		}
		c.setFaults(f, now)
		c.opts.Logger.Info("lab faults changed", "faults", f)
		writeJSON(w, http.StatusOK, c.faults)
	}))
	mux.HandleFunc("GET /lab/users", c.labAdmin(func(w http.ResponseWriter, r *http.Request, now time.Time) {
		list := []map[string]string{}
		for _, u := range c.users {
			list = append(list, map[string]string{"name": u.name, "password": u.plain, "project": u.project.name, "project_id": u.project.id, "role": u.role})
		}
		writeJSON(w, http.StatusOK, map[string]any{"users": list})
	}))
	mux.HandleFunc("/lab/", func(w http.ResponseWriter, r *http.Request) {
		keystoneError(w, http.StatusNotFound, "The resource could not be found.")
	})
}

// labAdmin locks the cloud, completes due transitions and requires an
// admin token.
func (c *Cloud) labAdmin(h func(http.ResponseWriter, *http.Request, time.Time)) http.HandlerFunc {
	return c.authed(func(w http.ResponseWriter, r *http.Request, t *token, now time.Time) {
		if !t.hasRole(roleAdmin) {
			keystoneError(w, http.StatusForbidden, "The lab control API needs an admin token.")
			return
		}
		c.advance(now)
		h(w, r, now)
	})
}

// SetFaults replaces the injected faults, as PUT /lab/faults does.
func (c *Cloud) SetFaults(f Faults) error {
	if err := f.validate(); err != nil {
		return err
	}
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.advance(now)
	c.setFaults(f, now)
	return nil
}

// Faults returns the injected faults.
func (c *Cloud) Faults() Faults {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.faults
}
