//go:build !js

package main

import (
	"encoding/json"
	"net/http"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
)

// handleConfig serves GET /api/config: cfg, encoded once.
func handleConfig(cfg serverapi.Config) http.Handler {
	body, err := json.Marshal(cfg)
	if err != nil {
		panic(err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(body)
	})
}

func handleHealthz() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Write([]byte("ok\n"))
	})
}

func handleAPINotFound() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		proxy.WriteFault(w, http.StatusNotFound, "No API at %s.", r.URL.Path)
	})
}
