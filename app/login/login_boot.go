package login

import (
	"cmp"
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
)

// The login form works from the moment the page shows, before the app runs:
// the server renders it (loginPage with ready false) as a plain HTML form
// that posts to the server (login_form.go: the password method, which the
// server's POST /login logs in with the app's own code), and the app adopts
// the served form's elements when it starts (go-app, patched:
// third_party/go-app/PATCH.md), so they keep their focus, caret and what was
// typed; from then on the app's submit handler runs the form (it prevents
// the plain post). The app's fields are bound to loginPage's fields, which
// must hold what was typed before the first render: go-app sets each
// field's value from them. Nothing typed is lost, however slow the start.

// servedLoginFields are the served form's fields the app takes over, by id.
var servedLoginFields = []string{"login-user", "login-password", "login-domain", "login-project"}

// KeepServedLogin reads what was typed into the served login form (if the
// page has one) before go-app adopts it, for console.ReadStartup. Browser
// only, before the first render.
func KeepServedLogin() (typed tab.ServedLogin) {
	defer func() {
		if err := recover(); err != nil { // what was typed is lost, not the app
			goapp.Log("octaview: reading the served login form:", err)
		}
	}()
	doc := ui.WindowGet("document")
	if form := doc.Call("getElementById", "login-form"); form.Truthy() {
		if v := form.Get("dataset").Get("plainUntil"); v.Truthy() {
			typed.PlainUntil = plainMark(v.String())
		}
	}
	for _, id := range servedLoginFields {
		el := doc.Call("getElementById", id)
		if !el.Truthy() {
			continue
		}
		if v := el.Get("value").String(); v != "" {
			if typed.Values == nil {
				typed.Values = map[string]string{}
			}
			typed.Values[id] = v
		}
	}
	return typed
}

// plainMark is the time a form's data-plain-until mark says (ms since the
// epoch): zero when there is no mark (or not a number); the epoch itself,
// in the past, for "0" (a post went and answered).
func plainMark(v string) time.Time {
	ms, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// OnInit sets the form's defaults (the password method, domain Default: the
// server renders that form too), then, in the browser, takes the page's
// start-up state (the configuration; no session to restore when the page
// says there is none) and what was typed into the served form, before the
// first render. UI goroutine.
func (p *Page) OnInit() {
	if p.method == "" {
		p.method = methodPassword
	}
	if p.domain == "" {
		p.domain = "Default"
	}
	if goapp.IsServer {
		return
	}
	start := p.rt.Startup()
	if b, ok := start.Boot(); ok {
		p.cfg, p.cfgStatus = b.Config, ui.Loaded
	}
	switch live, told := start.TakeBootSession(); {
	case told && !live:
		// the server saw no live session cookie: nothing to restore, and the
		// first render is the usable form (no second render, nor a second
		// layout, before it shows)
		p.restored, p.ready = true, true
	case told && live:
		p.sessionLive = true // no form until the check answers
	}
	p.next = tab.SafeNext(ui.WindowURL().Query().Get("next")) // the form's action, as served
	if f := start.TakeBootLogin(); f != nil {                 // a plain login failed: the page shows why, as served
		p.user, p.domain, p.project, p.err = f.User, cmp.Or(f.Domain, "Default"), f.Project, f.Error
	}
	typed := start.TakeServedLogin()
	values, until := typed.Values, typed.PlainUntil
	switch {
	case time.Now().Before(until):
		// the served form's post is on its way (a submit before the app ran):
		// the page navigates with its answer, and the app sends no login of
		// its own meanwhile (one login per user action); busy until the post
		// cannot answer any more (a navigation the user stopped)
		p.busy, p.plainUntil = true, until
	case !until.IsZero():
		// a post went from this page and answered (back on it from the page
		// it led to) or was stopped: it may have opened a session the page's
		// word predates, so the cookie is checked
		p.restored, p.ready = false, false
	}
	for id, field := range map[string]*string{"login-user": &p.user, "login-password": &p.password, "login-domain": &p.domain, "login-project": &p.project} {
		if v, ok := values[id]; ok {
			*field = v
		}
	}
}
