package labcloud

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// labAPI answers the lab's control API under /lab/ for the Cloud it holds.
type labAPI struct{ *Cloud }

// routes registers the lab control API (admin token only):
//
//	GET /lab/faults   the current lab-wide Faults (?project=NAME: that project's own)
//	PUT /lab/faults   replace them (a Faults JSON object; ?project=A,B: those projects' own)
//	GET /lab/projects/faults              every project's own faults, by project name
//	POST /lab/projects/{project}/reset     empty a project (ResetProject)
//	POST /lab/projects/{project}/scenario  seed a Scenario into it (LoadScenarioInto)
//	GET /lab/class    the class (Class), as the trainer's page shows it
//	GET /lab/exercise, PUT /lab/exercise[?setup=true]  the exercise (an Exercise JSON; {} for none)
//	GET /lab/state    the whole lab (State); PUT /lab/state replaces it
//	GET /lab/users    the lab users and their passwords
func (c labAPI) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /lab/faults", c.labAdmin(func(w http.ResponseWriter, r *http.Request, now time.Time) {
		if ref := r.URL.Query().Get("project"); ref != "" {
			p := c.findProject(ref)
			if p == nil {
				keystoneError(w, http.StatusNotFound, "No project "+ref+".")
				return
			}
			writeJSON(w, http.StatusOK, c.faults.own[p.id])
			return
		}
		writeJSON(w, http.StatusOK, c.faults.lab)
	}))
	mux.HandleFunc("GET /lab/projects/faults", c.labAdmin(func(w http.ResponseWriter, r *http.Request, now time.Time) {
		writeJSON(w, http.StatusOK, c.faults.byName(c.projectsByID))
	}))
	mux.HandleFunc("POST /lab/projects/{project}/reset", c.labAdminUnlocked(func(w http.ResponseWriter, r *http.Request) {
		if err := c.ResetProject([]string{r.PathValue("project")}); err != nil {
			keystoneError(w, http.StatusNotFound, err.Error())
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	mux.HandleFunc("POST /lab/projects/{project}/scenario", c.labAdminUnlocked(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		s, err := ParseScenario(b)
		if err == nil {
			err = c.LoadScenarioInto([]string{r.PathValue("project")}, s)
		}
		if err != nil {
			keystoneError(w, http.StatusBadRequest, err.Error())
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	mux.HandleFunc("GET /lab/class", c.labAdminUnlocked(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, c.Class())
	}))
	mux.HandleFunc("GET /lab/exercise", c.labAdmin(func(w http.ResponseWriter, r *http.Request, now time.Time) {
		writeJSON(w, http.StatusOK, c.exercise)
	}))
	mux.HandleFunc("PUT /lab/exercise", c.labAdminUnlocked(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var e *Exercise
		if t := bytes.TrimSpace(b); !bytes.Equal(t, []byte("{}")) && !bytes.Equal(t, []byte("null")) {
			var err error
			if e, err = ParseExercise("exercise", b); err != nil {
				keystoneError(w, http.StatusBadRequest, err.Error())
				return
			}
		}
		setup, _ := strconv.ParseBool(r.URL.Query().Get("setup"))
		if err := c.SetExercise(e, setup); err != nil {
			keystoneError(w, http.StatusBadRequest, err.Error())
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	mux.HandleFunc("GET /lab/state", c.labAdminUnlocked(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, c.State())
	}))
	mux.HandleFunc("PUT /lab/state", c.labAdminUnlocked(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		s, err := ParseState(b)
		if err == nil {
			err = c.ReplaceState(s)
		}
		if err != nil {
			keystoneError(w, http.StatusBadRequest, "state: "+err.Error())
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	mux.HandleFunc("PUT /lab/faults", c.labAdmin(func(w http.ResponseWriter, r *http.Request, now time.Time) {
		var f Faults
		if err := decodeBody(r, &f); err != nil {
			keystoneError(w, http.StatusBadRequest, "faults: "+err.Error())
			return
		}
		if err := validateFaults(&f); err != nil {
			keystoneError(w, http.StatusBadRequest, "faults: "+err.Error())
			return
		}
		if refs := r.URL.Query().Get("project"); refs != "" {
			ps, err := c.resolveProjects(strings.Split(refs, ","))
			if err != nil {
				keystoneError(w, http.StatusNotFound, "faults: "+err.Error())
				return
			}
			for _, p := range ps {
				c.setProjectFaults(p, f, now)
			}
			c.markChanged()
			c.opts.Logger.Info("lab faults changed", "projects", refs, "faults", f)
			writeJSON(w, http.StatusOK, f)
			return
		}
		c.setFaults(f, now)
		c.markChanged()
		c.opts.Logger.Info("lab faults changed", "faults", f)
		writeJSON(w, http.StatusOK, c.faults.lab)
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
func (c labAPI) labAdmin(h func(http.ResponseWriter, *http.Request, time.Time)) http.HandlerFunc {
	return c.authed(func(w http.ResponseWriter, r *http.Request, t *token, now time.Time) {
		if !t.hasRole(roleAdmin) {
			keystoneError(w, http.StatusForbidden, "The lab control API needs an admin token.")
			return
		}
		c.advance(now)
		h(w, r, now)
	})
}

// labAdminUnlocked requires an admin token (under the lock), then runs h
// without the lock: h uses Cloud's own methods, which lock.
func (c labAPI) labAdminUnlocked(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		now := time.Now()
		c.mu.Lock()
		t := c.authToken(r, now)
		admin := t != nil && t.hasRole(roleAdmin)
		c.mu.Unlock()
		switch {
		case t == nil:
			keystoneError(w, http.StatusUnauthorized, msgAuthRequired)
		case !admin:
			keystoneError(w, http.StatusForbidden, "The lab control API needs an admin token.")
		default:
			h(w, r)
		}
	}
}
