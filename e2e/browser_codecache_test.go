//go:build !js

package e2e

// The compiled app.wasm kept in Chromium's code cache across visits
// (docs/startup.md), read from Chromium's own trace events.

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// wasmCacheEventNames are the trace events that say where a compiled module
// came from. Blink's (third_party/blink/.../v8_wasm_response_extensions.cc,
// category disabled-by-default-devtools.timeline), about the code cache on
// disk: v8.wasm.moduleCacheHit (a streaming compile found a cached module
// for its response), v8.wasm.moduleCacheInvalid[Digest] (it was refused),
// v8.wasm.compiledModule (V8 offered the module for caching: enough of it
// is compiled by its top tier), v8.wasm.cachedModule (it was serialized
// and sent to the cache). V8's (category v8.wasm), about its in-memory
// cache of the modules a renderer process still holds: CacheHit (a compile
// of the same bytes took a module still in memory, e.g. the previous
// page's, not yet collected), wasm.BaselineFinished (a module was compiled
// from its bytes).
var wasmCacheEventNames = map[string]bool{
	"v8.wasm.moduleCacheHit": true, "v8.wasm.moduleCacheInvalid": true, "v8.wasm.moduleCacheInvalidDigest": true,
	"v8.wasm.compiledModule": true, "v8.wasm.cachedModule": true,
	"CacheHit": true, "wasm.BaselineFinished": true,
}

// wasmCacheTimedNames are the trace events whose durations tell where a
// compile's time went: hashing the wire bytes to check a cached module
// (Blink), finishing the streaming compile (V8: deserializing a cached
// module, or the rest of the compile).
var wasmCacheTimedNames = map[string]bool{
	"v8.wasm.compileDigestForConsume": true, "wasm.FinishStreaming": true, "wasm.Deserialize": true,
	"wasm.DeserializeModule": true, "v8.wasm.compileConsumeDone": true, "wasm.SyncInstantiate": true, "wasm.AsyncInstantiate": true,
}

// wasmCacheEvent is one of wasmCacheEventNames or wasmCacheTimedNames.
type wasmCacheEvent struct {
	Name string
	TS   float64 // µs, the trace clock
	Args map[string]any
	Dur  float64 // µs, for a complete event
}

// wasmCacheTrace records Blink's wasm code cache trace events in b's browser
// while it runs.
type wasmCacheTrace struct {
	mu     sync.Mutex
	events []wasmCacheEvent
	done   chan struct{}
}

// traceWasmCache starts tracing the wasm code cache events in b's browser;
// stop returns them.
func traceWasmCache(tb testing.TB, b *browser) (stop func() []wasmCacheEvent) {
	tb.Helper()
	t := &wasmCacheTrace{done: make(chan struct{})}
	ctx, cancel := context.WithCancel(b.ctx)
	var once sync.Once
	if err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			t.mu.Lock()
			defer t.mu.Unlock()
			for _, v := range ev.Value {
				var e struct {
					Name string         `json:"name"`
					TS   float64        `json:"ts"`
					Args map[string]any `json:"args"`
					Dur  float64        `json:"dur"`
				}
				if json.Unmarshal(v, &e) == nil && (wasmCacheEventNames[e.Name] || wasmCacheTimedNames[e.Name]) {
					t.events = append(t.events, wasmCacheEvent(e))
				}
			}
		case *tracing.EventTracingComplete:
			once.Do(func() { close(t.done) })
		}
	}); err != nil {
		cancel()
		tb.Fatal(err)
	}
	if _, err := chromedp.Call(b.ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: []string{"disabled-by-default-devtools.timeline", "v8.wasm"}},
	}); err != nil {
		cancel()
		tb.Fatalf("starting the trace: %v", err)
	}
	return func() []wasmCacheEvent {
		defer cancel()
		if _, err := chromedp.Call(b.ctx, tracing.End, struct{}{}); err != nil {
			tb.Fatalf("ending the trace: %v", err)
		}
		select {
		case <-t.done:
		case <-time.After(30 * time.Second):
			tb.Fatal("the trace did not complete within 30 s")
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		return t.events
	}
}

// wasmCacheSummary says what a visit's events show: where its module came
// from, and what was sent to the code cache (sizes, and when: ms after the
// visit's first event).
func wasmCacheSummary(events []wasmCacheEvent) string {
	n := map[string]int{}
	var cached []string
	var t0 float64
	for i, e := range events {
		if i == 0 || e.TS < t0 {
			t0 = e.TS
		}
	}
	dur := map[string]float64{}
	for _, e := range events {
		n[e.Name]++
		dur[e.Name] += e.Dur
		if e.Name == "v8.wasm.cachedModule" {
			cached = append(cached, fmt.Sprintf("%v B at +%.0f ms", e.Args["producedCacheSize"], (e.TS-t0)/1000))
		}
	}
	var times []string
	for _, k := range slices.Sorted(maps.Keys(wasmCacheTimedNames)) {
		if n[k] > 0 {
			times = append(times, fmt.Sprintf("%s %.0f ms", k, dur[k]/1000))
		}
	}
	return fmt.Sprintf("code cache hit %d (invalid %d), in-memory hit %d, compiled %d; offered for caching %d, cached %v; %s",
		n["v8.wasm.moduleCacheHit"], n["v8.wasm.moduleCacheInvalid"]+n["v8.wasm.moduleCacheInvalidDigest"], n["CacheHit"],
		n["wasm.BaselineFinished"], n["v8.wasm.compiledModule"], cached, strings.Join(times, ", "))
}

