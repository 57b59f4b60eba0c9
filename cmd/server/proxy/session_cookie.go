//go:build !js

// The session cookies themselves: their names and Set-Cookie values, the
// stash beside the session, and the Proxy's reads and writes of them for
// the server's own routes (the trainer's page, the walls).

package proxy

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// cookieName is the session cookie's name: the configured one, with the
// __Host- prefix on an https origin (a browser then keeps it only if it is
// Secure, for Path=/ and this host alone: no other host can set it).
func (s *sessions) cookieName(secure bool) string {
	if secure {
		return "__Host-" + s.name
	}
	return s.name
}

// cookie is the Set-Cookie value of the session cookie (value ""
// clears it). It is a browser-session cookie (no Max-Age): it ends when the
// browser closes.
func (s *sessions) cookie(value string, secure bool) string {
	c := &http.Cookie{
		Name: s.cookieName(secure), Value: value, Path: "/",
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode,
	}
	if value == "" {
		c.MaxAge = -1
	}
	return c.String()
}

// sealedCookie is the Set-Cookie value of the session cookie holding ss.
func (s *sessions) sealedCookie(ss Session, secure bool) string {
	return s.cookie(s.sealer.Seal(ss), secure)
}

// ValidCookieName reports whether name can be the session cookie's name: a
// cookie name (RFC 6265 token) of at most 64 bytes, without the __Host- or
// __Secure- prefix (the proxy adds __Host- itself on https).
func ValidCookieName(name string) error {
	if name == "" || len(name) > 64 {
		return errors.New("want 1 to 64 characters")
	}
	lower := strings.ToLower(name)
	if strings.HasPrefix(lower, "__host-") || strings.HasPrefix(lower, "__secure-") {
		return errors.New("leave out the __Host- prefix: the server adds it on https")
	}
	for _, c := range name {
		if c <= ' ' || c >= 0x7f || strings.ContainsRune(`()<>@,;:\"/[]?={}`, c) {
			return fmt.Errorf("%q is not allowed in a cookie name", c)
		}
	}
	return nil
}

// SessionOf returns the session sealed in r's session cookie, for the
// server's own routes (the trainer's page): false without exactly one
// authentic, unexpired session cookie. The cookie's name is the proxy's
// (with __Host- on https), as at login.
func (p *Proxy) SessionOf(r *http.Request) (Session, bool) { return p.sessions.open(r, p.secure(r)) }

// StashOf is SessionOf for the stash cookie (see SetStash).
func (p *Proxy) StashOf(r *http.Request) (Session, bool) { return p.sessions.openStash(r, p.secure(r)) }

// open returns the session sealed in r's one session cookie (Proxy.SessionOf).
func (s *sessions) open(r *http.Request, secure bool) (Session, bool) {
	if s.sealer == nil {
		return Session{}, false
	}
	return openCookie(r, s.cookieName(secure), s.sealer)
}

// openStash returns the session sealed in r's one stash cookie (Proxy.StashOf).
func (s *sessions) openStash(r *http.Request, secure bool) (Session, bool) {
	if s.sealer == nil {
		return Session{}, false
	}
	return openCookie(r, s.cookieName(secure)+stashSuffix, s.sealer.stash)
}

// openCookie opens the one cookie of r named name with s.
func openCookie(r *http.Request, name string, s *Sealer) (Session, bool) {
	cs := r.CookiesNamed(name)
	if len(cs) != 1 {
		return Session{}, false
	}
	ss, err := s.Open(cs[0].Value)
	return ss, err == nil
}

// SetSession seals ss into the session cookie of the answer w gives r,
// as a login does.
func (p *Proxy) SetSession(w http.ResponseWriter, r *http.Request, ss Session) {
	w.Header().Add("Set-Cookie", p.sessions.sealedCookie(ss, p.secure(r)))
}

// stashSuffix names the stash cookie after the session cookie.
const stashSuffix = "_stash"

// SetStash keeps a second session beside the session cookie (a trainer's
// own while the session cookie holds a read-only view), in a cookie named
// after it with "_stash" (HttpOnly, SameSite=Strict, Path=/, Secure and
// __Host- on https); ss.Token == "" clears it. The proxy never uses it,
// and it is sealed for its own purpose: copied into the session cookie it
// is refused, so it serves only to return to the trainer (StashOf).
func (p *Proxy) SetStash(w http.ResponseWriter, r *http.Request, ss Session) {
	w.Header().Add("Set-Cookie", p.sessions.stashCookie(ss, p.secure(r)))
}

// stashCookie is the Set-Cookie value of the stash cookie holding ss
// (ss.Token "" clears it).
func (s *sessions) stashCookie(ss Session, secure bool) string {
	c := &http.Cookie{Name: s.cookieName(secure) + stashSuffix, Path: "/", HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode}
	if ss.Token == "" {
		c.MaxAge = -1
	} else {
		c.Value = s.sealer.stash.Seal(ss)
	}
	return c.String()
}

// secure reports whether r's origin is https (the session cookies are then
// Secure and carry the __Host- prefix).
func (p *Proxy) secure(r *http.Request) bool { return strings.HasPrefix(p.origin(r), "https://") }
