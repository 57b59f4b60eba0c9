//go:build !js

package e2e

// The first screen side by side with the floor of the stack (issue 21): a
// go-app v10 program whose text appears only once its wasm runs
// (testdata/floor), built and served the way the console is, and the
// console, measured in one run in headless Chromium.

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// startSamples is how many timed visits of each kind BenchmarkStartup makes;
// it reports their medians.
const startSamples = 5

// startMarksJS runs in every document before the page's own scripts. It
// records, by the page's clock (ms since the navigation started), when the
// wasm is fetched and compiled (WebAssembly's entry points), when go.run is
// called, and when what a user waits for first shows: the floor's text
// ("floor"), the login form usable ("usable": its submit button enabled in
// the served plain form, which posts to the server, or in the app's form),
// the app running the form ("app-usable": the app marked it ready), the
// first load balancer row ("row"); and
// for each of these, when the next frame is painted (NAME-painted: what the
// user sees, layout included). window.__octaviewStart.wait(name, ms) resolves with a mark's time.
const startMarksJS = `(() => {
	const marks = {}, waiters = {};
	const at = (k) => {
		if (k in marks) return;
		marks[k] = performance.now();
		for (const f of waiters[k] || []) f(marks[k]);
		delete waiters[k];
	};
	window.__octaviewStart = {
		marks, at,
		wait: (k, ms) => new Promise((resolve, reject) => {
			if (k in marks) return resolve(marks[k]);
			(waiters[k] = waiters[k] || []).push(resolve);
			setTimeout(() => reject(new Error("no " + k + " within " + ms + " ms at " + location.href)), ms);
		}),
	};
	for (const name of ["instantiateStreaming", "compileStreaming", "instantiate", "compile"]) {
		const f = WebAssembly[name];
		if (!f) continue;
		WebAssembly[name] = function (...args) {
			at(name);
			const p = f.apply(this, args);
			p.then(() => at(name + "-done"), () => {});
			return p;
		};
	}
	let Go;
	Object.defineProperty(globalThis, "Go", {configurable: true, get: () => Go, set: (v) => {
		const run = v.prototype.run;
		v.prototype.run = function (...args) { at("go.run"); return run.apply(this, args); };
		Go = v;
	}});
	const checks = {
		floor: () => (document.getElementById("floor") || {}).textContent === "floor ready",
		usable: () => !!document.querySelector('#login-form[data-plain="on"] #login-submit:not([disabled]), #login-form[data-ready="true"] #login-submit:not([disabled])'),
		"app-usable": () => !!document.querySelector('#login-form[data-ready="true"] #login-submit:not([disabled])'),
		row: () => !!document.querySelector("tr.lb-row"),
	};
	// k, then k+"-painted" once the next frame with it is painted
	const check = () => {
		for (const k in checks) {
			if (!(k in marks) && checks[k]()) {
				at(k);
				requestAnimationFrame(() => setTimeout(() => at(k + "-painted"), 0));
			}
		}
	};
	new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})()`

// startSubmitJS fills the login form as demo and submits it (once "usable"),
// marking "submit" just before the click.
const startSubmitJS = `(() => {
	const set = (id, v) => {
		const e = document.getElementById(id);
		e.value = v;
		e.dispatchEvent(new Event("input", {bubbles: true}));
	};
	set("login-user", "demo"); set("login-password", "demo"); set("login-project", "demo");
	return new Promise((resolve) => setTimeout(() => {
		window.__octaviewStart.at("submit");
		document.getElementById("login-submit").click();
		resolve(true);
	}, 0));
})()`

// marks are one visit's marks: name -> ms since the navigation started.
type marks map[string]float64

func (m marks) String() string {
	keys := slices.SortedFunc(maps.Keys(m), func(a, b string) int { return cmp.Compare(m[a], m[b]) })
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %.0f", k, m[k])
	}
	return b.String()
}

// since is the time from mark from to mark to.
func (m marks) since(from, to string) time.Duration {
	return time.Duration((m[to] - m[from]) * float64(time.Millisecond))
}

// at is mark name's time since the navigation started.
func (m marks) at(name string) time.Duration {
	return time.Duration(m[name] * float64(time.Millisecond))
}

