//go:build !js

package proxy

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// Limits of the proxy.
const (
	// MaxRequestBody is the default bound of a request body (413 beyond).
	MaxRequestBody = 1 << 20
	// IdentityTimeout is the default bound of one whole Keystone exchange, from
	// sending the request to the last byte of the answer.
	IdentityTimeout = 30 * time.Second
)

// Options configures New.
type Options struct {
	Keystone  *url.URL // Keystone's base (a trailing /v3 is removed)
	Region    string   // "" = any
	Interface string   // public (default), internal, admin
	Transport http.RoundTripper
	// PublicURL is the origin put in rewritten catalogs and links, e.g.
	// https://console.example.com; it wins over everything else.
	PublicURL string
	// DefaultOrigin is the origin when there is no PublicURL and no trusted
	// X-Forwarded-Host; the command sets the listen address's. With neither, the
	// request's Host is used, which any client chooses: only for tests.
	DefaultOrigin   string
	TrustForwarded  bool  // take X-Forwarded-For/Host/Proto from the client
	MaxBody         int64 // 0 = MaxRequestBody
	MaxBodies       int   // large bodies buffered at once; 0 = MaxBufferedBodies
	MaxSmallBodies  int   // small bodies (SmallBody) buffered at once; 0 = MaxSmallBodies
	MaxTinyBodies   int   // tiny bodies (TinyBody) buffered at once; 0 = MaxTinyBodies
	BodiesPerClient int   // bodies read at once from one client address; 0 = MaxBodiesPerClient
	// UpstreamPerSession bounds one session's requests waiting on the cloud at
	// once (0 = MaxUpstreamPerSession); AnonymousUpstream those without a
	// session or known token (0 = MaxAnonymousUpstream).
	UpstreamPerSession int
	AnonymousUpstream  int
	IdentityTimeout    time.Duration // 0 = IdentityTimeout
	Validation         ValidationLimits
	Logger             *slog.Logger

	// OnUpstream is told the upstream host of each forwarded request (the access log); may be nil.
	OnUpstream func(ctx context.Context, host string)
	// OnUpstreamError counts failures to reach a service, kind "unreachable" or "timeout"; may be nil.
	OnUpstreamError func(service, kind string)
	// OnKeystoneLookup counts token validations sent to Keystone (catalog cache misses); may be nil.
	OnKeystoneLookup func()

	// SessionKey is the secret the session cookie is sealed with
	// (docs/operating.md "Sessions"); nil = cookie sessions off (the marker header is ignored).
	SessionKey []byte
	// SessionCookie is the session cookie's name ("" = serverapi.SessionCookie;
	// see ValidCookieName); on an https origin it gets the __Host- prefix.
	SessionCookie string
}

// Proxy forwards /identity to Keystone and /load-balancer, /network, /key-manager
// and /compute to the endpoints of the caller's catalog. The target always comes from configuration or
// from Keystone, never from the request: only the path below the prefix and the query
// are taken from the client.
type Proxy struct {
	keystone        *url.URL
	catalogs        *catalogCache
	rewriter        identityRewriter
	publicURL       string
	defaultOrigin   string
	trustForwarded  bool
	maxBody         int64
	bodies          *bodyGate     // bounds the request bodies read at once
	waiting         *upstreamGate // bounds the requests waiting on upstream at once
	logins          *loginThrottle
	identityTimeout time.Duration
	logger          *slog.Logger
	onUpstream      func(context.Context, string)
	onUpstreamError func(service, kind string)
	identity        *httputil.ReverseProxy
	service         *httputil.ReverseProxy
	sessions        *sessions // the app's cookie sessions (session.go)
}

