//go:build !js

package main

import "net/http"

// contentSecurityPolicy lets the page run only this origin's scripts (go-app's page has
// no inline script; Octaview's has one, the early compile, allowed by its hash), its
// WebAssembly, its styles and images, and talk only to this origin; no frames, no
// plugins, no <base> tricks.
var contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' " + compileJSHash + "; style-src 'self'; " +
	"img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the headers every response carries.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		next.ServeHTTP(w, r)
	})
}

// noStore keeps every answer of next out of caches (the lab's users and passwords).
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}
