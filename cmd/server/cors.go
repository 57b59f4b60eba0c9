//go:build !js

package main

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/octavia"
)

// cors answers cross-origin requests from the allow-listed origins only: preflights
// (cached for Max-Age), and the headers gophercloud must read (X-Subject-Token carries
// the token). Other origins get no CORS header at all, so browsers refuse them.
type cors struct {
	origins []string
}

const corsMaxAge = 600 // seconds

var (
	corsAllowedHeaders = []string{"Accept", "Content-Type", "X-Auth-Token", "X-Subject-Token", octavia.RequestIDHeader, "Openstack-Api-Version", "User-Agent"}
	corsExposedHeaders = "X-Subject-Token, " + octavia.RequestIDHeader + ", Content-Length, Location"
	corsMethods        = "GET, HEAD, POST, PUT, PATCH, DELETE"
)

func (c cors) wrap(next http.Handler) http.Handler {
	if len(c.origins) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Origin")
		origin := r.Header.Get("Origin")
		preflight := r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""
		allowed := origin != "" && slices.Contains(c.origins, strings.ToLower(origin))
		if !allowed {
			if preflight {
				proxy.WriteFault(w, http.StatusForbidden, "Origin %q is not allowed.", origin)
				return
			}
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		if !preflight {
			h.Set("Access-Control-Expose-Headers", corsExposedHeaders)
			next.ServeHTTP(w, r)
			return
		}
		h.Add("Vary", "Access-Control-Request-Method")
		h.Add("Vary", "Access-Control-Request-Headers")
		h.Set("Access-Control-Allow-Methods", corsMethods)
		var allowedHeaders []string
		for _, name := range strings.Split(r.Header.Get("Access-Control-Request-Headers"), ",") {
			name = http.CanonicalHeaderKey(strings.TrimSpace(name))
			if slices.ContainsFunc(corsAllowedHeaders, func(a string) bool { return strings.EqualFold(a, name) }) {
				allowedHeaders = append(allowedHeaders, name)
			}
		}
		if len(allowedHeaders) > 0 {
			h.Set("Access-Control-Allow-Headers", strings.Join(allowedHeaders, ", "))
		}
		h.Set("Access-Control-Max-Age", strconv.Itoa(corsMaxAge))
		w.WriteHeader(http.StatusNoContent)
	})
}
