//go:build !js

package main

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// testEnv is this server (newServer) in front of the lab cloud on a loopback server.
type testEnv struct {
	Up      *proxytest.Upstream
	Server  *httptest.Server
	Metrics *metrics
	Logs    *proxytest.LogBuffer
}

type envOptions struct {
	readOnly       bool
	corsOrigins    []string
	trustForwarded bool
	up             proxytest.Options
	status         *statusFeed
	web            string
}

func newTestEnv(t *testing.T, o envOptions) *testEnv {
	t.Helper()
	e := &testEnv{Logs: &proxytest.LogBuffer{}, Metrics: newMetrics(), Up: proxytest.New(t, o.up)}
	ks, err := url.Parse(e.Up.AuthURL())
	if err != nil {
		t.Fatal(err)
	}
	transport := proxy.NewUpstreamTransport(nil)
	t.Cleanup(transport.CloseIdleConnections)
	logger := slog.New(slog.NewJSONHandler(e.Logs, nil))
	px := proxy.New(proxy.Options{
		Keystone: ks, Transport: transport, TrustForwarded: o.trustForwarded, Logger: logger,
		OnUpstream: setUpstream, OnUpstreamError: e.Metrics.upstreamError, OnKeystoneLookup: e.Metrics.keystoneLookup.Inc,
	})
	web := o.web
	if web == "" {
		web = t.TempDir()
	}
	stopping := make(chan struct{})
	hosting := newHosting(web, nil, logger)
	e.Server = httptest.NewServer(newServer(serverDeps{
		Logger: logger, Metrics: e.Metrics, Proxy: px,
		Hosting: hosting, Build: hosting.build,
		Config:   serverapi.Config{ReadOnly: o.readOnly, StatusPage: o.status != nil},
		Status:   o.status,
		Stopping: stopping,
		ReadOnly: o.readOnly, CORSOrigins: o.corsOrigins,
	}))
	t.Cleanup(func() {
		close(stopping)
		e.Server.Close()
	})
	return e
}

// do sends a request to this server and returns the response with its body read.
func (e *testEnv) do(t *testing.T, method, path, token string, body string, header ...string) (*http.Response, string) {
	t.Helper()
	return proxytest.Do(t, e.Server.Client(), e.Server.URL, method, path, token, body, header...)
}

// login authenticates through this server and returns the token.
func (e *testEnv) login(t *testing.T) string {
	t.Helper()
	return proxytest.LoginThrough(t, e.Server.Client(), e.Server.URL)
}
