//go:build !js

package proxy

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// Sealer seals a Keystone token into the session cookie's value and opens
// it again: AES-256-GCM with a key derived from the configured secret, so
// that any replica given the same secret opens any replica's cookie. The
// sealed value carries the token's expiry, checked on opening.
type Sealer struct {
	aead cipher.AEAD
	now  func() time.Time
}

// Errors of Sealer.Open.
var (
	ErrSessionInvalid = errors.New("session cookie invalid (tampered, or sealed with another key)")
	ErrSessionExpired = errors.New("session cookie expired")
)

// sealAAD binds a sealed value to its use: it only opens as this cookie.
const sealAAD = "octaview session v1 " + serverapi.SessionCookie

// NewSealer derives the sealing key from secret (any length; at least 32
// random bytes are advised). An empty secret is refused.
func NewSealer(secret []byte) (*Sealer, error) {
	if len(secret) == 0 {
		return nil, errors.New("session key: empty")
	}
	key, err := hkdf.Key(sha256.New, secret, nil, "octaview session cookie", 32)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead, now: time.Now}, nil
}

// RandomSessionKey is a fresh 32-byte secret, for a server started without
// one (its cookies then open only in this process).
func RandomSessionKey() []byte {
	return []byte(rand.Text() + rand.Text())
}

// Seal returns the cookie value for token, valid until expires.
func (s *Sealer) Seal(token string, expires time.Time) string {
	plain := make([]byte, 8, 8+len(token))
	binary.BigEndian.PutUint64(plain, uint64(expires.Unix()))
	plain = append(plain, token...)
	nonce := make([]byte, s.aead.NonceSize())
	rand.Read(nonce)
	out := s.aead.Seal(nonce, nonce, plain, []byte(sealAAD))
	return base64.RawURLEncoding.EncodeToString(out)
}

// Open returns the token sealed in value: ErrSessionInvalid when value was
// not sealed by this key (or was changed), ErrSessionExpired after expiry.
func (s *Sealer) Open(value string) (string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(value)
	ns := s.aead.NonceSize()
	if err != nil || len(raw) < ns+s.aead.Overhead()+8 {
		return "", ErrSessionInvalid
	}
	plain, err := s.aead.Open(nil, raw[:ns], raw[ns:], []byte(sealAAD))
	if err != nil || len(plain) < 8 {
		return "", ErrSessionInvalid
	}
	expires := time.Unix(int64(binary.BigEndian.Uint64(plain[:8])), 0)
	if !s.now().Before(expires) {
		return "", ErrSessionExpired
	}
	return string(plain[8:]), nil
}

// sessionRequest is what the cookie rule did to one request of the app's
// session (a request carrying serverapi.SessionHeader).
type sessionRequest struct {
	on     bool   // the request is the app's (marker header present)
	token  string // the cookie's token ("" = none, or invalid/expired)
	secure bool   // the origin is https: the cookie gets Secure
}

// sessionIn applies the cookie rule to r before it goes anywhere: for a
// request that carries the session marker, the placeholder token in
// X-Auth-Token and X-Subject-Token (and, through fillBody once the body is
// read, the token method's id of POST /v3/auth/tokens) becomes the
// cookie's token; without a valid cookie the
// placeholder headers are removed (Keystone then answers 401). Requests
// without the marker (the CLI, any API client) pass unchanged: their
// X-Auth-Token is theirs. Cookies are never forwarded upstream.
func (p *Proxy) sessionIn(r *http.Request) sessionRequest {
	sr := sessionRequest{on: p.sealer != nil && r.Header.Get(serverapi.SessionHeader) != "", secure: strings.HasPrefix(p.origin(r), "https://")}
	r.Header.Del(serverapi.SessionHeader)
	if !sr.on {
		return sr
	}
	if c, err := r.Cookie(serverapi.SessionCookie); err == nil {
		if tok, err := p.sealer.Open(c.Value); err == nil {
			sr.token = tok
		}
	}
	for _, h := range []string{"X-Auth-Token", "X-Subject-Token"} {
		if r.Header.Get(h) != serverapi.SessionToken {
			continue
		}
		if sr.token == "" {
			r.Header.Del(h)
		} else {
			r.Header.Set(h, sr.token)
		}
	}
	return sr
}

// fillBody puts the session's token in place of the placeholder in a
// request body (a rescope: the token method names the token in the body).
func (sr sessionRequest) fillBody(body *clientBody) {
	placeholder := []byte(`"` + serverapi.SessionToken + `"`)
	if !sr.on || body == nil || body.data == nil || !bytes.Contains(body.data, placeholder) {
		return
	}
	real, _ := json.Marshal(sr.token) // "" when there is none: Keystone refuses it
	body.data = bytes.ReplaceAll(body.data, placeholder, real)
}

// sessionOut applies the cookie rule to an identity answer for the app's
// session: a new token (POST /v3/auth/tokens, 201) is sealed into the
// cookie; no answer shows the real token (X-Subject-Token becomes the
// placeholder). (A logout clears the cookie in serve, whatever Keystone
// answers: logging out works while Keystone is down.)
func (p *Proxy) sessionOut(resp *http.Response, t *target, body []byte) {
	if !t.session.on {
		return
	}
	subject := resp.Header.Get("X-Subject-Token")
	if subject != "" {
		resp.Header.Set("X-Subject-Token", serverapi.SessionToken)
	}
	switch {
	case resp.Request.Method == http.MethodPost && t.rest == "/v3/auth/tokens" && resp.StatusCode == http.StatusCreated && subject != "":
		expires := time.Now().Add(time.Hour)
		var doc struct {
			Token struct {
				ExpiresAt time.Time `json:"expires_at"`
			} `json:"token"`
		}
		if json.Unmarshal(body, &doc) == nil && !doc.Token.ExpiresAt.IsZero() {
			expires = doc.Token.ExpiresAt
		}
		p.setSessionCookie(resp.Header, p.sealer.Seal(subject, expires), t.session.secure)
	}
}

// setSessionCookie adds the session cookie (value "" clears it). It is a
// browser-session cookie (no Max-Age): it ends when the browser closes.
func (p *Proxy) setSessionCookie(h http.Header, value string, secure bool) {
	c := &http.Cookie{
		Name: serverapi.SessionCookie, Value: value, Path: "/",
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode,
	}
	if value == "" {
		c.MaxAge = -1
	}
	h.Add("Set-Cookie", c.String())
}
