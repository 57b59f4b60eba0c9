package site

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// Upgrades (docs/deploying.md "Upgrades"): the app runs one build, the one its page's
// GOAPP_VERSION names (the server pins app.wasm's URL to it). Every answer of
// the server names the build that served it (serverapi.BuildHeader). When one
// names another build, the app asks the browser to look for a new service
// worker now (not at its next navigation); the worker installs only a whole
// build, and once it is active go-app calls OnAppUpdate: the notice then says
// "a new version is available" with a Reload button, and the app keeps
// working on its own build until the user reloads. The status wall, which
// nobody clicks, reloads by itself.

// updateCheckEvery bounds how often an answer of another build makes the app
// ask for a new service worker (a rolling update answers from both builds
// for a while).
const updateCheckEvery = time.Minute

// updateWatch is what the app knows of other builds: when it last asked
// for a new service worker, and the notices on screen.
type updateWatch struct {
	mu      sync.Mutex
	checked time.Time // when the app last asked for a new service worker
	// later: an answer of another build came within updateCheckEvery of
	// the last look, and a look is set for when that time is up
	later bool
	// notices are the notices on screen, each with its context: an answer
	// of another build makes each ask which build is installed (noteBuild),
	// so a notice does not depend on catching the one moment go-app
	// announces a new worker
	notices map[*UpdateNotice]goapp.Context
	look    func() // stands in for lookForUpdate (tests); nil: it
}

// updates is the app's one updateWatch. It is package-level because what
// feeds it is: init wraps http.DefaultTransport, net/http's own global,
// which every request of the app goes through (its client, the login, the
// status wall, whatever page sent it), and go-app mounts the notices.
var updates = &updateWatch{}

// lookForUpdate asks the browser for a new service worker and every notice
// on screen which build is installed.
func (w *updateWatch) lookForUpdate() {
	if w.look != nil {
		w.look()
		return
	}
	goapp.TryUpdate()
	w.checkNotices() // the new worker may be active already: no event then
}

func init() {
	if goapp.IsClient {
		// every request of the app (its client, the login, the status wall)
		// goes through http.DefaultTransport
		http.DefaultTransport = buildTransport{next: http.DefaultTransport, w: updates}
	}
}

// buildTransport notes the build named by every answer.
type buildTransport struct {
	next http.RoundTripper
	w    *updateWatch
}

func (t buildTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(r)
	if err == nil {
		t.w.noteBuild(resp.Header.Get(serverapi.BuildHeader))
	}
	return resp, err
}

// ownBuild is the build this app runs.
func ownBuild() string { return goapp.Getenv("GOAPP_VERSION") }

// noteBuild asks the browser for a new service worker when an answer came
// from another build, at most once per updateCheckEvery: an answer within
// that time of the last look sets one more look for when it is up, so that
// a page that sends nothing more (a list with nothing pending) still hears
// of the new version. Any goroutine.
func (w *updateWatch) noteBuild(build string) {
	if build == "" || build == ownBuild() {
		return
	}
	w.mu.Lock()
	wait := updateCheckEvery - time.Since(w.checked)
	due := w.checked.IsZero() || wait <= 0
	if due {
		w.checked = time.Now()
	} else if !w.later {
		w.later = true
		time.AfterFunc(wait, func() {
			w.mu.Lock()
			w.later = false
			w.mu.Unlock()
			w.noteBuild(build)
		})
	}
	w.mu.Unlock()
	if due {
		goapp.Log("octaview: build " + build + " answered (this app is build " + ownBuild() + "): looking for the new version")
		w.lookForUpdate()
	}
}

// UpdateNotice says that a new version of the app is installed and offers to
// reload onto it; with AutoReload (the status wall) it reloads at once.
type UpdateNotice struct {
	goapp.Compo

	AutoReload bool

	ready bool // a new build's service worker is active
}

// OnMount shows the notice if the update came before this page. UI goroutine.
func (n *UpdateNotice) OnMount(ctx goapp.Context) {
	updates.mu.Lock()
	if updates.notices == nil {
		updates.notices = map[*UpdateNotice]goapp.Context{}
	}
	updates.notices[n] = ctx
	updates.mu.Unlock()
	if ctx.AppUpdateAvailable() {
		n.OnAppUpdate(ctx)
	}
}

// OnDismount forgets the notice. UI goroutine.
func (n *UpdateNotice) OnDismount() {
	updates.mu.Lock()
	delete(updates.notices, n)
	updates.mu.Unlock()
}

// checkNotices makes every notice on screen ask which build is installed.
// Any goroutine.
func (w *updateWatch) checkNotices() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for n, ctx := range w.notices {
		ctx.Dispatch(func(ctx goapp.Context) { n.check(ctx, 0, false) })
	}
}

