//go:build !js

package main

import (
	"encoding/json"
	"net/http"
)

// apiConfig is the body of GET /api/config: what the UI must know about this server.
type apiConfig struct {
	ReadOnly   bool      `json:"read_only"`
	Lab        bool      `json:"lab"`
	StatusPage bool      `json:"status_page"`
	LabUsers   []labUser `json:"lab_users,omitempty"`
}

// labUser is one user of the lab cloud, shown on the login page in lab mode.
type labUser struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	Project  string `json:"project"`
	Role     string `json:"role"`
}

func handleConfig(cfg apiConfig) http.Handler {
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
		writeFault(w, http.StatusNotFound, "No API at %s.", r.URL.Path)
	})
}
