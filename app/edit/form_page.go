package edit

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/shell"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// Page creates or edits one object of any kind from the kind's fields
// (one declaration per kind, res_*.go): Octavia's checks before sending
// (form.Check: the fields' required and create-only, the kind's
// Validate), Octavia's own faultstring next to the field it names on a 400,
// nothing typed lost on an error; the write goes through a writer (an
// operation with its wait; a busy 409 offered again when ACTIVE).
type Page struct {
	goapp.Compo

	rt     *tab.Runtime // the tab's (New)
	sess   *tab.Session
	pr     console.PageRef
	path   string
	create bool

	v, was    form.Values
	orig      octavia.Object
	status    ui.LoadStatus // of the object (edit)
	loadErr   string
	picks     pickOptions // picked fields' options (pick_options.go)
	errs      form.Errs
	submitted bool
	w         console.Writer
	uctx      goapp.Context // the page's own context (OnNav): a write outlives its button

	certs    console.CertPicks // certificate fields' options (tls_fields.go)
	provider providerTerms     // what the provider takes: the form offers only that (provider.go)

	// parentName names the parent a child's create is under (a member's
	// pool), once read; "" until then (the title says its id).
	parentName string
	servers    serverPick // a member's create: the project's servers (pick_server.go)
}

// New is a create or edit page of the tab whose runtime is rt (its
// route's).
func New(rt *tab.Runtime) *Page { return &Page{rt: rt} }

func (p *Page) OnNav(ctx goapp.Context) {
	if p.sess = p.rt.RequireSession(ctx); p.sess == nil {
		return
	}
	p.uctx = ctx
	u := ctx.Page().URL()
	pr, ok := console.ParsePage(u.Path)
	if !ok || pr.Mode != "new" && pr.Mode != "edit" {
		return
	}
	if u.Path == p.path {
		return // the same form: what was typed stays
	}
	p.path, p.pr, p.create = u.Path, pr, pr.Mode == "new"
	p.errs, p.orig, p.loadErr = nil, nil, ""
	p.picks.reset()
	p.certs.Reset()
	p.w, p.submitted = console.Writer{}, false
	p.provider, p.parentName = providerTerms{}, ""
	res := pr.Res
	if !res.MayWrite(p.sess) {
		p.status, p.loadErr = ui.LoadFailed, fmt.Sprintf("Your role does not allow writing %s.", res.Plural)
		if p.sess.ReadOnly {
			p.loadErr = console.ReadOnlyWhy(p.sess, "write "+res.Plural)
		}
		return
	}
	if p.create {
		p.v, p.was = form.Defaults(res.Fields), nil
		for _, f := range res.Fields {
			if q := u.Query().Get(f.Key); q != "" {
				p.v[f.Key] = q
			}
		}
		p.status = ui.Loaded
		p.picks.load(ctx, p.sess, p.pr.Res.Fields, p.create, p.v)
		p.loadCerts(ctx)
		p.loadHSTS(ctx)
		p.loadSupport(ctx)
		p.loadCaps(ctx)
		p.loadParent(ctx)
		p.watchServers(ctx)
		return
	}
	p.status = ui.Loading
	p.watchServers(ctx) // an edit: no picker
	client, ref := p.sess.Client, pr.Ref()
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		o, err := client.Get(c, ref)
		ctx.Dispatch(func(ctx goapp.Context) {
			if err != nil {
				p.status, p.loadErr = ui.LoadFailed, octavia.Message(err)
				return
			}
			p.orig, p.status = o, ui.Loaded
			p.v, p.was = form.ValuesOf(res.Fields, o), form.ValuesOf(res.Fields, o)
			if _, ok := o["hsts_max_age"]; ok {
				p.v[form.HSTSKnown] = "true" // the cloud speaks HSTS (Octavia 2.27)
			}
			p.picks.load(ctx, p.sess, p.pr.Res.Fields, p.create, p.v)
			p.loadCerts(ctx)
			p.loadSupport(ctx)
			p.loadCaps(ctx)
		})
	})
}

// check is what the form says before sending (form.Check of what it sends).
func (p *Page) check() form.Errs {
	res := p.pr.Res
	return form.Check(p.fields(), p.v, p.was, p.create, res.Validate)
}

