package app

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
)

// fieldType is how a form field is typed and sent.
type fieldType int

const (
	fText   fieldType = iota // a string
	fArea                    // a string on several lines (JSON data)
	fInt                     // a whole number
	fBool                    // a checkbox: true or false
	fChoice                  // one of Choices
	fList                    // a list of strings, one per line or comma-separated
	fRef                     // the id of an object of kind Ref, picked from its list
)

// formField is one input of a kind's create and edit form, named by Octavia's
// attribute (dotted for a nested one: "session_persistence.type").
type formField struct {
	Key     string
	Label   string
	Type    fieldType
	Choices []string
	Ref     octavia.Kind // fRef: the kind picked from
	// RefBy is the filter of Ref's list taken from the form's own values
	// (a listener's default pool among its load balancer's pools).
	RefBy    string
	Only     string // "create" or "edit": shown on that form only ("" = both)
	Required bool   // on a create
	Default  string // a create's initial value
	Hint     string
	// Show, if set, shows the field only when it applies (TLS fields for
	// TERMINATED_HTTPS, an HTTP monitor's URL path).
	Show func(v formValues) bool
	// Null: an edit that clears it sends null, Octavia's "unset" (back to
	// its default), rather than "".
	Null bool
}

// on reports whether f is on the create (create) or edit form.
func (f formField) on(create bool) bool {
	return f.Only == "" || f.Only == "create" && create || f.Only == "edit" && !create
}

// shown reports whether f is on the form for values v.
func (f formField) shown(create bool, v formValues) bool {
	return f.on(create) && (f.Show == nil || f.Show(v))
}

// valuesOf are the edit form's initial values: o's attributes as text
// (lists one per line).
func valuesOf(fields []formField, o object) formValues {
	v := formValues{}
	for _, f := range fields { // create-only ones too: Show reads them
		var x any = map[string]any(o)
		for part := range strings.SplitSeq(f.Key, ".") {
			m, _ := x.(map[string]any)
			x = m[part]
		}
		if list, ok := x.([]any); ok && f.Type == fList {
			parts := make([]string, 0, len(list))
			for _, e := range list {
				parts = append(parts, valueText(e))
			}
			v[f.Key] = strings.Join(parts, "\n")
			continue
		}
		v[f.Key] = valueText(x)
	}
	return v
}

// buildBody is the request body of a form: on a create every shown field
// with a value; on an edit the shown fields whose value differs from was
// (a cleared field sends "" or, for Null fields, null). Values are typed
// as Octavia wants them; dotted keys nest.
//
// A nested object is sent whole, as Octavia replaces it: an edit that
// changes one of its fields sends its other shown fields too, and one whose
// fields are all empty is sent as null (a pool's session_persistence unset).
func buildBody(fields []formField, v, was formValues, create bool) (object, error) {
	body := object{}
	changed := map[string]bool{} // nested objects an edit changes
	for _, f := range fields {
		if group, _, ok := strings.Cut(f.Key, "."); ok && f.shown(create, v) && strings.TrimSpace(v[f.Key]) != strings.TrimSpace(was[f.Key]) {
			changed[group] = true
		}
	}
	for _, f := range fields {
		if !f.shown(create, v) {
			continue
		}
		s := strings.TrimSpace(v[f.Key])
		if f.Type == fArea {
			s = v[f.Key]
		}
		group, _, nested := strings.Cut(f.Key, ".")
		if !create && s == strings.TrimSpace(was[f.Key]) && !(nested && changed[group]) {
			continue
		}
		var val any
		switch {
		case s == "" && create:
			continue
		case s == "" && f.Null:
			val = nil
		case s == "" && f.Type != fText && f.Type != fArea && f.Type != fList:
			val = nil
		case f.Type == fInt:
			n, err := strconv.Atoi(s)
			if err != nil {
				return nil, fmt.Errorf("%s: %q is not a whole number", f.Label, s)
			}
			val = n
		case f.Type == fBool:
			val = s == "true"
		case f.Type == fList:
			val = splitList(s)
		default:
			val = s
		}
		keys := strings.Split(f.Key, ".")
		m := body
		for _, k := range keys[:len(keys)-1] {
			sub, ok := m[k].(object)
			if !ok {
				sub = object{}
				m[k] = sub
			}
			m = sub
		}
		m[keys[len(keys)-1]] = val
	}
	for k, x := range body {
		if sub, ok := x.(object); ok && !slices.ContainsFunc(slices.Collect(maps.Values(sub)), func(e any) bool { return e != nil && e != "" }) {
			body[k] = nil
		}
	}
	return body, nil
}

// choice is an option of a fRef field.
type choice struct{ ID, Label string }

