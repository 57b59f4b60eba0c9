//go:build !js

package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"path/filepath"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// main serves the page with go-app's Handler and DIR/app.wasm (-web DIR).
// It prints "listening on http://ADDR" once it listens.
func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	web := flag.String("web", "web", "directory of app.wasm")
	flag.Parse()
	route()

	mux := http.NewServeMux()
	mux.HandleFunc("/web/app.wasm", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		http.ServeFile(w, r, filepath.Join(*web, "app.wasm"))
	})
	mux.Handle("/", &app.Handler{Name: "Handlers", Title: "Handlers"})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening on http://%s\n", ln.Addr())
	log.Fatal(http.Serve(ln, mux))
}
