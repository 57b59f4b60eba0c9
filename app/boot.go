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
	b, ok := pageBoot()
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

// booted is the page's serverapi.Boot, read once.
var booted = sync.OnceValues(readBoot)

// pageBoot is the serverapi.Boot of the page the app started in, and whether
// the page had one (a page from an older server has none: the app then asks
// for the configuration and checks the cookie itself). Any goroutine.
func pageBoot() (serverapi.Boot, bool) {
	if goapp.IsServer {
		return serverapi.Boot{}, false
	}
	return booted()
}

// pageConfig is the server's configuration the page carried, and whether it
// carried one. Any goroutine.
func pageConfig() (serverapi.Config, bool) {
	b, ok := pageBoot()
	return b.Config, ok
}

// readBoot parses the boot element with the browser's JSON.parse, not
// encoding/json: the first use of Go's reflection-driven decoder costs a cold
// start tens of milliseconds of compiling and type-walking, before anything
// shows.
func readBoot() (b serverapi.Boot, ok bool) {
	el := ui.WindowGet("document").Call("getElementById", serverapi.BootElementID)
	if !el.Truthy() {
		return serverapi.Boot{}, false
	}
	defer func() {
		if err := recover(); err != nil { // not the JSON the server writes
			goapp.Log("octaview: the page's start-up state:", err)
			b, ok = serverapi.Boot{}, false
		}
	}()
	return decodeBoot(ui.WindowGet("JSON").Call("parse", el.Get("textContent"))), true
}

// decodeBoot is the serverapi.Boot in v, a JavaScript object of its JSON
// (boot_test.go checks that it reads every field serverapi.Boot encodes).
func decodeBoot(v goapp.Value) serverapi.Boot {
	str := func(v goapp.Value, key string) string {
		if f := v.Get(key); f.Truthy() {
			return f.String()
		}
		return ""
	}
	cfg := v.Get("config")
	b := serverapi.Boot{
		Session: v.Get("session").Truthy(),
		Config: serverapi.Config{
			ReadOnly:   cfg.Get("read_only").Truthy(),
			Lab:        cfg.Get("lab").Truthy(),
			StatusPage: cfg.Get("status_page").Truthy(),
			Region:     str(cfg, "region"),
		},
	}
	if sv := v.Get("served"); sv.Truthy() {
		b.Served = &serverapi.Served{Page: str(sv, "page"), Region: str(sv, "region"), ReadAt: str(sv, "read_at")}
		if reads := sv.Get("reads"); reads.Truthy() {
			for i := range reads.Length() {
				r := reads.Index(i)
				b.Served.Reads = append(b.Served.Reads, serverapi.ServedRead{URL: str(r, "url"), Body: str(r, "body")})
			}
		}
	}
	if lf := v.Get("login"); lf.Truthy() {
		b.Login = &serverapi.LoginForm{User: str(lf, "user"), Domain: str(lf, "domain"), Project: str(lf, "project"), Error: str(lf, "error")}
	}
	if users := cfg.Get("lab_users"); users.Truthy() {
		for i := range users.Length() {
			u := users.Index(i)
			b.Config.LabUsers = append(b.Config.LabUsers, serverapi.LabUser{
				Name: str(u, "name"), Password: str(u, "password"), Project: str(u, "project"), Role: str(u, "role"),
			})
		}
	}
	return b
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
