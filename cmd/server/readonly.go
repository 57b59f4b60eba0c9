//go:build !js

package main

import (
	"net/http"

	"github.com/octaview/octaview/cmd/server/proxy"
)

// readOnly refuses every write to the proxied APIs with 403: only GET and HEAD pass,
// plus logging in (POST /identity/v3/auth/tokens) and logging out (DELETE of one's own
// token), whatever the UI does.
func readOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if allowedReadOnly(r) {
			next.ServeHTTP(w, r)
			return
		}
		proxy.WriteServiceFault(w, proxy.ServiceOf(r.URL.Path), http.StatusForbidden, "This console is read-only: %s is not allowed.", r.Method)
	})
}

func allowedReadOnly(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		return true
	case http.MethodPost:
		return r.URL.Path == "/identity/v3/auth/tokens"
	case http.MethodDelete:
		tok := r.Header.Get("X-Subject-Token")
		return r.URL.Path == "/identity/v3/auth/tokens" && tok != "" && tok == r.Header.Get("X-Auth-Token")
	}
	return false
}
