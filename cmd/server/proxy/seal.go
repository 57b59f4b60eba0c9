//go:build !js

// The session cookie's sealing: a Session in, an opaque value out, and back.

package proxy

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// sealed is a Session as it is sealed (short keys: the cookie's size counts).
type sealed struct {
	Token     string `json:"t"`
	Expires   int64  `json:"e"`
	ID        string `json:"s"`
	UserID    string `json:"u,omitempty"`
	ProjectID string `json:"p,omitempty"`
}

// Sealer seals a Session into the session cookie's value and opens it
// again: AES-256-GCM with a key derived from the configured secret, so
// that any replica given the same secret opens any replica's cookie. The
// sealed value is bound to the cookie's name and carries the token's
// expiry, checked on opening.
type Sealer struct {
	aead cipher.AEAD
	aad  []byte
	now  func() time.Time
	// stash seals the stash cookie (SetStash) with a key of its own
	// purpose: a stash never opens as a session, nor a session as a stash.
	stash *Sealer
}

// Errors of Sealer.Open.
var (
	ErrSessionInvalid = errors.New("session cookie invalid (tampered, or sealed with another key or for another cookie name)")
	ErrSessionExpired = errors.New("session cookie expired")
)

// NewSealer derives the sealing key from secret for the cookie named
// cookieName: a value sealed for one name does not open as another. A
// secret CheckSessionKey refuses (empty, short, or of little entropy) is
// refused.
func NewSealer(secret []byte, cookieName string) (*Sealer, error) {
	if err := CheckSessionKey(secret); err != nil {
		return nil, fmt.Errorf("session key: %w", err)
	}
	s, err := newSealer(secret, "octaview session cookie", "octaview session v2 "+cookieName)
	if err != nil {
		return nil, err
	}
	if s.stash, err = newSealer(secret, "octaview stash cookie", "octaview stash v1 "+cookieName); err != nil {
		return nil, err
	}
	return s, nil
}

// newSealer derives a key for purpose (HKDF's info) from secret and seals
// with aad.
func newSealer(secret []byte, purpose, aad string) (*Sealer, error) {
	key, err := hkdf.Key(sha256.New, secret, nil, purpose, 32)
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
	return &Sealer{aead: aead, aad: []byte(aad), now: time.Now}, nil
}

// RandomSessionKey is a fresh 32-byte secret, for a server started without
// one (its cookies then open only in this process).
func RandomSessionKey() []byte {
	return []byte(rand.Text() + rand.Text())
}

// Seal returns the cookie value for s.
func (s *Sealer) Seal(ss Session) string {
	plain, _ := json.Marshal(sealed{Token: ss.Token, Expires: ss.Expires.Unix(), ID: ss.ID, UserID: ss.UserID, ProjectID: ss.ProjectID})
	nonce := make([]byte, s.aead.NonceSize())
	rand.Read(nonce)
	return base64.RawURLEncoding.EncodeToString(s.aead.Seal(nonce, nonce, plain, s.aad))
}

// Open returns the Session sealed in value: ErrSessionInvalid when value
// was not sealed by this key for this name (or was changed);
// ErrSessionExpired, with the session (it is authentic), after its expiry.
func (s *Sealer) Open(value string) (Session, error) {
	raw, err := base64.RawURLEncoding.DecodeString(value)
	ns := s.aead.NonceSize()
	if err != nil || len(raw) < ns+s.aead.Overhead() {
		return Session{}, ErrSessionInvalid
	}
	plain, err := s.aead.Open(nil, raw[:ns], raw[ns:], s.aad)
	if err != nil {
		return Session{}, ErrSessionInvalid
	}
	var v sealed
	if json.Unmarshal(plain, &v) != nil || v.Token == "" || v.ID == "" {
		return Session{}, ErrSessionInvalid
	}
	ss := Session{Token: v.Token, Expires: time.Unix(v.Expires, 0), ID: v.ID, UserID: v.UserID, ProjectID: v.ProjectID}
	if !s.now().Before(ss.Expires) {
		return ss, ErrSessionExpired
	}
	return ss, nil
}
