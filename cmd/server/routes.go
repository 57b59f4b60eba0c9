//go:build !js

package main

import (
	"net/http"

	"github.com/octaview/octaview/app/serverapi"
)

// addRoutes lists every route of the server.
func addRoutes(mux *http.ServeMux, d serverDeps) {
	guard := func(h http.Handler) http.Handler {
		if d.ReadOnly {
			return readOnly(h)
		}
		return h
	}
	mux.Handle("/identity/", guard(d.Proxy.serve(serviceIdentity)))
	mux.Handle("/load-balancer/", guard(d.Proxy.serve(serviceLoadBalancer)))
	mux.Handle("/network/", guard(d.Proxy.serve(serviceNetwork)))
	if d.Lab != nil {
		mux.Handle("/lab/", guard(d.Lab)) // the lab checks for an admin token itself
	}

	mux.Handle("GET "+serverapi.ConfigPath, handleConfig(d.Config))
	if d.Status != nil {
		mux.Handle("GET "+serverapi.StatusPath, handleStatus(d.Status))
		mux.Handle("GET "+serverapi.StatusEventsPath, handleStatusEvents(d.Status, d.Stopping))
	}
	mux.Handle("/api/", handleAPINotFound())

	mux.Handle("GET /healthz", handleHealthz())
	mux.Handle("GET /metrics", d.Metrics.handler())

	mux.Handle("/", d.Hosting)
}
