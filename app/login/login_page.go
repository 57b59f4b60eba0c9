package login

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/list"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// Page signs in with Keystone: a password (project optional), an
// application credential, or an existing token. The server seals the
// token into an HttpOnly cookie (docs/operating.md "Sessions"); the page restores a
// session from that cookie first, so a reload or a pasted link stays in.
type Page struct {
	goapp.Compo

	method                          string // methodPassword, methodAppCred or methodToken
	user, password, domain, project string
	acID, acName, acSecret          string
	token                           string

	cfg       serverapi.Config
	cfgStatus ui.LoadStatus
	busy      bool
	restoring bool // checking the session cookie
	restored  bool // the cookie was checked (once per page)
	err       string
	notice    string
	next      string
	ready     bool // set in the browser: the form is live (tests wait for it)

	// queued is a submit made while the session check ran: sent when the
	// check finds no session (issue 19 §2: a submit never hangs or drops).
	queued *loginRequest
	uctx   goapp.Context // the page's own context: its Dispatches outlive the form's elements

	// sessionLive: the served page said a live session cookie came, so the
	// form stays hidden until the session check answers (a logged-in
	// user's reload or deep link shows no login form; issue 19 §2)
	sessionLive bool

	// plainUntil: the served form's plain post, sent before the app ran,
	// may still answer until then; the form stays busy (login_boot.go)
	plainUntil time.Time
	// onShow is the window's pageshow listener (listenBack), nil: none
	onShow goapp.Func

	rt *tab.Runtime // the tab's (New)
}

// New is a login page of the tab whose runtime is rt (its route's).
func New(rt *tab.Runtime) *Page { return &Page{rt: rt} }

// Login methods of the form.
const (
	methodPassword = "password"
	methodAppCred  = "application_credential"
	methodToken    = "token"
)

func (p *Page) OnNav(ctx goapp.Context) {
	p.uctx = ctx
	p.next = tab.SafeNext(ctx.Page().URL().Query().Get("next")) // the served form's action too
	if goapp.IsServer {
		return
	}
	if bye := p.rt.TakeBye(); bye != "" {
		p.notice = bye
		p.restored = true // just logged out: nothing to restore
	}
	if p.domain == "" {
		p.domain = "Default"
	}
	if p.method == "" {
		p.method = methodPassword
	}
	if p.cfgStatus == ui.NeverLoaded {
		p.loadConfig(ctx)
	}
	if !p.plainUntil.IsZero() {
		// the plain post never answered (the user stopped it): the form
		// is the user's again
		ctx.After(time.Until(p.plainUntil), func(goapp.Context) {
			if !p.plainUntil.IsZero() && !time.Now().Before(p.plainUntil) {
				p.busy, p.plainUntil = false, time.Time{}
			}
		})
		p.listenBack(ctx)
	}
	if p.rt.CurrentSession() != nil {
		ctx.Navigate(p.next)
		return
	}
	if !p.restored {
		p.restore(ctx)
		return
	}
	p.ready = true
	focusLogin(ctx)
}

// listenBack listens, until OnDismount, for the page's return from the
// back/forward cache (a persisted pageshow) while the form holds the plain
// post as busy: the post answered (the browser went on with it), so the
// form is the user's again, with what was typed, and the session the post
// may have opened is checked (restore: live, the app goes on to next). UI
// goroutine; the listener dispatches to it.
func (p *Page) listenBack(ctx goapp.Context) {
	if p.onShow != nil {
		return
	}
	p.onShow = goapp.FuncOf(func(_ goapp.Value, args []goapp.Value) any {
		if args[0].Get("persisted").Bool() {
			ctx.Dispatch(func(ctx goapp.Context) {
				if !p.plainUntil.IsZero() {
					p.busy, p.plainUntil = false, time.Time{}
					p.restore(ctx)
				}
			})
		}
		return nil
	})
	goapp.Window().Call("addEventListener", "pageshow", p.onShow)
}

