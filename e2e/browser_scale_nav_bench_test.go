//go:build !js

package e2e

// The list at scale from the navigation (issue 28, item 11): navigation to
// the console's address, the login and every one of the scale drill's
// 10,002 load balancers counted, against `openstack loadbalancer list`,
// with where the time goes.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// countedJS runs in every document (after startMarksJS): it marks
// "counted" once the load balancer count reads %q with the list's load
// ended (its Refresh enabled), and keeps the document's time origin (ms
// since the epoch) so that marks of two documents (the plain form's post
// leads to another) add up.
const countedJS = `(() => {
	const done = () => (document.querySelector("#lb-count") || {}).textContent === %q &&
		!!document.querySelector("#lb-refresh") && !document.querySelector("#lb-refresh").disabled;
	const watch = () => new MutationObserver((_, o) => {
		if (done()) { window.__octaviewStart.at("counted"); o.disconnect(); }
	}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
	window.__octaviewStart.origin = performance.timeOrigin;
	if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch); else watch();
})()`

// navRun is one timed run: ms since the first navigation started.
type navRun struct {
	usable, appUsable, submit, posted, row, counted float64
	plain                                           bool // the served form's post logged in (else the app)
	detail                                          string
}

// timedNavList clears b's cookies, navigates to base+"/" (signed out: the
// login page), logs in as demo once the form is usable (the app's form
// when app is set: it waits for the app to run it), and returns the marks
// until all scaleDrillCount load balancers are counted, by the browser's
// clock across documents.
func timedNavList(tb testing.TB, b *browser, base string, app bool) navRun {
	tb.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 3*time.Minute)
	defer cancel()
	clearCookies(tb, b)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
		tb.Fatalf("navigate: %v", err)
	}
	want := "usable"
	if app {
		want = "app-usable"
	}
	waitMarks(tb, ctx, want)
	first := docMarks(tb, ctx)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](startSubmitJS, chromedp.EvalAwaitPromise)); err != nil {
		tb.Fatalf("logging in: %v", err)
	}
	first = docMarks(tb, ctx) // with "submit"
	var last map[string]float64
	for deadline := time.Now().Add(2 * time.Minute); ; {
		if m := docMarks(tb, ctx); m != nil && m["counted"] > 0 {
			last = m
			break
		}
		if time.Now().After(deadline) {
			tb.Fatalf("the count never read %d", scaleDrillCount)
		}
		time.Sleep(20 * time.Millisecond)
	}
	shift := last["origin"] - first["origin"] // the second document's start, on the first's clock
	r := navRun{usable: first["usable"], appUsable: first["app-usable"], submit: first["submit"],
		row: last["row"] + shift, counted: last["counted"] + shift, plain: shift > 0}
	if r.plain {
		r.posted = shift
	}
	phases, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`performance.getEntriesByType("resource")
		.filter(e => /auth\/tokens|lbaas\/loadbalancers|app\.wasm/.test(e.name))
		.map(e => e.name.replace(location.origin, "").replace(/\?.*marker=([0-9a-f]{4}).*/, "?marker=$1…").replace(/\?build=.*/, "") + " " + Math.round(e.startTime) + "+" + Math.round(e.duration)).join(", ")`))
	r.detail = phases
	return r
}

