//go:build !js

package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"io"
	"log"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Limits of the proxy.
const (
	maxRequestBody        = 1 << 20 // bytes a client may send upstream (413 beyond)
	upstreamDialTimeout   = 10 * time.Second
	upstreamHeaderTimeout = 60 * time.Second // Octavia answers writes once accepted
)

// proxyOptions configures newProxy.
type proxyOptions struct {
	Keystone       *url.URL // Keystone's base (a trailing /v3 is removed)
	Region         string   // "" = any
	Interface      string   // public (default), internal, admin
	Transport      http.RoundTripper
	PublicURL      string // origin put in catalogs; "" = from the request
	TrustForwarded bool
	MaxBody        int64 // 0 = maxRequestBody
	Logger         *slog.Logger
	Metrics        *metrics
}

// proxy forwards /identity/ to Keystone and /load-balancer/, /network/ to the
// endpoints of the caller's catalog. The target always comes from configuration or
// from Keystone, never from the request: only the path below the prefix and the query
// are taken from the client.
type proxy struct {
	keystone       *url.URL
	catalogs       *catalogCache
	rewriter       identityRewriter
	publicURL      string
	trustForwarded bool
	maxBody        int64
	logger         *slog.Logger
	metrics        *metrics
	identity       *httputil.ReverseProxy
	service        *httputil.ReverseProxy
}

// newUpstreamTransport is the transport to Keystone and the services: bounded dials
// and waits for response headers, no bound on streamed bodies.
func newUpstreamTransport(tlsConfig *tls.Config) *http.Transport {
	t := &http.Transport{
		Proxy: http.ProxyFromEnvironment,
		DialContext: (&net.Dialer{
			Timeout:   upstreamDialTimeout,
			KeepAlive: 30 * time.Second,
		}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          512,
		MaxIdleConnsPerHost:   256,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: upstreamHeaderTimeout,
		ExpectContinueTimeout: time.Second,
	}
	if tlsConfig != nil {
		t.TLSClientConfig = tlsConfig
	}
	return t
}

func newProxy(o proxyOptions) *proxy {
	if o.Transport == nil {
		o.Transport = newUpstreamTransport(nil)
	}
	if o.MaxBody == 0 {
		o.MaxBody = maxRequestBody
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewJSONHandler(io.Discard, nil))
	}
	keystone := keystoneBase(o.Keystone)
	p := &proxy{
		keystone:       keystone,
		rewriter:       identityRewriter{keystoneBase: keystone.String()},
		publicURL:      o.PublicURL,
		trustForwarded: o.TrustForwarded,
		maxBody:        o.MaxBody,
		logger:         o.Logger,
		metrics:        o.Metrics,
	}
	p.catalogs = newCatalogCache(keystone, o.Region, o.Interface, &http.Client{
		Transport: o.Transport,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	})
	p.identity = &httputil.ReverseProxy{
		Rewrite:        p.rewrite,
		Transport:      o.Transport,
		ModifyResponse: p.modifyIdentityResponse,
		ErrorHandler:   p.errorHandler,
		ErrorLog:       slogErrorLog(o.Logger),
		BufferPool:     copyBuffers,
	}
	p.service = &httputil.ReverseProxy{
		Rewrite:   p.rewrite,
		Transport: o.Transport,
		// Bodies are copied as they arrive. ReverseProxy flushes every write of a body
		// of unknown length (chunked, streamed) or of an event stream; a body of known
		// length goes out in the server's 4 KiB writes, without a flush syscall each.
		FlushInterval:  0,
		ModifyResponse: p.modifyServiceResponse,
		ErrorHandler:   p.errorHandler,
		ErrorLog:       slogErrorLog(o.Logger),
		BufferPool:     copyBuffers,
	}
	return p
}

// copyBuffers are ReverseProxy's body copy buffers, reused instead of 32 KiB per request.
var copyBuffers = &bufferPool{pool: sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}}

type bufferPool struct{ pool sync.Pool }

func (p *bufferPool) Get() []byte  { return *p.pool.Get().(*[]byte) }
func (p *bufferPool) Put(b []byte) { p.pool.Put(&b) }

// keystoneBase strips a version (/v3, /v2.0) from a Keystone URL.
func keystoneBase(u *url.URL) *url.URL {
	b := *u
	b.RawQuery, b.Fragment, b.RawPath, b.User = "", "", "", nil
	p := strings.TrimRight(b.Path, "/")
	for _, v := range []string{"/v3", "/v2.0"} {
		p = strings.TrimSuffix(p, v)
	}
	b.Path = p
	return &b
}

