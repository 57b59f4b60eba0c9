//go:build !js

package main

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
)

// A read-only server refuses writes itself, with an Octavia-style fault, before
// anything reaches the cloud; /api/config tells the UI to hide its write controls.
func Example() {
	keystone, _ := url.Parse("http://keystone.invalid:5000/v3")
	logger := slog.New(slog.NewJSONHandler(io.Discard, nil))
	h := newServer(serverDeps{
		Logger:   logger,
		Metrics:  newMetrics(),
		Proxy:    proxy.New(proxy.Options{Keystone: keystone, Logger: logger}),
		Hosting:  http.NotFoundHandler(),
		Config:   serverapi.Config{ReadOnly: true},
		ReadOnly: true,
	})

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodDelete, "/load-balancer/v2/lbaas/loadbalancers/lb1", nil))
	fmt.Println(rec.Code, rec.Body.String())

	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/config", nil))
	fmt.Println(rec.Code, rec.Body.String())
	// Output:
	// 403 {"faultcode":"Client","faultstring":"This console is read-only: DELETE is not allowed.","debuginfo":null}
	// 200 {"read_only":true,"lab":false,"status_page":false}
}