// fields are the kind's fields as the provider takes them (provider.go).
func (p *Page) fields() []form.Field { return p.provider.fields(p.pr.Res) }

// current is, for a read the form starts now, whether the form is still
// the one shown when it answers (not another, nor a fresh one after a
// write). UI goroutine.
func (p *Page) current() func() bool {
	path := p.path
	return func() bool { return p.path == path }
}

// loadParent reads the name of the parent a child's create is under (a
// member's pool, a rule's policy): the form's title names it. UI goroutine.
func (p *Page) loadParent(ctx goapp.Context) {
	parent := p.pr.Res.Parent()
	if parent == nil || p.pr.ParentID == "" {
		return
	}
	client, current, ref := p.sess.Client, p.current(), octavia.Ref{Kind: parent.Kind, ID: p.pr.ParentID}
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		o, err := client.Get(c, ref)
		ctx.Dispatch(func(ctx goapp.Context) {
			if current() && err == nil {
				p.parentName = parent.NameOf(o)
			}
		})
	})
}

// loadCaps reads the capabilities of the provider a profile form picked
// (provider_name): what its data may set. UI goroutine.
func (p *Page) loadCaps(ctx goapp.Context) {
	p.provider.loadCaps(ctx, p.sess.Client, p.pr.Res, p.v["provider_name"], p.current())
}

// loadSupport reads what the provider of the form's load balancer takes
// (the one picked or, on an edit, the object's; the cloud's providers'
// while none is known). Called again when the load balancer picked
// changes. UI goroutine.
func (p *Page) loadSupport(ctx goapp.Context) {
	p.provider.loadSupport(ctx, p.sess.Client, p.pr.Res, lbOf(p.v, p.orig), p.v, p.current())
}

func (p *Page) submit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	if p.w.Sending || p.status != ui.Loaded {
		return
	}
	p.submitted = true
	if p.errs = p.check(); len(p.errs) > 0 {
		p.w.Err = "Some fields need a change; see below."
		p.focusFirstError(ctx)
		return
	}
	body, err := form.Body(p.fields(), p.v, p.was, p.create)
	if err != nil {
		p.w.Err = err.Error()
		return
	}
	if !p.create && len(body) == 0 {
		p.w.Err = "Nothing changed."
		return
	}
	p.send(formWrite(p.pr, p.create, p.orig, body))
}

// send sends wr; on acceptance the page goes to the object's page (or
// its parent's). UI goroutine.
func (p *Page) send(wr console.Write) {
	pr, create := p.pr, p.create
	p.w.Send(p.uctx, p.sess, wr, func(ctx goapp.Context, s console.Sent) {
		p.path = "" // a later visit starts a fresh form
		ctx.Navigate(sentPath(pr, create, s.Op))
	}, p.showError)
}

// showError puts a refused write on the form: Octavia's faultstring next to
// the field it names (faultErrs), else above the form (the writer's
// words). UI goroutine.
func (p *Page) showError(err error) {
	if errs := faultErrs(err, p.pr.Res.Fields, p.v); errs != nil {
		p.errs = errs
		p.w.Err = "Octavia refused it; see below."
		p.focusFirstError(p.uctx)
	}
}

// recheck checks the form again after a change, once it was submitted:
// its errors follow what is typed. UI goroutine.
func (p *Page) recheck() {
	if p.submitted {
		p.errs = p.check()
	}
}

func (p *Page) Render() goapp.UI {
	res := p.pr.Res
	if res == nil {
		return goapp.Div()
	}
	title := "Create a " + res.Singular
	if parent := res.Parent(); p.create && parent != nil && p.pr.ParentID != "" {
		title += " in " + parent.Singular + " " + cmp.Or(p.parentName, p.pr.ParentID)
	}
	if !p.create {
		title = "Edit " + res.Singular
		if p.orig != nil {
			title += " " + res.NameOf(p.orig)
		}
	}
	back := res.ListPathOf(p.pr.ParentID)
	if !p.create {
		back = res.DetailPathOf(p.pr.ParentID, p.pr.ID)
	}
	var body goapp.UI
	switch p.status {
	case ui.LoadFailed:
		body = ui.IDClassDiv("form-error", "alert", "alert-error").Text(p.loadErr)
	case ui.Loaded:
		body = p.renderForm(back)
	default:
		body = ui.ClassDiv("empty", "loading").Textf("Loading the %s…", res.Singular)
	}
	return shell.New(p.rt, &shell.Frame{Nav: console.NavOf(res), Title: title, Content: []goapp.UI{body}})
}

