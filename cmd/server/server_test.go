//go:build !js

package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
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
	e.Server = httptest.NewServer(newServer(serverDeps{
		Logger: logger, Metrics: e.Metrics, Proxy: px,
		Hosting:  newHosting(web, nil, logger),
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
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.Server.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("X-Auth-Token", token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Add(header[i], header[i+1])
	}
	resp, err := e.Server.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

// login authenticates through this server and returns the token.
func (e *testEnv) login(t *testing.T) string {
	t.Helper()
	resp, body := e.do(t, http.MethodPost, "/identity/v3/auth/tokens", "", proxytest.LoginBody(proxytest.User, proxytest.Password))
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("login: got %d %s, want 201", resp.StatusCode, body)
	}
	tok := resp.Header.Get("X-Subject-Token")
	if tok == "" {
		t.Fatal("login: no X-Subject-Token")
	}
	return tok
}

// checkFault checks that body is an Octavia-style fault with faultcode code.
func checkFault(t *testing.T, body, code string) proxy.Fault {
	t.Helper()
	var f map[string]any
	if err := json.Unmarshal([]byte(body), &f); err != nil {
		t.Fatalf("fault body %q: %v", body, err)
	}
	if f["faultcode"] != code || f["faultstring"] == "" {
		t.Errorf("fault: got %s, want faultcode %q and a faultstring", body, code)
	}
	if v, ok := f["debuginfo"]; !ok || v != nil {
		t.Errorf("fault: got %s, want \"debuginfo\": null", body)
	}
	s, _ := f["faultstring"].(string)
	return proxy.Fault{Code: code, String: s}
}
