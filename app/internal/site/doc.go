// Package site is the console's own server as a page sees it, below
// everything else of the console: the paths of the services it proxies and
// the octavia client's configuration through them (config.go), a page's
// calls to it answered on the UI goroutine (server_calls.go), the trainer's
// API and class stream (trainer_api.go), Keystone's refusals in words
// (login_errors.go), the "new version" notice that follows the server's
// build (update.go) and the debug flags (debug.go).
//
// It imports internal/ui, serverapi and octavia; internal/console and the
// pages import it.
package site