// OnDismount removes listenBack's listener. UI goroutine.
func (p *Page) OnDismount() {
	if p.onShow != nil {
		goapp.Window().Call("removeEventListener", "pageshow", p.onShow)
		p.onShow.Release()
		p.onShow = nil
	}
}

// focusLogin puts the focus on the form's first field once the form is
// ready, unless the user already put it somewhere (autofocus works only
// for what the page's HTML had at load, not for what the app draws). UI
// goroutine.
func focusLogin(ctx goapp.Context) {
	ctx.Defer(func(goapp.Context) {
		doc := ui.WindowGet("document")
		if a := doc.Get("activeElement"); !a.Truthy() || a.Equal(doc.Get("body")) {
			ui.FocusID("login-user")
		}
	})
}

// restore signs in from the session cookie, if there is a live one (the
// restore Boot started, when the page said there is one).
func (p *Page) restore(ctx goapp.Context) {
	p.restored, p.restoring = true, true
	origin := site.OriginOf(ui.WindowURL())
	serverCfg, cfgKnown := p.cfg, p.cfgStatus == ui.Loaded
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if !cfgKnown {
			if err := site.GetJSON(c, http.DefaultClient, origin, serverapi.ConfigPath, &serverCfg); err != nil {
				goapp.Log("octaview:", err)
			}
		}
		sess, err := p.rt.RestoredSession(c, origin, serverCfg)
		ctx.Dispatch(func(ctx goapp.Context) {
			p.restoring, p.ready = false, true
			focusLogin(ctx)
			queued := p.queued
			p.queued = nil
			if bye := p.rt.TakeBye(); bye != "" && queued == nil {
				p.notice = bye // the server refused the session's cookies
			}
			if err != nil {
				if octavia.ErrorCodeOf(err) != octavia.EUNAUTHORIZED && octavia.ErrorCodeOf(err) != octavia.ENOTFOUND {
					goapp.Log("octaview: restoring the session:", err)
				}
				if queued != nil {
					p.send(*queued) // submitted during the check: log in now
				}
				return
			}
			if !p.rt.AdoptSession(sess) { // another tab logged out meanwhile
				p.notice = p.rt.TakeBye()
				if queued != nil {
					p.send(*queued)
				}
				return
			}
			p.busy = false // a submit during the check: the session found is used
			p.rt.Operations().Resume(ctx, sess)
			if p.Mounted() {
				// where the page says now: a link followed during the
				// check (OnNav's next) wins over the one it began with
				ctx.Navigate(p.next)
			}
		})
	})
}

// loadConfig fetches /api/config: the lab users to show and the modes.
func (p *Page) loadConfig(ctx goapp.Context) {
	p.cfgStatus = ui.Loading
	site.GetServerJSON(ctx, serverapi.ConfigPath, 10*time.Second, func(ctx goapp.Context, cfg serverapi.Config, err error) {
		if err != nil {
			p.cfgStatus = ui.LoadFailed
			goapp.Log("octaview:", err)
			return
		}
		p.cfg, p.cfgStatus = cfg, ui.Loaded
	})
}

func (p *Page) request() loginRequest {
	return loginRequest{method: p.method, user: p.user, password: p.password, domain: p.domain, project: p.project,
		acID: p.acID, acName: p.acName, acSecret: p.acSecret, token: p.token, rt: p.rt}
}

// submit sends the form (Enter, a click, or form.requestSubmit(), which
// ignores a disabled button: the handler guards itself). A submit while
// the session check runs waits for it: it is sent when the check finds no
// session. UI goroutine.
func (p *Page) submit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	if p.busy {
		return
	}
	req := p.request()
	req.region = tab.StoredRegion()
	if msg := req.check(); msg != "" {
		p.err = msg
		return
	}
	p.busy, p.err, p.notice = true, "", ""
	if p.restoring {
		p.queued = &req
		return
	}
	p.send(req)
}