// startBrowser is a Chromium (profile: a fresh directory for a cold start;
// extra: more options) that records startMarksJS's marks in every document.
func startBrowser(tb testing.TB, profile string, extra ...chromedp.ExecAllocatorOption) *browser {
	tb.Helper()
	b := newBrowserWith(tb, profile, extra...)
	if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: startMarksJS}); err != nil {
		tb.Fatalf("adding the marks script: %v", err)
	}
	return b
}

// visit navigates to url and waits for the marks named in want (and for
// submit, when set: it logs in as demo once "usable", then waits for "row").
func visit(tb testing.TB, b *browser, url string, submit bool, want ...string) marks {
	tb.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		tb.Fatalf("navigate to %s: %v", url, err)
	}
	waitMarks(tb, ctx, want...)
	if submit {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](startSubmitJS, chromedp.EvalAwaitPromise)); err != nil {
			tb.Fatalf("logging in: %v", err)
		}
		waitMarks(tb, ctx, "row")
	}
	// with the page's own performance marks and when the main files arrived
	js := `JSON.stringify(Object.assign({}, window.__octaviewStart.marks,
		Object.fromEntries(performance.getEntriesByType("mark").map((e) => [e.name, e.startTime])),
		Object.fromEntries(performance.getEntriesByType("resource")
			.filter((e) => /\/(app\.wasm|app\.js|wasm_exec\.js|octaview\.css)/.test(e.name))
			.map((e) => [new URL(e.name).pathname.replace(/.*\//, "") + " arrived", e.responseEnd])),
		{"html arrived": performance.getEntriesByType("navigation")[0].responseEnd,
		 "DOMContentLoaded": performance.getEntriesByType("navigation")[0].domContentLoadedEventStart}))`
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		tb.Fatalf("reading the marks: %v", err)
	}
	var m marks
	if err := json.Unmarshal([]byte(got), &m); err != nil {
		tb.Fatalf("the marks %q: %v", got, err)
	}
	return m
}

func waitMarks(tb testing.TB, ctx context.Context, want ...string) {
	tb.Helper()
	js := fmt.Sprintf(`Promise.all(%s.map((k) => window.__octaviewStart.wait(k, 90000))).then(() => true)`, jsonString(want))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise)); err != nil {
		tb.Fatalf("waiting for %v: %v", want, err)
	}
}

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// floorServer is the floor program (testdata/floor) running.
type floorServer struct {
	URL  string
	Wasm string // its app.wasm
}

// startFloor builds the floor (its wasm as it has always been built,
// servertest.FloorBuildArgs, compressed at the same brotli quality as
// web/app.wasm.br; with its function names when OCTAVIEW_START_PROFILE is
// set) into bin/floor, runs its server and stops it when tb ends.
func startFloor(tb testing.TB) floorServer {
	tb.Helper()
	requireTools(tb)
	dir, err := filepath.Abs("../bin/floor")
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	quality := servertest.BrotliQuality(tb, "../bin/app.wasm.stamp")
	names := os.Getenv("OCTAVIEW_START_PROFILE") != "" // the name section, for the profile
	stock := servertest.StockGoAppFlags(tb, "..")      // the floor is go-app as published
	servertest.RunGo(tb, []string{"GOOS=js", "GOARCH=wasm"}, slices.Concat([]string{"build"}, servertest.FloorBuildArgs(names), []string{"-o", filepath.Join(dir, "app.wasm.new")}, stock, []string{"../cmd/server/testdata/floor"})...)
	servertest.RunGo(tb, nil, slices.Concat([]string{"build", "-o", filepath.Join(dir, "floor")}, stock, []string{"../cmd/server/testdata/floor"})...)
	if out, err := exec.Command(octaviewBin, "precompress", "-quality", quality, "-new", filepath.Join(dir, "app.wasm.new"), filepath.Join(dir, "app.wasm")).CombinedOutput(); err != nil {
		tb.Fatalf("compressing the floor's wasm: %v\n%s", err, out)
	}
	build := appBuild(tb, dir)
	url := startPageServer(tb, "the floor", filepath.Join(dir, "floor"), "-web", dir, "-version", build)
	return floorServer{URL: url, Wasm: filepath.Join(dir, "app.wasm")}
}

