//go:build !js

package main

import (
	"log/slog"
	"net/http"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
)

// serverDeps is everything newServer needs.
type serverDeps struct {
	Logger      *slog.Logger
	Metrics     *metrics
	Proxy       *proxy.Proxy
	Hosting     http.Handler
	Config      serverapi.Config
	Status      *statusFeed  // nil: no status page
	Walls       *wallSet     // nil: no walls
	Lab         http.Handler // lab mode: the lab cloud, whose /lab/ control API it serves (admin token); else nil
	Trainer     *trainer     // lab mode: the trainer's page and API; else nil
	Stopping    <-chan struct{}
	ReadOnly    bool
	CORSOrigins []string
	Hosts       *hostPolicy   // the Host names answered; nil = any (tests)
	Build       func() string // the app's build served now (nil: not named)
}

// newServer returns the server's handler: the routes of routes.go behind CORS,
// security headers and the access log.
func newServer(d serverDeps) http.Handler {
	mux := http.NewServeMux()
	addRoutes(mux, d)
	var h http.Handler = mux
	h = cors{origins: d.CORSOrigins}.wrap(h)
	h = refuseTunnels(h)
	h = d.Hosts.wrap(h)
	h = securityHeaders(h)
	if d.Build != nil {
		h = withBuild(d.Build, h)
	}
	h = accessLog(d.Logger, d.Metrics, h)
	return h
}