// New returns a Proxy for o.
func New(o Options) *Proxy {
	if o.Transport == nil {
		o.Transport = NewUpstreamTransport(nil)
	}
	if o.MaxBody == 0 {
		o.MaxBody = MaxRequestBody
	}
	if o.IdentityTimeout == 0 {
		o.IdentityTimeout = IdentityTimeout
	}
	o.MaxBodies = positiveOr(o.MaxBodies, MaxBufferedBodies)
	o.MaxSmallBodies = positiveOr(o.MaxSmallBodies, MaxSmallBodies)
	o.MaxTinyBodies = positiveOr(o.MaxTinyBodies, MaxTinyBodies)
	o.BodiesPerClient = positiveOr(o.BodiesPerClient, MaxBodiesPerClient)
	o.UpstreamPerSession = positiveOr(o.UpstreamPerSession, MaxUpstreamPerSession)
	o.AnonymousUpstream = positiveOr(o.AnonymousUpstream, MaxAnonymousUpstream)
	if o.SessionCookie == "" {
		o.SessionCookie = serverapi.SessionCookie
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewJSONHandler(io.Discard, nil))
	}
	keystone := KeystoneBase(o.Keystone)
	p := &Proxy{
		keystone:        keystone,
		rewriter:        identityRewriter{keystoneBase: keystone.String()},
		publicURL:       o.PublicURL,
		defaultOrigin:   o.DefaultOrigin,
		trustForwarded:  o.TrustForwarded,
		maxBody:         o.MaxBody,
		bodies:          newBodyGate(o.MaxTinyBodies, o.MaxSmallBodies, o.MaxBodies, o.BodiesPerClient),
		waiting:         newUpstreamGate(o.UpstreamPerSession, o.AnonymousUpstream),
		logins:          newLoginThrottle(),
		identityTimeout: o.IdentityTimeout,
		logger:          o.Logger,
		onUpstream:      o.OnUpstream,
		onUpstreamError: o.OnUpstreamError,
	}
	p.catalogs = newCatalogCache(keystone, o.Region, o.Interface, &http.Client{
		Transport: o.Transport,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}, o.Validation)
	p.catalogs.onLookup = o.OnKeystoneLookup
	sessions, err := newSessions(o.SessionKey, o.SessionCookie, keystone, p.catalogs)
	if err != nil {
		panic("proxy: " + err.Error())
	}
	p.sessions = sessions
	errorLog := slog.NewLogLogger(o.Logger.Handler(), slog.LevelWarn)
	p.identity = &httputil.ReverseProxy{
		Rewrite:        p.rewrite,
		Transport:      o.Transport,
		ModifyResponse: p.modifyIdentityResponse,
		ErrorHandler:   p.errorHandler,
		ErrorLog:       errorLog,
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
		ErrorLog:       errorLog,
		BufferPool:     copyBuffers,
	}
	return p
}

// positiveOr is v, or def where v is zero or negative: an Options bound left
// unset takes its default.
func positiveOr(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// copyBuffers are ReverseProxy's body copy buffers, reused instead of 32 KiB per request.
var copyBuffers = &bufferPool{pool: sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}}

type bufferPool struct{ pool sync.Pool }

func (p *bufferPool) Get() []byte  { return *p.pool.Get().(*[]byte) }
func (p *bufferPool) Put(b []byte) { p.pool.Put(&b) }

// KeystoneBase strips a version (/v3, /v2.0), query, fragment and user from a Keystone URL.
func KeystoneBase(u *url.URL) *url.URL {
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
	body    *clientBody
	session sessionRequest // the cookie rule (session.go)
	login   *passwordLogin // a password login (login_throttle.go), else nil
}

type targetKey struct{}

// Handler forwards requests below Prefix(service) to service (one of Services).
// A ReadOnlyService answers anything but GET and HEAD with 403, before reading
// the body or asking Keystone. Mount it on Prefix(service) and Prefix(service)+"/":
// the prefix alone is forwarded as the upstream's base, as the upstream serves it.
func (p *Proxy) Handler(service string) http.Handler {
	if !proxied(service) {
		panic("proxy: no such service " + strconv.Quote(service))
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { p.serve(w, r, service) })
}

