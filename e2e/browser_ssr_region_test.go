//go:build !js

package e2e

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/app/serverapi"
)

// servedRegionJS runs in every document with servedRowsJS: at
// DOMContentLoaded (before app.wasm runs) it keeps the region the served
// frame's picker names.
const servedRegionJS = `document.addEventListener("DOMContentLoaded", () => {
	window.__servedRegion = (document.querySelector("#region-switch") || {}).value || "";
})`

// regionGets records the browser's GETs of the load balancer list, in
// order, each with the region it asked the proxy for.
type regionGets struct {
	mu   sync.Mutex
	gets [][2]string // URL, X-Octaview-Region
}

func (l *regionGets) listen(t testing.TB, b *browser) {
	t.Helper()
	if err := chromedp.Listen(b.ctx, func(ev any) {
		if r, ok := ev.(*network.EventRequestWillBeSent); ok && r.Request.Method == "GET" && strings.Contains(r.Request.URL, "/lbaas/loadbalancers?") {
			var region string
			for k, v := range r.Request.Headers {
				if strings.EqualFold(k, serverapi.RegionHeader) {
					region, _ = v.(string)
				}
			}
			l.mu.Lock()
			l.gets = append(l.gets, [2]string{r.Request.URL, region})
			l.mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
}

func (l *regionGets) take() [][2]string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.gets
	l.gets = nil
	return out
}

// TestBrowserFirstScreenPickedRegion: a returning user who picked a region
// other than the server's gets the first screen read in it (the app keeps
// the region cookie): the frame names it before app.wasm runs, and the
// running app adopts the served rows (the first row's element is the
// served one; its first list GET is the 3 s re-read, in that region,
// never the first page again).
func TestBrowserFirstScreenPickedRegion(t *testing.T) {
	t.Parallel()
	c := startServedConsole(t, "-lab-scenario", sessionsScenario)
	gets := &regionGets{}
	b := demoOnList(t, c, servedRowsJS+";\n"+servedRegionJS, gets.listen)
	b.waitJS(t, "the region picker", `document.querySelectorAll("#region-switch option").length === 2`, 20*time.Second)
	eval[bool](t, b, `window.__beforeSwitch = true`)
	b.do(t, "pick RegionTwo", 10*time.Second, selectValue("#region-switch", "RegionTwo"))
	// the app reloads: wait for the new document's app
	b.waitJS(t, "the app's list in RegionTwo", `!window.__beforeSwitch && (document.querySelector("#region-switch") || {}).value === "RegionTwo" && `+appLoadedJS, 60*time.Second)
	if got := eval[string](t, b, `document.cookie`); !strings.Contains(got, serverapi.RegionCookie+"=RegionTwo") {
		t.Errorf("the app's cookies %q lack the picked region", got)
	}

	gets.take()
	b.do(t, "open the list again, as a returning user", 60*time.Second, chromedp.Navigate(c.URL+"/load-balancers"))
	b.waitJS(t, "the app's list", appLoadedJS, 60*time.Second)
	var served struct {
		Rows      []rowJSON `json:"rows"`
		GoStarted bool      `json:"goStarted"`
	}
	if err := json.Unmarshal([]byte(eval[string](t, b, `JSON.stringify(window.__served)`)), &served); err != nil {
		t.Fatal(err)
	}
	if served.GoStarted || len(served.Rows) == 0 {
		t.Fatalf("before app.wasm ran: rows %v, the app had started: %v", served.Rows, served.GoStarted)
	}
	if got := eval[string](t, b, `window.__servedRegion`); got != "RegionTwo" {
		t.Errorf("the served frame names region %q, want the picked RegionTwo", got)
	}
	if got := eval[string](t, b, `document.querySelector("#region-switch").value`); got != "RegionTwo" {
		t.Errorf("the app names region %q, want RegionTwo", got)
	}
	if !eval[bool](t, b, `window.__served.first.isConnected && document.querySelector("tr.lb-row") === window.__served.first`) {
		t.Error("the app replaced the served first row's element")
	}

	deadline := time.Now().Add(30 * time.Second)
	var seen [][2]string
	for time.Now().Before(deadline) {
		seen = append(seen, gets.take()...)
		if len(seen) > 0 && !firstPage(seen[len(seen)-1][0]) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if len(seen) == 0 {
		t.Fatal("the app sent no list GET within 30 s: no live re-read")
	}
	for _, g := range seen {
		if firstPage(g[0]) {
			t.Errorf("the app read the served first page again: %s (all list GETs: %v)", g[0], seen)
		}
		if g[1] != "RegionTwo" {
			t.Errorf("a list GET asked for region %q, want RegionTwo: %s", g[1], g[0])
		}
	}
}
