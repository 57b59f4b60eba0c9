package ui

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// noChoice is the value attribute of a <select>'s empty choice ("Any
// status", "Any network", "—"). go-app (v10.1.11, attributes.Set) leaves
// out a value attribute whose value is "", and an <option> without one has
// its text for value: choosing "Any status" gave the filter "Any status"
// (0 rows shown), "—" a member subnet "—". Every option therefore carries
// a value that is never empty, and selectValue reads this one back as "".
// No id, name or Octavia word has parentheses.
const noChoice = "(none)"

// Option is one choice of a <select>: value ("" = the empty choice) and
// its text. Every <select> of the console is made of these and read with
// selectValue.
func Option(value, text string, selected bool) goapp.HTMLOption {
	if value == "" {
		value = noChoice
	}
	return goapp.Option().Value(value).Selected(selected).Text(text)
}

// choiceValue is the value a <select> holds, as option wrote it: "" for
// the empty choice.
func choiceValue(dom string) string {
	if dom == noChoice {
		return ""
	}
	return dom
}

// SelectValue is the value of the <select> whose event runs (option's
// value; "" for the empty choice). UI goroutine.
func SelectValue(ctx goapp.Context) string {
	return choiceValue(ctx.JSSrc().Get("value").String())
}
