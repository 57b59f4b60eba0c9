//go:build !js

package main

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/serverapi"
)

// The first screen (docs/startup.md): the app starts as soon as its wasm
// runs, without asking the server anything first.
//
//   - app.js is go-app's own (its handler's), whose loader the go-app patch
//     (third_party/go-app/PATCH.md, "The wasm loader") makes instantiate the
//     module of the page's early compile (compile.js), which streams the
//     wasm's own fetch Response into V8, so Chromium keeps the compiled
//     module in its code cache for a new session (a tab's later compiles of
//     the same build stream a copy, without the code cache: V8 reuses the
//     module it still holds in memory); no DOM write per chunk.
//   - the page preloads app.wasm (wasmPreload): its download starts with the
//     page, not once the style sheets and scripts are in. The page's app.js
//     is pinned to the page's build (servePage), so the app.wasm its loader
//     fetches is the one the page preloaded, whichever replica answers.
//   - every page carries a serverapi.Boot (the configuration, whether the
//     request came with a live session cookie) in a JSON data element, so the
//     app shows the login form, or restores the session, at once: no
//     GET /api/config, no session check when there is no session. A page is
//     therefore never cached (no ETag, no service worker copy).

// appJS is app.js as go-app's handler h, whose Version and Resources are
// set, serves it (its loader is the go-app patch's).
func appJS(h *goapp.Handler) []byte {
	rec := &pageRecorder{header: http.Header{}}
	h.ServeHTTP(rec, &http.Request{Method: http.MethodGet, URL: &url.URL{Path: "/app.js"}, Header: http.Header{}})
	return rec.body.Bytes()
}

// wasmPreload is the page's <link> that starts downloading app.wasm (of
// build) as soon as the browser reads the page's head, before app.js runs
// (which waits for the style sheets), then the early compile: compile.js,
// inline, which starts compiling that download at once (a script after the
// style sheets would wait for them). servePage puts both before the page's
// first <link>. The compile's fetch (a CORS request with same-origin
// credentials, as app.js's would be) takes the preloaded answer.
func wasmPreload(build string) string {
	u := template.HTMLEscapeString(pinnedWasmURL(build))
	return `<link rel="preload" href="` + u + `" as="fetch" type="application/wasm" crossorigin="anonymous">` +
		`<script data-wasm="` + u + `">` + compileJS + `</script>`
}

// compileJS is the early compile, and the served login form's guard of its
// plain post (one login per user action: login_form.go); contentSecurityPolicy
// allows it by its hash (compileJSHash), the page's only inline script.
//
//go:embed compile.js
var compileJS string

