package labcloud

import (
	"crypto/rand"
	"encoding/base64"
	"slices"
	"time"
)

// token is an issued Keystone token. The token string itself is never stored:
// the map key is its SHA-256.
type token struct {
	user    *user
	project *project // nil: unscoped
	methods []string
	appCred *appCred
	issued  time.Time
	expires time.Time
	auditID string
	// view marks a trainer's read-only view of a trainee's project: the
	// admin user, scoped to that project, with the reader's roles only;
	// parent is the digest of the admin token it was minted from.
	view   bool
	parent [32]byte
}

// newTokenString returns a random, opaque token (crypto/rand).
func newTokenString() string {
	var b [48]byte
	rand.Read(b[:])
	return "gAAAAAB" + base64.RawURLEncoding.EncodeToString(b[:])
}

// issue stores a new token and returns its string. A user holds at most
// Options.TokensPerUser tokens: beyond, its oldest is revoked, so a login
// flood costs bounded memory. The cap is per user, not per client address
// (docs/lab.md, "Tokens are bounded", says why): users shared by trainees share
// it. Caller holds c.mu.
func (c *Cloud) issue(t *token) string {
	s := newTokenString()
	var a [16]byte
	rand.Read(a[:])
	t.auditID = base64.RawURLEncoding.EncodeToString(a[:])[:22]
	key := digest(s)
	c.tokens[key] = t
	u := t.user
	// Forget the digests of tokens already gone (expired, revoked) first.
	u.tokens = slices.DeleteFunc(u.tokens, func(k [32]byte) bool { return c.tokens[k] == nil })
	u.tokens = append(u.tokens, key)
	if n := len(u.tokens) - c.opts.TokensPerUser; n > 0 {
		for _, old := range u.tokens[:n] {
			delete(c.tokens, old)
		}
		u.tokens = slices.Delete(u.tokens, 0, n)
	}
	return s
}

// lookupToken returns the live token for s, or nil. A token dies at its
// expires_at, or earlier when the token_ttl fault is shorter. Caller holds c.mu.
func (c *Cloud) lookupToken(s string, now time.Time) *token {
	if s == "" {
		return nil
	}
	key := digest(s)
	t := c.tokens[key]
	if t == nil {
		return nil
	}
	deadline := t.expires
	if ttl := c.tokenTTLFault(t); ttl > 0 && t.issued.Add(ttl).Before(deadline) {
		deadline = t.issued.Add(ttl)
	}
	if !now.Before(deadline) {
		delete(c.tokens, key)
		return nil
	}
	return t
}

// tokenTTLFault is the token_ttl fault acting on t: its project's (or
// the lab-wide one). The lab's admins are exempt, so that no fault locks
// the trainer out of the console or the control API. Caller holds c.mu.
func (c *Cloud) tokenTTLFault(t *token) time.Duration {
	if t.user.role == roleAdmin {
		return 0
	}
	p := t.project
	if p == nil {
		p = t.user.project
	}
	return c.faults.of(p.id).TokenTTL.Duration
}

// roles returns the role names the token carries.
func (t *token) roles() []string {
	if t.project == nil {
		return nil
	}
	if t.view {
		return []string{roleReader, roleLBObserver}
	}
	if t.appCred != nil && len(t.appCred.roles) > 0 {
		return t.appCred.roles
	}
	return impliedRoles(t.user.role)
}

func (t *token) hasRole(name string) bool {
	for _, r := range t.roles() {
		if r == name {
			return true
		}
	}
	return false
}