func (p *Proxy) serve(w http.ResponseWriter, r *http.Request, service string) {
	if ReadOnlyService(service) && r.Method != http.MethodGet && r.Method != http.MethodHead {
		WriteServiceFault(w, service, http.StatusForbidden, "This console only reads %s: %s is not allowed.", Prefix(service), r.Method)
		return
	}
	rest, ok := pathBelow(r, Prefix(service))
	if !ok {
		WriteFault(w, http.StatusBadRequest, "Invalid path %q: not a clean path below %s/.", r.URL.Path, Prefix(service))
		return
	}
	sess := p.sessions.in(w, r, p.secure(r), service, rest) // the session cookie's token in place of the placeholder
	if sess.refused != "" {
		return // answered: the cookies cannot be trusted
	}
	t := &target{service: service, rest: rest, origin: p.origin(r)}
	ctx := r.Context()
	session := r.Header.Get("X-Auth-Token") // the session's own token in place of the placeholder
	known := sess.token != ""               // a request with a valid sealed session
	if service == Identity {
		t.base = p.keystone
		known = known || p.catalogs.known(r.Header.Get("X-Auth-Token"))
		if !known {
			session = ""
		}
		if r.Method == http.MethodDelete && rest == "/v3/auth/tokens" {
			t.token = r.Header.Get("X-Subject-Token")
			if sess.on {
				w.Header().Add("Set-Cookie", p.sessions.cookie("", sess.secure)) // logged out here, even if Keystone cannot revoke
			}
		}
		// Identity answers are read whole (to rewrite catalogs): bound the whole
		// exchange, so a Keystone that stalls mid-body cannot hold the login forever.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, p.identityTimeout)
		defer cancel()
	} else {
		base, err := p.catalogs.endpoint(ctx, r.Header.Get("X-Auth-Token"), clientAddr(r, p.trustForwarded), service, r.Header.Get(serverapi.RegionHeader))
		if err != nil {
			p.catalogError(w, r, service, err)
			return
		}
		t.base = base
		known = true // Keystone knows its token
	}
	// Read only now, after the token was resolved: an unauthenticated client gets its
	// 401 without the server buffering anything (Identity requests carry the login).
	body, release, ok := p.readBody(w, r, known, p.maxBody)
	if !ok {
		return
	}
	defer release()
	if service == Identity && r.Method == http.MethodPost && rest == "/v3/auth/tokens" {
		if t.login = p.logins.passwordLoginOf(body.data, siteKey(clientAddr(r, p.trustForwarded))); t.login != nil && p.throttleLogin(w, t.login) {
			return
		}
	}
	// What waits on the cloud is bounded per session (the body's slot per
	// client address is free again).
	released, ok := p.waitUpstream(w, session)
	if !ok {
		return
	}
	defer released()
	sess.fillRescope(r.Method, service, rest, body)
	t.body, t.session = body, sess
	if p.onUpstream != nil {
		p.onUpstream(ctx, t.base.Host)
	}
	p.reverseProxy(service).ServeHTTP(w, r.WithContext(context.WithValue(ctx, targetKey{}, t)))
}

func (p *Proxy) reverseProxy(service string) *httputil.ReverseProxy {
	if service == Identity {
		return p.identity
	}
	return p.service
}

func (p *Proxy) catalogError(w http.ResponseWriter, r *http.Request, service string, err error) {
	var ue *upstreamError
	switch {
	case errors.Is(err, errUnauthorized):
		w.Header().Set("WWW-Authenticate", `Keystone uri="`+p.origin(r)+`/identity/v3"`)
		WriteFault(w, http.StatusUnauthorized, "Authentication required: %v.", err)
	case errors.Is(err, errTooManyValidations):
		w.Header().Set("Retry-After", "1")
		WriteFault(w, http.StatusTooManyRequests, "Too many unknown tokens from your address (or from all clients at once): try again in a second.")
	case errors.Is(err, errNoEndpoint):
		WriteFault(w, http.StatusNotFound, "No %s endpoint in your catalog for this region and interface.", service)
	case errors.As(err, &ue):
		if p.onUpstream != nil {
			p.onUpstream(r.Context(), p.keystone.Host)
		}
		p.upstreamFailed(w, r, Identity, err)
	default: // the caller went away
		p.upstreamFailed(w, r, Identity, err)
	}
}

// Headers never forwarded: browser context, credentials other than X-Auth-Token,
// client-claimed addresses and URL, host or method overrides that upstreams (or
// the proxies in front of them) might trust. Every X-Forwarded-* header is
// dropped too; the proxy sets For, Host and Proto itself.
var strippedRequestHeaders = []string{
	"Origin", "Cookie", serverapi.RegionHeader, "Referer", "Authorization", "Proxy-Authorization",
	// client addresses
	"Forwarded", "X-Real-Ip", "True-Client-Ip", "X-Client-Ip", "Cf-Connecting-Ip", "Fastly-Client-Ip", "X-Cluster-Client-Ip",
	"Client-Ip", "X-Originating-Ip", "X-Remote-Ip", "X-Remote-Addr", "X-Proxyuser-Ip", "X-Envoy-External-Address", "Forwarded-For",
	// URL, host, scheme and method overrides
	"X-Original-Url", "X-Rewrite-Url", "X-Original-Uri", "X-Envoy-Original-Path", "X-Original-Host", "X-Host",
	"Front-End-Https", "X-Url-Scheme", "X-Http-Method-Override", "X-Http-Method", "X-Method-Override",
}

func (p *Proxy) rewrite(pr *httputil.ProxyRequest) {
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
	stripForgedHeaders(pr.Out.Header) // X-Forwarded-*, Via, X-Roles, X-Service-*, ...
	t.body.attach(pr.Out)
	if p.trustForwarded {
		if xff := pr.In.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			pr.Out.Header["X-Forwarded-For"] = xff
		}
	}
	pr.SetXForwarded()
	// Host and Proto are this server's public origin (the one in rewritten
	// catalogs), never the client's Host
	if u, err := url.Parse(t.origin); err == nil && u.Host != "" {
		pr.Out.Header.Set("X-Forwarded-Host", u.Host)
		pr.Out.Header.Set("X-Forwarded-Proto", u.Scheme)
	}
	if t.service == Identity {
		// let the transport (un)compress, so token bodies can be rewritten
		pr.Out.Header.Del("Accept-Encoding")
	}
}

