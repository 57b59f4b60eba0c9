//go:build !js

package proxytest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/octaview/octaview/labcloud"
)

// The test user of the lab, in a project of its own.
const (
	User     = "tester"
	Password = "s3cret-Passw0rd"
	Project  = "tests"
)

// Options configures New.
type Options struct {
	// Octavia replaces the lab's Octavia (requests below /load-balancer/); nil = the lab's.
	Octavia http.Handler
	// Keystone wraps the lab's Keystone; nil = the lab's as it is.
	Keystone func(lab http.Handler) http.Handler
	// Delay is the lab's PENDING_* time (labcloud.Options.Delay; 0 = its 2 s).
	Delay time.Duration
}

// Upstream is the lab cloud on a loopback server.
type Upstream struct {
	Lab *labcloud.Cloud
	// Server serves the lab: Keystone at /identity (AuthURL), Octavia at
	// /load-balancer, Neutron at /network, as its catalog lists them.
	Server *httptest.Server

	mu       sync.Mutex
	requests []Request
}

// Request is one request an upstream received.
type Request struct {
	Service                      string // identity, load-balancer, network
	Method, Path, RawQuery, Host string
	Header                       http.Header
	Body                         string
}

// New starts the lab's server; it stops when the test ends.
func New(t testing.TB, o Options) *Upstream {
	t.Helper()
	u := &Upstream{}
	u.Lab = labcloud.New(labcloud.Options{Delay: o.Delay, Scenario: &labcloud.Scenario{
		Projects: []labcloud.ScenarioProject{{Name: Project, Users: []labcloud.ScenarioUser{{Name: User, Password: Password}}}},
	}})
	var keystone http.Handler = u.Lab
	if o.Keystone != nil {
		keystone = o.Keystone(u.Lab)
	}
	u.Server = httptest.NewServer(u.record(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case o.Octavia != nil && (r.URL.Path == "/load-balancer" || strings.HasPrefix(r.URL.Path, "/load-balancer/")):
			o.Octavia.ServeHTTP(w, r)
		case r.URL.Path == "/identity" || strings.HasPrefix(r.URL.Path, "/identity/"):
			keystone.ServeHTTP(w, r)
		default:
			u.Lab.ServeHTTP(w, r)
		}
	})))
	t.Cleanup(u.Server.Close)
	return u
}

func (u *Upstream) record(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		service, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
		u.mu.Lock()
		u.requests = append(u.requests, Request{service, r.Method, r.URL.Path, r.URL.RawQuery, r.Host, r.Header.Clone(), string(body)})
		u.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}

// AuthURL is what a client (or -keystone) is given: Keystone's /identity/v3.
func (u *Upstream) AuthURL() string { return u.Server.URL + "/identity/v3" }

// Requests are the requests received for service ("" = all), in order.
func (u *Upstream) Requests(service string) []Request {
	u.mu.Lock()
	defer u.mu.Unlock()
	var out []Request
	for _, r := range u.requests {
		if service == "" || r.Service == service {
			out = append(out, r)
		}
	}
	return out
}

// Validations counts the token validations (GET /identity/v3/auth/tokens) Keystone received.
func (u *Upstream) Validations() int {
	n := 0
	for _, r := range u.Requests("identity") {
		if r.Method == http.MethodGet && r.Path == "/identity/v3/auth/tokens" {
			n++
		}
	}
	return n
}

// Login logs User in at Keystone directly and returns the token.
func (u *Upstream) Login(t testing.TB) string {
	t.Helper()
	return Token(t, u.AuthURL()+"/auth/tokens", User, Password, Project)
}

// Token logs user in to project with a password at tokensURL (Keystone's
// …/v3/auth/tokens) and returns the token; it fails tb unless Keystone
// answers 201 with one.
func Token(tb testing.TB, tokensURL, user, password, project string) string {
	tb.Helper()
	resp, err := http.Post(tokensURL, "application/json", strings.NewReader(ProjectLoginBody(user, password, project)))
	if err != nil {
		tb.Fatal(err)
	}
	resp.Body.Close()
	tok := resp.Header.Get("X-Subject-Token")
	if resp.StatusCode != http.StatusCreated || tok == "" {
		tb.Fatalf("log %s in at %s: got %s, want 201 with a token", user, tokensURL, resp.Status)
	}
	return tok
}

// LoginBody is a password login of user, scoped to Project.
func LoginBody(user, password string) string { return ProjectLoginBody(user, password, Project) }

// ProjectLoginBody is a password login of user (domain Default), scoped
// to project (domain Default).
func ProjectLoginBody(user, password, project string) string {
	b, _ := json.Marshal(map[string]any{"auth": map[string]any{
		"identity": map[string]any{"methods": []string{"password"}, "password": map[string]any{
			"user": map[string]any{"name": user, "password": password, "domain": map[string]any{"name": "Default"}}}},
		"scope": map[string]any{"project": map[string]any{"name": project, "domain": map[string]any{"name": "Default"}}},
	}})
	return string(b)
}
