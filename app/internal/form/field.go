package form

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/octaview/octaview/app/internal/attr"
	"github.com/octaview/octaview/octavia"
)

// Type is how a field is typed, shown and sent.
type Type int

const (
	Text    Type = iota // a string
	Area                // a string on several lines (JSON data)
	Int                 // a whole number
	Bool                // a checkbox: true or false
	Choice              // one of Field.Choices
	List                // a list of strings, one per line or comma-separated
	Ref                 // the id of an object of kind Field.Ref, picked from its list
	Subnet              // a Neutron subnet's id, picked from the project's subnets
	Port                // a free Neutron port's id (a VIP's)
	Decimal             // a number with a fraction (a monitor's HTTP version: 1.0 or 1.1); Choices, if any, picks it
	QoS                 // a Neutron QoS policy's id, picked from the project's and the shared ones (qos.go)
)

// Field is one input of a kind's create and edit form, named by Octavia's
// attribute (dotted for a nested one: "session_persistence.type").
type Field struct {
	Key     string
	Label   string // what the form calls it; a kind leaves it to attr's (Labelled)
	Type    Type
	Choices []string     // Choice's (or Decimal's) values in the form's order, or a List's items (ticked); Check enforces them
	Ref     octavia.Kind // Ref: the kind picked from
	// RefBy is the filter of Ref's list taken from the form's own values
	// (a listener's default pool among its load balancer's pools).
	RefBy    string
	Only     string // "create" or "edit": on that form only ("" = both)
	Required bool   // on a create
	Default  string // a create's initial value
	Hint     string
	// Show, if set, shows the field only when it applies (TLS fields for
	// TERMINATED_HTTPS, an HTTP monitor's URL path).
	Show func(v Values) bool
	// Null: an edit that clears it sends null, Octavia's "unset" (back to
	// its default), rather than "".
	Null bool
	// Cert, if set, says the value is a Barbican ref (a List: one per
	// line) and what it holds, to be picked from the project's
	// certificates or typed; Check refuses one that is not an http(s) URL
	// (cert_refs.go).
	Cert CertUse
	// AsText: a Bool sent as the text "true" or "false" (an
	// insert_headers value: Octavia's dict of strings), and not sent
	// while never ticked.
	AsText bool
}

// Create and Edit are the values of Field.Only.
const (
	Create = "create"
	Edit   = "edit"
)

// On reports whether f is on the create (create) or the edit form.
func (f Field) On(create bool) bool {
	return f.Only == "" || f.Only == Create && create || f.Only == Edit && !create
}

// Shown reports whether f is on the form for values v.
func (f Field) Shown(create bool, v Values) bool {
	return f.On(create) && (f.Show == nil || f.Show(v))
}

// refuse says what is wrong with f's non-empty value s: not a number for
// a number field, not one of its Choices (in the order the form offers
// them); "" when nothing is.
func (f Field) refuse(s string) string {
	switch f.Type {
	case Int:
		if _, err := strconv.Atoi(s); err != nil {
			return fmt.Sprintf("%q is not a whole number.", s)
		}
	case Decimal:
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return fmt.Sprintf("%q is not a number.", s)
		}
	}
	if f.Cert != "" {
		if msg := refuseRefs(f.Type == List, s); msg != "" {
			return msg
		}
	}
	if len(f.Choices) > 0 && f.Type == List {
		for _, it := range SplitList(s) {
			if !slices.Contains(f.Choices, it) {
				return fmt.Sprintf("%q: choose among %s.", it, strings.Join(f.Choices, ", "))
			}
		}
		return ""
	}
	if len(f.Choices) > 0 && !slices.Contains(f.Choices, s) {
		return "Choose one of: " + strings.Join(f.Choices, ", ") + "."
	}
	return ""
}

// Labelled returns fields with each one that declares no Label labelled
// as internal/attr labels its attribute (the words of the detail pages),
// so a kind declares a field's Label only where its form says it
// otherwise on purpose ("Fixed VIP address", "Flavor data (JSON)").
func Labelled(fields []Field) []Field {
	out := slices.Clone(fields)
	for i, f := range out {
		if f.Label == "" {
			a, _ := attr.Of(f.Key) // one it lacks: its name in words
			out[i].Label = a.Label
		}
	}
	return out
}

// Keys are the attributes of fields, in order.
func Keys(fields []Field) []string {
	out := make([]string, 0, len(fields))
	for _, f := range fields {
		out = append(out, f.Key)
	}
	return out
}

// Without returns fields without those of keys (the wizard's items leave
// out what their nesting gives: a listener's load balancer).
func Without(fields []Field, keys ...string) []Field {
	out := make([]Field, 0, len(fields))
	for _, f := range fields {
		if !contains(keys, f.Key) {
			out = append(out, f)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Group is the nested object of a dotted key ("session_persistence"), "" for
// a plain one.
func Group(key string) string {
	g, _, _ := strings.Cut(key, ".")
	if g == key {
		return ""
	}
	return g
}
