//go:build !js

package e2e

// CPU profiles of a run in Chromium, for the benchmarks of the first screen
// and of the list at scale.

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// profileRun profiles what run does in br with the CDP Profiler (100 µs
// sampling), writes the profile to file (Chromium's DevTools open it) and
// returns it.
func profileRun(tb testing.TB, br *browser, file string, run func()) *profiler.Profile {
	tb.Helper()
	ctx := br.ctx
	if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
		tb.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100}); err != nil {
		tb.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{}); err != nil {
		tb.Fatal(err)
	}
	run()
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		tb.Fatal(err)
	}
	raw, _ := json.Marshal(res.Profile)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(file, raw, 0o644); err != nil {
		tb.Fatal(err)
	}
	return res.Profile
}

// summarizeProfile lists the top functions of p by self time (ms), and the
// time by kind: wasm (by Go package when the wasm has names), JavaScript,
// V8's own (program, garbage collector), idle.
func summarizeProfile(p *profiler.Profile, top int) string {
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
	}
	self := map[string]float64{}
	kind := map[string]float64{}
	for i, id := range p.Samples {
		n := byID[id]
		if n == nil || i >= len(p.TimeDeltas) {
			continue
		}
		// a sample's time is the delta to the next sample
		d := 0.0
		if i+1 < len(p.TimeDeltas) {
			d = float64(p.TimeDeltas[i+1]) / 1000
		}
		f := n.CallFrame
		fn := cmp.Or(f.FunctionName, "(anonymous)")
		switch {
		case strings.HasPrefix(f.URL, "wasm://") || strings.Contains(f.URL, ".wasm"):
			kind["wasm "+servertest.GoPackage(fn)] += d
			fn = "wasm " + fn
		case f.URL == "":
			kind[fn] += d
		default:
			kind["js "+filepath.Base(strings.SplitN(f.URL, "?", 2)[0])] += d
			fn = fn + " (" + filepath.Base(strings.SplitN(f.URL, "?", 2)[0]) + ")"
		}
		self[fn] += d
	}
	var b strings.Builder
	list := func(title string, m map[string]float64, n int) {
		keys := slices.SortedFunc(maps.Keys(m), func(a, b string) int { return cmp.Compare(m[b], m[a]) })
		total := 0.0
		for _, v := range m {
			total += v
		}
		fmt.Fprintf(&b, "%s (%.0f ms sampled):\n", title, total)
		for i, k := range keys {
			if i == n {
				break
			}
			fmt.Fprintf(&b, "  %7.1f ms  %s\n", m[k], k)
		}
	}
	list("by kind", kind, top)
	list("by function, self time", self, top)
	return b.String()
}
