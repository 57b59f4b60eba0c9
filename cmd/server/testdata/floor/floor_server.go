//go:build !js

package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// main serves the floor as a go-app developer would: go-app's Handler, and
// app.wasm precompressed with brotli (-web DIR/app.wasm.br, as the console
// serves its own) with its raw length in a header for the loader's progress.
// It prints "listening on http://ADDR" once it listens.
func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	web := flag.String("web", "web", "directory of app.wasm and app.wasm.br")
	version := flag.String("version", "floor", "the app's version (go-app's service worker cache)")
	flag.Parse()
	route()

	h := &app.Handler{
		Name:                    "Floor",
		Title:                   "Floor",
		Version:                 *version,
		WasmContentLengthHeader: "X-Wasm-Content-Length",
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/web/app.wasm", func(w http.ResponseWriter, r *http.Request) { serveWasm(w, r, *web) })
	mux.Handle("/", h)
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening on http://%s\n", ln.Addr())
	log.Fatal(http.Serve(ln, mux))
}

// serveWasm serves app.wasm.br to a client that accepts brotli, else app.wasm.
func serveWasm(w http.ResponseWriter, r *http.Request, dir string) {
	raw, err := os.Stat(filepath.Join(dir, "app.wasm"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	name := "app.wasm"
	if strings.Contains(r.Header.Get("Accept-Encoding"), "br") {
		if _, err := os.Stat(filepath.Join(dir, "app.wasm.br")); err == nil {
			name = "app.wasm.br"
			w.Header().Set("Content-Encoding", "br")
		}
	}
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/wasm")
	w.Header().Set("X-Wasm-Content-Length", strconv.FormatInt(raw.Size(), 10))
	http.ServeContent(w, r, "", fi.ModTime(), f)
}
