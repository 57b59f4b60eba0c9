//go:build !js

package e2e

// A rolling update in a real browser: two servers of different builds behind
// one address that alternates request by request (the worst a load balancer
// does), the same upstream cloud and session key. The browser must run one
// build at a time, its service worker must cache one build per cache, and
// when only the other build is left the page must say "a new version is
// available", keep working, and reload onto that build with the session
// kept (docs/deploying.md "Upgrades").

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdpruntime "github.com/chromedp/cdproto/runtime"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// alternatingFront sends each request to the next of its backends in turn.
type alternatingFront struct {
	mu       sync.Mutex
	backends []*url.URL
	n        int
}

func (f *alternatingFront) use(backends ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.backends = f.backends[:0]
	for _, b := range backends {
		u, _ := url.Parse(b)
		f.backends = append(f.backends, u)
	}
}

func (f *alternatingFront) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	to := f.backends[f.n%len(f.backends)]
	f.n++
	f.mu.Unlock()
	(&httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(to)
			pr.Out.Host = pr.In.Host // the address the browser used
		},
		FlushInterval: -1,
	}).ServeHTTP(w, r)
}

// otherBuildWeb copies the web directory with an app.wasm that differs from
// the real one by a custom section (engines ignore it): another build of the
// same code. It has no .br/.gz: the server then serves it raw.
func otherBuildWeb(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir(webDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || strings.HasPrefix(name, "app.wasm") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(webDir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wasm, err := os.ReadFile(filepath.Join(webDir, "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	name := "octaview-test-build"
	payload := append(binary.AppendUvarint(nil, uint64(len(name))), name...)
	payload = append(payload, []byte(time.Now().String())...)
	section := append([]byte{0}, binary.AppendUvarint(nil, uint64(len(payload)))...)
	if err := os.WriteFile(filepath.Join(dir, "app.wasm"), append(append(wasm, section...), payload...), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// cacheReport is what the page's CacheStorage holds: for each cache, the
// builds its entries were served by.
const cacheReport = `(async () => {
	const out = {};
	for (const name of await caches.keys()) {
		const cache = await caches.open(name);
		out[name] = [];
		for (const req of await cache.keys()) {
			const resp = await cache.match(req);
			out[name].push(new URL(req.url).pathname + new URL(req.url).search + " " + resp.headers.get("X-Octaview-Build"));
		}
	}
	return JSON.stringify(out);
})()`

// swState is the page's service workers as JSON, printed when the test
// fails: its controller, its registration's workers, the caches, and the
// build of the app.js the page gets.
const swState = `(async () => { const r = await navigator.serviceWorker.getRegistration(); const c = navigator.serviceWorker.controller;
	const app = await fetch("/app.js"); return JSON.stringify({controller: c ? c.state : null, controllerIsActive: !!r && c === r.active,
	installing: r && r.installing && r.installing.state, waiting: r && r.waiting && r.waiting.state, active: r && r.active && r.active.state,
	caches: await caches.keys(), appJS: app.headers.get("X-Octaview-Build")}); })()`

func TestBrowserUpgradeOneBuild(t *testing.T) {
	t.Parallel()
	requireTools(t)
	scenario := servertest.WriteFile(t, t.TempDir(), "scenario.json",
		`{"load_balancers":[{"project":"demo","name":"shop-frontend"},{"project":"demo","name":"api-gateway"}]}`)
	cloud := startRun(t, nil, "-lab-scenario", scenario)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	front := &alternatingFront{}
	frontSrv := &http.Server{Handler: front}
	go frontSrv.Serve(ln)
	t.Cleanup(func() { frontSrv.Close() })
	frontURL := "http://" + ln.Addr().String()

	dir := t.TempDir()
	key := servertest.WriteFile(t, dir, "session-key", "the-same-key-on-every-replica-0123456789")
	clouds := servertest.WriteFile(t, dir, "clouds.yaml", fmt.Sprintf(`clouds:
  wall:
    auth: {auth_url: %s/identity/v3, username: viewer, password: viewer, project_name: demo, user_domain_name: Default, project_domain_name: Default}
`, cloud.URL))
	replica := func(web string) *servertest.Server {
		return startRun(t, map[string]string{"OCTAVIEW_SESSION_KEY_FILE": key, "OS_CLIENT_CONFIG_FILE": clouds},
			"-keystone", cloud.URL+"/identity/v3", "-public-url", frontURL, "-web", web, "-status-cloud", "wall")
	}
	a, b := replica(webDir), replica(otherBuildWeb(t))
	buildA := appBuild(t, webDir)
	server := map[string]string{}
	replicas := map[string]*servertest.Server{}
	for _, s := range []*servertest.Server{a, b} {
		resp, err := http.Get(s.URL + "/version")
		if err != nil {
			t.Fatal(err)
		}
		var v struct{ Build string }
		json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		server[v.Build] = s.URL
		replicas[v.Build] = s
	}
	if len(server) != 2 || server[buildA] != a.URL {
		t.Fatalf("the two servers serve builds %v: want two, %s at %s", server, buildA, a.URL)
	}
	front.use(a.URL, b.URL)

	// Chromium's log: its service workers' console (installs, activations,
	// failed fetches), printed if the test fails
	var chromeLog proxytest.LogBuffer
	br := newBrowserWith(t, t.TempDir(), chromedp.Flag("enable-logging", "stderr"), chromedp.Flag("v", "0"), chromedp.CombinedOutput(&chromeLog))
	var mu sync.Mutex
	var wasms []string            // "build status" of every app.wasm answer the page got
	routed := map[string]string{} // path: the source of the worker's route that matched it
	chromedp.Listen(br.ctx, func(ev any) {
		if r, ok := ev.(*network.EventResponseReceived); ok && r.Response.ServiceWorkerRouterInfo != nil {
			if u, err := url.Parse(r.Response.URL); err == nil {
				mu.Lock()
				routed[u.Path] = string(r.Response.ServiceWorkerRouterInfo.MatchedSourceType)
				mu.Unlock()
			}
		}
		if r, ok := ev.(*network.EventResponseReceived); ok && strings.Contains(r.Response.URL, "/app.wasm") {
			build, _ := r.Response.Headers[serverapi.BuildHeader].(string)
			mu.Lock()
			wasms = append(wasms, fmt.Sprintf("%s %d", build, r.Response.Status))
			mu.Unlock()
		}
	})
	// the page's console (the app's "looking for the new version", go-app's
	// "has been updated" on each worker activation), printed if the test fails
	var clog []string
	chromedp.Listen(br.ctx, func(ev any) {
		if c, ok := ev.(*cdpruntime.EventConsoleAPICalled); ok {
			var parts []string
			for _, a := range c.Args {
				parts = append(parts, string(a.Value))
			}
			mu.Lock()
			clog = append(clog, time.Now().Format("15:04:05.000")+" "+strings.Join(parts, " "))
			mu.Unlock()
		}
	})
	t.Cleanup(func() {
		if t.Failed() {
			mu.Lock()
			t.Logf("console:\n%s", strings.Join(clog, "\n"))
			mu.Unlock()
			var sw []string
			for l := range strings.Lines(chromeLog.String()) {
				if strings.Contains(l, "CONSOLE") || strings.Contains(strings.ToLower(l), "service_worker") {
					sw = append(sw, strings.TrimSpace(l))
				}
			}
			t.Logf("Chromium's log (service workers):\n%s", strings.Join(sw, "\n"))
		}
	})
	running := func() string {
		return eval[string](t, br, `typeof goappGetenv === "function" ? goappGetenv("GOAPP_VERSION") : ""`)
	}
	// readCaches reads the service worker's caches: the builds cached, and
	// the caches that hold fewer files than the whole app (an install still
	// filling one). It fails when a cache holds files of another build than
	// its own: two builds mixed, never right, not even for a moment.
	readCaches := func(what string) (cached, partial []string) {
		t.Helper()
		var report map[string][]string
		js, err := chromedp.Run(br.ctx, chromedp.Evaluate[string](cacheReport, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: reading the caches: %v", what, err)
		}
		if err := json.Unmarshal([]byte(js), &report); err != nil {
			t.Fatal(err)
		}
		for name, entries := range report {
			build := strings.TrimPrefix(name, "app-")
			cached = append(cached, build)
			for _, e := range entries {
				if !strings.HasSuffix(e, " "+build) {
					t.Errorf("%s: cache %s holds %s: two builds mixed", what, name, e)
				}
			}
			if len(entries) < 8 {
				partial = append(partial, fmt.Sprintf("cache %s holds %d files, want every file of the app: %q", name, len(entries), entries))
			}
		}
		return cached, partial
	}
	// checkCaches fails when a cache holds files of another build than its
	// own or not every file of the app, and returns the builds cached.
	checkCaches := func(what string) []string {
		t.Helper()
		cached, partial := readCaches(what)
		for _, p := range partial {
			t.Errorf("%s: %s", what, p)
		}
		return cached
	}
	// checkRoutes fails unless the worker's routes send a request for what
	// it does not cache (the API, pages) to the network without a fetch
	// event, and a request for what it caches to its fetch handler.
	checkRoutes := func() {
		t.Helper()
		for path, want := range map[string]string{"/version": "network", "/app.js": ""} {
			mu.Lock()
			delete(routed, path)
			mu.Unlock()
			if _, err := chromedp.Run(br.ctx, chromedp.Evaluate[chromedp.Void](`fetch(`+jsString(path)+`).then(r => r.text())`, chromedp.EvalAwaitPromise)); err != nil {
				t.Fatalf("fetching %s: %v", path, err)
			}
			for i := 0; ; i++ {
				mu.Lock()
				got, ok := routed[path]
				mu.Unlock()
				if ok || i == 600 {
					if got != want || !ok {
						t.Errorf("%s: the worker's routes send it to %q, want %q (a route seen: %v)", path, got, want, ok)
					}
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
		}
	}
	// checkWasm fails unless every app.wasm the page got in full since the
	// last call is of build want.
	checkWasm := func(what, want string) {
		t.Helper()
		mu.Lock()
		defer mu.Unlock()
		full := 0
		for _, w := range wasms {
			if strings.HasSuffix(w, " 200") {
				full++
				if !strings.HasPrefix(w, want+" ") {
					t.Errorf("%s: the page runs build %s but got app.wasm %s", what, want, w)
				}
			}
		}
		if full == 0 {
			t.Errorf("%s: no app.wasm answer seen (%q)", what, wasms)
		}
		wasms = nil
	}

	// 1. Both builds behind the front: a first visit runs one build, whole.
	br.login(t, frontURL, "demo", "demo", "")
	br.waitJS(t, "the load balancer list", `document.querySelectorAll("tr.lb-row").length === 2`, 60*time.Second)
	own := running()
	if server[own] == "" {
		t.Fatalf("the page runs build %q, served by neither server", own)
	}
	checkWasm("first visit", own)
	br.waitJS(t, "a service worker controls the page", `!!navigator.serviceWorker.controller`, 60*time.Second)
	checkCaches("first visit")
	checkRoutes()
	br.shot(t, "upgrade-1-both-builds")
	// and a status wall on another screen, opened on build own
	front.use(server[own])
	wall := newProfileBrowser(t)
	wall.do(t, "open the wall", 60*time.Second, chromedp.Navigate(frontURL+"/status"))
	wall.waitJS(t, "the wall", `document.querySelectorAll(".wall-card").length === 2 && !!navigator.serviceWorker.controller`, 60*time.Second)
	if got := eval[string](t, wall, `goappGetenv("GOAPP_VERSION")`); got != own {
		t.Fatalf("the wall runs build %s, want %s", got, own)
	}

	// 2. Only the other build is left: the page says so, keeps working, and
	// a reload runs the new build, still logged in.
	next := buildA
	if own == buildA {
		for b := range server {
			if b != buildA {
				next = b
			}
		}
	}
	front.use(server[next])
	for build, s := range replicas { // the old replicas go: their event streams end
		if build != next {
			if err := s.Stop(); err != nil {
				t.Fatal(err)
			}
		}
	}
	eval[int](t, br, `window.octaviewTestPage = 1`) // gone if the page reloads
	br.do(t, "open the pools (in the app)", 30*time.Second, chromedp.Click(chromedp.CSS(`a[href="/pools"]`)))
	// (the notice may have come and gone already while both builds answered:
	// wait for it with the new build's worker in place). The wait reads the
	// registration and the caches, not a cached file: a fetch of one is an
	// event for the old worker, and Chromium swaps a worker out only when it
	// has none in flight.
	for i := 0; ; i++ {
		ok, err := chromedp.Run(br.ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(async () => {
			const r = await navigator.serviceWorker.getRegistration();
			const keys = await caches.keys();
			return !!r && !!r.active && r.active.state === "activated" && !r.waiting && !r.installing &&
				keys.length === 1 && keys[0] === "app-" + %q && !!document.querySelector("#update-reload"); })()`, next), chromedp.EvalAwaitPromise))
		if err == nil && ok {
			got, err := chromedp.Run(br.ctx, chromedp.Evaluate[string](`fetch("/app.js").then(r => r.headers.get("X-Octaview-Build"))`, chromedp.EvalAwaitPromise))
			if err != nil || got != next {
				t.Fatalf("build %s's worker is active, but /app.js comes from build %q (%v)", next, got, err)
			}
			break
		}
		if i == 1500 { // the app asks for a new worker at most once a minute
			br.shot(t, "FAILED-the-new-version-notice")
			st, _ := chromedp.Run(br.ctx, chromedp.Evaluate[string](swState, chromedp.EvalAwaitPromise))
			t.Logf("the page's service workers: %s", st)
			t.Fatalf("no new version notice with build %s's worker in place after 150 s (%v)", next, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	br.do(t, "the console keeps working", 30*time.Second, chromedp.Click(chromedp.CSS(`a[href="/load-balancers"]`)))
	br.waitJS(t, "the list with the notice", `document.querySelectorAll("tr.lb-row").length === 2 && !!document.querySelector("#update-reload")`, 60*time.Second)
	if got := running(); got != own || eval[int](t, br, `window.octaviewTestPage || 0`) != 1 {
		t.Errorf("the page reloaded or changed build on its own: runs %s, want %s until the user reloads", got, own)
	}
	if got := br.text(t, "#update-notice"); !strings.Contains(got, "A new version of Octaview is available") {
		t.Errorf("notice: got %q", got)
	}
	br.shot(t, "upgrade-2-new-version-notice")
	mu.Lock()
	wasms = nil
	mu.Unlock()
	br.do(t, "reload", 10*time.Second, chromedp.Evaluate[chromedp.Void](`document.querySelector("#update-reload").click()`))
	br.waitJS(t, "the page reloads", `!window.octaviewTestPage`, 30*time.Second)
	// (the rows come with the page, before the app runs: wait for the app's)
	br.waitJS(t, "the new build runs", fmt.Sprintf(`typeof goappGetenv === "function" && goappGetenv("GOAPP_VERSION") === %q && document.querySelectorAll("tr.lb-row").length === 2 && %s`, next, appLoadedJS), 60*time.Second)
	if got := br.text(t, "#who-user"); got != "demo" {
		t.Errorf("after the reload: header user %q, want demo (the session holds across builds)", got)
	}
	if n := eval[int](t, br, `document.querySelectorAll("#update-reload").length`); n != 0 {
		t.Error("after the reload onto the new build, the notice is still there")
	}
	checkWasm("after the reload", next)
	// The old cache goes when the new worker activates, and the new build's
	// is whole. (Chromium may still be filling it again just after the
	// reload: a whole cache is what must come, within 10 s.)
	for i := 0; ; i++ {
		cached, partial := readCaches("after the reload")
		if len(cached) == 1 && cached[0] == next && len(partial) == 0 {
			break
		}
		if i == 100 {
			st, _ := chromedp.Run(br.ctx, chromedp.Evaluate[string](swState, chromedp.EvalAwaitPromise))
			t.Logf("the page's service workers: %s", st)
			t.Fatalf("after the reload: cached builds %q, want only %s, whole (%q)", cached, next, partial)
		}
		time.Sleep(100 * time.Millisecond)
	}
	br.shot(t, "upgrade-3-new-build")

	// The wall, which nobody clicks, reloaded onto the new build by itself.
	wall.waitJS(t, "the wall runs the new build", fmt.Sprintf(`typeof goappGetenv === "function" && goappGetenv("GOAPP_VERSION") === %q && document.querySelectorAll(".wall-card").length === 2`, next), 150*time.Second)
	wall.shot(t, "upgrade-4-wall-new-build")
}
