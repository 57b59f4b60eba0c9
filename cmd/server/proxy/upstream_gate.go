//go:build !js

package proxy

import (
	"crypto/sha256"
	"errors"
	"net/http"
	"sync"
)

// Bounds of the requests waiting on the cloud at once (docs/operating.md "Security").
// A body's slot per client address is free once the body was read
// (bodyGate): what waits on Keystone or Octavia is bounded per session, so a
// classroom behind one NAT is not refused when the cloud is slow.
const (
	// MaxUpstreamPerSession bounds one session's (one token's) requests waiting
	// on the cloud at once; 429 beyond. A browser tab sends a few at once.
	MaxUpstreamPerSession = 32
	// MaxAnonymousUpstream bounds the requests without a known session or
	// token (logins) waiting on Keystone at once, over all clients; 503 beyond.
	// Each waits at most IdentityTimeout.
	MaxAnonymousUpstream = 1024
)

// upstreamGate bounds the requests waiting on upstream at once: per session,
// and all those without one together.
type upstreamGate struct {
	perSession int

	mu        sync.Mutex
	sessions  map[[32]byte]int // SHA-256 of the token → requests waiting
	anonymous slots
}

func newUpstreamGate(perSession, anonymous int) *upstreamGate {
	return &upstreamGate{perSession: perSession, sessions: make(map[[32]byte]int), anonymous: slots{size: anonymous}}
}

// errSessionBusy and errAnonymousBusy are why upstreamGate.enter refused.
var (
	errSessionBusy   = errors.New("too many requests of this session waiting on the cloud at once")
	errAnonymousBusy = errors.New("too many logins waiting on Keystone at once")
)

// enter takes a slot for a request of token ("": none, or one nobody knows);
// the caller calls release once the answer was forwarded.
func (g *upstreamGate) enter(token string) (release func(), err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if token == "" {
		if !g.anonymous.take(true) {
			return nil, errAnonymousBusy
		}
		var once sync.Once
		return func() {
			once.Do(func() {
				g.mu.Lock()
				defer g.mu.Unlock()
				g.anonymous.used--
			})
		}, nil
	}
	key := sha256.Sum256([]byte(token))
	if g.sessions[key] >= g.perSession {
		return nil, errSessionBusy
	}
	g.sessions[key]++
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			if g.sessions[key]--; g.sessions[key] <= 0 {
				delete(g.sessions, key)
			}
		})
	}, nil
}

// waitUpstream takes r's slot in p.waiting (token: the request's known
// session or token, "" none). It answers the client itself and returns false
// when the session (429) or all anonymous requests (503) have too many
// waiting; on true the caller calls release once the answer was forwarded.
func (p *Proxy) waitUpstream(w http.ResponseWriter, token string) (release func(), ok bool) {
	release, err := p.waiting.enter(token)
	switch {
	case errors.Is(err, errSessionBusy):
		w.Header().Set("Retry-After", "1")
		WriteFault(w, http.StatusTooManyRequests, "Too many requests of this session are waiting on the cloud at once (at most %d): try again in a second.", p.waiting.perSession)
		return nil, false
	case err != nil:
		w.Header().Set("Retry-After", "1")
		WriteFault(w, http.StatusServiceUnavailable, "Too many logins are waiting on Keystone at once: try again in a second.")
		return nil, false
	}
	return release, true
}
