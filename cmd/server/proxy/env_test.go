//go:build !js

package proxy

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
	"github.com/octaview/octaview/labcloud"
)

// syncBuffer is a goroutine-safe log sink; rawRequest sends raw bytes and reads one answer.
type syncBuffer = proxytest.LogBuffer

var rawRequest = proxytest.RawRequest

// testEnv is a Proxy, mounted as the server mounts it, in front of the lab cloud.
type testEnv struct {
	Up     *proxytest.Upstream
	Proxy  *Proxy
	Server *httptest.Server
	Logs   *syncBuffer
}

type envOptions struct {
	publicURL          string
	defaultOrigin      string
	trustForwarded     bool
	headerTimeout      time.Duration
	identityTimeout    time.Duration
	maxBody            int64
	validation         ValidationLimits
	up                 proxytest.Options
	onLookup           func()
	readTimeout        time.Duration // of the proxy's server; 0 = none
	inProcess          bool          // reach the lab through labcloud.Transport, as lab mode does
	sessionKey         []byte        // seals the session cookie; nil = none
	sessionCookie      string        // the cookie's name; "" = the default
	upstreamPerSession int           // Options.UpstreamPerSession
}

func newTestEnv(t testing.TB, o envOptions) *testEnv {
	t.Helper()
	e := &testEnv{Logs: &syncBuffer{}, Up: proxytest.New(t, o.up)}
	ks, err := url.Parse(e.Up.AuthURL())
	if err != nil {
		t.Fatal(err)
	}
	transport := NewUpstreamTransport(nil)
	if o.headerTimeout > 0 {
		transport.ResponseHeaderTimeout = o.headerTimeout
	}
	t.Cleanup(transport.CloseIdleConnections)
	var rt http.RoundTripper = transport
	if o.inProcess {
		rt = labcloud.Transport(e.Up.Lab)
	}
	e.Proxy = New(Options{
		Keystone: ks, Transport: rt, PublicURL: o.publicURL, DefaultOrigin: o.defaultOrigin, TrustForwarded: o.trustForwarded,
		MaxBody: o.maxBody, IdentityTimeout: o.identityTimeout, Validation: o.validation,
		Logger: slog.New(slog.NewJSONHandler(e.Logs, nil)), OnKeystoneLookup: o.onLookup, SessionKey: o.sessionKey,
		SessionCookie: o.sessionCookie, UpstreamPerSession: o.upstreamPerSession,
	})
	mux := http.NewServeMux()
	for _, s := range Services {
		mux.Handle(Prefix(s), e.Proxy.Handler(s))
		mux.Handle(Prefix(s)+"/", e.Proxy.Handler(s))
	}
	e.Server = httptest.NewUnstartedServer(mux)
	e.Server.Config.ReadTimeout = o.readTimeout
	e.Server.Start()
	t.Cleanup(e.Server.Close)
	return e
}

// do sends a request to the proxy and returns the response with its body read.
func (e *testEnv) do(t testing.TB, method, path, token string, body string, header ...string) (*http.Response, string) {
	t.Helper()
	return proxytest.Do(t, e.Server.Client(), e.Server.URL, method, path, token, body, header...)
}

// login authenticates through the proxy and returns the token.
func (e *testEnv) login(t testing.TB) string {
	t.Helper()
	return proxytest.LoginThrough(t, e.Server.Client(), e.Server.URL)
}
