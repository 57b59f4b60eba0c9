package trainer

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// renderForms is the trainer's forms: faults, reset, scenario, exercise,
// the lab's import and export; each says how its last change went beside
// its buttons (result).
func (p *Page) renderForms() goapp.UI {
	text := func(id, label, hint string, v *string) goapp.UI {
		return ui.Field(id, label, ui.IDInput(id).Type("text").Placeholder(hint).Value(*v).OnInput(p.ValueTo(v)))
	}
	outage := func(id, label string, v *string) goapp.UI {
		return ui.Field(id, label, goapp.Select().ID(id).OnChange(func(ctx goapp.Context, e goapp.Event) { *v = ui.SelectValue(ctx) }).Body(
			ui.Option("", "up", *v == ""),
			ui.Option("503", "503 Service Unavailable", *v == "503"),
			ui.Option("reset", "connection reset", *v == "reset"),
		))
	}
	return goapp.Section().ID("trainer-forms").Class("card").Aria("labelledby", "forms-title").Body(
		goapp.H2().ID("forms-title").Text("Faults, resets, scenarios"),
		goapp.FieldSet().Class("trainer-target").Body(
			goapp.Legend().Text("Act on"),
			p.to.radio("target-selected", "selected", "the trainees ticked on their tiles"),
			p.to.radio("target-all", "all", "every trainee"),
			p.to.radio("target-lab", "lab", "the whole lab (faults only)"),
		),
		goapp.Form().ID(faultFormID).Class("form").OnSubmit(p.setFaults).Body(
			ui.ClassDivBody("form-row",
				text("fault-down", "Members down (addresses, names or ids)", "192.0.2.12", &p.fault.down),
				text("fault-stuck", "Stuck in PENDING_* (names or ids)", "web", &p.fault.stuck),
				text("fault-error", "Forced to ERROR (names or ids)", "", &p.fault.errs)),

			ui.ClassDivBody("form-row",
				text("fault-latency", "Latency", "300ms", &p.fault.latency),
				text("fault-rate", "Octavia 500s (% of answers)", "10", &p.fault.errRate),
				text("fault-ttl", "Token lifetime", "2m", &p.fault.tokenTTL),
				outage("fault-octavia", "Octavia", &p.fault.octavia),
				outage("fault-keystone", "Keystone", &p.fault.keystone)),

			ui.ClassDivBody("form-actions",
				ui.TypedButton("fault-set", "submit").Class("btn", "btn-primary").Disabled(p.busy).Text("Set faults"),
				ui.TypedButton("fault-clear", "button").Class("btn").Disabled(p.busy).OnClick(p.clearFaults).Text("Lift faults"),
				ui.TypedButton("reset-projects", "button").Class("btn", "btn-danger").Disabled(p.busy).OnClick(p.reset).Text("Reset projects…"),
				p.result(faultFormID)),
		),
		goapp.Form().ID(scenarioFormID).Class("form").OnSubmit(p.loadScenario).Body(
			ui.Field("scenario-json", "Scenario to load (JSON: load_balancers, networks, quotas, faults)", goapp.Textarea().ID("scenario-json").
				Rows(4).Text(p.scenario).OnInput(p.ValueTo(&p.scenario))),
			ui.ClassDivBody("form-actions",
				ui.TypedButton("scenario-load", "submit").Class("btn").Disabled(p.busy).Text("Load scenario"),
				p.result(scenarioFormID)),
		),
		goapp.Form().ID(exerciseFormID).Class("form").OnSubmit(p.startExercise).Body(
			ui.Field("exercise-pick", "Exercise", goapp.Select().ID("exercise-pick").OnChange(func(ctx goapp.Context, e goapp.Event) { p.exercise = ui.SelectValue(ctx) }).Body(
				ui.Option("", "none", p.exercise == ""),
				ui.RangeSlice(p.class.Exercises, func(i int) goapp.UI {
					n := p.class.Exercises[i]
					return ui.Option(n, n, p.exercise == n)
				}),

				ui.Option("file", "pasted below…", p.exercise == "file"),
			)),
			goapp.If(p.exercise == "file", func() goapp.UI {
				return ui.Field("exercise-json", "Exercise (JSON)", goapp.Textarea().ID("exercise-json").Rows(4).Text(p.exFile).OnInput(p.ValueTo(&p.exFile)))
			}),
			ui.ClassDivBody("check-row",
				goapp.Input().Type("checkbox").ID("exercise-setup").Checked(p.setup).
					OnChange(func(ctx goapp.Context, e goapp.Event) { p.setup = ctx.JSSrc().Get("checked").Bool() }),
				goapp.Label().For("exercise-setup").Text("Load its set-up into every trainee's project")),

			ui.ClassDivBody("form-actions",
				ui.TypedButton("exercise-start", "submit").Class("btn").Disabled(p.busy).Text("Start (progress restarts)"),
				p.result(exerciseFormID)),
		),
		ui.IDClassDiv(labFormID, "form").Body(
			ui.Field("lab-import", "Import a lab (a file of Export the lab: it replaces the whole lab)", ui.IDInput("lab-import").Type("file").
				Accept(".json,application/json").OnChange(p.pickImport)),
			ui.ClassDivBody("form-actions",
				ui.TypedButton("lab-import-go", "button").Class("btn").Disabled(p.busy || p.importFile == nil).OnClick(p.importLab).Text("Import…"),
				goapp.A().ID("lab-export").Class("btn").Href(serverapi.TrainerExportPath).Attr("download", "octaview-lab.json").Text("Export the lab"),
				p.result(labFormID)),
		),
		p.renderConfirm(),
	)
}

// The forms whose results show beside their buttons (Page.where).
const (
	faultFormID    = "fault-form"
	scenarioFormID = "scenario-form"
	exerciseFormID = "exercise-form"
	labFormID      = "lab-state-form"
	tilesID        = "tiles" // a tile's button: the result shows above the grid
)

// result is the status line of the form with this id, beside its
// buttons, where the trainer looks after a click: always in the document
// (a live region that is there before its text is announced), it says how
// the last change sent from this form went.
func (p *Page) result(form string) goapp.UI {
	line := goapp.P().ID("result-"+form).Class("trainer-result").Attr("role", "status").Aria("live", "polite")
	if p.where != form {
		return line
	}
	return line.Body(
		goapp.If(p.notice != "", func() goapp.UI { return ui.IDSpan("trainer-notice").Class("result-ok").Text(p.notice) }),
		goapp.If(p.failed != "", func() goapp.UI { return ui.IDSpan("trainer-failed").Class("result-err").Text(p.failed) }),
	)
}
