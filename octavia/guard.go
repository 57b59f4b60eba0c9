package octavia

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
)

// ErrHostNotAllowed is wrapped by the error the transport guard returns for a
// request to a host that is none of the configured endpoints'.
var ErrHostNotAllowed = errors.New("host is not one of the configured endpoints")

// guard is an http.RoundTripper that sends a request only when its
// scheme://host[:port] is one of the allowed origins (the identity, load-balancer
// and network endpoints), and refuses any other at once, without dialling.
// A *_links href or a catalog entry pointing at an internal host
// (http://10.0.0.1:9876) therefore fails fast with an error naming that host
// instead of hanging until a TCP timeout.
type guard struct {
	next http.RoundTripper

	mu      sync.RWMutex
	origins map[string]bool // "http://127.0.0.1:8080", lower-case, default port made explicit
}

// newGuard wraps next (nil = http.DefaultTransport, which is fetch in the browser).
func newGuard(next http.RoundTripper) *guard {
	if next == nil {
		next = http.DefaultTransport
	}
	return &guard{next: next, origins: map[string]bool{}}
}

// allow adds the origin of rawURL; an unparsable URL is an error.
func (g *guard) allow(rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return fmt.Errorf("endpoint %q is not an absolute URL", rawURL)
	}
	g.mu.Lock()
	g.origins[origin(u)] = true
	g.mu.Unlock()
	return nil
}

// allowed reports whether u's origin was allowed.
func (g *guard) allowed(u *url.URL) bool {
	g.mu.RLock()
	defer g.mu.RUnlock()
	return g.origins[origin(u)]
}

// RoundTrip implements http.RoundTripper.
func (g *guard) RoundTrip(req *http.Request) (*http.Response, error) {
	if !g.allowed(req.URL) {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, fmt.Errorf("refused to send %s %s: %w (%s)", req.Method, origin(req.URL), ErrHostNotAllowed, g.list())
	}
	return g.next.RoundTrip(req)
}

// list names the allowed origins, sorted, for the refusal message.
func (g *guard) list() string {
	g.mu.RLock()
	defer g.mu.RUnlock()
	return "allowed: " + strings.Join(slices.Sorted(maps.Keys(g.origins)), ", ")
}

// origin returns scheme://host:port, lower-case, with the scheme's default port.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		}
	}
	return scheme + "://" + strings.ToLower(u.Hostname()) + ":" + port
}
