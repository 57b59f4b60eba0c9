// Package login is the login room: the login page (login_page.go: Keystone
// password or application credential, region, the prefetch of the first
// list while the session starts; login_request.go: what the form asks
// Keystone for, and the client it builds), the served login form the app
// takes over with what was typed (login_boot.go), and the plain form post
// the server runs when the app has not started (login_form.go: PlainLogIn,
// PlainLoginPage). It stands on app/internal/console and app/internal/ui
// and prefetches through app/list; app's routes.go registers it and
// cmd/server posts the plain form through it.
package login