// OnAppUpdate is go-app's: a service worker was activated. It is news only
// when it holds another build than this app's: go-app also calls it when the
// first worker of a first visit takes over the page, and while a rolling
// update answers from both builds the worker may go back to this app's build
// (the notice then goes). UI goroutine.
func (n *UpdateNotice) OnAppUpdate(ctx goapp.Context) { n.check(ctx, 0, true) }

// installedChecks is how many times, updateCheckGap apart, a notice asks
// which build is installed while the answer is still this app's own: the
// worker that go-app announced may not answer the page's requests yet when
// it is asked at once, and the app is told of it only once.
const (
	installedChecks = 8
	updateCheckGap  = time.Second
)

// check shows the notice when the installed build is another than this
// app's; while it is this app's own, it asks again, up to installedChecks
// times in all. activated says a worker was just activated (go-app's
// announcement). UI goroutine.
func (n *UpdateNotice) check(ctx goapp.Context, tries int, activated bool) {
	ctx.Async(func() {
		if tries > 0 {
			time.Sleep(updateCheckGap)
		}
		installed := installedBuild()
		ctx.Dispatch(func(ctx goapp.Context) {
			if installed == "" || installed == ownBuild() {
				n.ready = false
				if installed != "" && activated {
					// a worker of this app's build is the one installed (a
					// rolling update went back to it): the next answer of
					// another build is news again, not one more of the same
					updates.mu.Lock()
					updates.checked = time.Time{}
					updates.mu.Unlock()
				}
				if tries+1 < installedChecks && n.pending() {
					n.check(ctx, tries+1, false)
				}
				return
			}
			n.ready = true
			if n.AutoReload {
				goapp.Log("octaview: version " + installed + " is installed: reloading")
				reloadPage()
			}
		})
	})
}

// pending reports whether an answer of another build has been seen (an
// update may be on its way). Any goroutine.
func (n *UpdateNotice) pending() bool {
	updates.mu.Lock()
	defer updates.mu.Unlock()
	return !updates.checked.IsZero()
}

// installedBuild is the build of the active service worker ("" when it
// cannot tell): the build its cache names (workerBuild), else, in a browser
// without a worker (an insecure origin) or before the first one is active,
// the build the app.js the network serves names. It blocks: call it in
// ctx.Async.
func installedBuild() string {
	if build, ok := workerBuild(); ok {
		return build
	}
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(c, http.MethodGet, OriginOf(ui.WindowURL())+"/app.js", nil)
	if err != nil {
		return ""
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return ""
	}
	resp.Body.Close()
	return resp.Header.Get(serverapi.BuildHeader)
}

// workerBuild asks the page's service worker registration, not the page's
// own controller: a page loaded while a new worker took over can be left
// with a worker that is gone (or none), and its requests then reach the
// network, whatever build answers there. ok is false when there is no
// active worker; with one, build is the build of its cache ("app-BUILD",
// app-worker.js), "" while another worker is installing or waiting or more
// than one build is cached. It blocks (10 s at most).
func workerBuild() (build string, ok bool) {
	sw := ui.WindowGet("navigator").Get("serviceWorker")
	caches := ui.WindowGet("caches")
	if !sw.Truthy() || !caches.Truthy() {
		return "", false
	}
	type answer struct {
		build  string
		active bool
	}
	done := make(chan answer, 1)
	sw.Call("getRegistration").Then(func(r goapp.Value) {
		if !r.Truthy() || !r.Get("active").Truthy() {
			done <- answer{}
			return
		}
		if r.Get("installing").Truthy() || r.Get("waiting").Truthy() {
			done <- answer{active: true}
			return
		}
		caches.Call("keys").Then(func(keys goapp.Value) {
			var builds []string
			for i := range keys.Length() {
				if k := keys.Index(i).String(); strings.HasPrefix(k, workerCachePrefix) {
					builds = append(builds, strings.TrimPrefix(k, workerCachePrefix))
				}
			}
			a := answer{active: true}
			if len(builds) == 1 {
				a.build = builds[0]
			}
			done <- a
		})
	})
	select {
	case a := <-done:
		return a.build, a.active
	case <-time.After(10 * time.Second):
		return "", false
	}
}

// workerCachePrefix begins the name of the service worker's cache, which
// ends with its build (app-worker.js's cacheName).
const workerCachePrefix = "app-"

func (n *UpdateNotice) reload(ctx goapp.Context, e goapp.Event) { reloadPage() }

func reloadPage() { ui.WindowGet("location").Call("reload") }

func (n *UpdateNotice) Render() goapp.UI {
	return ui.IDDiv("update-notice").Aria("live", "polite").Body(
		goapp.If(n.ready, func() goapp.UI {
			return ui.ClassDiv("alert", "alert-info", "update-notice").Body(
				goapp.Span().Text("A new version of Octaview is available. This page keeps working on the version it loaded until you reload. "),
				ui.IDButton("update-reload").Class("btn").Type("button").OnClick(n.reload).Text("Reload"),
			)
		}),
	)
}