// formPage creates or edits one object of any kind from the kind's fields:
// Octavia's checks before sending (resource.Validate), Octavia's own
// faultstring next to the field it names on a 400, nothing typed lost on
// an error; an accepted write becomes an operation with its wait.
type formPage struct {
	goapp.Compo

	sess   *session
	pr     pageRef
	path   string
	create bool

	v, was    formValues
	orig      object
	status    loadStatus // of the object (edit)
	loadErr   string
	refs      map[string][]choice // fRef options by field key
	refErr    map[string]string
	errs      fieldErrs
	err       string
	sending   bool
	submitted bool
	retry     *formRetry    // a write refused with a 409 immutable, offered again when ACTIVE
	uctx      goapp.Context // the page's own context (OnNav): a retry's write outlives the retry's component
}

// formRetry is a refused write of the form, kept to be sent again as is.
type formRetry struct {
	LBID    string
	Body    requestBody
	Written string
}

func (p *formPage) OnNav(ctx goapp.Context) {
	if p.sess = requireSession(ctx); p.sess == nil {
		return
	}
	p.uctx = ctx
	u := ctx.Page().URL()
	pr, ok := parsePage(u.Path)
	if !ok || pr.Mode != "new" && pr.Mode != "edit" {
		return
	}
	if u.Path == p.path {
		return // the same form: what was typed stays
	}
	p.path, p.pr, p.create = u.Path, pr, pr.Mode == "new"
	p.errs, p.err, p.orig, p.loadErr, p.refs, p.refErr = nil, "", nil, "", map[string][]choice{}, map[string]string{}
	p.retry = nil
	res := pr.Res
	if !res.mayWrite(p.sess) {
		p.status, p.loadErr = loadFailed, fmt.Sprintf("Your role does not allow writing %s (or the console is read-only).", res.Plural)
		return
	}
	p.v = formValues{}
	if p.create {
		for _, f := range res.Fields {
			if f.Default != "" {
				p.v[f.Key] = f.Default
			}
			if q := u.Query().Get(f.Key); q != "" {
				p.v[f.Key] = q
			}
		}
		p.status = loaded
		p.loadRefs(ctx)
		return
	}
	p.status = loading
	client, ref := p.sess.Client, octavia.Ref{Kind: res.Kind, ID: pr.ID, ParentID: pr.ParentID}
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		o, err := res.Get(c, client, ref)
		ctx.Dispatch(func(ctx goapp.Context) {
			if err != nil {
				p.status, p.loadErr = loadFailed, octavia.Message(err)
				return
			}
			p.orig, p.status = o, loaded
			p.v, p.was = valuesOf(res.Fields, o), valuesOf(res.Fields, o)
			p.loadRefs(ctx)
		})
	})
}

// loadRefs reads the options of the form's fRef fields. UI goroutine.
func (p *formPage) loadRefs(ctx goapp.Context) {
	client := p.sess.Client
	for _, f := range p.pr.Res.Fields {
		ref := resourceOf(f.Ref)
		if f.Type != fRef || ref == nil || !f.on(p.create) || !ref.mayRead(p.sess) {
			continue
		}
		q := listQuery{Filters: map[string][]string{}}
		if f.RefBy != "" && p.v[f.RefBy] != "" {
			q.Filters.Set(f.RefBy, p.v[f.RefBy])
		}
		ctx.Async(func() {
			c, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			var opts []choice
			var err error
			for o, e := range ref.List(c, client, q) {
				if e != nil {
					err = e
					break
				}
				opts = append(opts, choice{ID: ref.idOf(o), Label: ref.nameOf(o)})
			}
			ctx.Dispatch(func(ctx goapp.Context) {
				if err != nil {
					p.refErr[f.Key] = octavia.Message(err)
					return
				}
				p.refs[f.Key] = opts
			})
		})
	}
}

// names are the attribute names of the form's fields.
func (p *formPage) names() []string {
	out := make([]string, 0, len(p.pr.Res.Fields))
	for _, f := range p.pr.Res.Fields {
		out = append(out, f.Key)
	}
	return out
}

// check is what the form says before sending: required fields, the
// kind's own checks (Octavia's, in validate.go).
func (p *formPage) check() fieldErrs {
	res := p.pr.Res
	errs := fieldErrs{}
	sent := formValues{}
	for _, f := range res.Fields {
		if !f.shown(p.create, p.v) {
			continue
		}
		val := strings.TrimSpace(p.v[f.Key])
		if f.Required && p.create && val == "" {
			errs[f.Key] = f.Label + " is required."
		}
		if p.create && val == "" || !p.create && val == strings.TrimSpace(p.was[f.Key]) {
			continue
		}
		sent[f.Key] = val
	}
	if res.Validate != nil {
		for k, e := range res.Validate(sent, p.create) {
			if _, ok := errs[k]; !ok {
				errs[k] = e
			}
		}
	}
	return errs
}

