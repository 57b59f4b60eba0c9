package tab

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// Keys of the browser's localStorage (no secrets: a region name, a time).
const (
	RegionKey = "octaview.region" // the region picked last
	logoutKey = "octaview.logout" // set on logout: every other tab signs out
)

// SessionTransport marks every request of the app's client as the
// session's (serverapi.SessionHeader, with the browser session's id once a
// token answer named it) and asks for the picked region. An answer in which
// the server refused the session's cookies ends the session, with the
// server's reason (sessionRefused). Runtime, when set, answers the page's
// first reads from its Startup's served reads.
type SessionTransport struct {
	Region  string
	Next    http.RoundTripper
	Runtime *Runtime
}

func (t SessionTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set(serverapi.SessionHeader, t.Runtime.sessionBinding())
	if t.Region != "" {
		r.Header.Set(serverapi.RegionHeader, t.Region)
	}
	// the page's first read, which the server made (served.go), when it
	// made it in this client's region
	if resp, ok := t.Runtime.Startup().TakeServed(r, t.Region); ok {
		return resp, nil
	}
	next := t.Next
	if next == nil {
		next = http.DefaultTransport
	}
	resp, err := next.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	if id := resp.Header.Get(serverapi.SessionHeader); id != "" {
		t.Runtime.bindSession(id)
	}
	if resp.Header.Get(serverapi.SessionRefusedHeader) != "" {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		resp.Body = io.NopCloser(bytes.NewReader(body))
		var fault struct {
			FaultString string `json:"faultstring"`
		}
		json.Unmarshal(body, &fault)
		t.Runtime.sessionRefused(cmp.Or(fault.FaultString, "The server refused this session's cookie: log in again."))
	}
	return resp, nil
}

// binding is the browser session's id a tab is bound to ("" = none yet:
// the next token answer names it). Requests carry it; the server refuses a
// cookie of another session instead of using it.
type binding struct {
	mu sync.Mutex
	id string
}

// sessionBinding is the SessionHeader value of this tab's requests
// (SessionUnbound for a nil rt). Any goroutine.
func (rt *Runtime) sessionBinding() string {
	if rt == nil {
		return serverapi.SessionUnbound
	}
	rt.binding.mu.Lock()
	defer rt.binding.mu.Unlock()
	return cmp.Or(rt.binding.id, serverapi.SessionUnbound)
}

// bindSession binds this tab to the browser session id ("" unbinds; a nil
// rt binds nothing). Any goroutine.
func (rt *Runtime) bindSession(id string) {
	if rt == nil {
		return
	}
	rt.binding.mu.Lock()
	defer rt.binding.mu.Unlock()
	rt.binding.id = id
}

// SessionConfig is cfg for the browser's session: requests marked as the
// session's, the region asked for, and a 401 asking the user to log in
// again (reauthenticate) instead of re-sending a kept password; rt's
// start-up state answers the page's first reads.
func SessionConfig(rt *Runtime, cfg octavia.Config, region string) octavia.Config {
	cfg.HTTPClient = &http.Client{Transport: SessionTransport{Region: region, Runtime: rt}}
	cfg.Region = region
	cfg.Reauth = rt.reauthenticate
	return cfg
}

// cookieConfig is the session's client configuration on the token the
// cookie holds: as is (projectID ""), or rescoped to projectID.
func CookieConfig(rt *Runtime, origin, projectID, region string) octavia.Config {
	cfg := site.ClientConfig(origin, "", "", "", "")
	cfg.Token = serverapi.SessionToken
	cfg.ProjectID = projectID
	return SessionConfig(rt, cfg, region)
}

// NewSession builds the session of a logged-in client, in the tab whose
// runtime is rt (nil on the server).
func NewSession(rt *Runtime, client *octavia.Client, cfg serverapi.Config) *Session {
	info := client.Session()
	info.Region = RegionOf(client.Regions(), info.Region, cfg.Region)
	return &Session{Client: client, Info: info, Config: cfg, ReadOnly: site.ReadOnlyFor(cfg, info.Roles), Regions: client.Regions(), rt: rt, names: &projectDirectory{}}
}

