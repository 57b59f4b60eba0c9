//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "github.com/octaview/octaview/app"
	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// fakeWeb writes a tiny app.wasm (and, if asked, its .br and .gz) and icons to a temp
// dir: hosting tests never need the real build.
func fakeWeb(t *testing.T, br, gz bool) (dir string, raw []byte) {
	t.Helper()
	dir = t.TempDir()
	raw = append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("octaview"), 512)...)
	write := func(name string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("app.wasm", raw)
	if br {
		write("app.wasm.br", []byte("pretend-brotli"))
	}
	if gz {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write(raw)
		zw.Close()
		write("app.wasm.gz", b.Bytes())
	}
	write("icon.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`))
	write("icon-192.png", []byte("png"))
	write("octaview.css", []byte("body{}"))
	return dir, raw
}

func newHostingServer(t *testing.T, dir string) *httptest.Server {
	t.Helper()
	ui.Register()
	logger := slog.New(slog.NewJSONHandler(io.Discard, nil))
	h := newHosting(dir, func() *goapp.Handler { return ui.Handler() }, logger)
	s := httptest.NewServer(securityHeaders(h))
	t.Cleanup(s.Close)
	return s
}

func TestHostingServesWasmPrecompressed(t *testing.T) {
	tests := []struct {
		name           string
		br, gz         bool
		path           string
		acceptEncoding string
		wantEncoding   string
	}{
		{"brotli first", true, true, "/web/app.wasm", "gzip, deflate, br, zstd", "br"},
		{"gzip when brotli is refused", true, true, "/web/app.wasm", "br;q=0, gzip", "gzip"},
		{"gzip when there is no .br", false, true, "/web/app.wasm", "br, gzip", "gzip"},
		{"raw without Accept-Encoding", true, true, "/web/app.wasm", "", ""},
		{"raw for identity only", true, true, "/web/app.wasm", "identity", ""},
		{"wildcard", true, true, "/web/app.wasm", "*", "br"},
		{"go-app's alias path", true, true, "/app.wasm", "gzip", "gzip"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, _ := fakeWeb(t, tt.br, tt.gz)
			s := newHostingServer(t, dir)
			req, _ := http.NewRequest("GET", s.URL+tt.path, nil)
			req.Header.Set("Accept-Encoding", tt.acceptEncoding)
			// a bare transport: no transparent gzip, bytes as sent
			resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Fatalf("got %d, want 200", resp.StatusCode)
			}
			if got := resp.Header.Get("Content-Encoding"); got != tt.wantEncoding {
				t.Errorf("Content-Encoding: got %q, want %q", got, tt.wantEncoding)
			}
			want, _ := os.ReadFile(filepath.Join(dir, "app.wasm"+map[string]string{"br": ".br", "gzip": ".gz", "": ""}[tt.wantEncoding]))
			if !bytes.Equal(body, want) {
				t.Errorf("got %d bytes, want the %q file's %d", len(body), tt.wantEncoding, len(want))
			}
			checkHeader(t, resp, "Content-Type", "application/wasm")
			checkHeader(t, resp, "Content-Length", strconv.Itoa(len(want)))
			if !strings.Contains(strings.Join(resp.Header.Values("Vary"), ","), "Accept-Encoding") {
				t.Errorf("Vary: got %q, want Accept-Encoding", resp.Header.Values("Vary"))
			}
			checkHeader(t, resp, "X-Content-Type-Options", "nosniff")
		})
	}
}

func checkHeader(t *testing.T, resp *http.Response, name, want string) {
	t.Helper()
	if got := resp.Header.Get(name); got != want {
		t.Errorf("%s: got %q, want %q", name, got, want)
	}
}