func (p *formPage) submit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	if p.sending || p.status != loaded {
		return
	}
	p.submitted = true
	res := p.pr.Res
	if p.errs = p.check(); len(p.errs) > 0 {
		p.err = "Some fields need a change; see below."
		return
	}
	body, err := buildBody(res.Fields, p.v, p.was, p.create)
	if err != nil {
		p.err = err.Error()
		return
	}
	if !p.create && len(body) == 0 {
		p.err = "Nothing changed."
		return
	}
	p.send(ctx, requestBody{Envelope: res.Envelope, Body: body}, writtenText(p.create, res, body))
}

// send writes rb (a submit, or its retry when ACTIVE). UI goroutine.
func (p *formPage) send(ctx goapp.Context, rb requestBody, written string) {
	res := p.pr.Res
	p.sending, p.err, p.retry = true, "", nil
	sess, pr, create, orig := p.sess, p.pr, p.create, p.orig
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		var o object
		var acc octavia.Accepted
		var err error
		if create {
			o, acc, err = res.Create(c, sess.Client, pr.ParentID, rb)
		} else {
			ref := octavia.Ref{Kind: res.Kind, ID: pr.ID, ParentID: pr.ParentID}
			if res.LoadBalancerOf != nil {
				ref.LoadBalancerID = res.LoadBalancerOf(orig)
			}
			o, acc, err = res.Update(c, sess.Client, ref, rb)
		}
		ctx.Dispatch(func(ctx goapp.Context) {
			p.sending = false
			if err != nil {
				p.showError(err, orig)
				if lb := retryLBOf(err, formLBOf(res, orig, rb)); lb != "" {
					p.retry = &formRetry{LBID: lb, Body: rb, Written: written}
				}
				return
			}
			kind := opUpdate
			if create {
				kind = opCreate
			}
			if o == nil {
				o = orig
			}
			ref := res.refOf(pr.ParentID, o)
			if ref.ID == "" {
				ref.ID = pr.ID
			}
			operations.start(ctx, sess, operation{Kind: kind, Wait: waitFor(res, kind), Ref: ref, Name: res.nameOf(o),
				VIPAddress: o.str("vip_address"), Written: written, Status: o.str("provisioning_status")}, acc)
			p.path = "" // a later visit starts a fresh form
			ctx.Navigate(res.detailPathOf(pr.ParentID, ref.ID))
		})
	})
}

// showError puts a refused write on the form: Octavia's faultstring next to
// the field it names (a 400), else above the form. UI goroutine.
func (p *formPage) showError(err error, orig object) {
	var e *octavia.Error
	fault := ""
	if errors.As(err, &e) {
		fault = e.Fault
	}
	if e != nil && e.StatusCode == 400 && fault != "" {
		if k := faultField(fault, p.names()); k != "" {
			p.errs = fieldErrs{k: "Octavia: " + fault}
			p.err = "Octavia refused it; see below."
			return
		}
	}
	p.err = writeErrorText(err, orig.str("provisioning_status"))
}

// writtenText says in words what a form writes, for its wait item.
func writtenText(create bool, res *resource, body object) string {
	verb := "PUT"
	if create {
		verb = "POST"
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range body {
			if !yield(k) {
				return
			}
		}
	})
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		v := valueText(body[k])
		if len(v) > 60 {
			v = v[:60] + "…"
		}
		parts = append(parts, fmt.Sprintf("%s %q", k, v))
	}
	return verb + " " + res.Singular + " " + strings.Join(parts, ", ")
}

func (p *formPage) Render() goapp.UI {
	res := p.pr.Res
	if res == nil {
		return goapp.Div()
	}
	title := "Create a " + res.Singular
	if !p.create {
		title = "Edit " + res.Singular
		if p.orig != nil {
			title += " " + res.nameOf(p.orig)
		}
	}
	back := res.listPathOf(p.pr.ParentID)
	if !p.create {
		back = res.detailPathOf(p.pr.ParentID, p.pr.ID)
	}
	var body goapp.UI
	switch p.status {
	case loadFailed:
		body = goapp.Div().ID("form-error").Class("alert", "alert-error").Text(p.loadErr)
	case loaded:
		body = p.renderForm(back)
	default:
		body = goapp.Div().Class("empty", "loading").Textf("Loading the %s…", res.Singular)
	}
	return &shell{Nav: navOf(res), Title: title, Content: []goapp.UI{body}}
}

