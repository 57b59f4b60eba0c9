package tab

import (
	"net/url"
	"strings"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// Session is the signed-in user's client and what the UI derives from it.
// The app never holds the Keystone token: the server keeps it sealed in an
// HttpOnly cookie and the client sends serverapi.SessionToken in its place
// (docs/operating.md "Sessions"), so a reload or a new tab restores the session from
// the cookie (restoreSession) and no script can read the token.
type Session struct {
	Client   *octavia.Client
	Info     octavia.Session
	Config   serverapi.Config
	ReadOnly bool
	Regions  []string          // the catalog's load-balancer regions (a picker when > 1)
	Projects []octavia.Project // the user's projects, once the switcher listed them
	// Since is when the check that validated its token in this tab was
	// sent (a restore's, a login's): a logout of another tab of the
	// browser stamped later ended it (loggedOutSince).
	Since time.Time

	rt    *Runtime          // the tab's (NewSession); nil on the server, or when not made by NewSession
	names *projectDirectory // the projects' names (NewSession; shared by copies)
}

// signedIn is a tab's signed-in session and what the login page says once
// after a logout (Runtime.signedIn).
type signedIn struct {
	mu  sync.Mutex
	s   *Session
	bye string // what the login page says once, after a logout
}

// CurrentSession is the signed-in session of rt's tab, or nil (also for a
// nil rt: the server's render). Any goroutine.
func (rt *Runtime) CurrentSession() *Session {
	if rt == nil {
		return nil
	}
	rt.signedIn.mu.Lock()
	defer rt.signedIn.mu.Unlock()
	return rt.signedIn.s
}

// Operations is a snapshot of the operations of the tab whose session s
// is, newest first (none for a session made elsewhere than NewSession).
// Any goroutine.
func (s *Session) Operations() []Operation {
	if s == nil || s.rt == nil {
		return nil
	}
	return s.rt.ops.Snapshot()
}

// setSession replaces the signed-in session (nil signs out). Any goroutine.
func (rt *Runtime) SetSession(s *Session) {
	rt.signedIn.mu.Lock()
	defer rt.signedIn.mu.Unlock()
	rt.signedIn.s = s
}

// AdoptSession makes sess the signed-in session, unless another tab of
// the browser logged out since its token was validated in this tab
// (loggedOutSince: a logout this tab could not hear, not listening yet, or
// heard while it had no session): then it signs out, leaving loggedOutText
// for the login page, and reports false. Any goroutine.
func (rt *Runtime) AdoptSession(sess *Session) bool {
	if rt.loggedOutSince(sess) {
		rt.SignOut(loggedOutText)
		return false
	}
	rt.SetSession(sess)
	return true
}

// signOut forgets the signed-in session (and the browser session's id the
// tab was bound to) and leaves bye (logoutNotice) for the login page to
// show. Any goroutine.
func (rt *Runtime) SignOut(bye string) {
	rt.bindSession("")
	rt.signedIn.mu.Lock()
	defer rt.signedIn.mu.Unlock()
	rt.signedIn.s, rt.signedIn.bye = nil, bye
}

// TakeBye returns what the last logout left for the login page, once ("" if
// nothing). Any goroutine.
func (rt *Runtime) TakeBye() string {
	rt.signedIn.mu.Lock()
	defer rt.signedIn.mu.Unlock()
	bye := rt.signedIn.bye
	rt.signedIn.bye = ""
	return bye
}

// logoutNotice is what the login page says after a logout: that the token
// was revoked (revokeErr nil), or why it could not be and until when it stays
// valid (expiresAt; zero when unknown).
func LogoutNotice(revokeErr error, expiresAt time.Time) string {
	if revokeErr == nil {
		return "You are logged out; your token was revoked."
	}
	why := strings.TrimSuffix(octavia.Message(revokeErr), ".")
	if why != "" {
		why = strings.ToLower(why[:1]) + why[1:] // "The service ..." goes on a sentence
	}
	s := "You are logged out here, but your token could not be revoked: " + why
	if expiresAt.IsZero() {
		return s + "; it stays valid until Keystone expires it."
	}
	return s + "; it expires at " + ui.FormatTime(expiresAt) + " UTC."
}

// RequireSession returns the signed-in session of rt's tab, or navigates to
// the login page (coming back to this page after login) and returns nil. UI
// goroutine; on the server (pre-rendering) it returns nil and does nothing.
func (rt *Runtime) RequireSession(ctx goapp.Context) *Session {
	if goapp.IsServer {
		return nil
	}
	if s := rt.CurrentSession(); s != nil {
		return s
	}
	ctx.Navigate(LoginFor(ctx.Page().URL().RequestURI())) // as the server's 303 (login_next.go)
	return nil
}

// SafeNext keeps a post-login destination only when it is a clean path of
// this app (no scheme, no host, no backslash, no "//", "." or ".." segment,
// even encoded: /login/../..//evil.example is refused), so a crafted link
// cannot send the user elsewhere; anything else gives the load balancer list.
func SafeNext(next string) string {
	u, err := url.Parse(next)
	if err != nil || next == "" || next[0] != '/' || u.Scheme != "" || u.Host != "" || u.Opaque != "" || strings.Contains(next, "\\") {
		return ListPath
	}
	if !cleanPath(u.Path) || strings.TrimSuffix(u.Path, "/") == LoginPath {
		return ListPath
	}
	return next
}

// cleanPath reports whether p, empty or rooted (a URL's path whose text
// starts with a slash), is path.Clean(p), or that with a slash after it:
// no empty, "." or ".." segment (a hand-written check, so that the wasm
// does not link package path for it).
func cleanPath(p string) bool {
	if p == "/" || p == "//" {
		return true
	}
	if p == "" || p[0] != '/' {
		return false
	}
	p = strings.TrimSuffix(p[1:], "/")
	for seg := range strings.SplitSeq(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

// Runtime is the tab whose session s is: nil for a session made elsewhere
// than NewSession (the server's render, a test's). Any goroutine.
func (s *Session) Runtime() *Runtime {
	if s == nil {
		return nil
	}
	return s.rt
}