func TestHostingPage(t *testing.T) {
	dir, raw := fakeWeb(t, true, true)
	s := newHostingServer(t, dir)
	resp, err := http.Get(s.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: got %d %s, want 200 text/html", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	checkHeader(t, resp, "Content-Security-Policy", contentSecurityPolicy)
	// what the CSP allows is all the page needs: one inline script, the
	// early compile, allowed by its hash (the boot element is JSON data,
	// which no policy runs), nothing from elsewhere
	if m := regexp.MustCompile(`<script((?:\s[^>]*)?)>([\s\S]*?)</script>`).FindAllStringSubmatch(string(page), -1); len(m) == 0 {
		t.Error("no <script> in the page")
	} else {
		inline := 0
		for _, el := range m {
			attrs, body := el[1], el[2]
			switch {
			case strings.Contains(attrs, `src="/`) && body == "":
			case attrs == ` type="application/json" id="octaview-boot"`:
			case strings.HasPrefix(attrs, ` data-wasm="/web/app.wasm?build=`):
				inline++
				sum := sha256.Sum256([]byte(body))
				if hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(resp.Header.Get("Content-Security-Policy"), hash) {
					t.Errorf("the early compile's hash %s is not in the CSP: it would be blocked", hash)
				}
				if css := strings.Index(string(page), `rel="stylesheet"`); css >= 0 && css < strings.Index(string(page), el[0]) {
					t.Error("the early compile comes after a style sheet: it would wait for it")
				}
			default:
				t.Errorf("inline or outside script <script%s>: the CSP would block it", attrs)
			}
		}
		if inline != 1 {
			t.Errorf("%d early compiles in the page, want 1", inline)
		}
	}
	if m := regexp.MustCompile(`(?:src|href)="(?:https?:)?//[^"]*"`).FindAllString(string(page), -1); len(m) > 0 {
		t.Errorf("the page loads from elsewhere: %q", m)
	}
	if strings.Contains(string(page), "<style") || strings.Contains(string(page), ` style="`) {
		t.Error("inline styles in the page: the CSP (style-src 'self') would block them")
	}
	// a page is the request's own (its boot element): never a cached copy
	if got := resp.Header.Get("ETag"); got != "" {
		t.Errorf("the page has ETag %s: a browser would revalidate it to another visit's copy", got)
	}
	checkHeader(t, resp, "Cache-Control", "no-cache, private")
	sum := sha256.Sum256(raw)
	version := hex.EncodeToString(sum[:])[:16]
	for _, p := range []string{"/app.js", "/manifest.webmanifest", "/app-worker.js"} {
		resp, err := http.Get(s.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("GET %s: got %d, want 200", p, resp.StatusCode)
		}
		if regexp.MustCompile(`https?://`).Match(b) && p != "/app.js" {
			t.Errorf("GET %s names an outside URL: %s", p, regexp.MustCompile(`https?://[^"]*`).Find(b))
		}
		if p == "/app.js" {
			checkHeader(t, resp, "ETag", `"`+version+`"`)
			if !strings.Contains(string(b), version) {
				t.Errorf("GET /app.js: the version %s is not in it", version)
			}
		}
	}

	// a rebuilt app.wasm is a new version
	time.Sleep(10 * time.Millisecond) // a different modification time
	if err := os.WriteFile(filepath.Join(dir, "app.wasm"), append(raw, 1), 0o644); err != nil {
		t.Fatal(err)
	}
	resp, err = http.Get(s.URL + "/app.js")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("ETag"); got == `"`+version+`"` || got == "" {
		t.Errorf("after a rebuild: got ETag %s, want a new version", got)
	}
}

func TestHostingStatic(t *testing.T) {
	dir, _ := fakeWeb(t, false, false)
	s := newHostingServer(t, dir)
	tests := []struct {
		path     string
		wantCode int
	}{
		{"/web/icon.svg", 200},
		{"/web/octaview.css", 200},
		{"/web/", 404},
		{"/web/missing.png", 404},
		{"/web/../hosting_test.go", 404},
		{"/no-such-page", 404},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, body := proxytest.RawRequest(t, s.URL, "GET "+tt.path+" HTTP/1.1\r\nHost: x\r\n\r\n")
			if resp.StatusCode != tt.wantCode {
				t.Errorf("got %d, want %d", resp.StatusCode, tt.wantCode)
			}
			if strings.Contains(body, "hosting_test") {
				t.Errorf("the answer leaks a file outside -web: %s", body)
			}
		})
	}
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	dir, _ := fakeWeb(t, true, true)
	e := newTestEnv(t, envOptions{web: dir})
	tok := e.login(t)
	for _, p := range []string{"/", "/web/app.wasm", "/web/icon.svg", "/healthz", "/metrics", "/api/config", "/api/none", "/identity/v3",
		"/load-balancer/v2/lbaas/loadbalancers", "/load-balancer/v2/lbaas/loadbalancers?x=%zz", "/nothing"} {
		resp, _ := e.do(t, "GET", p, tok, "")
		for name, want := range map[string]string{
			"Content-Security-Policy": contentSecurityPolicy,
			"X-Content-Type-Options":  "nosniff",
			"X-Frame-Options":         "DENY",
			"Referrer-Policy":         "no-referrer",
		} {
			if got := resp.Header.Values(name); len(got) != 1 || got[0] != want {
				t.Errorf("GET %s: %s: got %q, want %q", p, name, got, want)
			}
		}
	}
	if !strings.Contains(contentSecurityPolicy, "'wasm-unsafe-eval'") || !strings.Contains(contentSecurityPolicy, "frame-ancestors 'none'") ||
		strings.Contains(contentSecurityPolicy, "unsafe-inline") || strings.Contains(contentSecurityPolicy, "http") {
		t.Errorf("CSP %q: want wasm allowed, no framing, nothing inline or from elsewhere", contentSecurityPolicy)
	}
}

func TestHostingWarnsWithoutCompressedWasm(t *testing.T) {
	tests := []struct {
		name     string
		br, gz   bool
		wantWarn bool
	}{
		{"both", true, true, false},
		{"only .gz", false, true, false},
		{"only .br", true, false, false},
		{"neither", false, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, _ := fakeWeb(t, tt.br, tt.gz)
			var logs bytes.Buffer
			h := newHosting(dir, nil, slog.New(slog.NewJSONHandler(&logs, nil)))
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil))
			if got := strings.Contains(logs.String(), "no .br or .gz"); got != tt.wantWarn {
				t.Errorf("got a warning %v, want %v; logs: %s", got, tt.wantWarn, logs.String())
			}
		})
	}
}