func (p *formPage) renderForm(back string) goapp.UI {
	res := p.pr.Res
	var inputs []goapp.UI
	for _, f := range res.Fields {
		if !f.shown(p.create, p.v) {
			continue
		}
		inputs = append(inputs, p.renderField(f))
	}
	verb := map[bool]string{true: "Create", false: "Save"}[p.create]
	return goapp.Form().ID("res-form").Class("form", "card", "form-narrow").OnSubmit(p.submit).Body(
		goapp.If(p.err != "", func() goapp.UI {
			return goapp.Div().ID("res-form-error").Class("alert", "alert-error").Aria("live", "assertive").Text(p.err)
		}),
		goapp.If(p.retry != nil, func() goapp.UI {
			return &retryWhenActive{ID: "res-retry", LBID: p.retry.LBID, Send: func() {
				if w := p.retry; w != nil && !p.sending {
					p.send(p.uctx, w.Body, w.Written)
				}
			}}
		}),
		goapp.Div().Body(inputs...),
		goapp.If(!p.create, func() goapp.UI {
			return goapp.P().Class("muted", "hint").Text("Only what you change is sent; clearing a field unsets it (Octavia's default).")
		}),
		goapp.Div().Class("confirm-actions").Body(
			goapp.Button().ID("res-submit").Type("submit").Class("btn", "btn-primary").Disabled(p.sending).
				Text(map[bool]string{true: verb + "…", false: verb}[p.sending]),
			goapp.A().Class("btn", "btn-ghost").Href(back).Text("Cancel"),
		),
	)
}

// inputID is the DOM id of field key's input: "f-session_persistence-type".
func inputID(key string) string { return "f-" + strings.ReplaceAll(key, ".", "-") }

func (p *formPage) renderField(f formField) goapp.UI {
	id := inputID(f.Key)
	val := p.v[f.Key]
	// The handlers read the field's key from the input (data-key): when a
	// conditional field comes or goes, go-app reuses the inputs after it by
	// position and keeps their first handlers (same func literal), whose f
	// would be another field's.
	set := func(ctx goapp.Context, e goapp.Event) {
		p.v[ctx.JSSrc().Get("dataset").Get("key").String()] = ctx.JSSrc().Get("value").String()
		if p.submitted {
			p.errs = p.check()
		}
	}
	var in goapp.UI
	switch f.Type {
	case fBool:
		in = goapp.Input().ID(id).DataSet("key", f.Key).Type("checkbox").Checked(val == "true").OnChange(func(ctx goapp.Context, e goapp.Event) {
			p.v[ctx.JSSrc().Get("dataset").Get("key").String()] = strconv.FormatBool(ctx.JSSrc().Get("checked").Bool())
		})
	case fChoice:
		opts := []goapp.UI{goapp.Option().Value("").Selected(val == "").Text("—")}
		for _, c := range f.Choices {
			opts = append(opts, goapp.Option().Value(c).Selected(c == val).Text(c))
		}
		in = goapp.Select().ID(id).DataSet("key", f.Key).OnChange(set).Body(opts...)
	case fRef:
		if msg := p.refErr[f.Key]; msg != "" {
			in = goapp.Div().Body(goapp.Input().ID(id).DataSet("key", f.Key).Value(val).OnInput(set), goapp.Span().Class("st-error-text").Text(" The list could not be read: "+msg))
			break
		}
		opts := []goapp.UI{goapp.Option().Value("").Selected(val == "").Text("—")}
		for _, c := range p.refs[f.Key] {
			opts = append(opts, goapp.Option().Value(c.ID).Selected(c.ID == val).Text(c.Label+" ("+shorten(c.ID, 13)+")"))
		}
		if val != "" && !slices.ContainsFunc(p.refs[f.Key], func(c choice) bool { return c.ID == val }) {
			opts = append(opts, goapp.Option().Value(val).Selected(true).Text(val))
		}
		in = goapp.Select().ID(id).DataSet("key", f.Key).OnChange(set).Body(opts...)
	case fArea, fList:
		in = goapp.Textarea().ID(id).DataSet("key", f.Key).Rows(4).Text(val).OnInput(set)
	case fInt:
		in = goapp.Input().ID(id).DataSet("key", f.Key).Type("text").Attr("inputmode", "numeric").Value(val).OnInput(set)
	default:
		in = goapp.Input().ID(id).DataSet("key", f.Key).Value(val).OnInput(set)
	}
	label := f.Label
	if f.Required && p.create {
		label += " *"
	}
	msg := p.errs[f.Key]
	return goapp.Div().Class("field").DataSet("key", f.Key).Body(
		goapp.Label().For(id).Text(label),
		in,
		goapp.If(f.Hint != "", func() goapp.UI { return goapp.Div().Class("muted", "hint").Text(f.Hint) }),
		goapp.If(msg != "", func() goapp.UI {
			return goapp.Div().ID(id+"-error").Class("field-error", "st-error-text").Aria("live", "polite").Text(msg)
		}),
	)
}
