package app

import (
	"net/url"
	"strings"
	"sync"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Routes with a pattern (a kind's detail page and forms: /pools/{id},
// /pools/{id}/edit, ...) are go-app's RouteWithRegexp, which compiles its
// pattern when called. In the browser the app registers them once its first
// page is on screen, unless that page may need them: compiling some thirty
// patterns (and, for the first, regexp's compiler, which the browser compiles
// on first use) before the first render cost a cold start tens of
// milliseconds (issue 21). The server registers them at once: it pre-renders
// any page.

type patternRoute struct {
	pattern      string
	newComponent func() goapp.Composer
}

// patternRoutes are the routes with a pattern the app has not registered
// with go-app yet (Root's).
type patternRoutes struct {
	mu         sync.Mutex
	pending    []patternRoute
	registered bool
}

// route is goapp.RouteWithRegexp, deferred in the browser until register.
// The app uses it, never goapp.RouteWithRegexp (cmd/server's
// TestWasmStartCompilesNoRegexp checks).
func (pr *patternRoutes) route(pattern string, newComponent func() goapp.Composer) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if goapp.IsServer || pr.registered {
		goapp.RouteWithRegexp(pattern, newComponent)
		return
	}
	pr.pending = append(pr.pending, patternRoute{pattern, newComponent})
}

// register registers with go-app the routes route kept; later ones are
// registered at once. Any goroutine.
func (pr *patternRoutes) register() {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	for _, r := range pr.pending {
		goapp.RouteWithRegexp(r.pattern, r.newComponent)
	}
	pr.pending, pr.registered = nil, true
}

// schedule registers the pattern routes now when the page the app starts
// on (u), or the page its login goes to next, may be one of them, else
// after the first frame is painted (or after a second, in a tab that
// paints nothing). Browser, before the first render.
func (pr *patternRoutes) schedule(u *url.URL) {
	if mayBePatternRoute(u.Path) || mayBePatternRoute(u.Query().Get("next")) {
		pr.register()
		return
	}
	var once sync.Once
	register := func() { once.Do(pr.register) }
	afterPaint(register)
	var timeout goapp.Func
	timeout = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		timeout.Release()
		register()
		return nil
	})
	goapp.Window().Call("setTimeout", timeout, 1000)
}

// mayBePatternRoute reports whether path may be a route with a pattern: a
// path of more than one segment (every pattern route has two or more; some
// exact routes too, such as /load-balancers/new, which is harmless).
func mayBePatternRoute(path string) bool {
	return strings.Contains(strings.Trim(path, "/"), "/")
}

// afterPaint runs f in a task after the next frame is painted.
func afterPaint(f func()) {
	var frame, task goapp.Func
	task = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		task.Release()
		f()
		return nil
	})
	frame = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		frame.Release()
		goapp.Window().Call("setTimeout", task, 0)
		return nil
	})
	goapp.Window().Call("requestAnimationFrame", frame)
}