// docMarks is the current document's marks and time origin (nil while it
// has none: a navigation under way).
func docMarks(tb testing.TB, ctx context.Context) map[string]float64 {
	tb.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.__octaviewStart ? JSON.stringify(Object.assign({origin: window.__octaviewStart.origin || 0}, window.__octaviewStart.marks)) : ""`))
	if err != nil || got == "" {
		return nil // the document is changing
	}
	var m map[string]float64
	if json.Unmarshal([]byte(got), &m) != nil {
		return nil
	}
	return m
}

// BenchmarkListScaleFromNavigation: the scale drill (10,002 load balancers
// in project demo), warm (the same profile, after one untimed visit), from
// the navigation to / signed out to every load balancer counted, logging
// in the moment the form is usable (the served form, before the app runs:
// "plain"), and the moment the app runs it ("app"), against `openstack
// loadbalancer list` through the same proxy, alternating, listSamples
// each. Reports the medians, their ratio to the CLI (goal ≤ 0.5) and where
// the time goes: the form usable, the app running it, the login's answer
// (the next page's start, plain), the first row, the count. With
// OCTAVIEW_BEFORE_WEB=DIR, another build's app.wasm (DIR, as web/) is
// timed side by side (the app's login) by a second console.
func BenchmarkListScaleFromNavigation(b *testing.B) {
	openstack, err := exec.LookPath("openstack")
	if err != nil {
		b.Fatalf("the OpenStack CLI is needed (make deps): %v", err)
	}
	s := startScaleConsole(b)
	home := b.TempDir()
	counted := fmt.Sprintf(countedJS, fmt.Sprintf("%d load balancers", scaleDrillCount))
	br := startBrowser(b, b.TempDir())
	warmNav(b, br, s.URL, counted)
	// with OCTAVIEW_BEFORE_WEB=DIR, a second console serving DIR's app.wasm
	// (another build's), timed side by side (the app logs in)
	var before string
	var bb *browser
	if dir := os.Getenv("OCTAVIEW_BEFORE_WEB"); dir != "" {
		before = startRun(b, nil, "-web", dir, "-lab-scenario", scaleDrill, "-lab-delay", servertest.LabDelay).URL
		bb = startBrowser(b, b.TempDir())
		warmNav(b, bb, before, counted)
	}
	timedCLI(b, openstack, s.URL, home)
	time.Sleep(2 * time.Second) // the service workers finish caching

	var cli, plain, app, prev []time.Duration
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	var lastPlain, lastApp, lastPrev navRun
	for i := 0; i < b.N; i++ {
		for range listSamples {
			cli = append(cli, timedCLI(b, openstack, s.URL, home))
			lastPlain = timedNavList(b, br, s.URL, false)
			plain = append(plain, ms(lastPlain.counted))
			lastApp = timedNavList(b, br, s.URL, true)
			app = append(app, ms(lastApp.counted))
			if bb != nil {
				lastPrev = timedNavList(b, bb, before, true)
				prev = append(prev, ms(lastPrev.counted))
			}
		}
	}
	mc, mp, ma := servertest.Median(cli), servertest.Median(plain), servertest.Median(app)
	b.ReportMetric(float64(mp.Nanoseconds()), "ns/op")
	b.ReportMetric(mc.Seconds(), "s/cli")
	b.ReportMetric(mp.Seconds()/mc.Seconds(), "plain/cli")
	b.ReportMetric(ma.Seconds()/mc.Seconds(), "app/cli")
	run := func(r navRun) string {
		how := "the app's login"
		if r.plain {
			how = fmt.Sprintf("the served form's post, the next page started at %.0f", r.posted)
		}
		return fmt.Sprintf("usable %.0f, app running %.0f, submit %.0f (%s), first row %.0f, counted %.0f ms\n    requests: %s",
			r.usable, r.appUsable, r.submit, how, r.row, r.counted, r.detail)
	}
	var t strings.Builder
	fmt.Fprintf(&t, "\nCLI %.2f s; navigation → all %d counted: login at the form usable %.2f s (%.2f×), at the app running %.2f s (%.2f×); goal ≤ 0.5×\n",
		mc.Seconds(), scaleDrillCount, mp.Seconds(), mp.Seconds()/mc.Seconds(), ma.Seconds(), ma.Seconds()/mc.Seconds())
	fmt.Fprintf(&t, "samples (s): cli %v, plain %v, app %v\nlast runs (ms since the navigation):\n  plain: %s\n  app: %s",
		secs(cli), secs(plain), secs(app), run(lastPlain), run(lastApp))
	if dir := os.Getenv("OCTAVIEW_START_PROFILE"); dir != "" {
		profileNav(b, br, s.URL, dir)
	}
	if bb != nil {
		mb := servertest.Median(prev)
		b.ReportMetric(mb.Seconds()/mc.Seconds(), "before-app/cli")
		fmt.Fprintf(&t, "\nthe build of OCTAVIEW_BEFORE_WEB, the app's login: %.2f s (%.2f×); samples %v\n  last: %s", mb.Seconds(), mb.Seconds()/mc.Seconds(), secs(prev), run(lastPrev))
	}
	b.Log(t.String())
}

// warmNav readies b for timedNavList on base: the count's mark in every
// document, then one untimed run (app.wasm cached, the lab's pages touched).
func warmNav(b *testing.B, br *browser, base, counted string) {
	b.Helper()
	if _, err := chromedp.Call(br.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: counted}); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Call(br.ctx, network.Enable, network.EnableParams{}); err != nil {
		b.Fatal(err)
	}
	timedNavList(b, br, base, true)
}

// profileNav profiles one more run of the app's login (profileRun, from
// the navigation to the count), writes DIR/scale.cpuprofile and logs where
// the time went (build app.wasm without -s for Go names).
func profileNav(b *testing.B, br *browser, base, dir string) {
	b.Helper()
	var r navRun
	prof := profileRun(b, br, filepath.Join(dir, "scale.cpuprofile"), func() { r = timedNavList(b, br, base, true) })
	b.Logf("profiled run: counted at %.0f ms (app running %.0f, submit %.0f, first row %.0f)\n%s", r.counted, r.appUsable, r.submit, r.row, summarizeProfile(prof, 40))
}
