//go:build !js

package main

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "github.com/octaview/octaview/app"
	"github.com/octaview/octaview/app/serverapi"
)

// TestAppJSLoader: the app.js the server serves is go-app's, with the go-app
// patch's loader (third_party/go-app/PATCH.md, "The wasm loader"): it hands
// the wasm's own fetch Response to instantiateStreaming (no JavaScript copy
// of its stream, no label rewritten per chunk) and registers the service
// worker from the loader, once the app runs, not when app.js starts.
func TestAppJSLoader(t *testing.T) {
	dir, _ := fakeWeb(t, true, true)
	ui.Register()
	h := newHosting(dir, ui.Handler, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	h.handler()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/app.js", nil))
	top, loader, ok := strings.Cut(rec.Body.String(), "async function goappInitWebAssembly")
	if rec.Code != http.StatusOK || !ok {
		t.Fatalf("GET /app.js: %d, no goappInitWebAssembly:\n%s", rec.Code, rec.Body)
	}
	if regexp.MustCompile(`(?m)^goappInitServiceWorker\(\);`).MatchString(top) || !strings.Contains(loader, "goappInitServiceWorker();") {
		t.Error("app.js registers the service worker as it starts, not from its loader once the app runs")
	}
	pinned := pinnedWasmURL(h.build())
	for _, want := range []string{"instantiateStreaming(response,", `fetch("` + pinned + `")`, "window.octaviewWasmModule"} {
		if !strings.Contains(loader, want) {
			t.Errorf("the loader lacks %s", want)
		}
	}
	if strings.Contains(loader, "ReadableStream") || strings.Contains(loader, "innerText = goappLoadingLabel") {
		t.Error("the loader copies the wasm's stream or rewrites its label per chunk")
	}
}

// TestAppJSEnv: the app.js the server serves passes the app the environment
// go-app's own would (its version, where its resources are, the handler's
// Env) and loads app.wasm pinned to its build.
func TestAppJSEnv(t *testing.T) {
	dir, _ := fakeWeb(t, true, true)
	ui.Register()
	h := newHosting(dir, func() *goapp.Handler {
		page := ui.Handler()
		page.Env = map[string]string{"OCTAVIEW_TEST": "1"}
		return page
	}, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	page := h.handler()
	// go-app's own app.js, from its handler
	rec := httptest.NewRecorder()
	page.ServeHTTP(rec, httptest.NewRequest("GET", "/app.js", nil))
	envRE := regexp.MustCompile(`(?m)^const goappEnv = (.*);$`)
	want := envRE.FindStringSubmatch(rec.Body.String())
	// ours, from the server
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/app.js", nil))
	ours := rec.Body.String()
	got := envRE.FindStringSubmatch(ours)
	if want == nil || got == nil || got[1] != want[1] {
		t.Errorf("goappEnv: got %v, want go-app's %v", got, want)
	}
	if !strings.Contains(want[1], `"OCTAVIEW_TEST":"1"`) {
		t.Errorf("go-app's env %s lacks the handler's Env", want[1])
	}
	if pinned := pinnedWasmURL(h.build()); !strings.Contains(ours, `fetch("`+pinned+`")`) {
		t.Errorf("app.js does not fetch %s", pinned)
	}
	if strings.Contains(ours, "{{") {
		t.Errorf("app.js keeps a placeholder: %s", regexp.MustCompile(`\{\{[^}]*\}\}`).FindString(ours))
	}
}

// TestPageBoot: every page carries the app's start-up state, the server's
// configuration and whether the request came with a live session, as JSON
// in one element of its head; the page is never a cached copy.
func TestPageBoot(t *testing.T) {
	dir, _ := fakeWeb(t, true, true)
	ui.Register()
	h := newHosting(dir, func() *goapp.Handler { return ui.Handler() }, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	h.boot = func(r *http.Request) serverapi.Boot {
		_, err := r.Cookie("live")
		return serverapi.Boot{Config: serverapi.Config{Lab: true, LabUsers: []serverapi.LabUser{{Name: "</script><b>x", Password: "p"}}}, Session: err == nil}
	}
	for _, tt := range []struct {
		name, path string
		cookie     bool
		want       string
	}{
		{"logged out", "/login", false, `"session":false`},
		{"a live session", "/load-balancers", true, `"session":true`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", tt.path, nil)
			req.Header.Set("If-None-Match", `"`+h.build()+`"`) // a copy of another visit
			if tt.cookie {
				req.AddCookie(&http.Cookie{Name: "live", Value: "1"})
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != 200 {
				t.Fatalf("got %d, want 200 (the page, never 304)", rec.Code)
			}
			page := rec.Body.String()
			m := regexp.MustCompile(`<script type="application/json" id="octaview-boot">([^<]*)</script></head>`).FindStringSubmatch(page)
			if m == nil {
				t.Fatalf("no boot element at the end of the head:\n%s", page)
			}
			if !strings.Contains(m[1], tt.want) || !strings.Contains(m[1], `"lab":true`) {
				t.Errorf("boot %s: want %s and the configuration", m[1], tt.want)
			}
			if strings.Contains(page, "</script><b>") {
				t.Error("a value ended the boot element early")
			}
			// the page's app.js is its own build's, the build of the app.wasm it preloads
			build := h.build()
			if !regexp.MustCompile(`<script (defer )?src="/app.js\?build=`+build+`"( defer)?></script>`).MatchString(page) || strings.Contains(page, `src="/app.js"`) ||
				!strings.Contains(page, `href="/web/app.wasm?build=`+build+`"`) {
				t.Errorf("the page's app.js and app.wasm are not both pinned to build %s:\n%s", build, page)
			}
			if got := rec.Header().Get("Content-Length"); got != "" && got != strconv.Itoa(len(page)) {
				t.Errorf("Content-Length %s for %d bytes", got, len(page))
			}
			if rec.Header().Get("ETag") != "" || !strings.Contains(rec.Header().Get("Vary"), "Cookie") {
				t.Errorf("headers %v: want no ETag and Vary: Cookie", rec.Header())
			}
		})
	}
}
