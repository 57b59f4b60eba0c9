//go:build !js

package main

import (
	"errors"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/login"
	"github.com/octaview/octaview/app/serverapi"
)

// hosting serves the go-app app: the page and go-app's own resources from a
// goapp.Handler, the static files of dir at /web/, and app.wasm precompressed
// (app.wasm.br or app.wasm.gz, by Accept-Encoding). The app's version is the hash of
// app.wasm, checked on every page load, so a rebuilt app.wasm is picked up (and the
// service worker updates) without restarting the server.
type hosting struct {
	dir        string
	newHandler func() *goapp.Handler // the app's handler (name, icons, styles); nil = a bare one
	logger     *slog.Logger
	static     http.Handler
	// boot is what a page tells the app it starts with (nil: the zero Boot)
	boot func(*http.Request) serverapi.Boot
	// first renders a returning user's first screen (ssr.go; nil: none)
	first *firstScreen

	mu      sync.Mutex
	stamp   wasmStamp
	version string
	page    *goapp.Handler
	appJS   []byte // app.js of page (loader.go)
	tags    encodedTags
}

type wasmStamp struct {
	size    int64
	modTime time.Time
	missing bool
}

func newHosting(dir string, newHandler func() *goapp.Handler, logger *slog.Logger) *hosting {
	return &hosting{
		dir:        dir,
		newHandler: newHandler,
		logger:     logger,
		static:     http.StripPrefix("/web", noDirListing(http.FileServer(http.Dir(dir)))),
	}
}

func (h *hosting) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.refuseOtherBuild(w, r, h.build()) {
		return
	}
	switch p := r.URL.Path; {
	case p == "/web/app.wasm" || p == "/app.wasm" || p == "/goapp.wasm":
		h.serveWasm(w, r)
	case strings.HasPrefix(p, "/web/"):
		h.static.ServeHTTP(w, r)
	case isAppJSPath(p):
		h.handler()
		h.mu.Lock()
		body, version := h.appJS, h.version
		h.mu.Unlock()
		serveAppJS(w, r, body, version)
	case goappResources[p]:
		h.handler().ServeHTTP(w, r)
	default:
		var boot serverapi.Boot
		if h.boot != nil {
			boot = h.boot(r)
		}
		if h.loginRedirect(w, r, boot) { // login_redirect.go
			return
		}
		root := ""
		if h.first != nil {
			root = h.first.render(r, &boot)
		}
		if root == "" && r.URL.Path == login.LoginPath {
			root = h.servedLogin(r) // login_form.go
		}
		page := h.handler()
		servePage(w, r, page, page.Version, boot, root)
	}
}

// handler returns go-app's handler for the current app.wasm, rebuilding it when
// app.wasm changed.
func (h *hosting) handler() *goapp.Handler {
	stamp := h.wasmStamp()
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.page != nil && stamp == h.stamp {
		return h.page
	}
	version := h.wasmVersion(stamp)
	if !stamp.missing && !h.hasCompressed() {
		h.logger.Warn("app.wasm has no .br or .gz beside it: browsers get it uncompressed; build them with `make build` or `octaview precompress`",
			"dir", h.dir, "bytes", stamp.size)
	}
	var page *goapp.Handler
	if h.newHandler != nil {
		page = h.newHandler()
	} else {
		page = &goapp.Handler{Name: "Octaview"}
	}
	page.Version = version
	page.Resources = webResources{static: h.static, build: version}
	page.ServiceWorkerTemplate = appWorkerJS
	page.CacheableResources = append(page.CacheableResources, pinnedAppJSURL(version))
	h.page, h.stamp, h.version, h.appJS = page, stamp, version, appJS(page)
	return page
}

func (h *hosting) wasmStamp() wasmStamp {
	fi, err := os.Stat(filepath.Join(h.dir, "app.wasm"))
	if err != nil {
		return wasmStamp{missing: true}
	}
	return wasmStamp{size: fi.Size(), modTime: fi.ModTime()}
}

// hasCompressed reports whether app.wasm.br or app.wasm.gz exists.
func (h *hosting) hasCompressed() bool {
	for _, ext := range []string{".br", ".gz"} {
		if fi, err := os.Stat(filepath.Join(h.dir, "app.wasm"+ext)); err == nil && fi.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// wasmVersion is app.wasm's build (appBuild), "no-wasm" when there is none.
func (h *hosting) wasmVersion(stamp wasmStamp) string {
	build, err := appBuild(h.dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if !stamp.missing || h.page == nil {
			h.logger.Warn("app.wasm is missing: build it with `make wasm`", "dir", h.dir)
		}
		return "no-wasm"
	case err != nil:
		h.logger.Warn("reading app.wasm", "err", err.Error())
		return "no-wasm"
	}
	return build
}

// serveWasm serves app.wasm in the best encoding the client accepts that exists on disk.
func (h *hosting) serveWasm(w http.ResponseWriter, r *http.Request) {
	if _, err := os.Stat(filepath.Join(h.dir, "app.wasm")); err != nil {
		http.NotFound(w, r)
		return
	}
	h.handler() // keep the version in step with the file
	h.mu.Lock()
	version := h.version
	h.mu.Unlock()
	hdr := w.Header()
	hdr.Add("Vary", "Accept-Encoding")
	for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}, {"", ""}} {
		if enc.name != "" && !acceptsEncoding(r.Header.Get("Accept-Encoding"), enc.name) {
			continue
		}
		f, err := os.Open(filepath.Join(h.dir, "app.wasm"+enc.ext))
		if err != nil {
			continue
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || fi.IsDir() {
			continue
		}
		hdr.Set("Content-Type", "application/wasm")
		hdr.Set("Cache-Control", "no-cache")
		etag := version
		if enc.name != "" {
			tag, err := h.tags.of(f, fi) // the .br of `make run` is swapped for a smaller one
			if err != nil {
				continue
			}
			hdr.Set("Content-Encoding", enc.name)
			etag += "-" + enc.name + "-" + tag
		}
		hdr.Set("ETag", `"`+etag+`"`)
		if enc.name != "" {
			w = fullLength{w, fi.Size()}
		}
		http.ServeContent(w, r, "", fi.ModTime(), f)
		return
	}
	http.NotFound(w, r)
}

// acceptsEncoding reports whether an Accept-Encoding value accepts enc (q > 0).
func acceptsEncoding(header, enc string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if _, p, err := mime.ParseMediaType("x/x;" + params); err == nil {
			if v, ok := p["q"]; ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case enc:
			return q > 0
		case "*":
			star = q > 0
		}
	}
	return star
}

// noDirListing answers 404 for directories instead of listing them.
func noDirListing(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") || r.URL.Path == "" {
			http.NotFound(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// webResources resolves /web/... to itself (this server serves it) for go-app,
// and app.wasm to its URL pinned to build (docs/deploying.md "Upgrades").
type webResources struct {
	static http.Handler
	build  string
}

func (res webResources) Resolve(location string) string {
	if location == "/web/app.wasm" {
		return pinnedWasmURL(res.build)
	}
	return goapp.LocalDir("").Resolve(location)
}

func (res webResources) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	res.static.ServeHTTP(w, r)
}

// setUpstream gives the first screen the proxy's routes (routes.go).
func (h *hosting) setUpstream(upstream http.Handler) {
	if h.first != nil {
		h.first.setUpstream(upstream)
	}
}
