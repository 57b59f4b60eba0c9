package tab

import "net/url"

// A signed-out visitor's first screen at any page (docs/startup.md):
// the pages that show only to a signed-in user send the visitor to the
// login page, coming back after the login. The app does it when it runs
// (requireSession); the server does it before, with a 303 to the same URL,
// so that the first thing a visitor of /, a deep link or /trainer gets is
// the served login form, usable before app.wasm runs.

// LoginFor is the login page that comes back to requestURI (a path and its
// query) after the login: its next, when safeNext keeps it (else the load
// balancer list).
func LoginFor(requestURI string) string {
	return LoginPath + "?next=" + url.QueryEscape(SafeNext(requestURI))
}
