//go:build !js

package main

import "net/http"

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

	mux.Handle("GET /api/config", handleConfig(d.Config))
	if d.Status != nil {
		mux.Handle("GET /api/status", handleStatus(d.Status))
		mux.Handle("GET /api/status/events", handleStatusEvents(d.Status, d.Stopping))
	}
	mux.Handle("/api/", handleAPINotFound())

	mux.Handle("GET /healthz", handleHealthz())
	mux.Handle("GET /metrics", d.Metrics.handler())

	mux.Handle("/", d.Hosting)
}
