package app

import (
	"runtime"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/login"
)

// The app's start (docs/startup.md): every page the server serves carries
// a serverapi.Boot, the server's configuration and whether the request came
// with a live session cookie. The app reads it before its first render, so
// it asks the server nothing before it shows the login form, and restores a
// live session at once.

// Boot prepares the app's start from the page the server served: it builds
// the start-up state once (console.Startup: the page's serverapi.Boot and
// what was typed into the served login form before the app ran,
// login_boot.go) and hands it to root's runtime, whose first pages take
// it; it puts off the routes with a pattern until the first page is
// painted when it does not need them (pattern_routes.go), and, when the
// page says a live session cookie came with it, starts restoring that
// session (the login page then waits for it instead of asking again).
// Call it once, in the browser, after Register and before
// goapp.RunWhenOnBrowser; on the server it does nothing.
func (root *Root) Boot() {
	if goapp.IsServer {
		return
	}
	start := tab.ReadStartup(login.KeepServedLogin())
	root.rt.Start(start)
	root.patterns.schedule(ui.WindowURL())
	site.InstallDebugHooks()
	if b, ok := start.Boot(); ok && b.Session {
		root.rt.StartBootRestore(site.OriginOf(ui.WindowURL()), b.Config)
		runtime.Gosched() // its request leaves before the first render
		if u := ui.WindowURL(); start.KeepServed(b.Served, u) {
			bootServed(root.rt, site.OriginOf(u), b.Config, u, tab.ServedAt(b.Served)) // served.go
		}
	}
}