// closeBrowser ends b's Chromium and waits for it to exit (its profile is
// then free for another).
func closeBrowser(tb testing.TB, b *browser) {
	tb.Helper()
	if err := chromedp.Cancel(b.ctx); err != nil {
		tb.Fatalf("closing the browser: %v", err)
	}
}

// wasmCacheFlags make V8 offer a module for its code cache as soon as any
// of it is compiled by its top tier (by default it waits for about 1 MB of
// such code and 2 s without more, which a console takes ~15 s of use to
// reach): what a test can wait for.
var wasmCacheFlags = chromedp.Flag("js-flags", "--wasm-caching-threshold=1 --wasm-caching-timeout-ms=0")

// TestBrowserWasmCodeCache checks that Chromium keeps the console's compiled
// app.wasm across sessions and that a new session's streaming compile takes
// it (Blink's trace events v8.wasm.cachedModule, then
// v8.wasm.moduleCacheHit): the early compile streams the page's own fetch
// Response, and the service worker answers app.wasm with the Response from
// its cache itself (a compile from a Response made in JavaScript, such as
// go-app's progress copy or a worker's new Response(...), has no code
// cache: it stores nothing and never hits). And that a reload in the same
// tab does not consult the code cache (compile.js: V8 reuses the module it
// still holds in memory, for less work).
func TestBrowserWasmCodeCache(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	profile := t.TempDir()

	// the first session installs the service worker, which caches this build
	br := startBrowser(t, profile, wasmCacheFlags)
	visit(t, br, c.URL+"/login", false, "usable")
	waitWorker(t, br)
	closeBrowser(t, br)

	// the second session, app.wasm from the worker's cache: V8 offers the
	// module (the app's login runs more of it) and Chromium stores it beside
	// the worker's copy. The login waits for the app to run the form
	// ("app-usable"): the served form, submitted before, posts itself and
	// loads the list as a new document, which the wait for its row does not
	// survive (a person lands on the list either way)
	br = startBrowser(t, profile, wasmCacheFlags)
	stop := traceWasmCache(t, br)
	clearCookies(t, br)
	visit(t, br, c.URL+"/login", true, "usable", "app-usable")
	var seen []string
	for cached := false; !cached; {
		events := stop()
		seen = append(seen, wasmCacheSummary(events))
		for _, e := range events {
			cached = cached || e.Name == "v8.wasm.cachedModule"
		}
		if !cached {
			if len(seen) == 20 {
				t.Fatalf("Chromium never stored the compiled module (trace windows: %q)", seen)
			}
			stop = traceWasmCache(t, br)
			time.Sleep(time.Second)
		}
	}
	closeBrowser(t, br)

	// a new session (the same profile, a new Chromium: no module left in
	// memory) compiles from the code cache. Chromium at times does not hand
	// the stored module to a compile (about 1 session in 4); of five, one
	// must take it.
	var sessions []string
	for range 5 {
		br := startBrowser(t, profile, wasmCacheFlags)
		stop := traceWasmCache(t, br)
		clearCookies(t, br)
		visit(t, br, c.URL+"/login", false, "usable")
		events := stop()
		sessions = append(sessions, wasmCacheSummary(events))
		if hasEvent(events, "v8.wasm.moduleCacheInvalid", "v8.wasm.moduleCacheInvalidDigest") {
			t.Fatalf("V8 refused the stored module: %s", sessions[len(sessions)-1])
		}
		if !hasEvent(events, "v8.wasm.moduleCacheHit") {
			closeBrowser(t, br)
			continue
		}
		t.Logf("stored: %s; new sessions: %q", seen[len(seen)-1], sessions)

		// a reload in that tab compiles without the code cache
		stop = traceWasmCache(t, br)
		visit(t, br, c.URL+"/login", false, "usable")
		if events := stop(); hasEvent(events, "v8.wasm.moduleCacheHit") {
			t.Fatalf("a reload in the same tab took the code cache: %s", wasmCacheSummary(events))
		}
		return
	}
	t.Fatalf("no new session took the stored module: %q", sessions)
}

// hasEvent reports whether events has one of names.
func hasEvent(events []wasmCacheEvent, names ...string) bool {
	return slices.ContainsFunc(events, func(e wasmCacheEvent) bool { return slices.Contains(names, e.Name) })
}
