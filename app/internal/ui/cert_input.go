package ui

import (
	"slices"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/form"
)

// CertOption is one of the project's certificates a certificate field may
// pick (console.ReadCertChoices reads them from Barbican).
type CertOption struct {
	Ref  string       // the secret's or container's ref: what the field holds
	Name string       // Barbican's name ("" = none)
	Use  form.CertUse // form.CertKeyed (with its key) or form.CertCA
	// Subject, NotAfter and Expiry (in words) are the certificate's, Warn
	// whether its expiry needs attention (under 30 days, expired); Err
	// says why it could not be read ("" = it was).
	Subject  string
	NotAfter time.Time
	Expiry   string
	Warn     bool
	Err      string
}

// Label is how a list offers o: its name, its subject and when it
// expires ("web — www.example.com, expires in 80 days").
func (o CertOption) Label() string {
	name := o.Name
	if name == "" {
		name = "unnamed " + o.Ref[strings.LastIndex(o.Ref, "/")+1:]
	}
	switch {
	case o.Err != "":
		return name + " — could not be read"
	case o.Subject == "":
		return name
	}
	label := name + " — " + o.Subject + ", " + o.Expiry
	if o.Warn {
		label = "⚠ " + label
	}
	return label
}

// TypedKey is the key of a form's Values that says the user chose to
// type field key's ref rather than pick it ("true"); "_" keys are never
// sent.
func TypedKey(key string) string { return "_typed." + key }

// typeARef is the value of a certificate list's "Type a ref…" option.
const typeARef = "_type-a-ref"

// CertInput is a certificate field (form.Field.Cert) of a form: the
// project's certificates that fit it to pick from, "Type a ref…" to type
// one (a ref not in the list is shown typed); an SNI list is its refs one
// per line with "Add a certificate…" to pick more. Without the list (no
// Barbican in the catalog, a failed read) the field is typed and says
// why.
type CertInput struct {
	ID       string // the input's DOM id
	Field    form.Field
	Value    string
	Typing   bool // the user chose "Type a ref…" (Values[TypedKey])
	Err      string
	Required bool
	// Options are the project's certificates (every use: the field keeps
	// those of its own); OptionsErr why they could not be read; Loading
	// while they are read.
	Options    []CertOption
	OptionsErr string
	Loading    bool
	// Upload, if set, is the page that uploads a certificate: the field
	// links it (in a new tab: what was typed here stays).
	Upload string
	// Relist, if set, reads the list again (the field's "List again",
	// beside Upload).
	Relist func()
	Scope  []any
	// Set takes a new value of the field (or of its TypedKey). UI
	// goroutine.
	Set func(key, value string)
}

// fits are the options field f may pick.
func (in CertInput) fits() []CertOption {
	var out []CertOption
	for _, o := range in.Options {
		if o.Use == in.Field.Cert {
			out = append(out, o)
		}
	}
	return out
}

// Render draws the field.
func (in CertInput) Render() goapp.UI {
	f, id := in.Field, in.ID
	scope := goapp.EventScope(append([]any{id}, in.Scope...)...)
	opts := in.fits()
	var why string // why nothing is picked from a list
	switch {
	case in.OptionsErr != "":
		why = in.OptionsErr + " Type the certificate's Barbican URL."
	case in.Loading:
		why = "Listing the project's certificates…"
	}
	byRef := func(ref string) (CertOption, bool) {
		i := slices.IndexFunc(opts, func(o CertOption) bool { return o.Ref == ref })
		if i < 0 {
			return CertOption{}, false
		}
		return opts[i], true
	}
	var body []goapp.UI
	if f.Type == form.List {
		body = in.renderList(scope, opts, why, byRef)
	} else {
		body = in.renderOne(scope, opts, why, byRef)
	}
	label := f.Label
	if in.Required {
		label += " *"
	}
	return ClassDiv("field", "field-cert").DataSet("key", f.Key).Body(
		append(append([]goapp.UI{goapp.Label().For(id).Text(label)}, body...),
			goapp.If(f.Hint != "", func() goapp.UI { return ClassDiv("muted", "hint").Text(f.Hint) }),
			goapp.If(in.Err != "", func() goapp.UI {
				return IDClassDiv(id+"-error", "field-error", "st-error-text").Aria("live", "polite").Text(in.Err)
			}),
		)...,
	)
}

