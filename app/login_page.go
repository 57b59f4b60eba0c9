package app

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// loginPage signs in with Keystone (password method, project scope). The
// client, and with it the token, lives in memory only.
type loginPage struct {
	goapp.Compo

	user, password, domain, project string

	cfg       serverapi.Config
	cfgStatus loadStatus
	busy      bool
	err       string
	notice    string
	next      string
	ready     bool // set in the browser: the form is live (tests wait for it)
}

func (p *loginPage) OnNav(ctx goapp.Context) {
	if goapp.IsServer {
		return
	}
	p.ready = true
	q := ctx.Page().URL().Query()
	p.next = safeNext(q.Get("next"))
	if bye := takeBye(); bye != "" {
		p.notice = bye
	}
	if p.domain == "" {
		p.domain = "Default"
	}
	if p.cfgStatus == neverLoaded {
		p.loadConfig(ctx)
	}
}

// loadConfig fetches /api/config: the lab users to show and the modes.
func (p *loginPage) loadConfig(ctx goapp.Context) {
	p.cfgStatus = loading
	origin := originOf(goapp.Window().URL())
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var cfg serverapi.Config
		err := getJSON(c, http.DefaultClient, origin, serverapi.ConfigPath, &cfg)
		ctx.Dispatch(func(ctx goapp.Context) {
			if err != nil {
				p.cfgStatus = loadFailed
				goapp.Log("octaview:", err)
				return
			}
			p.cfg, p.cfgStatus = cfg, loaded
		})
	})
}

func (p *loginPage) submit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	if p.busy {
		return
	}
	if p.user == "" || p.password == "" || p.project == "" {
		p.err = "User name, password and project are all needed."
		return
	}
	p.busy, p.err, p.notice = true, "", ""
	origin := originOf(goapp.Window().URL())
	cfg := clientConfig(origin, p.user, p.password, p.domain, p.project)
	serverCfg, cfgKnown := p.cfg, p.cfgStatus == loaded
	next := p.next
	ctx.Async(func() {
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
			if err := getJSON(c, http.DefaultClient, origin, serverapi.ConfigPath, &serverCfg); err != nil {
				goapp.Log("octaview:", err)
			}
		}()
		client, err := octavia.New(c, cfg)
		var first *firstRows
		if err == nil && (next == listPath || next == homePath) {
			first = prefetchFirstRows(client)
		}
		<-cfgDone
		if first != nil {
			select {
			case <-first.done:
			case <-time.After(listPrefetchWait):
			}
		}
		ctx.Dispatch(func(ctx goapp.Context) {
			p.busy = false
			if err != nil {
				p.err = loginErrorText(err, cfg.AuthURL)
				return
			}
			info := client.Session()
			sess := &session{Client: client, Info: info, Config: serverCfg, ReadOnly: readOnlyFor(serverCfg, info.Roles)}
			setSession(sess)
			p.password = ""
			operations.resume(ctx, sess)
			ctx.Navigate(next)
		})
	})
}

// loginErrorText is what a failed login says: Keystone's 401 as wrong
// credentials, an unreachable Keystone as such, with where it was tried.
func loginErrorText(err error, authURL string) string {
	var e *octavia.Error
	if !errors.As(err, &e) {
		return "Keystone could not be reached at " + authURL + ": " + err.Error()
	}
	switch e.Code {
	case octavia.EUNAUTHORIZED:
		return "Keystone refused these credentials (401): check the user name, password, domain and project."
	case octavia.EUNAVAILABLE, octavia.ETIMEOUT:
		s := "Keystone could not be reached at " + authURL
		if e.StatusCode != 0 {
			s += fmt.Sprintf(" (HTTP %d)", e.StatusCode)
		} else {
			s += " (no answer)"
		}
		s += "."
		if e.Fault != "" {
			s += " It said: " + e.Fault
		}
		return s + " Try again once it is back."
	}
	return "Login failed: " + octavia.Message(err)
}