// focusFirstError moves the keyboard focus to the first field (in the
// form's order) that has an error, once the errors are drawn. UI goroutine.
func (p *Page) focusFirstError(ctx goapp.Context) {
	for _, f := range p.fields() {
		if p.errs[f.Key] != "" && f.Shown(p.create, p.v) {
			id := inputID(f.Key)
			ctx.Defer(func(goapp.Context) { ui.FocusID(id) })
			return
		}
	}
}

func (p *Page) renderForm(back string) goapp.UI {
	var inputs []goapp.UI
	for _, f := range p.fields() {
		if !f.Shown(p.create, p.v) {
			continue
		}
		if in := p.tlsInput(f); in != nil {
			inputs = append(inputs, in)
			continue
		}
		inputs = append(inputs, ui.FieldInput{ID: inputID(f.Key), Field: f, Value: p.v[f.Key], Err: p.errs[f.Key],
			Required: f.Required && p.create, Options: p.picks.opts[f.Key], OptionsErr: p.picks.errs[f.Key], Note: p.noneToPick(f),
			Set: func(key, value string) {
				p.v[key] = value
				if set := p.pr.Res.OnSet; set != nil {
					set(p.v, key, value)
				}
				p.loadCerts(p.uctx)
				switch key {
				case "loadbalancer_id":
					p.loadSupport(p.uctx)
				case "provider_name":
					p.loadCaps(p.uctx)
				case "subnet_id":
					p.watchServers(p.uctx)
				}
				p.recheck()
			}}.Render())
	}
	verb := map[bool]string{true: "Create", false: "Save"}[p.create]
	return goapp.Form().ID("res-form").Class("form", "card", "form-narrow").OnSubmit(p.submit).Body(
		goapp.If(p.w.Err != "", func() goapp.UI {
			return ui.AlertError("res-form-error", p.w.Err)
		}),
		goapp.If(p.w.Refused != nil, func() goapp.UI { return p.w.Retry("res-retry") }),
		p.serverPicker(),
		goapp.Div().Body(inputs...),
		goapp.If(!p.create, func() goapp.UI {
			return ui.ClassP("muted", "hint").Text("Only what you change is sent; clearing a field unsets it (Octavia's default). Tags are changed on the object's page.")
		}),
		ui.ClassDivBody("confirm-actions",
			ui.TypedButton("res-submit", "submit").Class("btn", "btn-primary").Disabled(p.w.Sending).
				Text(map[bool]string{true: verb + "…", false: verb}[p.w.Sending]),
			ui.ClassA("btn", "btn-ghost").Href(back).Text("Cancel")),
	)
}

// noneToPick says, under a required picked field whose list came back
// empty (a flavor without any flavor profile), that one must be created
// first, with a link to its form when the session may write it; nil
// otherwise.
func (p *Page) noneToPick(f form.Field) goapp.UI {
	opts, read := p.picks.opts[f.Key]
	ref := console.ResourceOf(f.Ref)
	if f.Type != form.Ref || !f.Required || !p.create || !read || len(opts) > 0 || ref == nil {
		return nil
	}
	what := fmt.Sprintf("There is no %s yet, and a %s needs one: create a %s first.", ref.Singular, p.pr.Res.Singular, ref.Singular)
	return ui.IDClassDiv(inputID(f.Key)+"-none", "alert", "alert-info", "none-to-pick").Body(
		goapp.Text(what+" "),
		goapp.If(ref.Create && ref.MayWrite(p.sess), func() goapp.UI {
			return ui.ClassA("btn", "btn-small").Href(ref.CreatePathOf("")).Text("Create a " + ref.Singular)
		}),
	)
}

// inputID is the DOM id of field key's input: "f-session_persistence-type".
func inputID(key string) string { return "f-" + strings.ReplaceAll(key, ".", "-") }
