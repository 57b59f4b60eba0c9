//go:build !js

package e2e

// When Chromium keeps, and uses, the compiled app.wasm across visits (V8's
// wasm code cache), for the floor (testdata/floor) and the console, read
// from Chromium's own trace events (docs/benchmarks.md).

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// BenchmarkWasmCodeCache visits the floor and the console again and again,
// side by side, in one browser profile each (the console's visits log in), and
// prints, per visit (on stdout: a benchmark's log is cut short), where its
// module came from by Chromium's trace events (wasmCacheSummary: Chromium's
// code cache, V8's in-memory module, a compile), when V8 offered it for the
// code cache, how long the compile took after app.wasm arrived, and the
// console's answers for its files. It reports the median compile after
// arrival and how many of the console's visits took the code cache.
//
// OCTAVIEW_CACHE_STAY (seconds, comma-separated, one per visit; default
// "0,0,0,0,0") is how long each visit stays open after its first screen;
// with OCTAVIEW_CACHE_RESTART set, each visit after the first is a new
// session: a new Chromium on the same profile (no module left in memory).
func BenchmarkWasmCodeCache(b *testing.B) {
	stays := []time.Duration{0, 0, 0, 0, 0}
	if s := os.Getenv("OCTAVIEW_CACHE_STAY"); s != "" {
		stays = nil
		for _, f := range strings.Split(s, ",") {
			n, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil {
				b.Fatalf("OCTAVIEW_CACHE_STAY %q: %v", s, err)
			}
			stays = append(stays, time.Duration(n*float64(time.Second)))
		}
	}
	floor := startFloor(b)
	var log accessLines
	c := startConsoleLog(b, nil, nil, &log)
	restart := os.Getenv("OCTAVIEW_CACHE_RESTART") != ""
	type site struct {
		name, url, mark, compiled string
		submit                    bool
		profile                   string
		br                        *browser
	}
	sites := []*site{
		{name: "floor", url: floor.URL + "/", mark: "floor", compiled: "instantiateStreaming-done"},
		{name: "console", url: c.URL + "/login", mark: "usable", compiled: "compileStreaming-done", submit: true},
	}
	compiled := map[string][]time.Duration{}
	hits := 0
	for range b.N {
		for _, s := range sites {
			s.profile = b.TempDir()
			s.br = startBrowser(b, s.profile)
		}
		for i, stay := range stays {
			if restart && i > 0 {
				for _, s := range sites {
					// the same profile in a new Chromium: no module left in memory
					closeBrowser(b, s.br)
					s.br = startBrowser(b, s.profile)
				}
			}
			stops := make([]func() []wasmCacheEvent, len(sites))
			ms := make([]marks, len(sites))
			for j, s := range sites {
				stops[j] = traceWasmCache(b, s.br)
				clearCookies(b, s.br)
				ms[j] = visit(b, s.br, s.url, s.submit, s.mark)
			}
			time.Sleep(stay)
			fmt.Printf("console's answers for its files: %s\n", log.take())
			for j, s := range sites {
				m, events := ms[j], stops[j]()
				fmt.Printf("%s visit %d (stayed %v): %s; app.wasm arrived %.0f ms, compiled %.0f ms, %s %.0f ms\n",
					s.name, i+1, stay, wasmCacheSummary(events), m["app.wasm arrived"], m[s.compiled], s.mark, m[s.mark])
				if i > 0 {
					compiled[s.name] = append(compiled[s.name], m.since("app.wasm arrived", s.compiled))
					if s.name == "console" && hasEvent(events, "v8.wasm.moduleCacheHit") {
						hits++
					}
				}
			}
		}
	}
	b.ReportMetric(float64(servertest.Median(compiled["floor"]).Milliseconds()), "ms/floor-compile-after-arrival")
	b.ReportMetric(float64(servertest.Median(compiled["console"]).Milliseconds()), "ms/console-compile-after-arrival")
	b.ReportMetric(float64(hits)/float64(len(compiled["console"])), "console-code-cache-hits/visit")
}

// accessLines keeps the server's access log lines for its files.
type accessLines struct {
	mu    sync.Mutex
	lines []string
}

func (a *accessLines) Write(p []byte) (int, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, l := range strings.Split(string(p), "\n") {
		var e struct {
			Path   string `json:"path"`
			Status int    `json:"status"`
			Bytes  int64  `json:"bytes"`
		}
		if json.Unmarshal([]byte(l), &e) == nil && (strings.HasSuffix(e.Path, ".wasm") || strings.HasSuffix(e.Path, ".js")) {
			a.lines = append(a.lines, fmt.Sprintf("%s %d %dB", e.Path, e.Status, e.Bytes))
		}
	}
	return len(p), nil
}

func (a *accessLines) take() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := strings.Join(a.lines, "; ")
	a.lines = nil
	return s
}