// renderOne is a field of one ref: the list, or the typed ref.
func (in CertInput) renderOne(scope goapp.EventOption, opts []CertOption, why string, byRef func(string) (CertOption, bool)) []goapp.UI {
	f, id, val := in.Field, in.ID, strings.TrimSpace(in.Value)
	picked, known := byRef(val)
	typed := why != "" || in.Typing || val != "" && !known
	typeIt := func(ctx goapp.Context, e goapp.Event) { in.Set(f.Key, ctx.JSSrc().Get("value").String()) }
	if why != "" {
		return []goapp.UI{IDInput(id).Value(in.Value).Attr("placeholder", "https://…/v1/secrets/…").OnInput(typeIt, scope),
			ClassDivBody("cert-note", goapp.Span().Class("muted").Text(why), in.relist(id, scope))}
	}
	sel := []goapp.UI{Option("", "— none —", val == "" && !typed)}
	for _, o := range opts {
		sel = append(sel, Option(o.Ref, o.Label(), !typed && o.Ref == val))
	}
	sel = append(sel, Option(typeARef, "Type a ref…", typed))
	out := []goapp.UI{goapp.Select().ID(id).OnChange(func(ctx goapp.Context, e goapp.Event) {
		switch v := SelectValue(ctx); v {
		case typeARef:
			in.Set(TypedKey(f.Key), "true")
		default:
			in.Set(TypedKey(f.Key), "")
			in.Set(f.Key, v)
		}
	}, scope).Body(sel...)}
	if typed {
		out = append(out, IDInput(id+"-ref").Class("cert-ref").Aria("label", f.Label+": Barbican URL").Value(in.Value).
			Attr("placeholder", "https://…/v1/secrets/…").OnInput(typeIt, scope))
	}
	switch {
	case known:
		out = append(out, certNote(id+"-note", picked))
	case len(opts) == 0 && f.Cert == form.CertCRL:
		out = append(out, ClassDiv("muted", "cert-note").Text("No revocation list in the project yet (a secret holding a PEM CRL): type its ref."))
	case len(opts) == 0:
		out = append(out, ClassDiv("muted", "cert-note").Text("No certificate of this kind in the project yet: upload one, or type a ref."))
	}
	if in.Upload != "" {
		note := []goapp.UI{ClassA("cert-upload").Href(in.Upload).Attr("target", "_blank").Attr("rel", "noopener").Text("Upload a certificate (new tab)")}
		if in.Relist != nil {
			note = append(note, goapp.Text(" · "), in.relist(id, scope))
		}
		out = append(out, ClassDivBody("cert-note", note...))
	}
	return out
}

// renderList is an SNI list: its refs, one per line, each known one
// described, and "Add a certificate…".
func (in CertInput) renderList(scope goapp.EventOption, opts []CertOption, why string, byRef func(string) (CertOption, bool)) []goapp.UI {
	f, id := in.Field, in.ID
	refs := form.SplitList(in.Value)
	out := []goapp.UI{goapp.Textarea().ID(id).Rows(2).Text(in.Value).Aria("label", f.Label+": Barbican URLs, one per line").
		OnInput(func(ctx goapp.Context, e goapp.Event) { in.Set(f.Key, ctx.JSSrc().Get("value").String()) }, scope)}
	for i, ref := range refs {
		if o, ok := byRef(ref); ok {
			out = append(out, certNote(id+"-note-"+strconv.Itoa(i), o))
		}
	}
	if why != "" {
		return append(out, ClassDiv("muted", "cert-note").Text(why))
	}
	add := []goapp.UI{Option("", "Add a certificate…", true)}
	for _, o := range opts {
		if !slices.Contains(refs, o.Ref) {
			add = append(add, Option(o.Ref, o.Label(), false))
		}
	}
	if len(add) == 1 {
		return out
	}
	return append(out, goapp.Select().ID(id+"-add").Class("cert-add").Aria("label", "Add an SNI certificate").
		OnChange(func(ctx goapp.Context, e goapp.Event) {
			ref := SelectValue(ctx)
			if ref == "" {
				return
			}
			in.Set(f.Key, strings.Join(append(refs, ref), "\n"))
		}, scope).Body(add...))
}

// certNote describes a picked certificate under its field: subject and
// expiry, warned when near its end.
func certNote(id string, o CertOption) goapp.UI {
	if o.Err != "" {
		return IDClassDiv(id, "cert-note", "st-warn-text").Text("Its certificate could not be read: " + o.Err)
	}
	text := o.Subject + " · " + o.Expiry
	if !o.NotAfter.IsZero() {
		text += " (" + o.NotAfter.Format("2006-01-02") + ")"
	}
	if o.Warn {
		return IDClassDiv(id, "cert-note", "cert-warn", "st-warn-text").Text("⚠ " + text)
	}
	return IDClassDiv(id, "cert-note", "muted").Text(text)
}

// relist is the field's "List again" button (nil without Relist or while
// it reads).
func (in CertInput) relist(id string, scope goapp.EventOption) goapp.UI {
	if in.Relist == nil || in.Loading {
		return nil
	}
	return TypedButton(id+"-relist", "button").Class("btn", "btn-small", "btn-ghost", "cert-relist").
		OnClick(func(ctx goapp.Context, e goapp.Event) { in.Relist() }, scope).Text("List again")
}
