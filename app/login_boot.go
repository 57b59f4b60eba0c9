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
	length     int               // its value's length (UTF-16 units, as start and end)
}

// keepServedLogin reads the served login form (if the page has one) before
// go-app replaces it. Browser only, before the first render.
func keepServedLogin() {
	defer func() {
		if err := recover(); err != nil { // what was typed is lost, not the app
			goapp.Log("octaview: reading the served login form:", err)
		}
	}()
	doc := goapp.Window().Get("document")
	active := doc.Get("activeElement")
	served.mu.Lock()
	defer served.mu.Unlock()
	for _, id := range servedLoginFields {
		el := doc.Call("getElementById", id)
		if !el.Truthy() {
			continue
		}
		v := el.Get("value").String()
		if v != "" {
			if served.values == nil {
				served.values = map[string]string{}
			}
			served.values[id] = v
		}
		if active.Truthy() && active.Equal(el) {
			served.focus = id
			served.start, served.end = el.Get("selectionStart").Int(), el.Get("selectionEnd").Int()
			served.length = utf16Len(v)
		}
	}
}

// utf16Len is the length of s in UTF-16 code units, as JavaScript counts.
func utf16Len(s string) (n int) {
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++ // a surrogate pair
		}
	}
	return n
}

// takeServedLogin returns what was typed into the served form, once: the
// values, the focused field and its selection, unless the caret is at the
// end of its value (where the app's field has it already: moving it costs
// the browser a layout before the first frame).
func takeServedLogin() (values map[string]string, focus string, sel []int) {
	served.mu.Lock()
	defer served.mu.Unlock()
	values, focus = served.values, served.focus
	if served.start != served.length || served.end != served.length {
		sel = []int{served.start, served.end}
	}
	served.values, served.focus = nil, ""
	return values, focus, sel
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
	switch live, told := takeBootSession(); {
	case told && !live:
		// the server saw no live session cookie: nothing to restore, and the
		// first render is the usable form (no second render, nor a second
		// layout, before it shows)
		p.restored, p.ready = true, true
	case told && live:
		p.sessionLive = true // no form until the check answers
	}
	values, focus, sel := takeServedLogin()
	for id, field := range map[string]*string{"login-user": &p.user, "login-password": &p.password, "login-domain": &p.domain, "login-project": &p.project} {
		if v, ok := values[id]; ok {
			*field = v
		}
	}
	p.focus, p.focusSelection = focus, sel
}

// OnMount gives the focus back to the field that had it in the served form,
// with its caret, before the browser handles the next key. UI goroutine.
func (p *loginPage) OnMount(ctx goapp.Context) {
	if p.focus == "" {
		return
	}
	if el := goapp.Window().GetElementByID(p.focus); el.Truthy() {
		el.Call("focus")
		if sel := p.focusSelection; sel != nil {
			el.Call("setSelectionRange", sel[0], sel[1])
		}
	}
	p.focus = ""
}
