package ui

import (
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/attr"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// Choice is an option of a picked field (form.Ref, Subnet, Port).
type Choice struct{ ID, Label string }

// FieldInput is one field of a form, as the generic form page and the
// create wizard both draw it: its label (" *" when required), its input
// by the field's type, its hint and its error.
type FieldInput struct {
	ID       string // the input's DOM id
	Field    form.Field
	Value    string
	Err      string
	Required bool // marked " *" (a create's required field)
	// Options are a picked field's choices; OptionsErr why they could not
	// be read (the input is then a text box); Pick: a required pick
	// offers no empty option once it has a value.
	Options    []Choice
	OptionsErr string
	Pick       bool
	// Note, if set, is said under the input (a picked field with nothing
	// to pick: create one first).
	Note goapp.UI
	// Scope scopes the input's handlers (go-app keeps an element's first
	// handler: a page whose inputs come and go gives what tells them apart).
	Scope []any
	// Set takes a new value of the field. UI goroutine.
	Set func(key, value string)
}

// numberWords is what a number typed in field key means when the pages say
// it in words (a connection limit of -1: "no limit"), else "".
func numberWords(key, val string) string {
	n, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
	if err != nil {
		return ""
	}
	if words := attr.Text(key, n); words != octavia.ValueText(n) {
		return words
	}
	return ""
}

// Render draws the field.
func (in FieldInput) Render() goapp.UI {
	f, id, val := in.Field, in.ID, in.Value
	scope := goapp.EventScope(append([]any{id}, in.Scope...)...)
	set := func(ctx goapp.Context, e goapp.Event) { in.Set(f.Key, ctx.JSSrc().Get("value").String()) }
	pick := func(ctx goapp.Context, e goapp.Event) { in.Set(f.Key, SelectValue(ctx)) }
	var input goapp.UI
	switch {
	case f.Type == form.Bool:
		input = IDInput(id).Type("checkbox").Checked(val == "true").OnChange(func(ctx goapp.Context, e goapp.Event) {
			in.Set(f.Key, strconv.FormatBool(ctx.JSSrc().Get("checked").Bool()))
		}, scope)
	case len(f.Choices) > 0:
		var opts []goapp.UI
		if !f.Required || val == "" {
			opts = append(opts, Option("", "—", val == ""))
		}
		for _, c := range f.Choices {
			opts = append(opts, Option(c, c, c == val))
		}
		input = goapp.Select().ID(id).OnChange(pick, scope).Body(opts...)
	case f.Type == form.QoS && form.NoQoS(in.OptionsErr): // no field: only why (form/qos.go)
		input = IDP(id).Class("muted", "no-qos").Text(in.OptionsErr)
	case in.OptionsErr != "":
		input = goapp.Div().Body(IDInput(id).Value(val).OnInput(set, scope),
			ClassSpanText("st-error-text", " The list could not be read: "+in.OptionsErr))
	case f.Type == form.Ref || f.Type == form.Subnet || f.Type == form.Port || f.Type == form.QoS:
		var opts []goapp.UI
		if !in.Pick || val == "" {
			opts = append(opts, Option("", "—", val == ""))
		}
		for _, c := range in.Options {
			opts = append(opts, Option(c.ID, c.Label, c.ID == val))
		}
		if val != "" && !slices.ContainsFunc(in.Options, func(c Choice) bool { return c.ID == val }) {
			opts = append(opts, Option(val, val, true))
		}
		input = goapp.Select().ID(id).OnChange(pick, scope).Body(opts...)
	case f.Type == form.Area || f.Type == form.List:
		rows := 4
		if f.Type == form.List {
			rows = 2
		}
		input = goapp.Textarea().ID(id).Rows(rows).Text(val).OnInput(set, scope)
	case f.Type == form.Int || f.Type == form.Decimal:
		input = IDInput(id).Type("text").Attr("inputmode", "numeric").Value(val).OnInput(set, scope)
		if words := numberWords(f.Key, val); words != "" {
			input = goapp.Div().Class("field-number").Body(input, goapp.Span().Class("muted", "field-words").Text(words))
		}
	default:
		input = IDInput(id).Value(val).OnInput(set, scope)
	}
	label := f.Label
	if in.Required {
		label += " *"
	}
	head := []goapp.UI{goapp.Label().For(id).Text(label), input}
	classes := []string{"field"}
	if f.Type == form.Bool { // the box before its label, on one line
		head = []goapp.UI{ClassDivBody("field-check-row", input, goapp.Label().For(id).Text(label))}
		classes = append(classes, "field-check")
	}
	return ClassDiv(classes...).DataSet("key", f.Key).Body(
		append(head,
			goapp.If(f.Hint != "", func() goapp.UI { return ClassDiv("muted", "hint").Text(f.Hint) }),
			goapp.If(in.Note != nil, func() goapp.UI { return in.Note }),
			goapp.If(in.Err != "", func() goapp.UI {
				return IDClassDiv(id+"-error", "field-error", "st-error-text").Aria("live", "polite").Text(in.Err)
			}),
		)...,
	)
}
