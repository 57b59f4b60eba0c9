//go:build !js

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// TestBrowserEventHandlerOfLatestRender: an element's listener runs the
// handler of the latest render, even when that handler is a closure of the
// same code as the first one (testdata/handlers: one never-inlined helper
// makes the buttons' handlers for form A, then for form B), and an update
// that keeps the event and its options does not add or remove a DOM
// listener (third_party/go-app PATCH.md, "Event handlers"). The console's
// forms rely on it: a field's handler made by a helper keeps writing into the
// field and form of the latest render, whatever the compiler inlines.
//
// The same page built on stock go-app v10.1.11 must act on A: the test shows
// the bug it guards against, so it cannot pass by the page being wrong.
func TestBrowserEventHandlerOfLatestRender(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Fatalf("Debian's Chromium is missing at %s (%v): run `make deps`", chromiumPath, err)
	}
	for _, tc := range []struct {
		name  string
		flags []string          // the build's go-app: the patched copy, or stock
		want  map[string]string // button -> the form a click after switching to B acts on
		churn []string          // the buttons whose DOM listeners an update removes and adds again
	}{
		{name: "patched", want: map[string]string{"act": "B", "late": "B", "passive": "B"}},
		// Stock go-app keeps the first handler of the same code, but its
		// mounted copy of a handler drops the passive flag, so it registers
		// a passive listener again at every update (with the new handler).
		{name: "stock", flags: servertest.StockGoAppFlags(t, ".."), want: map[string]string{"act": "A", "late": "A", "passive": "B"}, churn: []string{"passive"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := startHandlersPage(t, tc.flags)
			b := newBrowser(t)
			b.do(t, "open the page", 60*time.Second, chromedp.Navigate(url+"/"))
			b.waitJS(t, "the app running", `(document.getElementById("ready") || {}).textContent === "ready A"`, 60*time.Second)
			// Count the DOM listeners the update adds or removes on the buttons.
			eval[bool](t, b, `(() => {
				window.__listeners = [];
				for (const name of ["addEventListener", "removeEventListener"]) {
					const f = EventTarget.prototype[name];
					EventTarget.prototype[name] = function (type, ...rest) {
						if (["act", "late", "passive"].includes(this.id)) window.__listeners.push(this.id);
						return f.call(this, type, ...rest);
					};
				}
				return true;
			})()`)
			b.do(t, "click the act button on A", 10*time.Second, chromedp.Click(chromedp.ID("act")))
			b.waitJS(t, "the click on A recorded", `document.getElementById("got").textContent === "A"`, 10*time.Second)
			b.do(t, "switch to B", 10*time.Second, chromedp.Click(chromedp.ID("switch")))
			b.waitJS(t, "the page re-rendered for B", `document.getElementById("ready").textContent === "ready B"`, 10*time.Second)
			for i, id := range []string{"act", "late", "passive"} {
				b.do(t, "click "+id+" after the switch", 10*time.Second, chromedp.Click(chromedp.ID(id)))
				b.waitJS(t, "the click on "+id+" counted", fmt.Sprintf(`document.getElementById("clicks").textContent === "%d"`, i+2), 10*time.Second)
				if got := b.text(t, "#got"); got != tc.want[id] {
					t.Errorf("#%s clicked after the page re-rendered for B acted on %q, want %q", id, got, tc.want[id])
				}
			}
			churned := slices.Compact(slices.Sorted(slices.Values(eval[[]string](t, b, `window.__listeners`))))
			if !slices.Equal(churned, tc.churn) {
				t.Errorf("re-rendering the buttons with the same event and options added or removed DOM listeners on %q, want on %q", churned, tc.churn)
			}
		})
	}
}

// startHandlersPage builds testdata/handlers (its wasm as the console's, with
// the extra go build flags: stockGoAppFlags for go-app as published), runs its
// server and stops it when t ends; it returns the page's origin.
func startHandlersPage(t *testing.T, flags []string) string {
	t.Helper()
	dir := t.TempDir()
	servertest.RunGo(t, []string{"GOOS=js", "GOARCH=wasm"}, slices.Concat([]string{"build"}, servertest.WasmBuildArgs(false), flags, []string{"-o", filepath.Join(dir, "app.wasm"), "../cmd/server/testdata/handlers"})...)
	servertest.RunGo(t, nil, slices.Concat([]string{"build"}, flags, []string{"-o", filepath.Join(dir, "handlers"), "../cmd/server/testdata/handlers"})...)
	return startPageServer(t, "the page's server", filepath.Join(dir, "handlers"), "-web", dir)
}
