package tab

import (
	"io"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

func TestLogoutNotice(t *testing.T) {
	expires := time.Date(2026, 11, 30, 17, 4, 5, 0, time.UTC)
	down := &octavia.Error{Code: octavia.EUNAVAILABLE, Op: "log out", StatusCode: 503, Fault: "Keystone is down for maintenance"}
	tests := []struct {
		name      string
		err       error
		expiresAt time.Time
		want      string
	}{
		{"revoked", nil, expires,
			"You are logged out; your token was revoked."},
		{"not revoked: why, and until when",
			down, expires,
			"You are logged out here, but your token could not be revoked: the service could not be reached. Keystone is down for maintenance; it expires at 2026-11-30 17:04:05 UTC."},
		{"not revoked, expiry unknown",
			down, time.Time{},
			"You are logged out here, but your token could not be revoked: the service could not be reached. Keystone is down for maintenance; it stays valid until Keystone expires it."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := LogoutNotice(tt.err, tt.expiresAt); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSignOutLeavesTheNoticeOnce(t *testing.T) {
	tab := NewRuntime()
	tab.SetSession(&Session{})
	tab.SignOut("bye")
	if s := tab.CurrentSession(); s != nil {
		t.Errorf("session after signOut: got %+v, want none", s)
	}
	if got := tab.TakeBye(); got != "bye" {
		t.Errorf("first takeBye: got %q, want %q", got, "bye")
	}
	if got := tab.TakeBye(); got != "" {
		t.Errorf("second takeBye: got %q, want nothing (the notice is shown once)", got)
	}
}

// fakeRoundTrip answers with header set and records what was asked.
type fakeRoundTrip struct {
	header http.Header
	body   string
	got    []string // the SessionHeader of each request
}

func (f *fakeRoundTrip) RoundTrip(r *http.Request) (*http.Response, error) {
	f.got = append(f.got, r.Header.Get(serverapi.SessionHeader))
	return &http.Response{StatusCode: http.StatusOK, Header: f.header.Clone(), Body: io.NopCloser(strings.NewReader(f.body)), Request: r}, nil
}

// TestSessionTransportBinding: the tab sends SessionUnbound until a token
// answer names the browser session's id, then that id; signing out unbinds.
// An answer that refused the session's cookies leaves the server's reason for
// the login page, and the body stays readable.
func TestSessionTransportBinding(t *testing.T) {
	tab := NewRuntime()
	f := &fakeRoundTrip{header: http.Header{}}
	rt := SessionTransport{Next: f, Runtime: tab}
	send := func() *http.Response {
		req, _ := http.NewRequest(http.MethodGet, "http://console.test/load-balancer/v2/lbaas/loadbalancers", nil)
		resp, err := rt.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	send()
	f.header.Set(serverapi.SessionHeader, "sid-1") // a login's answer
	send()
	f.header.Del(serverapi.SessionHeader)
	send()
	tab.SignOut("")
	send()
	want := []string{serverapi.SessionUnbound, serverapi.SessionUnbound, "sid-1", serverapi.SessionUnbound}
	if !slices.Equal(f.got, want) {
		t.Errorf("session header of each request: got %q, want %q", f.got, want)
	}

	const reason = "Your browser sent 2 session cookies: log in again."
	f.header.Set(serverapi.SessionRefusedHeader, "duplicate")
	f.body = `{"faultcode": "Client", "faultstring": "` + reason + `", "debuginfo": null}`
	resp := send()
	if b, _ := io.ReadAll(resp.Body); string(b) != f.body {
		t.Errorf("the refusal's body: got %q, want it left for the client to read", b)
	}
	if got := tab.TakeBye(); got != reason {
		t.Errorf("the login page's notice after a refusal: got %q, want the server's reason %q", got, reason)
	}
}

// shellCtx is a mounted component's context (go-app's test engine, which
// runs natively as go-app's server: OnPreRender, not OnMount), for a shell
// to be watched with.
type shellCtx struct {
	goapp.Compo
	ctx goapp.Context
}

func (c *shellCtx) OnPreRender(ctx goapp.Context) { c.ctx = ctx }
func (c *shellCtx) Render() goapp.UI              { return goapp.Div() }

// fakeShell is a mounted shell that ignores the "log in again" dialog.
type fakeShell struct{}

func (fakeShell) OpenReauth(goapp.Context) {}

// TestWatchShellChecksMissedLogouts: the first shell to mount listens to
// the other tabs' logouts, then checks the stamp once (a logout another
// tab made before this tab listened, after its session was validated,
// was never heard): such a session ends with "You logged out in another
// tab."; one validated after the stamp carries on.
func TestWatchShellChecksMissedLogouts(t *testing.T) {
	validated := time.Date(2026, 12, 2, 1, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		stamp    time.Time // the other tab's logout
		loggedIn bool      // the session carries on
	}{
		{"logout after the validation: ended", validated.Add(time.Second), false},
		{"logout at the validation: ended", validated, false},
		{"logout before the validation: carries on", validated.Add(-time.Second), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := goapp.NewTestEngine()
			probe := &shellCtx{}
			if err := e.Load(probe); err != nil {
				t.Fatal(err)
			}
			e.ConsumeAll()
			tab := NewRuntime() // a new tab: this shell is its first
			tab.logoutStamp = func() string { return strconv.FormatInt(tt.stamp.UnixNano(), 10) }
			sess := &Session{Since: validated}
			tab.SetSession(sess)
			sh := fakeShell{}

			tab.WatchShell(sh, probe.ctx)
			e.ConsumeAll()
			if got := tab.CurrentSession() == sess; got != tt.loggedIn {
				t.Errorf("session carries on: got %v, want %v", got, tt.loggedIn)
			}
			if got, want := tab.TakeBye(), map[bool]string{false: loggedOutText}[tt.loggedIn]; got != want {
				t.Errorf("the login page's notice: got %q, want %q", got, want)
			}
		})
	}
}

func TestSafeNext(t *testing.T) {
	tests := []struct {
		name, next, want string
	}{
		{"empty", "", ListPath},
		{"a page", "/load-balancers/abc", "/load-balancers/abc"},
		{"with a query", "/load-balancers?x=1", "/load-balancers?x=1"},
		{"another host", "https://evil.example/", ListPath},
		{"scheme-relative", "//evil.example/x", ListPath},
		{"three slashes (a browser reads a host after them)", "///evil.example", ListPath},
		{"three slashes and a path", "///evil.example/load-balancers", ListPath},
		{"four slashes", "////evil.example", ListPath},
		{"backslash trick", "/\\evil.example", ListPath},
		{"relative", "load-balancers", ListPath},
		{"login loops", "/login", ListPath},
		{"dot segments out of the login page to a host", "/login/../..//evil.example", ListPath},
		{"encoded dot segments", "/%2e%2e/%2e%2e//evil.example", ListPath},
		{"an empty segment", "/load-balancers//x", ListPath},
		{"a backslash further on", "/load-balancers/\\evil.example", ListPath},
		{"the login page, not clean", "/x/../login", ListPath},
		{"a trailing slash is clean", "/load-balancers/", "/load-balancers/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SafeNext(tt.next); got != tt.want {
				t.Errorf("safeNext(%q): got %q, want %q", tt.next, got, tt.want)
			}
		})
	}
}

// TestCleanPath checks cleanPath against the path.Clean test it replaces,
// for the paths safeNext gives it (empty or rooted: a next starts with /).
func TestCleanPath(t *testing.T) {
	for _, p := range []string{
		"", "/", "//", "///", "/.", "/..", "/./", "/../", "/a", "/a/", "/a//", "/a/b", "/a/b/",
		"/a//b", "/a/./b", "/a/../b", "/a/.", "/a/..", "/.a", "/..a/", "/a.", "/login", "/login/",
		"/a/b/c/", "/load-balancers/x/listeners", "/%2e%2e/x",
	} {
		clean := path.Clean(p)
		if got, want := cleanPath(p), clean == p || clean+"/" == p; got != want {
			t.Errorf("cleanPath(%q): got %v, want %v", p, got, want)
		}
	}
}