// send logs in with req. The answer lands through the page's own context
// (p.uctx), never the form's or the button's: go-app drops a Dispatch whose
// element is gone, and the form is re-rendered when the session check
// ends. UI goroutine.
func (p *Page) send(req loginRequest) {
	ctx := p.uctx
	origin := site.OriginOf(ui.WindowURL())
	serverCfg, cfgKnown := p.cfg, p.cfgStatus == ui.Loaded
	next := p.next
	ctx.Async(func() {
		sent := time.Now() // the session's since (loggedOutSince)
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		// The read-only mode must be known before any write control shows:
		// when the page has not got it yet, ask while Keystone answers.
		cfgDone := make(chan struct{})
		go func() {
			defer close(cfgDone)
			if cfgKnown {
				return
			}
			if err := site.GetJSON(c, http.DefaultClient, origin, serverapi.ConfigPath, &serverCfg); err != nil {
				goapp.Log("octaview:", err)
			}
		}()
		client, err := logIn(c, origin, req)
		var first *tab.FirstRows
		if err == nil {
			first = list.PrefetchFirstRows(p.rt, &tab.Session{Client: client, Info: client.Session()}, next)
		}
		<-cfgDone
		if first != nil {
			select {
			case <-first.Done:
			case <-time.After(list.PrefetchWait):
			}
		}
		msg := ""
		if err != nil {
			msg = loginFailure(c, origin, req, err)
		}
		ctx.Dispatch(func(ctx goapp.Context) {
			p.busy = false
			if err != nil {
				p.err = cmp.Or(p.rt.TakeBye(), msg) // the server's reason when it refused the session
				return
			}
			sess := tab.NewSession(p.rt, client, serverCfg)
			sess.Since = sent
			if !p.rt.AdoptSession(sess) { // another tab logged out during the login
				p.err = p.rt.TakeBye()
				return
			}
			p.password, p.acSecret, p.token = "", "", ""
			p.rt.Operations().Resume(ctx, sess)
			ctx.Navigate(next)
		})
	})
}

// loginFailure is what the form says when req's login failed with err:
// Keystone's refusal by method, a wrong project told from wrong credentials
// (projectProbe), an unreachable Keystone as such. It blocks.
func loginFailure(ctx context.Context, origin string, req loginRequest, err error) string {
	msg := site.LoginErrorText(err, origin+site.IdentityPath)
	code := octavia.ErrorCodeOf(err)
	switch {
	case req.method == methodPassword && req.project != "" && code == octavia.EUNAUTHORIZED:
		msg = projectProbe(ctx, origin, req, msg)
	case req.method == methodAppCred && code == octavia.EUNAUTHORIZED:
		msg = "Keystone refused this application credential (401): check its ID (or name, user and domain) and secret; it may also have expired or been deleted."
	case req.method == methodToken && (code == octavia.EUNAUTHORIZED || code == octavia.ENOTFOUND):
		msg = "Keystone does not accept this token: it expired, was revoked, or is mistyped."
	}
	return msg
}

// logIn authenticates req through origin. A token is first exchanged for a
// new one (POST, token method) so that the server seals it in the cookie.
func logIn(ctx context.Context, origin string, req loginRequest) (*octavia.Client, error) {
	if req.method == methodToken {
		// The server seals the new token into the cookie: the page never holds it.
		if err := octavia.ExchangeToken(ctx, req.clientOf(site.ClientConfig(origin, "", "", "", ""), req.region), req.token); err != nil {
			return nil, err
		}
	}
	cfg := req.config(origin)
	if req.method == methodToken && req.project != "" {
		cfg.ProjectName, cfg.ProjectDomainName = req.project, cmp.Or(req.domain, "Default")
	}
	cfg = req.clientOf(cfg, req.region)
	client, err := octavia.New(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return tab.InRegion(ctx, req.rt, origin, req.region, client)
}

// projectProbe tells a wrong project from wrong credentials: it logs in
// without the project; if that works, the project is the problem (and the
// probe's session is ended again).
func projectProbe(ctx context.Context, origin string, req loginRequest, msg string) string {
	project := req.project
	req.project = ""
	client, err := octavia.New(ctx, req.config(origin))
	if err != nil {
		return msg
	}
	if err := client.Logout(ctx); err != nil {
		goapp.Log("octaview: revoking the probe token:", err)
	}
	return fmt.Sprintf("Project %q was not found in domain %s, or you have no role on it. Leave Project empty to log in to your default project.", project, cmp.Or(req.domain, "Default"))
}

func (p *Page) useLabUser(u serverapi.LabUser) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		p.user, p.password, p.project, p.domain = u.Name, u.Password, u.Project, "Default"
		p.method, p.err = methodPassword, ""
	}
}

