//go:build !js

package main

import (
	"net/http"

	ui "github.com/octaview/octaview/app"
	"github.com/octaview/octaview/app/serverapi"
)

// A signed-out visitor's first screen at every page (docs/startup.md):
// a GET of a page that shows only to a signed-in user (app.NeedsSession:
// /, every kind's pages, the wizard, the trainer's pages), without a live
// session cookie, is answered with a 303 to the login page with that page
// as next (app.LoginFor: the URL the app itself navigates to, next kept
// only when it is a clean path of this app), whose served form is usable
// before app.wasm runs and posts back to that page. Served in place
// instead, the page would be go-app's loader until the app ran and
// navigated to the same login page: the 303 costs one round trip, the app
// its whole start.

// loginRedirect answers r with a 303 to the login page and reports true
// when r is a GET (or HEAD) of a page that needs a session and boot says r
// came without a live one; it writes nothing and reports false otherwise,
// and when the hosting does not know sessions (no boot function).
func (h *hosting) loginRedirect(w http.ResponseWriter, r *http.Request, boot serverapi.Boot) bool {
	if h.boot == nil || boot.Session || (r.Method != http.MethodGet && r.Method != http.MethodHead) || !ui.NeedsSession(r.URL.Path) {
		return false
	}
	w.Header().Set("Cache-Control", "no-store") // the same URL serves the page once logged in
	http.Redirect(w, r, ui.LoginFor(r.URL.RequestURI()), http.StatusSeeOther)
	return true
}
