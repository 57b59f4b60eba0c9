//go:build !js

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	ui "github.com/octaview/octaview/app"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
)

// A returning user's first screen (docs/startup.md): for a GET of a page
// with a live session cookie, the server reads what the page's first render
// reads (app.FirstScreen: the same client, the same query), with that
// request's cookie only, through its own proxy routes (the same catalog
// endpoint, token substitution, guards and read-only view as the app's
// requests), within firstScreenTimeout. The page then carries the rows in
// its HTML (the app's own components, rendered here) and Octavia's answers
// in its Boot, which the app answers its first read from. On a timeout or
// any error the page is served as without a session's rows: the app reads
// them itself. Nothing is kept between requests.

// firstScreenTimeout bounds the reads of a page's first screen unless
// -first-screen-timeout says otherwise.
const firstScreenTimeout = time.Second

// firstScreen reads and renders pages' first screens.
type firstScreen struct {
	config  serverapi.Config
	timeout time.Duration
	logger  *slog.Logger

	mu       sync.Mutex
	upstream http.Handler // the proxy's routes (setUpstream); nil: none yet
}

// setUpstream gives the proxy's routes (/identity/, /load-balancer/, as the
// server serves them) through which the first screen reads.
func (f *firstScreen) setUpstream(h http.Handler) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.upstream = h
}

// render reads the first screen of the page r asks for, when boot says r
// came with a live session cookie: it sets boot.Served and returns the
// HTML of the page's root element; "" (and boot unchanged) when the page
// reads nothing the server serves, or the reads failed or took too long.
func (f *firstScreen) render(r *http.Request, boot *serverapi.Boot) string {
	f.mu.Lock()
	upstream := f.upstream
	f.mu.Unlock()
	if !boot.Session || upstream == nil || r.Method != http.MethodGet {
		return ""
	}
	ctx, cancel := context.WithTimeout(r.Context(), f.timeout)
	defer cancel()
	served, html, err := ui.FirstScreenIn(ctx, requestOrigin(r), inProcess{page: r, h: upstream}, f.config, r.URL, regionCookie(r))
	switch {
	case errors.Is(err, ui.ErrNoFirstScreen):
		return ""
	case err != nil:
		f.logger.Info("the page's first screen was not read: the app reads it", "path", r.URL.Path, "err", err.Error())
		return ""
	}
	boot.Served = served
	return html
}

// requestOrigin is the origin r reached this server at: its scheme (https
// when r came over TLS) and its Host, forwarding headers aside: where the
// first screen and the login form send their in-process requests, and an
// Origin a posted login form may name.
func requestOrigin(r *http.Request) string {
	if r.TLS != nil {
		return "https://" + r.Host
	}
	return "http://" + r.Host
}

// inProcess is the first screen's transport: it serves each request of the
// app's client with h, as if the page's browser had sent it: with the
// page request's cookies, client address and forwarding headers (the
// proxy's rules apply as to any request: the cookie's token only, the
// caller's own catalog endpoints, the client's budget), and nothing else
// of the page request. Only the proxy's paths.
type inProcess struct {
	page *http.Request
	h    http.Handler
}

// forwardedHeaders are the page request's headers a proxy request gets.
var forwardedHeaders = []string{"Cookie", "X-Forwarded-For", "X-Forwarded-Proto", "X-Forwarded-Host", "Forwarded"}

func (t inProcess) RoundTrip(r *http.Request) (*http.Response, error) {
	if !strings.HasPrefix(r.URL.Path, proxy.Prefix(proxy.Identity)+"/") && !strings.HasPrefix(r.URL.Path, proxy.Prefix(proxy.LoadBalancer)+"/") {
		return nil, fmt.Errorf("first screen: %s is not a proxy path", r.URL.Path)
	}
	in, err := http.NewRequestWithContext(r.Context(), r.Method, r.URL.RequestURI(), r.Body)
	if err != nil {
		return nil, err
	}
	in.ContentLength = r.ContentLength // a login's body (login_form.go)
	in.Header = r.Header.Clone()
	for _, k := range forwardedHeaders {
		in.Header.Del(k)
		if vs := t.page.Header.Values(k); len(vs) > 0 {
			in.Header[k] = vs
		}
	}
	in.Host, in.RemoteAddr, in.TLS, in.Proto = t.page.Host, t.page.RemoteAddr, t.page.TLS, t.page.Proto
	in.RequestURI = r.URL.RequestURI()
	rec := &pageRecorder{header: http.Header{}}
	t.h.ServeHTTP(rec, in)
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	return &http.Response{
		Status: fmt.Sprintf("%d %s", rec.status, http.StatusText(rec.status)), StatusCode: rec.status,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: rec.header, Body: io.NopCloser(bytes.NewReader(rec.body.Bytes())), ContentLength: int64(rec.body.Len()), Request: r,
	}, nil
}

// maxRegionCookie bounds the region cookie's value taken (a region's name).
const maxRegionCookie = 255

// regionCookie is the region r's region cookie names (serverapi.
// RegionCookie, the app's picked region), unescaped; "" when there is none
// or it does not read. FirstScreenIn uses it only when the token's catalog
// lists it.
func regionCookie(r *http.Request) string {
	c, err := r.Cookie(serverapi.RegionCookie)
	if err != nil || len(c.Value) > maxRegionCookie {
		return ""
	}
	v, err := url.QueryUnescape(c.Value)
	if err != nil {
		return ""
	}
	return v
}
