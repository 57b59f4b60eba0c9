//go:build !js

package main

import (
	"net/http"

	"github.com/octaview/octaview/app/login"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
)

// addRoutes lists every route of the server.
func addRoutes(mux *http.ServeMux, d serverDeps) {
	guard := func(h http.Handler) http.Handler {
		if d.Trainer != nil {
			h = d.Trainer.readOnlyView(h) // a trainer's view of a trainee's project
		}
		if d.ReadOnly {
			return readOnly(h)
		}
		return h
	}
	upstream := http.NewServeMux() // the proxy's routes alone: a page's first screen reads through them (ssr.go)
	for _, service := range proxy.Services {
		// the prefix alone too: the upstream answers it (Keystone's version list), not a 307
		h := guard(d.Proxy.Handler(service))
		mux.Handle(proxy.Prefix(service), h)
		mux.Handle(proxy.Prefix(service)+"/", h)
		upstream.Handle(proxy.Prefix(service)+"/", h)
	}
	if u, ok := d.Hosting.(interface{ setUpstream(http.Handler) }); ok {
		u.setUpstream(upstream)
	}
	if h, ok := d.Hosting.(*hosting); ok && d.Proxy != nil {
		mux.Handle("POST "+login.LoginPath, h.loginForm(upstream, d.Proxy.Origin, d.Proxy.ReadBody)) // the served login form (login_form.go)
	}
	if d.Lab != nil {
		mux.Handle("/lab/", guard(noStore(d.Lab))) // the lab checks for an admin token itself
	}

	mux.Handle("GET "+serverapi.ConfigPath, handleConfig(d.Config))
	if d.Status != nil {
		mux.Handle("GET "+serverapi.StatusPath, handleStatus(d.Status))
		mux.Handle("GET "+serverapi.StatusEventsPath, handleStatusEvents(d.Status, d.Stopping))
	}
	if d.Walls != nil {
		d.Walls.addRoutes(mux, d.Hosting, guard, d.Stopping) // walls_routes.go
	}
	if d.Trainer != nil {
		d.Trainer.addRoutes(mux, d.Hosting, d.Stopping) // trainer.go: /trainer, /api/trainer/, /api/lab/checklist
	}
	mux.Handle("/api/", handleAPINotFound())

	mux.Handle("GET /healthz", handleHealthz())
	if d.Build != nil {
		mux.Handle("GET /version", handleVersion(d.Build))
	}
	mux.Handle("GET /metrics", d.Metrics.handler())

	mux.Handle("/", d.Hosting)
}
