//go:build !js

package main

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics, on a registry of its own (so that
// several servers in one process, as in tests, do not collide).
type metrics struct {
	registry       *prometheus.Registry
	requests       *prometheus.CounterVec
	durations      *prometheus.HistogramVec
	upstreamErrors *prometheus.CounterVec
	keystoneLookup prometheus.Counter
	statusViewers  prometheus.Gauge
	statusPolls    *prometheus.CounterVec
}

func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "octaview_http_requests_total",
			Help: "HTTP requests served, by route (identity, load-balancer, network, key-manager, compute, api, app, ...), method and status code.",
		}, []string{"route", "method", "code"}),
		durations: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "octaview_http_request_duration_seconds",
			Help:    "Time to serve a request until its handler returned (streams: until they ended), by route.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route"}),
		upstreamErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "octaview_upstream_errors_total",
			Help: "Requests that failed to reach a service, by service and kind (unreachable, timeout).",
		}, []string{"service", "kind"}),
		keystoneLookup: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "octaview_catalog_lookups_total",
			Help: "Catalogs fetched from Keystone for callers' tokens (cache misses).",
		}),
		statusViewers: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "octaview_status_viewers",
			Help: "Status-page viewers connected to /api/status/events now.",
		}),
		statusPolls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "octaview_status_polls_total",
			Help: "Upstream polls of the status page, by result (ok, error).",
		}, []string{"result"}),
	}
	m.registry.MustRegister(m.requests, m.durations, m.upstreamErrors, m.keystoneLookup, m.statusViewers, m.statusPolls,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

func (m *metrics) observe(route, method string, code int, d time.Duration) {
	if m == nil {
		return
	}
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions:
	default:
		method = "other"
	}
	m.requests.WithLabelValues(route, method, strconv.Itoa(code)).Inc()
	m.durations.WithLabelValues(route).Observe(d.Seconds())
}

func (m *metrics) upstreamError(service, kind string) {
	if m != nil {
		m.upstreamErrors.WithLabelValues(service, kind).Inc()
	}
}
