//go:build !js

package main

import (
	"log/slog"
	"net/http"

	"github.com/octaview/octaview/app/serverapi"
)

// serverDeps is everything newServer needs.
type serverDeps struct {
	Logger      *slog.Logger
	Metrics     *metrics
	Proxy       *proxy
	Hosting     http.Handler
	Config      serverapi.Config
	Status      *statusFeed  // nil: no status page
	Lab         http.Handler // lab mode: the lab cloud, whose /lab/ control API it serves (admin token); else nil
	Stopping    <-chan struct{}
	ReadOnly    bool
	CORSOrigins []string
}

// newServer returns the server's handler: the routes of routes.go behind CORS,
// security headers and the access log.
func newServer(d serverDeps) http.Handler {
	mux := http.NewServeMux()
	addRoutes(mux, d)
	var h http.Handler = mux
	h = cors{origins: d.CORSOrigins}.wrap(h)
	h = refuseTunnels(h)
	h = securityHeaders(h)
	h = accessLog(d.Logger, d.Metrics, h)
	return h
}

// refuseTunnels answers CONNECT and TRACE with 405: this server is no forward proxy.
func refuseTunnels(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodConnect || r.Method == http.MethodTrace {
			writeFault(w, http.StatusMethodNotAllowed, "Method %s is not allowed.", r.Method)
			return
		}
		next.ServeHTTP(w, r)
	})
}
