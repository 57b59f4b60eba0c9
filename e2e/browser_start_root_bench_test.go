//go:build !js

package e2e

// A signed-out visitor's first screen at the console's own address (issue
// 28, item 10): navigation to / -> the login form usable, side by side with
// the go-app floor's cold start and the login page's own, in one run.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// BenchmarkStartupRoot measures in one run, in headless Chromium, cold (a
// fresh profile per visit), alternating, startSamples each: the floor
// (navigation -> its text), the console at / and at /login (navigation ->
// the login form usable: the served plain form or the app's, "usable" in
// startMarksJS; the time of any redirect included: the page's clock starts
// at the first navigation), and when the app runs the form at / . Reports
// the medians and their ratios to the floor (goal at /: ≤ 0.5×).
func BenchmarkStartupRoot(b *testing.B) {
	floor := startFloor(b)
	c := startConsole(b)
	var floorCold, root, rootApp, login []time.Duration
	var lastRoot, lastLogin marks
	for i := 0; i < b.N; i++ {
		for n := range startSamples {
			visits := []func(){
				func() {
					m := visit(b, startBrowser(b, b.TempDir()), floor.URL+"/", false, "floor")
					floorCold = append(floorCold, m.at("floor"))
				},
				func() {
					lastRoot = visit(b, startBrowser(b, b.TempDir()), c.URL+"/", false, "usable", "app-usable")
					root, rootApp = append(root, lastRoot.at("usable")), append(rootApp, lastRoot.at("app-usable"))
				},
				func() {
					lastLogin = visit(b, startBrowser(b, b.TempDir()), c.URL+"/login", false, "usable", "app-usable")
					login = append(login, lastLogin.at("usable"))
				},
			}
			for k := range visits { // each kind first in turn
				visits[(n+k)%len(visits)]()
			}
		}
	}
	fc, r, ra, l := servertest.Median(floorCold), servertest.Median(root), servertest.Median(rootApp), servertest.Median(login)
	b.ReportMetric(float64(r.Nanoseconds()), "ns/op")
	b.ReportMetric(fc.Seconds(), "s/floor-cold")
	b.ReportMetric(r.Seconds(), "s/root-usable")
	b.ReportMetric(r.Seconds()/fc.Seconds(), "root/floor")
	b.ReportMetric(l.Seconds()/fc.Seconds(), "login/floor")
	b.ReportMetric(ra.Seconds()/fc.Seconds(), "root-app/floor")
	s := func(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }
	var t strings.Builder
	fmt.Fprintf(&t, "\n| cold, navigation → | go-app floor (text) | Octaview | ratio | goal |\n|---|---|---|---|---|\n")
	fmt.Fprintf(&t, "| / : the login form usable | %s | %s | %.2f× | ≤ 0.5× |\n", s(fc), s(r), r.Seconds()/fc.Seconds())
	fmt.Fprintf(&t, "| /login : the login form usable | %s | %s | %.2f× | |\n", s(fc), s(l), l.Seconds()/fc.Seconds())
	fmt.Fprintf(&t, "| / : the app runs the form | %s | %s | %.2f× | |\n", s(fc), s(ra), ra.Seconds()/fc.Seconds())
	b.Log(t.String())
	b.Logf("samples (s): floor %v, / %v, /login %v, / app %v\nlast marks (ms since navigation):\n  /: %v\n  /login: %v",
		secs(floorCold), secs(root), secs(login), secs(rootApp), lastRoot, lastLogin)
}
