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
	"net/url"
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

// sessions are the app's cookie sessions: the Keystone token of a browser
// session lives sealed (Sealer) in an HttpOnly cookie, and the app sends a
// placeholder wherever a token goes. On the way to the cloud, in puts the
// cookie's token in place of the placeholder; on the way back, out seals a
// new token into the cookie and hides it from the answer; a logout clears
// the cookie, and cookies that cannot be trusted are refused and cleared.
// Without a session key they are off: the marker header is ignored, and
// every request goes on as it came. Whether the origin is https (the
// cookie is then Secure, with the __Host- prefix) is the Proxy's to say:
// each call is given it.
type sessions struct {
	sealer   *Sealer       // nil: cookie sessions off
	name     string        // the cookie's name, without the __Host- prefix
	keystone *url.URL      // Keystone's base, where a refused token is revoked
	catalogs *catalogCache // forgets a revoked token's catalog; its client revokes
}

// newSessions returns the sessions of the cookie named name (see
// ValidCookieName), sealed with a Sealer of key (empty: sessions off). A
// token the browser will never hold is revoked at keystone with catalogs'
// client.
func newSessions(key []byte, name string, keystone *url.URL, catalogs *catalogCache) (*sessions, error) {
	if err := ValidCookieName(name); err != nil {
		return nil, fmt.Errorf("session cookie name %s: %w", strconv.Quote(name), err)
	}
	s := &sessions{name: name, keystone: keystone, catalogs: catalogs}
	if len(key) > 0 {
		sealer, err := NewSealer(key, name)
		if err != nil {
			return nil, err
		}
		s.sealer = sealer
	}
	return s, nil
}

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

// in applies the cookie rule to r before it goes anywhere. For a
// request that carries the session marker, the placeholder in X-Auth-Token
// (and in X-Subject-Token of /v3/auth/tokens) becomes the cookie's token,
// and, through fillRescope once the body is read, the token method's id of
// POST /v3/auth/tokens: nowhere else. Without a valid cookie the
// placeholder headers are removed (Keystone then answers 401). A request
// with two session cookies, or with the cookie of another browser session
// than the one the app is bound to, is refused here (400, the cookies
// cleared). Requests without the marker (the CLI, any API client) pass
// unchanged: their X-Auth-Token is theirs. Cookies are never forwarded.
func (s *sessions) in(w http.ResponseWriter, r *http.Request, secure bool, service, rest string) sessionRequest {
	marker := r.Header.Get(serverapi.SessionHeader)
	sr := sessionRequest{on: s.sealer != nil && marker != "", secure: secure}
	r.Header.Del(serverapi.SessionHeader)
	if !sr.on {
		return sr
	}
	name := s.cookieName(sr.secure)
	var values []string
	for _, c := range r.CookiesNamed(name) {
		values = append(values, c.Value)
	}
	if len(values) > 1 {
		s.refuse(w, r, sr.secure, refusedDuplicate,
			"Your browser sent %d session cookies named %s: a page on another port of this host (another console, or any web page served there) set one. "+
				"Octaview uses none of them and has cleared them: log in again. Two consoles on one host need different -session-cookie names.",
			len(values), name)
		sr.refused = refusedDuplicate
		return sr
	}
	if len(values) == 1 {
		ss, err := s.sealer.Open(values[0])
		if err == nil || errors.Is(err, ErrSessionExpired) {
			sr.cookie = ss
		}
		if err == nil {
			sr.token = ss.Token
		}
	}
	if marker != serverapi.SessionUnbound && sr.cookie.ID != "" && sr.cookie.ID != marker {
		s.refuse(w, r, sr.secure, refusedChanged,
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

// out applies the cookie rule to an identity answer for the app's
// session: a new token (POST /v3/auth/tokens, 201) is sealed into the
// cookie, with the browser session's id (the cookie's when the same user
// logs in again or rescopes, else a new one), which the answer names in
// serverapi.SessionHeader for the app to bind to; so does a validation of
// the session's own token (GET /v3/auth/tokens). No answer shows the real
// token (X-Subject-Token becomes the placeholder). A token too large for a
// cookie, or a rescope that answered another user's token, is refused
// instead (and revoked): then it reports true, and resp is the proxy's
// fault. sr is what in did to the request, rest its path below the
// prefix. (A logout clears the cookie in Proxy.serve, whatever Keystone
// answers: logging out works while Keystone is down.)
func (s *sessions) out(resp *http.Response, sr sessionRequest, rest string, body []byte) (refused bool) {
	if !sr.on {
		return false
	}
	subject := resp.Header.Get("X-Subject-Token")
	if subject != "" {
		resp.Header.Set("X-Subject-Token", serverapi.SessionToken)
	}
	if rest != "/v3/auth/tokens" {
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
		if sr.rescope && sr.cookie.UserID != "" && ss.UserID != sr.cookie.UserID {
			s.revoke(resp, subject)
			refuseAnswer(resp, http.StatusBadGateway, refusedUser,
				"Keystone answered the project switch with a token of another user: the console refused it. Log in again.")
			return true
		}
		ss.ID = newSessionID()
		if c := sr.cookie; c.ID != "" && c.UserID != "" && c.UserID == ss.UserID {
			ss.ID = c.ID // the same user: the browser session (and its other tabs) carries on
		}
		cookie := s.sealedCookie(ss, sr.secure)
		if len(cookie) > maxCookieBytes {
			s.revoke(resp, subject)
			refuseAnswer(resp, http.StatusBadRequest, refusedTooLarge,
				"Keystone's token is %d bytes: sealed, it would make a session cookie of %d bytes, and browsers drop cookies over %d bytes without a word. "+
					"The console cannot keep this session (the token was revoked). Use the OpenStack CLI, or ask your cloud's operators for smaller tokens (Fernet tokens are under 300 bytes).",
				len(subject), len(cookie), maxCookieBytes)
			return true
		}
		resp.Header.Add("Set-Cookie", cookie)
		resp.Header.Set(serverapi.SessionHeader, ss.ID)
	case (method == http.MethodGet || method == http.MethodHead) && resp.StatusCode == http.StatusOK && sr.token != "" && sr.cookie.ID != "":
		resp.Header.Set(serverapi.SessionHeader, sr.cookie.ID)
	}
	return false
}

// revoke asks Keystone, best effort, to revoke a token the browser will
// never hold, and forgets its catalog.
func (s *sessions) revoke(resp *http.Response, token string) {
	s.catalogs.forget(token)
	u := *s.keystone
	u.Path = strings.TrimRight(u.Path, "/") + "/v3/auth/tokens"
	req, err := http.NewRequestWithContext(resp.Request.Context(), http.MethodDelete, u.String(), nil)
	if err != nil {
		return
	}
	req.Header.Set("X-Auth-Token", token)
	req.Header.Set("X-Subject-Token", token)
	if r, err := s.catalogs.client.Do(req); err == nil {
		io.Copy(io.Discard, io.LimitReader(r.Body, 64<<10))
		r.Body.Close()
	}
}