// RestoreSession signs in from the session cookie (a reload, a new tab, a
// pasted link): it validates the cookie's token through the proxy. It
// blocks: call it in ctx.Async. An EUNAUTHORIZED error means no session.
func RestoreSession(ctx context.Context, rt *Runtime, origin string, cfg serverapi.Config) (*Session, error) {
	since := time.Now()
	r := StoredRegion()
	client, err := octavia.New(ctx, CookieConfig(rt, origin, "", r))
	if err == nil {
		client, err = InRegion(ctx, rt, origin, r, client) // the region may be gone
	}
	if err != nil {
		return nil, err
	}
	s := NewSession(rt, client, cfg)
	s.Since = since
	return s, nil
}

// RegionOf is the region a client asking for picked ("" = none) reads
// in, given the catalog's regions and the server's configured region: the
// one the proxy uses (picked when the catalog lists it, else the server's
// when listed, else the catalog's first; "" when it lists none). The
// header's label and the rows' reads name it both (newSession), in the
// browser and in the server's first screen.
func RegionOf(regions []string, picked, configured string) string {
	switch {
	case picked != "" && slices.Contains(regions, picked):
		return picked
	case configured != "" && slices.Contains(regions, configured):
		return configured
	case len(regions) > 0:
		return regions[0]
	}
	return ""
}

// StoredRegion is the region picked last in this browser ("" = none). It
// mirrors it into the region cookie (keepRegionCookie), so that the
// server's next first screen is read in it.
func StoredRegion() string {
	r := ""
	if v := ui.WindowGet("localStorage").Call("getItem", RegionKey); v.Truthy() {
		r = v.String()
	}
	KeepRegionCookie(r)
	return r
}

// keepRegionCookie sets the region cookie (serverapi.RegionCookie) to
// region, or clears it for "": a region's name only (no secret), for
// every path, SameSite=Lax, Secure on https. It outlives a logout, as the
// picked region does (localStorage). Browser.
func KeepRegionCookie(region string) {
	doc := ui.WindowGet("document")
	attrs := "; Path=/; SameSite=Lax"
	if ui.WindowURL().Scheme == "https" {
		attrs += "; Secure"
	}
	if region == "" {
		if strings.Contains(doc.Get("cookie").String(), serverapi.RegionCookie+"=") {
			doc.Set("cookie", serverapi.RegionCookie+"="+attrs+"; Max-Age=0")
		}
		return
	}
	doc.Set("cookie", serverapi.RegionCookie+"="+url.QueryEscape(region)+attrs+"; Max-Age=31536000")
}

// InRegion returns client when its catalog has region (or region is ""),
// else a client of the same session on the server's region.
func InRegion(ctx context.Context, rt *Runtime, origin, region string, client *octavia.Client) (*octavia.Client, error) {
	if region == "" || slices.Contains(client.Regions(), region) {
		return client, nil
	}
	return octavia.New(ctx, CookieConfig(rt, origin, "", ""))
}

// reauthState is a tab's pending "log in again" of an expired or revoked
// token: the requests that got a 401 wait in reauthenticate until the
// dialog ends.
type reauthState struct {
	mu      sync.Mutex
	pending chan struct{} // closed when the dialog ends; nil: none
	err     error         // why it ended without a login (nil: logged in)
	shells  map[ReauthShell]goapp.Context
}

// ReauthShell is a mounted shell, which shows the "log in again" dialog
// (OpenReauth, on the UI goroutine) when a request of the tab got a 401.
type ReauthShell interface {
	OpenReauth(ctx goapp.Context)
}

// errReauthDeclined ends the waits of a session the user left.
var ErrReauthDeclined = errors.New("the session ended: log in again")

