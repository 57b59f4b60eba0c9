package app

import (
	"runtime"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/login"
)

// The app's start (docs/startup.md): every page the server serves carries
// a serverapi.Boot, the server's configuration and whether the request came
// with a live session cookie. The app reads it before its first render, so
// it asks the server nothing before it shows the login form, and restores a
// live session at once.

// Boot prepares the app's start from the page the server served: it reads
// the page's serverapi.Boot, keeps what was typed into the served login form
// before the app ran (login_boot.go), puts off the routes with a pattern
// until the first page is painted when it does not need them
// (pattern_routes.go), and, when the page says a live session cookie came
// with it, starts restoring that session (loginPage then waits for it
// instead of asking again). Call it in the browser before
// goapp.RunWhenOnBrowser; on the server it does nothing.
func Boot() {
	if goapp.IsServer {
		return
	}
	b, ok := console.PageBoot()
	login.KeepServedLogin()
	schedulePatternRoutes(ui.WindowURL())
	if ok && b.Session {
		console.StartBootRestore(console.OriginOf(ui.WindowURL()), b.Config)
		runtime.Gosched() // its request leaves before the first render
		if u := ui.WindowURL(); console.KeepServed(b.Served, u) {
			bootServed(console.OriginOf(u), b.Config, u, console.ServedAt(b.Served)) // served.go
		}
	}
}
