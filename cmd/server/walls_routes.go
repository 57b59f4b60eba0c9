//go:build !js

package main

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
)

// wallSet is the server's walls (docs/walls.md) and what their routes need.
type wallSet struct {
	walls   map[string]*wall
	order   []*wall     // as in the file
	feeds   []*wallFeed // one per credential
	notes   *wallNotes
	admin   wallAdmin    // who may pin notes
	px      *proxy.Proxy // the console's sessions
	viewers *viewerLimit // of every wall's event streams
	// metrics is the Prometheus handler of one wall (internal/wallmetrics);
	// nil: none
	metrics func(state func() serverapi.Wall) http.Handler
}

// start polls every credential for its walls until ctx is done.
func (s *wallSet) start(ctx context.Context) {
	for _, f := range s.feeds {
		go f.run(ctx)
	}
}

// wallNotFound is the one answer to an unknown wall and to a wrong token
// alike: a secret wall's existence is never told.
const wallNotFound = "No such wall."

// find returns the wall that r's {name} and {token} open: false for an
// unknown wall, a secret wall without its token or with a wrong one, and a
// public wall with a token, alike. The token is compared in constant time.
func (s *wallSet) find(r *http.Request) (*wall, bool) {
	w, ok := s.walls[r.PathValue("name")]
	tok := r.PathValue("token")
	if !ok {
		subtle.ConstantTimeCompare([]byte(tok), []byte(tok)) // as long as a wrong token's answer
		return nil, false
	}
	if !w.cfg.Secret {
		return w, tok == ""
	}
	return w, subtle.ConstantTimeCompare([]byte(tok), w.cfg.token) == 1
}

// addRoutes registers the walls' pages and API (serverapi's Wall*Path),
// each at name and at name/token. app serves the pages; readOnly wraps
// the notes' writes under -read-only.
func (s *wallSet) addRoutes(mux *http.ServeMux, app http.Handler, readOnly func(http.Handler) http.Handler, stopping <-chan struct{}) {
	both := func(method, prefix string, h http.HandlerFunc) {
		mux.Handle(method+" "+prefix+"{name}", h)
		mux.Handle(method+" "+prefix+"{name}/{token}", h)
	}
	both("GET", serverapi.WallPagePath, s.page(app).ServeHTTP)
	mux.Handle(serverapi.WallPagePath, http.HandlerFunc(notFoundPage)) // /walls/, /walls/a/b/c, …
	both("GET", serverapi.WallStatusPath, s.status)
	both("GET", serverapi.WallEventsPath, func(w http.ResponseWriter, r *http.Request) {
		wl, ok := s.find(r)
		if !ok {
			proxy.WriteFault(w, http.StatusNotFound, wallNotFound)
			return
		}
		serveEvents(w, r, s.viewers, "Too many viewers of the walls: try again later.", wl.subscribe, stopping)
	})
	if s.metrics != nil {
		both("GET", serverapi.WallMetricsPath, func(w http.ResponseWriter, r *http.Request) {
			wl, ok := s.find(r)
			if !ok {
				proxy.WriteFault(w, http.StatusNotFound, wallNotFound)
				return
			}
			s.metrics(wl.state).ServeHTTP(w, r)
		})
	}
	notes := readOnly(http.HandlerFunc(s.note))
	both("POST", serverapi.WallNotesPath, notes.ServeHTTP)
	both("DELETE", serverapi.WallNotesPath, notes.ServeHTTP)
}

// page serves a wall's page (the app) at its URL, and 404 elsewhere.
func (s *wallSet) page(app http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		wl, ok := s.find(r)
		if !ok {
			notFoundPage(w, r)
			return
		}
		if wl.cfg.Secret {
			w = noStoreWriter{w} // the URL is the secret: kept in no cache
		}
		app.ServeHTTP(w, r)
	})
}

// noStoreWriter answers with Cache-Control: no-store whatever the handler
// set before writing its header.
type noStoreWriter struct{ http.ResponseWriter }

func (w noStoreWriter) WriteHeader(code int) {
	w.Header().Set("Cache-Control", "no-store")
	w.ResponseWriter.WriteHeader(code)
}

