//go:build !js

package main

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"

	"github.com/octaview/octaview/app/serverapi"
)

// Builds never mix (docs/deploying.md "Upgrades"). During a rolling update one address
// answers from replicas of two builds, request by request. The app's build is
// app.wasm's hash (appBuild, go-app's version) and:
//
//   - every answer names the build that served it (serverapi.BuildHeader);
//   - a page loads app.js from a URL pinned to the page's build
//     (pinnedAppJSURL), and app.js loads app.wasm from a URL pinned to its
//     own (pinnedWasmURL), so the page (its start-up state, its preloaded
//     app.wasm), its loader, its GOAPP_VERSION and the wasm it runs are one
//     build; a replica of another build sends the browser back to the front
//     on a new connection until a replica of that build answers (at most
//     serverapi.BuildTries times);
//   - the service worker (app-worker.js) asks for every file it caches in its
//     own build: a replica of another build refuses (409, Connection: close),
//     the worker asks again, and installs only when it holds one whole build;
//   - the app, on an answer of another build, asks the browser to look for a
//     new service worker and, once one is installed, says "a new version is
//     available — reload" (app/internal/console/update.go) and keeps working until then.

// appWorkerJS is go-app's service worker (DefaultAppWorkerJS, v10.1.11) with
// an install that fetches one build or fails, and a fetch handler that reads
// only its own build's cache.
//
//go:embed app-worker.js
var appWorkerJS string

// appBuild is the build of the app in dir: the first 16 hex digits of
// app.wasm's SHA-256.
func appBuild(dir string) (string, error) {
	f, err := os.Open(filepath.Join(dir, "app.wasm"))
	if err != nil {
		return "", err
	}
	defer f.Close()
	sum := sha256.New()
	if _, err := io.Copy(sum, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(sum.Sum(nil))[:16], nil
}

// pinnedWasmURL is app.wasm's URL pinned to build.
func pinnedWasmURL(build string) string {
	return "/web/app.wasm?" + serverapi.BuildQuery + "=" + url.QueryEscape(build)
}

// pinnedAppJSURL is app.js's URL pinned to build: the page's script
// (servePage). The service worker caches it and the unpinned /app.js, which
// tells the app which build the worker holds (app/internal/console/update.go).
func pinnedAppJSURL(build string) string {
	return "/app.js?" + serverapi.BuildQuery + "=" + url.QueryEscape(build)
}

// build is the build this server serves now (app.wasm is read again when it
// changed on disk).
func (h *hosting) build() string {
	h.handler()
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.version
}

// refuseOtherBuild answers a request for the app's files that names another
// build than build, and reports whether it did:
//
//   - the header (the service worker): 409, and Connection: close so that the
//     next try may reach another replica; the worker tries again;
//   - app.wasm's or app.js's pinned query alone (the page's script and
//     preload, the loader's fetch: the browser's own requests, which cannot
//     retry): 307 to the same URL with a try count, on a new connection, so
//     the front picks a replica again; after serverapi.BuildTries tries, 410.
func (h *hosting) refuseOtherBuild(w http.ResponseWriter, r *http.Request, build string) bool {
	want := r.Header.Get(serverapi.BuildHeader)
	q := r.URL.Query()
	pinned := q.Get(serverapi.BuildQuery)
	if want == "" && (isWasmPath(r.URL.Path) || isAppJSPath(r.URL.Path)) {
		want = pinned
	}
	if want == "" || want == build {
		return false
	}
	hdr := w.Header()
	hdr.Set("Cache-Control", "no-store")
	hdr.Set("Connection", "close")
	hdr.Set("Content-Type", "text/plain; charset=utf-8")
	if r.Header.Get(serverapi.BuildHeader) != "" {
		w.WriteHeader(http.StatusConflict)
		fmt.Fprintf(w, "this replica serves build %s, not %s: ask again (another replica may serve it)\n", build, want)
		return true
	}
	tries, _ := strconv.Atoi(q.Get("try"))
	if tries+1 >= serverapi.BuildTries {
		w.WriteHeader(http.StatusGone)
		fmt.Fprintf(w, "build %s is no longer served (this replica serves %s): reload the page\n", want, build)
		return true
	}
	q.Set("try", strconv.Itoa(tries+1))
	hdr.Set("Location", r.URL.Path+"?"+q.Encode())
	w.WriteHeader(http.StatusTemporaryRedirect)
	return true
}

func isWasmPath(p string) bool {
	return p == "/web/app.wasm" || p == "/app.wasm" || p == "/goapp.wasm"
}

func isAppJSPath(p string) bool { return p == "/app.js" || p == "/goapp.js" }

// withBuild names the build that answers on every response (for the app's
// update check and for people reading headers).
func withBuild(build func() string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(serverapi.BuildHeader, build())
		next.ServeHTTP(w, r)
	})
}
