//go:build !js

package main

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/octavia"
)

// requestInfo is what handlers tell the access log about a request.
type requestInfo struct {
	upstream string // host a proxied request went to
}

type requestInfoKey struct{}

// setUpstream tells the access log which host ctx's request was forwarded to.
func setUpstream(ctx context.Context, host string) {
	if ri, ok := ctx.Value(requestInfoKey{}).(*requestInfo); ok {
		ri.upstream = host
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
			slog.String("path", loggedPath(r.URL.Path)),
			slog.Int("status", status),
			slog.Float64("duration_ms", float64(d.Microseconds())/1000),
			slog.Int64("bytes", rec.bytes),
			slog.String("route", route),
		}
		if ri.upstream != "" {
			attrs = append(attrs, slog.String("upstream", ri.upstream))
		}
		if id := rec.Header().Get(octavia.RequestIDHeader); id != "" {
			attrs = append(attrs, slog.String("request_id", id))
		}
		logger.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
	})
}

// routeOf names the route of a path for metrics (a bounded set of values).
func routeOf(p string) string {
	if service := proxy.ServiceOf(p); service != "" {
		return service
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
