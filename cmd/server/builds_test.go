//go:build !js

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
)

func buildOf(raw []byte) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])[:16]
}

// noRedirects is a client that shows redirects instead of following them.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// Every answer of the server names the build it serves, the app's own files
// and the proxy's alike: the app compares it with its own.
func TestEveryAnswerNamesItsBuild(t *testing.T) {
	dir, raw := fakeWeb(t, true, true)
	e := newTestEnv(t, envOptions{web: dir})
	tok := e.login(t)
	want := buildOf(raw)
	for _, p := range []string{"/", "/login", "/app.js", "/app-worker.js", "/web/app.wasm", "/web/icon.svg", "/healthz", "/version",
		"/api/config", "/identity/v3", "/load-balancer/v2/lbaas/loadbalancers", "/nothing"} {
		resp, _ := e.do(t, "GET", p, tok, "")
		if got := resp.Header.Values(serverapi.BuildHeader); len(got) != 1 || got[0] != want {
			t.Errorf("GET %s: %s: got %q, want %q", p, serverapi.BuildHeader, got, want)
		}
	}
	// a rebuilt app.wasm is named at once
	rebuilt := append(bytes.Clone(raw), 1)
	if err := os.WriteFile(filepath.Join(dir, "app.wasm"), rebuilt, 0o644); err != nil {
		t.Fatal(err)
	}
	resp, _ := e.do(t, "GET", "/api/config", "", "")
	if got := resp.Header.Get(serverapi.BuildHeader); got != buildOf(rebuilt) {
		t.Errorf("after a rebuild: got %q, want %q", got, buildOf(rebuilt))
	}
}

// The page's loader asks for app.wasm pinned to the build of app.js, and the
// service worker is Octaview's: it installs one build or nothing.
func TestHostingPinsTheBuild(t *testing.T) {
	dir, raw := fakeWeb(t, true, true)
	s := newHostingServer(t, dir)
	build := buildOf(raw)
	get := func(p string) string {
		resp, err := http.Get(s.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s: got %d, want 200", p, resp.StatusCode)
		}
		return string(b)
	}
	pinned := `/web/app.wasm?build=` + build
	if js := get("/app.js"); !strings.Contains(js, `"`+pinned+`"`) {
		t.Errorf("app.js does not load %s", pinned)
	}
	worker := get("/app-worker.js")
	for _, want := range []string{`const build = "` + build + `"`, `"` + pinned + `"`, `"/app.js"`, `"/app.js?build=` + build + `"`, `"/"`, "fetchOfBuild", `"X-Octaview-Build"`,
		"const buildTries = 10;", "event.waitUntil"} {
		if !strings.Contains(worker, want) {
			t.Errorf("app-worker.js lacks %s", want)
		}
	}
	if strings.Contains(worker, `"/web/app.wasm"`) {
		t.Error("app-worker.js caches the unpinned app.wasm")
	}
	if serverapi.BuildHeader != "X-Octaview-Build" || serverapi.BuildTries != 10 {
		t.Error("app-worker.js names the header and the tries as serverapi does: change both")
	}
}

