package ui

import (
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/form"
)

// ChoiceList is a list field whose items are among its Choices (a
// listener's TLS versions, its ALPN protocols): one checkbox per choice
// in a fieldset, the value the ticked ones one per line in the choices'
// order, an item not among them (typed through the API) kept after
// them.
type ChoiceList struct {
	ID    string // the fieldset's DOM id (focusable: an error moves the focus there); a box's is ID-<n>
	Field form.Field
	Value string
	Err   string
	Scope []any
	// Set takes the new value of the field. UI goroutine.
	Set func(key, value string)
}

// Render draws the field.
func (in ChoiceList) Render() goapp.UI {
	f, id := in.Field, in.ID
	ticked := form.SplitList(in.Value)
	boxes := make([]goapp.UI, 0, len(f.Choices))
	for i, c := range f.Choices {
		box := id + "-" + strconv.Itoa(i)
		boxes = append(boxes, goapp.Label().For(box).Class("choice-box").Body(
			IDInput(box).Type("checkbox").Checked(slices.Contains(ticked, c)).OnChange(func(ctx goapp.Context, e goapp.Event) {
				in.Set(f.Key, tickedNow(f.Choices, ticked, ctx.JSSrc()))
			}, goapp.EventScope(append([]any{box}, in.Scope...)...)),
			goapp.Text(" "+c)))
	}
	return ClassDiv("field", "field-choices").DataSet("key", f.Key).Body(
		goapp.FieldSet().ID(id).Class("choice-list").Attr("tabindex", "-1").Body(append([]goapp.UI{goapp.Legend().Text(f.Label)}, boxes...)...),
		goapp.If(f.Hint != "", func() goapp.UI { return ClassDiv("muted", "hint").Text(f.Hint) }),
		goapp.If(in.Err != "", func() goapp.UI {
			return IDClassDiv(id+"-error", "field-error", "st-error-text").Aria("live", "polite").Text(in.Err)
		}),
	)
}

// tickedNow is the field's value as its boxes (src's fieldset's, in the
// choices' order) are ticked now. It reads the document, not this render's
// value: two clicks before go-app renders again (a busy machine) would
// otherwise each start from the same old value, and the second undo the first.
func tickedNow(choices, was []string, src goapp.Value) string {
	boxes := src.Call("closest", "fieldset").Call("querySelectorAll", `input[type="checkbox"]`)
	on := make([]bool, len(choices))
	for i := 0; i < boxes.Length() && i < len(choices); i++ {
		on[i] = boxes.Index(i).Get("checked").Bool()
	}
	return joinTicked(choices, was, on)
}

// joinTicked is the value of a choice list whose boxes are on: the ticked
// choices in their order, then any item of was not among the choices (set
// through the API) as it was.
func joinTicked(choices, was []string, on []bool) string {
	var out []string
	for i, x := range choices {
		if on[i] {
			out = append(out, x)
		}
	}
	for _, x := range was {
		if !slices.Contains(choices, x) {
			out = append(out, x)
		}
	}
	return strings.Join(out, "\n")
}
