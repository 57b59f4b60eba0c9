package app

import (
	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
)

// NeedsSession reports whether the page at path shows only to a signed-in
// user: the load balancer list at /, every kind's list, detail page and
// forms, the create wizard and the trainer's pages (not the login page, the
// status wall or a path the app does not route). The server sends a
// signed-out request for such a page to LoginFor.
func NeedsSession(path string) bool { return console.NeedsSession(path) }

// LoginFor is the login page that comes back to requestURI (a path and its
// query) after the login, as the app itself navigates to it.
func LoginFor(requestURI string) string { return tab.LoginFor(requestURI) }
