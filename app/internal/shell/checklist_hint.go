package shell

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// hintLine is one way to do an exercise's step: where (its label) and
// what to do.
type hintLine struct {
	label, text string
	mono        bool // a command line, in a fixed font
}

// hintLines are the ways a step's hints give, the console's path first
// (the trainee is in the console), then the openstack CLI's command.
func hintLines(s serverapi.Step) []hintLine {
	var out []hintLine
	if s.Console != "" {
		out = append(out, hintLine{label: "Console: ", text: s.Console})
	}
	if s.Hint != "" {
		out = append(out, hintLine{label: "CLI: ", text: s.Hint, mono: true})
	}
	return out
}

// renderHints is the next step's hints in the checklist, one line each
// ("" when the step gives none).
func renderHints(s serverapi.Step) goapp.UI {
	lines := hintLines(s)
	return ui.RangeSlice(lines, func(i int) goapp.UI {
		h := lines[i]
		text := ui.ClassSpanText("check-hint-text", h.text)
		if h.mono {
			text = ui.ClassSpan("check-hint-text", "mono").Text(h.text)
		}
		return ui.ClassDivBody("check-hint", ui.ClassSpanText("who-label", h.label), text)
	})
}