// Response headers this server sets itself on every response.
var ownResponseHeaders = []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "Access-Control-Allow-Origin", "Access-Control-Allow-Credentials", "Access-Control-Expose-Headers", "Set-Cookie",
	serverapi.SessionHeader, serverapi.SessionRefusedHeader, serverapi.BuildHeader}

func (p *Proxy) modifyServiceResponse(resp *http.Response) error {
	for _, h := range ownResponseHeaders {
		resp.Header.Del(h)
	}
	// a project's objects, its quotas, Keystone's tokens: no cache keeps any
	resp.Header.Set("Cache-Control", "no-store")
	if resp.Header.Get(octavia.RequestIDHeader) == "" {
		resp.Header.Set(octavia.RequestIDHeader, NewRequestID())
	}
	return nil
}

func (p *Proxy) modifyIdentityResponse(resp *http.Response) error {
	p.modifyServiceResponse(resp) // Cache-Control: no-store (tokens, catalogs, credentials' secrets)
	t := resp.Request.Context().Value(targetKey{}).(*target)
	if t.login != nil {
		p.logins.answered(t.login, resp.StatusCode)
	}
	if t.token != "" && resp.StatusCode < 300 {
		p.catalogs.forget(t.token)
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if mt != "application/json" || resp.Header.Get("Content-Encoding") != "" || resp.ContentLength > maxRewriteBody {
		p.sessions.out(resp, t.session, t.rest, nil)
		return nil
	}
	// The request's context bounds this read (Options.IdentityTimeout).
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxRewriteBody+1))
	if err != nil {
		resp.Body.Close()
		return err
	}
	if len(body) > maxRewriteBody {
		// too large to rewrite: forward what was read, then the rest, length unknown
		resp.Body = readCloser{io.MultiReader(bytes.NewReader(body), resp.Body), resp.Body}
		resp.ContentLength = -1
		resp.Header.Del("Content-Length")
		p.sessions.out(resp, t.session, t.rest, nil)
		return nil
	}
	resp.Body.Close()
	if tok := resp.Header.Get("X-Subject-Token"); tok != "" && resp.StatusCode < 300 {
		p.catalogs.storeAnswer(tok, body) // Keystone's own answer: no validation later
	}
	if p.sessions.out(resp, t.session, t.rest, body) { // after storeAnswer: it hides the real X-Subject-Token
		return nil // refused: the answer is the proxy's fault now
	}
	body = p.rewriter.rewrite(body, t.origin)
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
	resp.Header.Set("Content-Length", strconv.Itoa(len(body)))
	return nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

// errorHandler is the single exit for failed upstream requests.
func (p *Proxy) errorHandler(w http.ResponseWriter, r *http.Request, err error) {
	t, _ := r.Context().Value(targetKey{}).(*target)
	service := Identity
	if t != nil {
		service = t.service
	}
	p.upstreamFailed(w, r, service, err)
}

func (p *Proxy) upstreamFailed(w http.ResponseWriter, r *http.Request, service string, err error) {
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		WriteFault(w, http.StatusRequestEntityTooLarge, "Request body too large: the limit is %d bytes.", tooLarge.Limit)
	case clientGone(r):
		// the client went away (or stopped sending): nobody may read an answer, but
		// it is a well-formed one
		w.Header().Set("Connection", "close")
		WriteFault(w, http.StatusRequestTimeout, "The request was not completed.")
	case isTimeout(err):
		p.upstreamError(service, "timeout")
		p.logger.Warn("upstream timeout", "service", service, "err", err.Error())
		WriteFault(w, http.StatusGatewayTimeout, "The %s service did not answer in time.", service)
	default:
		p.upstreamError(service, "unreachable")
		p.logger.Warn("upstream unreachable", "service", service, "err", err.Error())
		WriteFault(w, http.StatusBadGateway, "The %s service is unreachable.", service)
	}
}

func (p *Proxy) upstreamError(service, kind string) {
	if p.onUpstreamError != nil {
		p.onUpstreamError(service, kind)
	}
}

// clientGone reports whether the client's own request ended (connection closed or
// canceled), as opposed to this proxy's bounds on the upstream.
func clientGone(r *http.Request) bool {
	return errors.Is(context.Cause(r.Context()), context.Canceled)
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) ||
		errors.As(err, &ne) && ne.Timeout() ||
		strings.Contains(err.Error(), "timeout awaiting response headers")
}