func (p *loginPage) useLabUser(u serverapi.LabUser) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		p.user, p.password, p.project, p.domain = u.Name, u.Password, u.Project, "Default"
		p.err = ""
	}
}

func (p *loginPage) Render() goapp.UI {
	return goapp.Div().Class("login-wrap").Body(
		goapp.Div().Class("login-card").Body(
			goapp.Div().Class("login-brand").Body(
				goapp.Img().Src("/web/icon.svg").Alt("").Class("login-icon"),
				goapp.Div().Body(
					goapp.H1().Text("Octaview"),
					goapp.P().Class("muted").Text("OpenStack Octavia console"),
				),
			),
			goapp.Form().ID("login-form").Class("form").DataSet("ready", p.ready).OnSubmit(p.submit).Body(
				field("login-user", "User name", goapp.Input().ID("login-user").Name("user").AutoComplete(true).
					Value(p.user).OnInput(p.ValueTo(&p.user)).Required(true).AutoFocus(true)),
				field("login-password", "Password", goapp.Input().ID("login-password").Type("password").Name("password").
					Value(p.password).OnInput(p.ValueTo(&p.password)).Required(true)),
				goapp.Div().Class("form-row").Body(
					field("login-domain", "Domain", goapp.Input().ID("login-domain").Name("domain").
						Value(p.domain).OnInput(p.ValueTo(&p.domain))),
					field("login-project", "Project", goapp.Input().ID("login-project").Name("project").
						Value(p.project).OnInput(p.ValueTo(&p.project)).Required(true)),
				),
				goapp.If(p.err != "", func() goapp.UI {
					return goapp.Div().ID("login-error").Class("alert", "alert-error").Aria("live", "assertive").Text(p.err)
				}),
				goapp.If(p.notice != "", func() goapp.UI {
					return goapp.Div().ID("login-notice").Class("alert", "alert-info").Aria("live", "polite").Text(p.notice)
				}),
				goapp.Button().ID("login-submit").Type("submit").Class("btn", "btn-primary", "btn-block").Disabled(p.busy).
					Text(map[bool]string{true: "Logging in…", false: "Log in"}[p.busy]),
			),
			goapp.If(p.cfg.Lab && len(p.cfg.LabUsers) > 0, func() goapp.UI {
				return goapp.Div().Class("lab-users").Body(
					goapp.H2().Text("Lab cloud users"),
					goapp.P().Class("muted").Text("This server runs the embedded lab cloud. Pick a user to fill in the form."),
					goapp.Table().Class("table", "table-compact").Body(
						goapp.THead().Body(goapp.Tr().Body(
							goapp.Th().Text("user"), goapp.Th().Text("password"), goapp.Th().Text("project"), goapp.Th().Text("role"), goapp.Th(),
						)),
						goapp.TBody().Body(goapp.Range(p.cfg.LabUsers).Slice(func(i int) goapp.UI {
							u := p.cfg.LabUsers[i]
							return goapp.Tr().Body(
								goapp.Td().Class("mono").Text(u.Name),
								goapp.Td().Class("mono").Text(u.Password),
								goapp.Td().Text(u.Project),
								goapp.Td().Text(u.Role),
								goapp.Td().Body(goapp.Button().Type("button").Class("btn", "btn-small", "btn-ghost").
									DataSet("lab-user", u.Name).OnClick(p.useLabUser(u)).Text("Use")),
							)
						})),
					),
				)
			}),
			goapp.If(p.cfg.ReadOnly, func() goapp.UI {
				return goapp.P().Class("muted").Text("This server is read-only: you can look, not change.")
			}),
		),
	)
}

// field is a labelled form control.
func field(id, label string, control goapp.UI) goapp.UI {
	return goapp.Div().Class("field").Body(
		goapp.Label().For(id).Text(label),
		control,
	)
}