// target is where one request goes; it travels in the request's context from
// ServeHTTP to Rewrite and ModifyResponse.
type target struct {
	service string   // service type
	base    *url.URL // upstream endpoint (configuration or Keystone's catalog)
	rest    string   // cleaned path below the prefix ("" or "/...")
	origin  string   // this server's public origin, for rewritten catalogs
	token   string   // X-Subject-Token of a DELETE /v3/auth/tokens (to forget its catalog)
}

type targetKey struct{}

// serve forwards r to service (identity, load-balancer or network).
func (p *proxy) serve(service string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rest, ok := proxiedPath(r, servicePrefixes[service])
		if !ok {
			writeFault(w, http.StatusBadRequest, "Invalid path %q: not a clean path below %s/.", r.URL.Path, servicePrefixes[service])
			return
		}
		if r.ContentLength > p.maxBody {
			writeFault(w, http.StatusRequestEntityTooLarge, "Request body too large: the limit is %d bytes.", p.maxBody)
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, p.maxBody)
		}
		t := &target{service: service, rest: rest, origin: p.origin(r)}
		if service == serviceIdentity {
			t.base = p.keystone
			if r.Method == http.MethodDelete && rest == "/v3/auth/tokens" {
				t.token = r.Header.Get("X-Subject-Token")
			}
		} else {
			base, err := p.catalogs.endpoint(r.Context(), r.Header.Get("X-Auth-Token"), service)
			if err != nil {
				p.catalogError(w, r, service, err)
				return
			}
			t.base = base
		}
		setUpstream(r.Context(), t.base.Host)
		p.reverseProxy(service).ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), targetKey{}, t)))
	})
}

func (p *proxy) reverseProxy(service string) *httputil.ReverseProxy {
	if service == serviceIdentity {
		return p.identity
	}
	return p.service
}

func (p *proxy) catalogError(w http.ResponseWriter, r *http.Request, service string, err error) {
	var ue *upstreamError
	switch {
	case errors.Is(err, errUnauthorized):
		w.Header().Set("WWW-Authenticate", `Keystone uri="`+p.origin(r)+`/identity/v3"`)
		writeFault(w, http.StatusUnauthorized, "Authentication required: %v.", err)
	case errors.Is(err, errNoEndpoint):
		writeFault(w, http.StatusNotFound, "No %s endpoint in your catalog for this region and interface.", service)
	case errors.As(err, &ue):
		setUpstream(r.Context(), p.keystone.Host)
		p.upstreamFailed(w, r, serviceIdentity, err)
	default: // the caller went away
		p.upstreamFailed(w, r, serviceIdentity, err)
	}
}

// proxiedPath returns the path of r below prefix, or false when it is not a clean
// path: dot segments (encoded or not), empty segments (//host), encoded slashes or
// backslashes, control characters.
func proxiedPath(r *http.Request, prefix string) (string, bool) {
	p := r.URL.Path
	if p != prefix && !strings.HasPrefix(p, prefix+"/") {
		return "", false
	}
	raw := strings.ToLower(r.URL.EscapedPath())
	if strings.Contains(raw, "%2f") || strings.Contains(raw, "%5c") || strings.Contains(raw, "%2e") || strings.Contains(raw, "%00") {
		return "", false
	}
	if strings.ContainsAny(p, "\\\x00\r\n\t") || strings.Contains(p, "//") {
		return "", false
	}
	clean := path.Clean(p)
	if strings.HasSuffix(p, "/") && clean != "/" {
		clean += "/"
	}
	if clean != p {
		return "", false
	}
	return p[len(prefix):], true
}

// origin is this server's public origin as the browser sees it.
func (p *proxy) origin(r *http.Request) string {
	return publicOrigin(r, p.publicURL, p.trustForwarded)
}

func publicOrigin(r *http.Request, publicURL string, trustForwarded bool) string {
	if publicURL != "" {
		return publicURL
	}
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if trustForwarded {
		if h := firstValue(r.Header.Get("X-Forwarded-Host")); h != "" {
			host = h
		}
		if s := strings.ToLower(firstValue(r.Header.Get("X-Forwarded-Proto"))); s == "http" || s == "https" {
			scheme = s
		}
	}
	return scheme + "://" + host
}

