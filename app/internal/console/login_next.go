package console

import (
	"net/url"

	"github.com/octaview/octaview/app/serverapi"
)

// A signed-out visitor's first screen at any page (docs/startup.md):
// the pages that show only to a signed-in user send the visitor to the
// login page, coming back after the login. The app does it when it runs
// (requireSession); the server does it before, with a 303 to the same URL,
// so that the first thing a visitor of /, a deep link or /trainer gets is
// the served login form, usable before app.wasm runs.

// NeedsSession reports whether the page at path shows only to a signed-in
// user (its first render calls requireSession): the load balancer list at
// /, every kind's list, detail page and forms, the create wizard and the
// trainer's pages. The login page, the status wall and paths the app does
// not route are not such pages.
func NeedsSession(path string) bool {
	switch path {
	case HomePath, CreatePath, serverapi.TrainerPagePath, serverapi.TrainerCardsPath:
		return true
	}
	_, ok := ParsePage(path)
	return ok
}

// LoginFor is the login page that comes back to requestURI (a path and its
// query) after the login: its next, when safeNext keeps it (else the load
// balancer list).
func LoginFor(requestURI string) string {
	return LoginPath + "?next=" + url.QueryEscape(SafeNext(requestURI))
}
