//go:build !js

package main

import (
	"net/http"

	"github.com/octaview/octaview/cmd/server/proxy"
)

// refuseTunnels answers CONNECT and TRACE with 405: this server is no forward proxy.
// The proxy itself takes its targets only from configuration and Keystone (package
// proxy); ssrf_test.go sends every trick known to make it reach another host.
func refuseTunnels(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodConnect || r.Method == http.MethodTrace {
			proxy.WriteFault(w, http.StatusMethodNotAllowed, "Method %s is not allowed.", r.Method)
			return
		}
		next.ServeHTTP(w, r)
	})
}
