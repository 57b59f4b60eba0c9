package app

import (
	"context"
	"runtime"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
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
	keepServedLogin()
	schedulePatternRoutes(ui.WindowURL())
	if ok && b.Session {
		startBootRestore(console.OriginOf(ui.WindowURL()), b.Config)
		runtime.Gosched() // its request leaves before the first render
		if u := ui.WindowURL(); console.KeepServed(b.Served, u) {
			bootServed(console.OriginOf(u), b.Config, u, console.ServedAt(b.Served)) // served.go
		}
	}
}

// bootRestore is the session restore Boot started, until the login page
// takes its result.
var bootRestore struct {
	mu   sync.Mutex
	done chan struct{} // closed once sess and err are set; nil: none started, or taken
	sess *console.Session
	err  error
}

// startBootRestore restores the session of the cookie through origin, in
// the background.
func startBootRestore(origin string, cfg serverapi.Config) {
	done := make(chan struct{})
	bootRestore.mu.Lock()
	bootRestore.done = done
	bootRestore.mu.Unlock()
	go func() {
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		sess, err := console.RestoreSession(c, origin, cfg)
		bootRestore.mu.Lock()
		bootRestore.sess, bootRestore.err = sess, err
		bootRestore.mu.Unlock()
		close(done)
	}()
}

// restoredSession is the session of the cookie: the result of Boot's restore
// when it started one (once), else a new restore. It blocks: call it in
// ctx.Async.
func restoredSession(ctx context.Context, origin string, cfg serverapi.Config) (*console.Session, error) {
	bootRestore.mu.Lock()
	done := bootRestore.done
	bootRestore.done = nil
	bootRestore.mu.Unlock()
	if done == nil {
		return console.RestoreSession(ctx, origin, cfg)
	}
	select {
	case <-done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	bootRestore.mu.Lock()
	defer bootRestore.mu.Unlock()
	return bootRestore.sess, bootRestore.err
}
