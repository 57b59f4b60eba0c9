//go:build !js

package proxy

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// Session is what the session cookie seals: a Keystone token and what it
// was issued for.
type Session struct {
	Token   string
	Expires time.Time
	// ID names the browser's session: drawn at a login, kept when the same
	// user rescopes or logs in again. The app sends it back with each
	// request (serverapi.SessionHeader), so a cookie swapped for another
	// session's is refused instead of used.
	ID        string
	UserID    string // the token's user
	ProjectID string // the token's project ("" when not project-scoped)
}

// newSessionID is a fresh browser-session id (128 random bits).
func newSessionID() string {
	var b [16]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// maxCookieBytes is the largest Set-Cookie value (name, value and
// attributes) the proxy sends: RFC 6265 has browsers keep at least 4,096
// bytes per cookie, and larger ones are dropped without a word. A Keystone
// token over about 2,800 bytes seals past it.
const maxCookieBytes = 4096

// Reasons of serverapi.SessionRefusedHeader.
const (
	refusedDuplicate = "duplicate" // two session cookies came with the request
	refusedChanged   = "changed"   // the cookie is another browser session's
	refusedTooLarge  = "too-large" // the token would not fit in a cookie
	refusedUser      = "user"      // a rescope answered another user's token
)

// sessionRequest is what the cookie rule did to one request of the app's
// session (a request carrying serverapi.SessionHeader).
type sessionRequest struct {
	on      bool    // the request is the app's (marker header present)
	token   string  // the cookie's token ("" = none, or invalid/expired)
	cookie  Session // the cookie's session when authentic (expired or not); ID "" = none
	secure  bool    // the origin is https: the cookie gets Secure and the __Host- prefix
	rescope bool    // the body's token method id was the placeholder: the cookie's token went there
	refused string  // the request was answered here (refused*); "" = it goes on
}

// sessionIn applies the cookie rule to r before it goes anywhere. For a
// request that carries the session marker, the placeholder in X-Auth-Token
// (and in X-Subject-Token of /v3/auth/tokens) becomes the cookie's token,
// and, through fillRescope once the body is read, the token method's id of
// POST /v3/auth/tokens: nowhere else. Without a valid cookie the
// placeholder headers are removed (Keystone then answers 401). A request
// with two session cookies, or with the cookie of another browser session
// than the one the app is bound to, is refused here (400, the cookies
// cleared). Requests without the marker (the CLI, any API client) pass
// unchanged: their X-Auth-Token is theirs. Cookies are never forwarded.
func (p *Proxy) sessionIn(w http.ResponseWriter, r *http.Request, service, rest string) sessionRequest {
	marker := r.Header.Get(serverapi.SessionHeader)
	sr := sessionRequest{on: p.sealer != nil && marker != "", secure: p.secure(r)}
	r.Header.Del(serverapi.SessionHeader)
	if !sr.on {
		return sr
	}
	name := p.cookieName(sr.secure)
	var values []string
	for _, c := range r.CookiesNamed(name) {
		values = append(values, c.Value)
	}
	if len(values) > 1 {
		p.refuseSession(w, r, sr.secure, refusedDuplicate,
			"Your browser sent %d session cookies named %s: a page on another port of this host (another console, or any web page served there) set one. "+
				"Octaview uses none of them and has cleared them: log in again. Two consoles on one host need different -session-cookie names.",
			len(values), name)
		sr.refused = refusedDuplicate
		return sr
	}
	if len(values) == 1 {
		ss, err := p.sealer.Open(values[0])
		if err == nil || errors.Is(err, ErrSessionExpired) {
			sr.cookie = ss
		}
		if err == nil {
			sr.token = ss.Token
		}
	}
	if marker != serverapi.SessionUnbound && sr.cookie.ID != "" && sr.cookie.ID != marker {
		p.refuseSession(w, r, sr.secure, refusedChanged,
			"The session cookie is not this tab's session any more: it was replaced by another session's "+
				"(a login elsewhere in this browser, or a page on another port of this host). Octaview did not use it and has cleared it: log in again.")
		sr.refused = refusedChanged
		return sr
	}
	headers := []string{"X-Auth-Token"}
	if service == Identity && rest == "/v3/auth/tokens" {
		headers = append(headers, "X-Subject-Token") // validation (GET, HEAD) and logout (DELETE)
	}
	for _, h := range headers {
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

// fillRescope puts the session's token in the one place of a body where the
// placeholder stands for it: auth.identity.token.id of POST /v3/auth/tokens
// (a rescope, or a login again with the token method), on the parsed JSON.
// Nothing else of any body is ever changed: a name, a tag, a description or
// a password that reads like the placeholder goes upstream as it is.
func (sr *sessionRequest) fillRescope(method, service, rest string, body *clientBody) {
	if !sr.on || method != http.MethodPost || service != Identity || rest != "/v3/auth/tokens" || body == nil || body.data == nil {
		return
	}
	dec := json.NewDecoder(bytes.NewReader(body.data))
	dec.UseNumber()
	var doc map[string]any
	if dec.Decode(&doc) != nil || dec.Decode(new(json.RawMessage)) != io.EOF {
		return // not one JSON object: Keystone refuses it as it is
	}
	auth, _ := doc["auth"].(map[string]any)
	identity, _ := auth["identity"].(map[string]any)
	tok, _ := identity["token"].(map[string]any)
	if id, ok := tok["id"].(string); !ok || id != serverapi.SessionToken {
		return
	}
	tok["id"] = sr.token // "" when there is none: Keystone refuses it
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if enc.Encode(doc) != nil {
		return
	}
	body.data = bytes.TrimSuffix(out.Bytes(), []byte("\n"))
	sr.rescope = true
}

// tokenAnswer is what the proxy reads of Keystone's token answer.
type tokenAnswer struct {
	Token struct {
		ExpiresAt time.Time `json:"expires_at"`
		User      struct {
			ID string `json:"id"`
		} `json:"user"`
		Project struct {
			ID string `json:"id"`
		} `json:"project"`
	} `json:"token"`
}

// sessionOut applies the cookie rule to an identity answer for the app's
// session: a new token (POST /v3/auth/tokens, 201) is sealed into the
// cookie, with the browser session's id (the cookie's when the same user
// logs in again or rescopes, else a new one), which the answer names in
// serverapi.SessionHeader for the app to bind to; so does a validation of
// the session's own token (GET /v3/auth/tokens). No answer shows the real
// token (X-Subject-Token becomes the placeholder). A token too large for a
// cookie, or a rescope that answered another user's token, is refused
// instead (and revoked): then it reports true, and resp is the proxy's
// fault. (A logout clears the cookie in serve, whatever Keystone answers:
// logging out works while Keystone is down.)
func (p *Proxy) sessionOut(resp *http.Response, t *target, body []byte) (refused bool) {
	if !t.session.on {
		return false
	}
	subject := resp.Header.Get("X-Subject-Token")
	if subject != "" {
		resp.Header.Set("X-Subject-Token", serverapi.SessionToken)
	}
	if t.rest != "/v3/auth/tokens" {
		return false
	}
	method := resp.Request.Method
	switch {
	case method == http.MethodPost && resp.StatusCode == http.StatusCreated && subject != "":
		var doc tokenAnswer
		json.Unmarshal(body, &doc)
		ss := Session{Token: subject, Expires: doc.Token.ExpiresAt, UserID: doc.Token.User.ID, ProjectID: doc.Token.Project.ID}
		if ss.Expires.IsZero() {
			ss.Expires = time.Now().Add(time.Hour)
		}
		if t.session.rescope && t.session.cookie.UserID != "" && ss.UserID != t.session.cookie.UserID {
			p.revoke(resp, subject)
			p.refuseAnswer(resp, http.StatusBadGateway, refusedUser,
				"Keystone answered the project switch with a token of another user: the console refused it. Log in again.")
			return true
		}
		ss.ID = newSessionID()
		if c := t.session.cookie; c.ID != "" && c.UserID != "" && c.UserID == ss.UserID {
			ss.ID = c.ID // the same user: the browser session (and its other tabs) carries on
		}
		cookie := p.sessionCookie(p.sealer.Seal(ss), t.session.secure)
		if len(cookie) > maxCookieBytes {
			p.revoke(resp, subject)
			p.refuseAnswer(resp, http.StatusBadRequest, refusedTooLarge,
				"Keystone's token is %d bytes: sealed, it would make a session cookie of %d bytes, and browsers drop cookies over %d bytes without a word. "+
					"The console cannot keep this session (the token was revoked). Use the OpenStack CLI, or ask your cloud's operators for smaller tokens (Fernet tokens are under 300 bytes).",
				len(subject), len(cookie), maxCookieBytes)
			return true
		}
		resp.Header.Add("Set-Cookie", cookie)
		resp.Header.Set(serverapi.SessionHeader, ss.ID)
	case (method == http.MethodGet || method == http.MethodHead) && resp.StatusCode == http.StatusOK && t.session.token != "" && t.session.cookie.ID != "":
		resp.Header.Set(serverapi.SessionHeader, t.session.cookie.ID)
	}
	return false
}

// revoke asks Keystone, best effort, to revoke a token the browser will
// never hold, and forgets its catalog.
func (p *Proxy) revoke(resp *http.Response, token string) {
	p.catalogs.forget(token)
	u := *p.keystone
	u.Path = strings.TrimRight(u.Path, "/") + "/v3/auth/tokens"
	req, err := http.NewRequestWithContext(resp.Request.Context(), http.MethodDelete, u.String(), nil)
	if err != nil {
		return
	}
	req.Header.Set("X-Auth-Token", token)
	req.Header.Set("X-Subject-Token", token)
	if r, err := p.catalogs.client.Do(req); err == nil {
		io.Copy(io.Discard, io.LimitReader(r.Body, 64<<10))
		r.Body.Close()
	}
}

// refuseAnswer replaces an identity answer with a session fault (see
// writeSessionFault), after which nothing of Keystone's answer is left.
func (p *Proxy) refuseAnswer(resp *http.Response, status int, reason, format string, args ...any) {
	body := sessionFault(status, fmt.Sprintf(format, args...))
	resp.Body.Close()
	resp.StatusCode, resp.Status = status, fmt.Sprintf("%d %s", status, http.StatusText(status))
	for _, h := range []string{"X-Subject-Token", "Set-Cookie", "Content-Encoding", serverapi.SessionHeader} {
		resp.Header.Del(h)
	}
	resp.Header.Set("Content-Type", "application/json")
	resp.Header.Set("Content-Length", strconv.Itoa(len(body)))
	resp.Header.Set(serverapi.SessionRefusedHeader, reason)
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
}

// refuseSession answers a request whose session cookies cannot be trusted:
// a 400 session fault, and every cookie of the session's name that the
// request's path may have received cleared (at "/" and at each prefix of
// the path, as a page on another port may set one with any path).
func (p *Proxy) refuseSession(w http.ResponseWriter, r *http.Request, secure bool, reason, format string, args ...any) {
	h := w.Header()
	for _, path := range cookiePaths(r.URL.Path) {
		c := &http.Cookie{Name: p.cookieName(secure), Path: path, MaxAge: -1, HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode}
		h.Add("Set-Cookie", c.String())
	}
	h.Set(serverapi.SessionRefusedHeader, reason)
	writeSessionFault(w, http.StatusBadRequest, fmt.Sprintf(format, args...))
}

// cookiePaths are "/" and every prefix of path, with and without a
// trailing slash, at most 16 of them: the paths a cookie sent with a
// request for path may have been set with.
func cookiePaths(path string) []string {
	out := []string{"/"}
	for i := 1; i < len(path) && len(out) < 16; i++ {
		if path[i] == '/' {
			out = append(out, path[:i], path[:i+1])
		}
	}
	if len(path) > 1 && !strings.HasSuffix(path, "/") && len(out) < 16 {
		out = append(out, path)
	}
	return out
}

// sessionFault is the body of a session refusal in both shapes its
// readers know: Octavia's (faultcode, faultstring, debuginfo) and
// Keystone's (error: code, title, message).
func sessionFault(status int, msg string) []byte {
	code := "Client"
	if status >= 500 {
		code = "Server"
	}
	body, _ := json.Marshal(map[string]any{
		"faultcode": code, "faultstring": msg, "debuginfo": nil,
		"error": map[string]any{"code": status, "title": http.StatusText(status), "message": msg},
	})
	return body
}

func writeSessionFault(w http.ResponseWriter, status int, msg string) {
	body := sessionFault(status, msg)
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("Cache-Control", "no-store")
	if h.Get("X-Openstack-Request-Id") == "" {
		h.Set("X-Openstack-Request-Id", NewRequestID())
	}
	w.WriteHeader(status)
	w.Write(body)
}

// cookieName is the session cookie's name: the configured one, with the
// __Host- prefix on an https origin (a browser then keeps it only if it is
// Secure, for Path=/ and this host alone: no other host can set it).
func (p *Proxy) cookieName(secure bool) string {
	if secure {
		return "__Host-" + p.sessionCookieName
	}
	return p.sessionCookieName
}

// sessionCookie is the Set-Cookie value of the session cookie (value ""
// clears it). It is a browser-session cookie (no Max-Age): it ends when the
// browser closes.
func (p *Proxy) sessionCookie(value string, secure bool) string {
	c := &http.Cookie{
		Name: p.cookieName(secure), Value: value, Path: "/",
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode,
	}
	if value == "" {
		c.MaxAge = -1
	}
	return c.String()
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
func (p *Proxy) SessionOf(r *http.Request) (Session, bool) {
	if p.sealer == nil {
		return Session{}, false
	}
	return openCookie(r, p.cookieName(p.secure(r)), p.sealer)
}

// StashOf is SessionOf for the stash cookie (see SetStash).
func (p *Proxy) StashOf(r *http.Request) (Session, bool) {
	if p.sealer == nil {
		return Session{}, false
	}
	return openCookie(r, p.cookieName(p.secure(r))+stashSuffix, p.sealer.stash)
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
	w.Header().Add("Set-Cookie", p.sessionCookie(p.sealer.Seal(ss), p.secure(r)))
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
	secure := p.secure(r)
	c := &http.Cookie{Name: p.cookieName(secure) + stashSuffix, Path: "/", HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode}
	if ss.Token == "" {
		c.MaxAge = -1
	} else {
		c.Value = p.sealer.stash.Seal(ss)
	}
	w.Header().Add("Set-Cookie", c.String())
}

// secure reports whether r's origin is https (the session cookies are then
// Secure and carry the __Host- prefix).
func (p *Proxy) secure(r *http.Request) bool { return strings.HasPrefix(p.origin(r), "https://") }
