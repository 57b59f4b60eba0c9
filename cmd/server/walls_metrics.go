//go:build !js

package main

import (
	"net/http"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/internal/wallmetrics"
)

// wallMetricsHandler serves one wall's Prometheus metrics
// (internal/wallmetrics), from what the wall shows now.
func wallMetricsHandler(state func() serverapi.Wall) http.Handler {
	return wallmetrics.Handler(state)
}