// compileJSHash is compileJS's CSP source expression.
var compileJSHash = func() string {
	sum := sha256.Sum256([]byte(compileJS))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// serveAppJS serves app.js (body, of build version) as go-app serves its
// own: revalidated on every use, ETag the version.
func serveAppJS(w http.ResponseWriter, r *http.Request, body []byte, version string) {
	etag := `"` + version + `"`
	hdr := w.Header()
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	hdr.Set("Content-Type", "application/javascript")
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}

// goappResources are the paths go-app's handler answers with a file of its
// own; it answers any other path with a page (or 404).
var goappResources = map[string]bool{
	"/app.js": true, "/goapp.js": true, "/app-worker.js": true, "/wasm_exec.js": true,
	"/manifest.webmanifest": true, "/manifest.json": true, "/app.css": true,
	"/robots.txt": true, "/sitemap.xml": true, "/ads.txt": true,
}

// bootScript is the page's serverapi.Boot element (html/template escapes the
// JSON for a script element: no "</script>" can end it early).
var bootScript = template.Must(template.New("boot").Parse(
	`<script type="application/json" id="{{.ID}}">{{.Boot}}</script>`))

// goappScriptSrc is the src attribute of the script element by which
// go-app's page (v10.1.11) loads app.js (the element's attributes come in
// any order).
const goappScriptSrc = ` src="/app.js"`

// servePage serves the page go-app renders for r, with boot in its head and
// its app.js pinned to build, the page's (the build of the app.wasm it
// preloads). A page differs by request (boot), so it has no ETag and is
// never answered 304 from go-app's version: browsers fetch it each time.
//
// root, when not "", is the HTML of the page's root element as the app
// renders it for the request's session (ssr.go): it takes the place of the
// root element go-app rendered without one.
func servePage(w http.ResponseWriter, r *http.Request, page http.Handler, build string, boot serverapi.Boot, root string) {
	r = r.Clone(r.Context())
	r.Header.Del("If-None-Match")
	rec := &pageRecorder{header: http.Header{}}
	page.ServeHTTP(rec, r)
	hdr := w.Header()
	for k, v := range rec.header {
		hdr[k] = v
	}
	body := rec.body.Bytes()
	head := bytes.Index(body, []byte("</head>"))
	if rec.status != http.StatusOK || !strings.HasPrefix(rec.header.Get("Content-Type"), "text/html") || head < 0 {
		w.WriteHeader(rec.status)
		w.Write(body)
		return
	}
	script := bytes.Index(body[:head], []byte(goappScriptSrc))
	if script < 0 || bytes.Count(body[:head], []byte(goappScriptSrc)) != 1 {
		http.Error(w, "rendering the page: go-app's page does not load /app.js once", http.StatusInternalServerError)
		return
	}
	var el bytes.Buffer
	if err := bootScript.Execute(&el, map[string]any{"ID": serverapi.BootElementID, "Boot": boot}); err != nil {
		http.Error(w, "rendering the page: "+err.Error(), http.StatusInternalServerError)
		return
	}
	if root != "" {
		spliced, ok := spliceRoot(body, head, root)
		if !ok {
			http.Error(w, "rendering the page: go-app's page has no root element before its loader", http.StatusInternalServerError)
			return
		}
		body = spliced
	}
	// the wasm's preload and early compile before the first <link> (the
	// style sheets): go-app's page has one before its script
	early := bytes.Index(body[:script], []byte("<link"))
	if early < 0 {
		early = script
	}
	preload := wasmPreload(build)
	pinned := ` src="` + template.HTMLEscapeString(pinnedAppJSURL(build)) + `"`
	hdr.Del("ETag")
	hdr.Set("Cache-Control", "no-cache, private")
	hdr.Add("Vary", "Cookie")
	hdr.Set("Content-Length", strconv.Itoa(len(body)+len(preload)-len(goappScriptSrc)+len(pinned)+el.Len()))
	w.WriteHeader(http.StatusOK)
	w.Write(body[:early])
	io.WriteString(w, preload)
	w.Write(body[early:script])
	io.WriteString(w, pinned)
	w.Write(body[script+len(goappScriptSrc) : head])
	w.Write(el.Bytes())
	w.Write(body[head:])
}

// goappLoaderID is the id of the loader element go-app's page (v10.1.11)
// writes right after the page's root element, the body's first child.
const goappLoaderID = `id="app-wasm-loader"`

// spliceRoot returns body (go-app's page, whose head ends at head) with
// root in place of its root element: what lies between the body's start
// tag and the loader's <aside>.
func spliceRoot(body []byte, head int, root string) ([]byte, bool) {
	open := bytes.Index(body[head:], []byte("<body"))
	if open < 0 {
		return nil, false
	}
	open += head
	start := bytes.IndexByte(body[open:], '>')
	loader := bytes.Index(body[open:], []byte(goappLoaderID))
	if start < 0 || loader < 0 {
		return nil, false
	}
	start, loader = open+start+1, open+loader
	aside := bytes.LastIndex(body[start:loader], []byte("<aside"))
	if aside < 0 {
		return nil, false
	}
	aside += start
	out := make([]byte, 0, len(body)+len(root))
	out = append(out, body[:start]...)
	out = append(out, '\n')
	out = append(out, root...)
	out = append(out, '\n')
	return append(out, body[aside:]...), true
}

// pageRecorder keeps what go-app's handler answers.
type pageRecorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (p *pageRecorder) Header() http.Header { return p.header }

func (p *pageRecorder) WriteHeader(status int) {
	if p.status == 0 {
		p.status = status
	}
}

func (p *pageRecorder) Write(b []byte) (int, error) {
	p.WriteHeader(http.StatusOK)
	return p.body.Write(b)
}
