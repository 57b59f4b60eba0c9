package form

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/octaview/octaview/octavia"
)

// Values are a form's inputs as typed, keyed by Octavia's attribute name;
// a nested attribute by a dotted name ("session_persistence.type"); a list
// one item per line or comma-separated. An absent key is a field the form
// does not send (on an edit: unchanged). An empty value of an optional
// field is not checked (the form sends nothing, or null for "default").
// Keys starting with "_" are a page's own (the wizard's) and never sent.
type Values map[string]string

// Errs maps an attribute name (the Values key) to what is wrong with its
// value, in one sentence for the user.
type Errs map[string]string

// Defaults are a create form's initial values: the fields' defaults.
func Defaults(fields []Field) Values {
	v := Values{}
	for _, f := range fields {
		if f.Default != "" {
			v[f.Key] = f.Default
		}
	}
	return v
}

// ValuesOf are an edit form's initial values: o's attributes as text
// (lists one per line), for every field (create-only ones too: Show reads
// them).
func ValuesOf(fields []Field, o octavia.Object) Values {
	v := Values{}
	for _, f := range fields {
		var x any = map[string]any(o)
		for part := range strings.SplitSeq(f.Key, ".") {
			m, _ := x.(map[string]any)
			x = m[part]
		}
		if list, ok := x.([]any); ok && f.Type == List {
			parts := make([]string, 0, len(list))
			for _, e := range list {
				parts = append(parts, octavia.ValueText(e))
			}
			v[f.Key] = strings.Join(parts, "\n")
			continue
		}
		if n, ok := x.(float64); ok && f.Type == Decimal {
			v[f.Key] = strconv.FormatFloat(n, 'f', -1, 64)
			if !strings.Contains(v[f.Key], ".") {
				v[f.Key] += ".0"
			}
			continue
		}
		v[f.Key] = octavia.ValueText(x)
	}
	return v
}

// Sent are the values a form sends, as typed (trimmed): on a create every
// shown field with a value; on an edit the shown fields whose value differs
// from was (a cleared one as "").
func Sent(fields []Field, v, was Values, create bool) Values {
	sent := Values{}
	for _, f := range fields {
		if !f.Shown(create, v) {
			continue
		}
		val := strings.TrimSpace(v[f.Key])
		if create && val == "" || !create && val == strings.TrimSpace(was[f.Key]) {
			continue
		}
		sent[f.Key] = val
	}
	return sent
}

// Check is what a form says of values v before sending (was: the edited
// object's, nil on a create): a required field left empty on a create, a
// number that is not one, a value not among its field's Choices (the one
// list of a kind's allowed values), then validate's value checks and
// cross-field rules (nil: none) on what the form sends (Sent). Fields set at creation
// only are not on an edit form (Field.On), so an edit never sends them.
// The first message per field wins.
func Check(fields []Field, v, was Values, create bool, validate func(Values, bool) Errs) Errs {
	errs := Errs{}
	sent := Sent(fields, v, was, create)
	for _, f := range fields {
		val, ok := sent[f.Key]
		switch {
		case f.Required && create && f.Shown(true, v) && !ok:
			errs[f.Key] = f.Label + " is required."
		case ok && val != "":
			if msg := f.refuse(val); msg != "" {
				errs[f.Key] = msg
			}
		}
	}
	if validate != nil {
		for k, e := range validate(sent, create) {
			if _, ok := errs[k]; !ok {
				errs[k] = e
			}
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// Body is the request body of a form: on a create every shown field with a
// value; on an edit the shown fields whose value differs from was (a
// cleared field sends "" or, for Null fields and typed ones, null). Values
// are typed as Octavia wants them; dotted keys nest.
//
// A nested object is sent whole, as Octavia replaces it: an edit that
// changes one of its fields sends its other shown fields too, and one whose
// fields are all empty is sent as null (a pool's session_persistence unset).
func Body(fields []Field, v, was Values, create bool) (octavia.Object, error) {
	body := octavia.Object{}
	changed := map[string]bool{} // nested objects an edit changes
	for _, f := range fields {
		if g := Group(f.Key); g != "" && f.Shown(create, v) && strings.TrimSpace(v[f.Key]) != strings.TrimSpace(was[f.Key]) {
			changed[g] = true
		}
	}
	for _, f := range fields {
		if !f.Shown(create, v) {
			continue
		}
		s := strings.TrimSpace(v[f.Key])
		if f.Type == Area {
			s = v[f.Key]
		}
		g := Group(f.Key)
		if !create && s == strings.TrimSpace(was[f.Key]) && !(g != "" && changed[g]) {
			continue
		}
		var val any
		switch {
		case f.AsText && (s == "" || s == "false" && create):
			continue // never ticked; a create sends only the ticked
		case s == "" && create:
			continue
		case s == "" && f.Null:
			val = nil
		case s == "" && f.Type != Text && f.Type != Area && f.Type != List:
			val = nil
		case f.Type == Int:
			n, err := strconv.Atoi(s)
			if err != nil {
				return nil, fmt.Errorf("%s: %q is not a whole number", f.Label, s)
			}
			val = n
		case f.Type == Decimal:
			n, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return nil, fmt.Errorf("%s: %q is not a number", f.Label, s)
			}
			val = n
		case f.Type == Bool && f.AsText:
			val = strconv.FormatBool(s == "true")
		case f.Type == Bool:
			val = s == "true"
		case f.Type == List:
			val = SplitList(s)
		default:
			val = s
		}
		keys := strings.Split(f.Key, ".")
		m := body
		for _, k := range keys[:len(keys)-1] {
			sub, ok := m[k].(octavia.Object)
			if !ok {
				sub = octavia.Object{}
				m[k] = sub
			}
			m = sub
		}
		m[keys[len(keys)-1]] = val
	}
	for k, x := range body {
		if sub, ok := x.(octavia.Object); ok && !slices.ContainsFunc(slices.Collect(maps.Values(sub)), func(e any) bool { return e != nil && e != "" }) {
			body[k] = nil
		}
	}
	return body, nil
}