// A replica never answers a request for another build's files with its own:
// the service worker's requests get 409 on a closed connection, the loader's
// pinned app.wasm a redirect to try again, bounded.
func TestHostingRefusesOtherBuilds(t *testing.T) {
	dir, raw := fakeWeb(t, true, true)
	s := newHostingServer(t, dir)
	build := buildOf(raw)
	const other = "0123456789abcdef"
	tests := []struct {
		name         string
		path         string
		header       string
		wantCode     int
		wantLocation string // for 307
		wantClose    bool
	}{
		{"the page in this build", "/", build, 200, "", false},
		{"the page in another build", "/", other, 409, "", true},
		{"app.js in another build", "/app.js", other, 409, "", true},
		{"a static file in another build", "/web/octaview.css", other, 409, "", true},
		{"the worker's pinned wasm in another build", "/web/app.wasm?build=" + other, other, 409, "", true},
		{"the worker's pinned wasm", "/web/app.wasm?build=" + build, build, 200, "", false},
		{"the loader's pinned wasm", "/web/app.wasm?build=" + build, "", 200, "", false},
		{"the loader's wasm of another build", "/web/app.wasm?build=" + other, "", 307, "/web/app.wasm?build=" + other + "&try=1", true},
		{"its second try", "/web/app.wasm?build=" + other + "&try=1", "", 307, "/web/app.wasm?build=" + other + "&try=2", true},
		{"its last try", "/web/app.wasm?build=" + other + "&try=9", "", 410, "", true},
		{"the page's pinned app.js", "/app.js?build=" + build, "", 200, "", false},
		{"the page's app.js of another build", "/app.js?build=" + other, "", 307, "/app.js?build=" + other + "&try=1", true},
		{"its last try too", "/app.js?build=" + other + "&try=9", "", 410, "", true},
		{"an unpinned app.js", "/app.js", "", 200, "", false},
		{"an unpinned wasm", "/web/app.wasm", "", 200, "", false},
		{"a build query elsewhere means nothing", "/web/octaview.css?build=" + other, "", 200, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", s.URL+tt.path, nil)
			if tt.header != "" {
				req.Header.Set(serverapi.BuildHeader, tt.header)
			}
			resp, err := noRedirects.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.wantCode {
				t.Fatalf("got %d, want %d: %s", resp.StatusCode, tt.wantCode, body)
			}
			if resp.Close != tt.wantClose {
				t.Errorf("connection closed: got %v, want %v", resp.Close, tt.wantClose)
			}
			if tt.wantCode == 307 {
				loc, _ := url.Parse(resp.Header.Get("Location"))
				want, _ := url.Parse(tt.wantLocation)
				if loc.Path != want.Path || loc.Query().Encode() != want.Query().Encode() {
					t.Errorf("Location: got %s, want %s", loc, want)
				}
			}
			if tt.wantCode >= 400 {
				if !strings.Contains(string(body), build) || !strings.Contains(string(body), other) {
					t.Errorf("the answer does not name both builds: %s", body)
				}
				checkHeader(t, resp, "Cache-Control", "no-store")
			}
			if tt.wantCode == 200 && isWasmPath(strings.Split(tt.path, "?")[0]) && !bytes.Equal(body, raw) {
				t.Errorf("got %d bytes, want app.wasm's %d", len(body), len(raw))
			}
		})
	}
}

func TestVersionRoute(t *testing.T) {
	dir, raw := fakeWeb(t, true, true)
	e := newTestEnv(t, envOptions{web: dir})
	resp, body := e.do(t, "GET", "/version", "", "")
	if resp.StatusCode != 200 {
		t.Fatalf("got %d, want 200", resp.StatusCode)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	// the build only: the server's version, revision and Go toolchain
	// would tell anyone which published flaws to try
	if len(v) != 1 || v["build"] != buildOf(raw) || strings.Contains(body, runtime.Version()) {
		t.Errorf("got %s, want only the build %s", body, buildOf(raw))
	}
}

func TestVersionCommand(t *testing.T) {
	dir, raw := fakeWeb(t, false, false)
	var out bytes.Buffer
	if err := version(context.Background(), []string{"version", "-web", dir}, func(string) string { return "" }, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "octaview ") || !strings.Contains(out.String(), "app      build "+buildOf(raw)) {
		t.Errorf("got\n%s\nwant the module version and build %s", out.String(), buildOf(raw))
	}
	out.Reset()
	env := map[string]string{"OCTAVIEW_WEB": dir}
	if err := version(context.Background(), []string{"version", "-json"}, func(k string) string { return env[k] }, &out); err != nil {
		t.Fatal(err)
	}
	var v versionInfo
	if err := json.Unmarshal(out.Bytes(), &v); err != nil || v.Build != buildOf(raw) {
		t.Errorf("-json with OCTAVIEW_WEB: got %s (%v), want build %s", out.String(), err, buildOf(raw))
	}
	if err := version(context.Background(), []string{"version", "-web", t.TempDir()}, func(string) string { return "" }, io.Discard); err == nil {
		t.Error("no app.wasm: got no error")
	}
}
