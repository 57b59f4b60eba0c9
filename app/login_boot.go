package app

import (
	"sync"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The login form works from the moment the page shows, before the app runs:
// the server renders it (loginPage with ready false: its fields take typing,
// its buttons are disabled and a note says the console is starting), and
// when the app mounts its own form in place of the served one, it keeps what
// was typed, which field had the focus and where its caret was. Nothing
// typed is lost, however slow the start.

// servedLoginFields are the served form's fields the app takes over, by id.
var servedLoginFields = []string{"login-user", "login-password", "login-domain", "login-project"}

// served is what was typed into the served login form before the app ran.
var served struct {
	mu         sync.Mutex
	values     map[string]string // field id -> value ("" fields left out)
	focus      string            // the id of the focused field ("" = none of them)
	start, end int               // its selection
}

// keepServedLogin reads the served login form (if the page has one) before
// go-app replaces it. Browser only, before the first render.
func keepServedLogin() {
	doc := goapp.Window().Get("document")
	active := doc.Get("activeElement")
	served.mu.Lock()
	defer served.mu.Unlock()
	for _, id := range servedLoginFields {
		el := doc.Call("getElementById", id)
		if !el.Truthy() {
			continue
		}
		if v := el.Get("value").String(); v != "" {
			if served.values == nil {
				served.values = map[string]string{}
			}
			served.values[id] = v
		}
		if active.Truthy() && active.Equal(el) {
			served.focus = id
			served.start, served.end = el.Get("selectionStart").Int(), el.Get("selectionEnd").Int()
		}
	}
}

// takeServedLogin returns what was typed into the served form, once.
func takeServedLogin() (values map[string]string, focus string, start, end int) {
	served.mu.Lock()
	defer served.mu.Unlock()
	values, focus, start, end = served.values, served.focus, served.start, served.end
	served.values, served.focus = nil, ""
	return values, focus, start, end
}

// bootSession is the page's word on the session cookie, for the first login
// page of the document only (later ones check the cookie themselves).
var bootSession struct {
	once       sync.Once
	live, told bool
}

func takeBootSession() (live, told bool) {
	bootSession.once.Do(func() {
		b, ok := pageBoot()
		bootSession.live, bootSession.told = b.Session, ok
	})
	live, told = bootSession.live, bootSession.told
	bootSession.live, bootSession.told = false, false
	return live, told
}

// OnInit sets the form's defaults (the password method, domain Default: the
// server renders that form too), then, in the browser, takes the page's
// start-up state (the configuration; no session to restore when the page
// says there is none) and what was typed into the served form, before the
// first render. UI goroutine.
func (p *loginPage) OnInit() {
	if p.method == "" {
		p.method = methodPassword
	}
	if p.domain == "" {
		p.domain = "Default"
	}
	if goapp.IsServer {
		return
	}
	if b, ok := pageBoot(); ok {
		p.cfg, p.cfgStatus = b.Config, loaded
	}
	if live, told := takeBootSession(); told && !live {
		p.restored = true // the server saw no live session cookie
	}
	values, focus, start, end := takeServedLogin()
	for id, field := range map[string]*string{"login-user": &p.user, "login-password": &p.password, "login-domain": &p.domain, "login-project": &p.project} {
		if v, ok := values[id]; ok {
			*field = v
		}
	}
	p.focus, p.focusStart, p.focusEnd = focus, start, end
}

// OnMount gives the focus back to the field that had it in the served form,
// with its caret, before the browser handles the next key. UI goroutine.
func (p *loginPage) OnMount(ctx goapp.Context) {
	if p.focus == "" {
		return
	}
	if el := goapp.Window().GetElementByID(p.focus); el.Truthy() {
		el.Call("focus")
		el.Call("setSelectionRange", p.focusStart, p.focusEnd)
	}
	p.focus = ""
}