func firstValue(v string) string {
	first, _, _ := strings.Cut(v, ",")
	return strings.TrimSpace(first)
}

// Headers never forwarded: browser context and credentials other than X-Auth-Token.
var strippedRequestHeaders = []string{"Origin", "Cookie", "Referer", "Authorization", "Proxy-Authorization"}

func (p *proxy) rewrite(pr *httputil.ProxyRequest) {
	t := pr.In.Context().Value(targetKey{}).(*target)
	pr.SetURL(t.base)
	pr.Out.URL.Path = strings.TrimRight(t.base.Path, "/") + t.rest
	if pr.Out.URL.Path == "" {
		pr.Out.URL.Path = "/"
	}
	pr.Out.URL.RawPath = ""
	pr.Out.URL.RawQuery = pr.In.URL.RawQuery
	pr.Out.Host = ""
	for _, h := range strippedRequestHeaders {
		pr.Out.Header.Del(h)
	}
	if p.trustForwarded {
		if xff := pr.In.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			pr.Out.Header["X-Forwarded-For"] = xff
		}
	}
	pr.SetXForwarded()
	if p.trustForwarded {
		if h := pr.In.Header.Get("X-Forwarded-Host"); h != "" {
			pr.Out.Header.Set("X-Forwarded-Host", h)
		}
		if s := pr.In.Header.Get("X-Forwarded-Proto"); s != "" {
			pr.Out.Header.Set("X-Forwarded-Proto", s)
		}
	}
	if t.service == serviceIdentity {
		// let the transport (un)compress, so token bodies can be rewritten
		pr.Out.Header.Del("Accept-Encoding")
	}
}

// Response headers this server sets itself on every response.
var ownResponseHeaders = []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "Access-Control-Allow-Origin", "Access-Control-Allow-Credentials", "Access-Control-Expose-Headers", "Set-Cookie"}

func (p *proxy) modifyServiceResponse(resp *http.Response) error {
	for _, h := range ownResponseHeaders {
		resp.Header.Del(h)
	}
	if resp.Header.Get(requestIDHeader) == "" {
		resp.Header.Set(requestIDHeader, newRequestID())
	}
	return nil
}

func (p *proxy) modifyIdentityResponse(resp *http.Response) error {
	p.modifyServiceResponse(resp)
	t := resp.Request.Context().Value(targetKey{}).(*target)
	if t.token != "" && resp.StatusCode < 300 {
		p.catalogs.forget(t.token)
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if mt != "application/json" || resp.Header.Get("Content-Encoding") != "" || resp.ContentLength > maxRewriteBody {
		return nil
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxRewriteBody+1))
	resp.Body.Close()
	if err != nil {
		return err
	}
	if len(body) <= maxRewriteBody {
		body = p.rewriter.rewrite(body, t.origin)
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
	resp.Header.Set("Content-Length", strconv.Itoa(len(body)))
	return nil
}

// errorHandler is the single exit for failed upstream requests.
func (p *proxy) errorHandler(w http.ResponseWriter, r *http.Request, err error) {
	t, _ := r.Context().Value(targetKey{}).(*target)
	service := serviceIdentity
	if t != nil {
		service = t.service
	}
	p.upstreamFailed(w, r, service, err)
}

func (p *proxy) upstreamFailed(w http.ResponseWriter, r *http.Request, service string, err error) {
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		writeFault(w, http.StatusRequestEntityTooLarge, "Request body too large: the limit is %d bytes.", tooLarge.Limit)
	case r.Context().Err() != nil && errors.Is(err, context.Canceled):
		// the client went away; nobody reads an answer
		setStatusNote(r.Context(), "client closed the request")
		w.WriteHeader(499)
	case isTimeout(err):
		p.metrics.upstreamError(service, "timeout")
		p.logger.Warn("upstream timeout", "service", service, "err", err.Error())
		writeFault(w, http.StatusGatewayTimeout, "The %s service did not answer in time.", service)
	default:
		p.metrics.upstreamError(service, "unreachable")
		p.logger.Warn("upstream unreachable", "service", service, "err", err.Error())
		writeFault(w, http.StatusBadGateway, "The %s service is unreachable.", service)
	}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) ||
		errors.As(err, &ne) && ne.Timeout() ||
		strings.Contains(err.Error(), "timeout awaiting response headers")
}

func slogErrorLog(l *slog.Logger) *log.Logger {
	return slog.NewLogLogger(l.Handler(), slog.LevelWarn)
}