// reauthenticate is the client's Reauth: it shows the dialog in every
// mounted shell of rt's tab and waits until the user logged in again or
// left.
func (rt *Runtime) reauthenticate(ctx context.Context) error {
	reauth := &rt.reauth
	reauth.mu.Lock()
	ch := reauth.pending
	if ch == nil {
		ch = make(chan struct{})
		reauth.pending, reauth.err = ch, nil
		for s, sctx := range reauth.shells {
			sctx.Dispatch(s.OpenReauth)
		}
	}
	reauth.mu.Unlock()
	select {
	case <-ch:
		reauth.mu.Lock()
		defer reauth.mu.Unlock()
		return reauth.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// reauthPending reports whether the "log in again" dialog is due (never
// for a nil rt).
func (rt *Runtime) ReauthPending() bool {
	if rt == nil { // the server's render
		return false
	}
	reauth := &rt.reauth
	reauth.mu.Lock()
	defer reauth.mu.Unlock()
	return reauth.pending != nil
}

// endReauth ends the dialog: err nil after a new login, else the waiting
// requests fail with err.
func (rt *Runtime) EndReauth(err error) {
	reauth := &rt.reauth
	reauth.mu.Lock()
	defer reauth.mu.Unlock()
	if reauth.pending != nil {
		reauth.err = err
		close(reauth.pending)
		reauth.pending = nil
	}
}

// watchShell registers a mounted shell (for the dialog and for logouts of
// other tabs); unwatchShell forgets it.
// The first one listens to the other tabs' logouts, then checks that none
// happened before it listened, since the session's token was validated
// (loggedOutSince: the storage event of a logout reaches only the tabs
// that listen by then).
func (rt *Runtime) WatchShell(s ReauthShell, ctx goapp.Context) {
	first := false
	rt.listen.Do(func() {
		first = true
		goapp.Window().Call("addEventListener", "storage", goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
			if len(args) > 0 && args[0].Get("key").String() == logoutKey {
				rt.loggedOutElsewhere()
			}
			return nil
		}))
	})
	rt.reauth.mu.Lock()
	if rt.reauth.shells == nil {
		rt.reauth.shells = map[ReauthShell]goapp.Context{}
	}
	rt.reauth.shells[s] = ctx
	rt.reauth.mu.Unlock()
	if first && rt.loggedOutSince(rt.CurrentSession()) {
		rt.loggedOutElsewhere()
	}
}

// loggedOutSince reports whether another tab of this browser logged out
// (announceLogout's stamp, a time: no secret) at or after sess's token was
// validated in this tab (sess.since): a logout this tab could not hear, as
// its Go program did not listen yet (a served page's app starting while
// another tab logs out). Any goroutine.
func (rt *Runtime) loggedOutSince(sess *Session) bool {
	if sess == nil || sess.Since.IsZero() {
		return false
	}
	ns, err := strconv.ParseInt(rt.logoutStamp(), 10, 64)
	return err == nil && ns >= sess.Since.UnixNano()
}

// storedLogoutStamp is the last logout's stamp in this browser
// (announceLogout: nanoseconds since the epoch; "" when none): a
// Runtime's logoutStamp, for which tests stand in for the browser's
// localStorage.
func storedLogoutStamp() string {
	if v := ui.WindowGet("localStorage").Call("getItem", logoutKey); v.Truthy() {
		return v.String()
	}
	return ""
}

func (rt *Runtime) UnwatchShell(s ReauthShell) {
	rt.reauth.mu.Lock()
	defer rt.reauth.mu.Unlock()
	delete(rt.reauth.shells, s)
}

// announceLogout tells the other tabs of this browser that the session
// ended (they get a storage event).
func AnnounceLogout() {
	ui.WindowGet("localStorage").Call("setItem", logoutKey, strconv.FormatInt(time.Now().UnixNano(), 10))
}

// loggedOutText is what the login page says after another tab logged out.
const loggedOutText = "You logged out in another tab."

// loggedOutElsewhere signs this tab out after another tab logged out.
func (rt *Runtime) loggedOutElsewhere() {
	if rt.CurrentSession() == nil {
		return
	}
	rt.endSession(loggedOutText)
}

// sessionRefused ends the session after the server refused its cookies (two
// of them, or another session's) or could not make one (a token too large
// for a cookie): reason, the server's, is what the login page says. The
// other tabs of the browser log out too; a nil rt (no tab) ends nothing.
// Any goroutine.
func (rt *Runtime) sessionRefused(reason string) {
	if rt == nil {
		return
	}
	if rt.CurrentSession() == nil {
		rt.SignOut(reason) // a login: the login page shows it
		return
	}
	AnnounceLogout()
	rt.endSession(reason)
}

// endSession signs this tab out, leaves bye for the login page and goes there.
func (rt *Runtime) endSession(bye string) {
	rt.EndReauth(ErrReauthDeclined)
	rt.ops.Reset()
	rt.SignOut(bye)
	rt.reauth.mu.Lock()
	var ctxs []goapp.Context
	for _, c := range rt.reauth.shells {
		ctxs = append(ctxs, c)
	}
	rt.reauth.mu.Unlock()
	for _, c := range ctxs {
		c.Dispatch(func(ctx goapp.Context) { ctx.Navigate(LoginPath) })
		break
	}
}