// startPageServer runs bin, the server of a test page (testdata/floor,
// testdata/handlers: it says "listening on URL" first), on a free loopback
// port with args, stops it when tb ends, and returns that URL.
func startPageServer(tb testing.TB, what, bin string, args ...string) string {
	tb.Helper()
	cmd := exec.Command(bin, append([]string{"-addr", "127.0.0.1:0"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	sc := bufio.NewScanner(stdout)
	if !sc.Scan() {
		tb.Fatalf("%s did not start: %v", what, sc.Err())
	}
	m := regexp.MustCompile(`listening on (http://\S+)`).FindStringSubmatch(sc.Text())
	if m == nil {
		tb.Fatalf("%s said %q", what, sc.Text())
	}
	go io.Copy(io.Discard, stdout)
	return m[1]
}

// BenchmarkStartup measures in one run, in headless Chromium, side by side
// and alternating: the floor's cold and warm start (navigation -> its text,
// set once its wasm runs) and the console's cold and warm "login form usable"
// (navigation -> the app marked the form ready and its submit button is
// enabled), a returning user's navigation -> first load balancer row (a live
// session cookie, warm cache), and submit -> first row, cold and warm; medians
// of startSamples, printed as ratios to the floor (targets: cold ≤ 1.2×, warm
// ≤ 1.1×; app.wasm on the wire ≤ 1.1×). Cold: a fresh Chromium profile per
// visit. Warm: the same profile's next visit, after one untimed visit and 2 s
// for the service worker: the same tab, so the same renderer process, where
// V8 reuses the previous page's compiled module while it is still in memory
// (docs/known-limits.md). Warm, next session (nextSessions): a new Chromium
// on the profile of a first session that stayed open nextSessionStay, where
// a compile can only take Chromium's code cache.
//
// With OCTAVIEW_START_PROFILE=DIR it also profiles one more cold visit of
// each (CDP Profiler, untimed), writes DIR/floor.cpuprofile and
// DIR/console.cpuprofile (Chromium's DevTools open them) and logs where the
// time went (build app.wasm without -s to get Go function names).
func BenchmarkStartup(b *testing.B) {
	floor := startFloor(b)
	c := startConsole(b)
	off := startConsoleWith(b, []string{"-no-first-screen"}, nil) // a returning user's rows read by the app only (before issue 21 goal 2)
	if dir := os.Getenv("OCTAVIEW_START_PROFILE"); dir != "" {
		profileStart(b, dir, "floor", floor.URL+"/", "floor")
		profileStart(b, dir, "console", c.URL+"/login", "app-usable") // the app's start, not the served form
	}

	var floorCold, floorWarm, loginCold, loginWarm, returning, returningOff, submitCold, submitWarm []time.Duration
	var floorColdP, floorWarmP, loginColdP, loginWarmP []time.Duration // painted
	var appCold, appWarm []time.Duration                               // the app runs the form
	var floorWire, consoleWire, floorWarmWire, consoleWarmWire int64
	var lastFloorCold, lastLoginCold, lastFloorWarm, lastLoginWarm, lastReturning, lastReturningOff marks
	for i := 0; i < b.N; i++ {
		for n := range startSamples {
			coldFloor := func() {
				br := startBrowser(b, b.TempDir())
				w := wasmWire(b, br)
				lastFloorCold = visit(b, br, floor.URL+"/", false, "floor-painted")
				floorCold = append(floorCold, lastFloorCold.at("floor"))
				floorColdP = append(floorColdP, lastFloorCold.at("floor-painted"))
				floorWire = w.take()
			}
			coldConsole := func() {
				br := startBrowser(b, b.TempDir())
				w := wasmWire(b, br)
				lastLoginCold = visit(b, br, c.URL+"/login", true, "usable-painted", "app-usable") // the app's submit
				loginCold = append(loginCold, lastLoginCold.at("usable"))
				appCold = append(appCold, lastLoginCold.at("app-usable"))
				loginColdP = append(loginColdP, lastLoginCold.at("usable-painted"))
				submitCold = append(submitCold, lastLoginCold.since("submit", "row"))
				consoleWire = w.take()
			}
			if n%2 == 0 {
				coldFloor()
				coldConsole()
			} else {
				coldConsole()
				coldFloor()
			}
		}
	}

	fb := startBrowser(b, b.TempDir())
	fw := wasmWire(b, fb)
	visit(b, fb, floor.URL+"/", false, "floor")
	cb := startBrowser(b, b.TempDir())
	cw := wasmWire(b, cb)
	clearCookies(b, cb)
	visit(b, cb, c.URL+"/login", true, "app-usable")
	rb := startBrowser(b, b.TempDir())
	rw := wasmWire(b, rb)
	visit(b, rb, c.URL+"/login", true, "app-usable") // the session cookie stays
	ob := startBrowser(b, b.TempDir())
	ow := wasmWire(b, ob)
	visit(b, ob, off.URL+"/login", true, "app-usable")
	time.Sleep(2 * time.Second) // the service workers finish caching
	fw.take()
	cw.take()
	rw.take()
	ow.take()
	for i := 0; i < b.N; i++ {
		for range startSamples {
			lastFloorWarm = visit(b, fb, floor.URL+"/", false, "floor-painted")
			floorWarm = append(floorWarm, lastFloorWarm.at("floor"))
			floorWarmP = append(floorWarmP, lastFloorWarm.at("floor-painted"))
			floorWarmWire += fw.take()

			clearCookies(b, cb) // the form, not the last visit's session
			lastLoginWarm = visit(b, cb, c.URL+"/login", true, "usable-painted", "app-usable")
			loginWarm = append(loginWarm, lastLoginWarm.at("usable"))
			appWarm = append(appWarm, lastLoginWarm.at("app-usable"))
			loginWarmP = append(loginWarmP, lastLoginWarm.at("usable-painted"))
			submitWarm = append(submitWarm, lastLoginWarm.since("submit", "row"))
			consoleWarmWire += cw.take()

			lastReturning = visit(b, rb, c.URL+"/load-balancers", false, "row")
			returning = append(returning, lastReturning.at("row"))
			consoleWarmWire += rw.take()

			lastReturningOff = visit(b, ob, off.URL+"/load-balancers", false, "row")
			returningOff = append(returningOff, lastReturningOff.at("row"))
			consoleWarmWire += ow.take()
		}
	}

	floorNext, loginNext, lastFloorNext, lastLoginNext := nextSessions(b, floor.URL+"/", c.URL+"/login")

	fc, fwm := servertest.Median(floorCold), servertest.Median(floorWarm)
	lc, lw := servertest.Median(loginCold), servertest.Median(loginWarm)
	fcp, fwp, lcp, lwp := servertest.Median(floorColdP), servertest.Median(floorWarmP), servertest.Median(loginColdP), servertest.Median(loginWarmP)
	ret, retOff, sc, sw := servertest.Median(returning), servertest.Median(returningOff), servertest.Median(submitCold), servertest.Median(submitWarm)
	b.ReportMetric(float64(lc.Nanoseconds()), "ns/op")
	b.ReportMetric(fc.Seconds(), "s/floor-cold")
	b.ReportMetric(lc.Seconds(), "s/login-cold")
	b.ReportMetric(lc.Seconds()/fc.Seconds(), "cold/floor")
	b.ReportMetric(fwm.Seconds(), "s/floor-warm")
	b.ReportMetric(lw.Seconds(), "s/login-warm")
	b.ReportMetric(lw.Seconds()/fwm.Seconds(), "warm/floor")
	fn, ln := servertest.Median(floorNext), servertest.Median(loginNext)
	b.ReportMetric(fn.Seconds(), "s/floor-next-session")
	b.ReportMetric(ln.Seconds(), "s/login-next-session")
	b.ReportMetric(ln.Seconds()/fn.Seconds(), "next-session/floor")
	b.ReportMetric(lcp.Seconds()/fcp.Seconds(), "cold-painted/floor")
	b.ReportMetric(lwp.Seconds()/fwp.Seconds(), "warm-painted/floor")
	b.ReportMetric(ret.Seconds(), "s/returning-row")
	b.ReportMetric(ret.Seconds()/fwm.Seconds(), "returning-row/floor-warm")
	b.ReportMetric(retOff.Seconds(), "s/returning-row-app")
	b.ReportMetric(sc.Seconds(), "s/submit-row-cold")
	b.ReportMetric(sw.Seconds(), "s/submit-row-warm")
	b.ReportMetric(float64(consoleWire)/float64(floorWire), "wasm-wire/floor")
	b.ReportMetric(float64(consoleWarmWire), "wasm-wire-bytes-warm")

	fbr, cbr := servertest.FileSize(b, floor.Wasm+".br"), servertest.FileSize(b, webDir+"/app.wasm.br")
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }
	mb := func(n int64) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }
	var t strings.Builder
	fmt.Fprintf(&t, "\n| | go-app floor | Octaview | ratio | target |\n|---|---|---|---|---|\n")
	fmt.Fprintf(&t, "| cold: navigation → text / login form usable (the plain form) | %s | %s | %.2f× | ≤ 1.2× |\n", ms(fc), ms(lc), lc.Seconds()/fc.Seconds())
	fmt.Fprintf(&t, "| warm (same browser, next visit) | %s | %s | %.2f× | ≤ 1.1× |\n", ms(fwm), ms(lw), lw.Seconds()/fwm.Seconds())
	fmt.Fprintf(&t, "| warm, next session (the browser restarted after a %v session): text / the app runs the form | %s | %s | %.2f× | |\n", nextSessionStay, ms(fn), ms(ln), ln.Seconds()/fn.Seconds())
	fmt.Fprintf(&t, "| the same, painted (the next frame on screen): cold | %s | %s | %.2f× | ≤ 1.2× |\n", ms(fcp), ms(lcp), lcp.Seconds()/fcp.Seconds())
	fmt.Fprintf(&t, "| painted: warm | %s | %s | %.2f× | ≤ 1.1× |\n", ms(fwp), ms(lwp), lwp.Seconds()/fwp.Seconds())
	fmt.Fprintf(&t, "| the app runs the form (data-ready), cold / warm | %s / %s | %s / %s | %.2f× / %.2f× | |\n", ms(fc), ms(fwm), ms(servertest.Median(appCold)), ms(servertest.Median(appWarm)),
		servertest.Median(appCold).Seconds()/fc.Seconds(), servertest.Median(appWarm).Seconds()/fwm.Seconds())
	fmt.Fprintf(&t, "| returning user (session cookie, warm): navigation → first load balancer row (served) | — | %s | %.2f× floor warm | ≤ 0.5× |\n", ms(ret), ret.Seconds()/fwm.Seconds())
	fmt.Fprintf(&t, "| the same, rows read by the app (-no-first-screen: before) | — | %s | %.2f× floor warm | |\n", ms(retOff), retOff.Seconds()/fwm.Seconds())
	fmt.Fprintf(&t, "| submit → first row, cold / warm | — | %s / %s | | |\n", ms(sc), ms(sw))
	fmt.Fprintf(&t, "| app.wasm on the wire, cold visit (files: %s / %s brotli) | %s | %s | %.2f× | ≤ 1.1× |\n",
		mb(fbr), mb(cbr), mb(floorWire), mb(consoleWire), float64(consoleWire)/float64(floorWire))
	fmt.Fprintf(&t, "| app.wasm on the wire, warm visits (all %d) | %s | %s | | 0 |\n", 3*len(loginWarm), mb(floorWarmWire), mb(consoleWarmWire))
	b.Log(t.String())
	b.Logf("samples (s): floor cold %v, login cold %v; floor warm %v, login warm %v; painted: floor cold %v, login cold %v, floor warm %v, login warm %v; returning %v; submit→row cold %v, warm %v",
		secs(floorCold), secs(loginCold), secs(floorWarm), secs(loginWarm), secs(floorColdP), secs(loginColdP), secs(floorWarmP), secs(loginWarmP),
		secs(returning), secs(submitCold), secs(submitWarm))
	b.Logf("samples (s): returning, rows read by the app (-no-first-screen) %v", secs(returningOff))
	b.Logf("samples (s): next session: floor %v, login %v; last marks:\n  floor: %v\n  login: %v", secs(floorNext), secs(loginNext), lastFloorNext, lastLoginNext)
	b.Logf("last visits' marks (ms since navigation):\n  floor cold: %v\n  login cold: %v\n  floor warm: %v\n  login warm: %v\n  returning: %v\n  returning, -no-first-screen: %v",
		lastFloorCold, lastLoginCold, lastFloorWarm, lastLoginWarm, lastReturning, lastReturningOff)
}

func secs(ds []time.Duration) []string {
	var s []string
	for _, d := range ds {
		s = append(s, fmt.Sprintf("%.2f", d.Seconds()))
	}
	return s
}

func clearCookies(tb testing.TB, b *browser) {
	tb.Helper()
	if _, err := chromedp.Call(b.ctx, network.ClearBrowserCookies, cdp.Empty{}); err != nil {
		tb.Fatalf("clearing cookies: %v", err)
	}
}

// profileStart profiles one cold visit of url until mark (profileRun),
// writes DIR/name.cpuprofile and logs the functions that took the most
// time, by self time.
func profileStart(tb testing.TB, dir, name, url, mark string) {
	tb.Helper()
	br := startBrowser(tb, tb.TempDir())
	file := filepath.Join(dir, name+".cpuprofile")
	var m marks
	prof := profileRun(tb, br, file, func() { m = visit(tb, br, url, false, mark) })
	tb.Logf("%s: cold visit profiled to %s; marks: %v\n%s", name, file, m, summarizeProfile(prof, 25))
}

// nextSessionStay is how long nextSessions' first session stays open (an
// operator keeps the console open for minutes): V8 offers a wasm module
// for Chromium's code cache only once about 1 MB of it is compiled by its
// top tier with 2 s of quiet after (--wasm-caching-threshold,
// --wasm-caching-timeout-ms), which the console, logged in on its load
// balancer list, reaches after ~15 s here.
const nextSessionStay = 30 * time.Second

// nextSessions measures, side by side and alternating, the floor's (at
// floorURL: its text) and the console's (at loginURL: the app running the
// login form, "app-usable": the served plain form is usable long before)
// start in a new session of a browser that used them before: a
// Chromium on a profile whose first session visited once (and installed the
// service worker) and whose second session (its page answered by the
// worker; the console's logged in) stayed nextSessionStay. A new Chromium
// keeps no module in memory, so what a compile can take is Chromium's code
// cache (the floor has none: go-app's loader compiles a Response it makes
// itself). It returns startSamples times of each and each kind's last
// marks.
func nextSessions(b *testing.B, floorURL, loginURL string) (floor, login []time.Duration, lastFloor, lastLogin marks) {
	b.Helper()
	fp, cp := b.TempDir(), b.TempDir()
	fb, cb := startBrowser(b, fp), startBrowser(b, cp)
	visit(b, fb, floorURL, false, "floor")
	visit(b, cb, loginURL, true, "app-usable")
	waitWorker(b, fb)
	waitWorker(b, cb)
	closeBrowser(b, fb)
	closeBrowser(b, cb)
	fb, cb = startBrowser(b, fp), startBrowser(b, cp)
	visit(b, fb, floorURL, false, "floor")
	clearCookies(b, cb)
	visit(b, cb, loginURL, true, "app-usable")
	time.Sleep(nextSessionStay)
	closeBrowser(b, fb)
	closeBrowser(b, cb)
	for i := 0; i < b.N; i++ {
		for n := range startSamples {
			floorVisit := func() {
				br := startBrowser(b, fp)
				lastFloor = visit(b, br, floorURL, false, "floor")
				floor = append(floor, lastFloor.at("floor"))
				closeBrowser(b, br)
			}
			loginVisit := func() {
				br := startBrowser(b, cp)
				clearCookies(b, br) // the form, not the first session's
				lastLogin = visit(b, br, loginURL, false, "app-usable")
				login = append(login, lastLogin.at("app-usable"))
				closeBrowser(b, br)
			}
			if n%2 == 0 {
				floorVisit()
				loginVisit()
			} else {
				loginVisit()
				floorVisit()
			}
		}
	}
	return floor, login, lastFloor, lastLogin
}

// waitWorker waits until the page's service worker is active (the next
// navigation is answered by it).
func waitWorker(tb testing.TB, b *browser) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, time.Minute)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`navigator.serviceWorker.ready.then(() => true)`, chromedp.EvalAwaitPromise)); err != nil {
		tb.Fatalf("waiting for the service worker: %v", err)
	}
}