func (w noStoreWriter) Write(b []byte) (int, error) {
	w.Header().Set("Cache-Control", "no-store") // before an implicit 200, harmless after
	return w.ResponseWriter.Write(b)
}

func (w noStoreWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// notFoundPage is a page's 404.
func notFoundPage(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNotFound)
	fmt.Fprint(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>`+
		`<body><main><h1>404 Not Found</h1><p>No such wall.</p><p><a href="/">The console</a></p></main></body></html>`)
}

// status serves a wall's JSON (serverapi.Wall), waiting for its feed's
// first poll.
func (s *wallSet) status(w http.ResponseWriter, r *http.Request) {
	wl, ok := s.find(r)
	if !ok {
		proxy.WriteFault(w, http.StatusNotFound, wallNotFound)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	body, err := wl.snapshot(ctx)
	if err != nil || body == nil {
		proxy.WriteFault(w, http.StatusServiceUnavailable, "The wall has no data yet.")
		return
	}
	writeJSONBody(w, body)
}

// maxWallNoteBody bounds a note's request body.
const maxWallNoteBody = 8 << 10

// note pins (POST a WallNoteInput) or unpins (DELETE ?id=) a note on a
// wall: only an admin's console session, from the console (the session
// header: a cross-site form cannot send it). Every viewer gets the wall
// with its notes at once.
func (s *wallSet) note(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	wl, ok := s.find(r)
	if !ok {
		proxy.WriteFault(w, http.StatusNotFound, wallNotFound)
		return
	}
	user, ok := s.noteAdmin(w, r)
	if !ok {
		return
	}
	switch r.Method {
	case http.MethodPost:
		var in serverapi.WallNoteInput
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxWallNoteBody))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&in); err != nil {
			proxy.WriteFault(w, http.StatusBadRequest, "The request body is not a note ({\"text\": \"…\"}): %s.", err.Error())
			return
		}
		note, err := s.notes.add(wl.cfg.Name, in.Text, user, time.Now())
		if err != nil {
			s.noteFailed(w, err)
			return
		}
		wl.refresh()
		body, _ := json.Marshal(note)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		w.Write(body)
	case http.MethodDelete:
		id := r.URL.Query().Get("id")
		found, err := s.notes.remove(wl.cfg.Name, id)
		switch {
		case err != nil:
			s.noteFailed(w, err)
		case !found:
			proxy.WriteFault(w, http.StatusNotFound, "The wall has no note %q.", id)
		default:
			wl.refresh()
			w.WriteHeader(http.StatusNoContent)
		}
	}
}

// noteAdmin returns the admin's user name of r's session: else it answers
// 401 (no session) or 403 (not an admin, or not from the console).
func (s *wallSet) noteAdmin(w http.ResponseWriter, r *http.Request) (string, bool) {
	ss, ok := s.px.SessionOf(r)
	if !ok {
		proxy.WriteFault(w, http.StatusUnauthorized, "Log in to the console as an admin to pin notes on a wall.")
		return "", false
	}
	if r.Header.Get(serverapi.SessionHeader) == "" {
		proxy.WriteFault(w, http.StatusForbidden, "Notes are pinned from the console only (the %s header is missing).", serverapi.SessionHeader)
		return "", false
	}
	user, admin, err := s.admin(r.Context(), ss.Token)
	switch {
	case errors.Is(err, errNoWallSession):
		proxy.WriteFault(w, http.StatusUnauthorized, "Your session has ended: log in again as an admin to pin notes on a wall.")
	case err != nil:
		proxy.WriteFault(w, http.StatusBadGateway, "%s", err.Error())
	case !admin:
		proxy.WriteFault(w, http.StatusForbidden, "Only a user with the admin role may pin notes on a wall: %s has not.", user)
	default:
		return user, true
	}
	return "", false
}

// noteFailed answers a note refused (400) or not saved (500).
func (s *wallSet) noteFailed(w http.ResponseWriter, err error) {
	if refused, ok := errors.AsType[noteRefused](err); ok {
		proxy.WriteFault(w, http.StatusBadRequest, "%s", string(refused))
		return
	}
	proxy.WriteFault(w, http.StatusInternalServerError, "The note was not saved: %s.", err.Error())
}