// checkingLive: the page said a live session came and its check has not
// answered yet; the form is hidden meanwhile (a submit by script is still
// queued, never lost).
func (p *Page) checkingLive() bool { return p.sessionLive && !p.ready }

func (p *Page) Render() goapp.UI {
	return ui.MainContent().Class("login-wrap").Body(
		ui.ClassDivBody("login-card",
			&site.UpdateNotice{},
			ui.ClassDivBody("login-brand",
				ui.Decorative(goapp.Img().Src("/web/icon.svg").Class("login-icon")),
				goapp.Div().Body(
					goapp.H1().Text("Octaview"),
					ui.ClassPText("muted", "OpenStack Octavia console"),
				)),

			goapp.If(p.restoring || p.checkingLive(), func() goapp.UI {
				return ui.IDP("login-restoring").Class("muted").Aria("live", "polite").Text("Checking your session…")
			}),

			goapp.Form().ID("login-form").Class("form").Method("post").Action(loginAction(p.next)).
				DataSet("plain", map[bool]string{true: "on", false: "off"}[goapp.IsServer]).DataSet("checking", p.checkingLive()).
				DataSet("ready", p.ready).DataSet("method", p.method).OnSubmit(p.submit).Body(
				goapp.If(p.method == methodPassword, func() goapp.UI {
					return ui.ClassDivBody("login-fields",
						ui.Field("login-user", "User name", ui.IDInput("login-user").Name("user").Attr("autocomplete", "username").
							Value(p.user).OnInput(p.ValueTo(&p.user)).AutoFocus(true)),
						ui.Field("login-password", "Password", ui.IDInput("login-password").Type("password").Name("password").Attr("autocomplete", "current-password").
							Value(p.password).OnInput(p.ValueTo(&p.password))),
						ui.ClassDivBody("form-row",
							ui.Field("login-domain", "Domain", ui.IDInput("login-domain").Name("domain").
								Value(p.domain).OnInput(p.ValueTo(&p.domain))),
							ui.Field("login-project", "Project (optional)", ui.IDInput("login-project").Name("project").
								Placeholder("your default project").Value(p.project).OnInput(p.ValueTo(&p.project)))))

				}),
				goapp.If(p.method == methodAppCred, func() goapp.UI {
					return ui.ClassDivBody("login-fields",
						ui.Field("login-ac-id", "Application credential ID", ui.IDInput("login-ac-id").Name("ac-id").
							Value(p.acID).OnInput(p.ValueTo(&p.acID))),
						ui.ClassPText("muted", "or its name, with the user it belongs to:"),
						ui.ClassDivBody("form-row",
							ui.Field("login-ac-name", "Name", ui.IDInput("login-ac-name").Name("ac-name").
								Value(p.acName).OnInput(p.ValueTo(&p.acName))),
							ui.Field("login-ac-user", "User name", ui.IDInput("login-ac-user").Name("ac-user").
								Value(p.user).OnInput(p.ValueTo(&p.user))),
							ui.Field("login-ac-domain", "Domain", ui.IDInput("login-ac-domain").Name("ac-domain").
								Value(p.domain).OnInput(p.ValueTo(&p.domain)))),

						ui.Field("login-ac-secret", "Secret", ui.IDInput("login-ac-secret").Type("password").Name("ac-secret").
							Value(p.acSecret).OnInput(p.ValueTo(&p.acSecret))))

				}),
				goapp.If(p.method == methodToken, func() goapp.UI {
					return ui.ClassDivBody("login-fields",
						ui.Field("login-token", "Keystone token", ui.IDInput("login-token").Type("password").Name("token").
							Value(p.token).OnInput(p.ValueTo(&p.token))),
						ui.Field("login-token-project", "Project (optional)", ui.IDInput("login-token-project").Name("token-project").
							Placeholder("the token's project").Value(p.project).OnInput(p.ValueTo(&p.project))))

				}),
				goapp.If(p.err != "", func() goapp.UI {
					return ui.AlertError("login-error", p.err)
				}),
				goapp.If(p.notice != "", func() goapp.UI {
					return ui.IDClassDiv("login-notice", "alert", "alert-info").Aria("live", "polite").Text(p.notice)
				}),

				ui.TypedButton("login-submit", "submit").Class("btn", "btn-primary", "btn-block").
					Disabled(p.busy || !goapp.IsServer && !p.ready && !p.restoring).
					Text(map[bool]string{true: "Logging in…", false: "Log in"}[p.busy]),

				ui.ClassDiv("login-methods").Role("group").Aria("label", "Log in with").Body(
					ui.ClassSpan("muted", "login-methods-label").Text("Log in with"),
					methodButton("login-method-password", "Password", methodPassword, p),
					methodButton("login-method-appcred", "Application credential", methodAppCred, p),
					methodButton("login-method-token", "Token", methodToken, p),
				),
			),
			goapp.If(p.cfg.Lab && len(p.cfg.LabUsers) > 0, func() goapp.UI {
				return ui.ClassDivBody("lab-users",
					goapp.H2().Text("Lab cloud users"),
					ui.ClassPText("muted", "This server runs the embedded lab cloud. Pick a user to fill in the form."),
					goapp.Table().Class("table", "table-compact").Body(
						goapp.THead().Body(goapp.Tr().Body(
							goapp.Th().Text("user"), goapp.Th().Text("password"), goapp.Th().Text("project"), goapp.Th().Text("role"), goapp.Th().Body(ui.ClassSpanText("sr-only", "fill in")),
						)),
						goapp.TBody().Body(ui.RangeSlice(p.cfg.LabUsers, func(i int) goapp.UI {
							u := p.cfg.LabUsers[i]
							return goapp.Tr().Body(
								ui.ClassTdText("mono", u.Name),
								ui.ClassTdText("mono", u.Password),
								goapp.Td().Text(u.Project),
								goapp.Td().Text(u.Role),
								goapp.Td().Body(goapp.Button().Type("button").Class("btn", "btn-small", "btn-ghost").Disabled(!p.ready).
									DataSet("lab-user", u.Name).OnClick(p.useLabUser(u)).Text("Use")),
							)
						})),
					))

			}),
			goapp.If(p.cfg.ReadOnly, func() goapp.UI {
				return ui.ClassPText("muted", "This server is read-only: you can look, not change.")
			})),
	)
}

// loginAction is the login form's action: this page, keeping next (the
// plain form's post, before the app runs, lands there after the login).
func loginAction(next string) string {
	if next == "" || next == tab.ListPath {
		return tab.LoginPath
	}
	return tab.LoginPath + "?next=" + url.QueryEscape(next)
}

// methodButton is one choice of the login method (a toggle button).
func methodButton(id, label, method string, p *Page) goapp.UI {
	return ui.TypedButton(id, "button").Class("btn", "btn-small", "btn-ghost").Disabled(!p.ready).
		Aria("pressed", p.method == method).
		OnClick(func(ctx goapp.Context, e goapp.Event) { p.method, p.err = method, "" }).Text(label)
}
