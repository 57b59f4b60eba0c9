//go:build !js

package main

import (
	"context"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// contentSecurityPolicy lets the page run only this origin's scripts (go-app's page has
// no inline script), its WebAssembly, its styles and images, and talk only to this
// origin; no frames, no plugins, no <base> tricks.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
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

// requestInfo is what handlers tell the access log about a request.
type requestInfo struct {
	upstream string // host a proxied request went to
	note     string
}

type requestInfoKey struct{}

func setUpstream(ctx context.Context, host string) {
	if ri, ok := ctx.Value(requestInfoKey{}).(*requestInfo); ok {
		ri.upstream = host
	}
}

func setStatusNote(ctx context.Context, note string) {
	if ri, ok := ctx.Value(requestInfoKey{}).(*requestInfo); ok {
		ri.note = note
	}
}

// accessLog logs one JSON line per request and counts it in metrics: method, path
// (never the query string), status, duration, upstream host and request id. It never
// logs a header or a body, so tokens and passwords stay out of the log.
func accessLog(logger *slog.Logger, m *metrics, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ri := &requestInfo{}
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), requestInfoKey{}, ri)))
		d := time.Since(start)
		status := rec.status
		if status == 0 {
			status = http.StatusOK
		}
		route := routeOf(r.URL.Path)
		m.observe(route, r.Method, status, d)
		attrs := []slog.Attr{
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.Int("status", status),
			slog.Float64("duration_ms", float64(d.Microseconds())/1000),
			slog.Int64("bytes", rec.bytes),
			slog.String("route", route),
		}
		if ri.upstream != "" {
			attrs = append(attrs, slog.String("upstream", ri.upstream))
		}
		if id := rec.Header().Get(requestIDHeader); id != "" {
			attrs = append(attrs, slog.String("request_id", id))
		}
		if ri.note != "" {
			attrs = append(attrs, slog.String("note", ri.note))
		}
		logger.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
	})
}

// routeOf names the route of a path for metrics (a bounded set of values).
func routeOf(p string) string {
	for _, prefix := range []string{"/identity", "/load-balancer", "/network"} {
		if p == prefix || strings.HasPrefix(p, prefix+"/") {
			return prefix[1:]
		}
	}
	switch {
	case p == "/api/status/events":
		return "status-events"
	case strings.HasPrefix(p, "/api/"):
		return "api"
	case p == "/healthz", p == "/metrics":
		return p[1:]
	case strings.HasPrefix(p, "/web/"):
		return "static"
	}
	return "app"
}

// statusRecorder remembers the status and size of a response. Unwrap lets
// http.ResponseController (ReverseProxy's flushes, SSE) reach the real writer.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += int64(n)
	return n, err
}

func (s *statusRecorder) Flush() {
	http.NewResponseController(s.ResponseWriter).Flush()
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// cors answers cross-origin requests from the allow-listed origins only: preflights
// (cached for Max-Age), and the headers gophercloud must read (X-Subject-Token carries
// the token). Other origins get no CORS header at all, so browsers refuse them.
type cors struct {
	origins []string
}

const corsMaxAge = 600 // seconds

var (
	corsAllowedHeaders = []string{"Accept", "Content-Type", "X-Auth-Token", "X-Subject-Token", "X-Openstack-Request-Id", "Openstack-Api-Version", "User-Agent"}
	corsExposedHeaders = "X-Subject-Token, X-Openstack-Request-Id, Content-Length, Location"
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
				writeFault(w, http.StatusForbidden, "Origin %q is not allowed.", origin)
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

// readOnly refuses every write to the proxied APIs with 403: only GET and HEAD pass,
// plus logging in (POST /identity/v3/auth/tokens) and logging out (DELETE of one's own
// token), whatever the UI does.
func readOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if allowedReadOnly(r) {
			next.ServeHTTP(w, r)
			return
		}
		writeFault(w, http.StatusForbidden, "This console is read-only: %s is not allowed.", r.Method)
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
