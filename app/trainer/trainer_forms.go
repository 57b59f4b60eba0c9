package trainer

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// renderForms is the trainer's forms: faults, reset, scenario, exercise,
// the lab's import and export; each says how its last change went beside
// its buttons (result).
func (a *actions) renderForms() goapp.UI {
	text := func(id, label, hint string, v *string) goapp.UI {
		return ui.Field(id, label, ui.IDInput(id).Type("text").Placeholder(hint).Value(*v).OnInput(typeInto(v)))
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
			a.to.radio("target-selected", "selected", "the trainees ticked on their tiles"),
			a.to.radio("target-all", "all", "every trainee"),
			a.to.radio("target-lab", "lab", "the whole lab (faults only)"),
		),
		goapp.Form().ID(faultFormID).Class("form").OnSubmit(a.setFaults).Body(
			ui.ClassDivBody("form-row",
				text("fault-down", "Members down (addresses, names or ids)", "192.0.2.12", &a.fault.down),
				text("fault-stuck", "Stuck in PENDING_* (names or ids)", "web", &a.fault.stuck),
				text("fault-error", "Forced to ERROR (names or ids)", "", &a.fault.errs)),

			ui.ClassDivBody("form-row",
				text("fault-latency", "Latency", "300ms", &a.fault.latency),
				text("fault-rate", "Octavia 500s (% of answers)", "10", &a.fault.errRate),
				text("fault-ttl", "Token lifetime", "2m", &a.fault.tokenTTL),
				outage("fault-octavia", "Octavia", &a.fault.octavia),
				outage("fault-keystone", "Keystone", &a.fault.keystone)),

			ui.ClassDivBody("form-actions",
				ui.TypedButton("fault-set", "submit").Class("btn", "btn-primary").Disabled(a.busy).Text("Set faults"),
				ui.TypedButton("fault-clear", "button").Class("btn").Disabled(a.busy).OnClick(a.clearFaults).Text("Lift faults"),
				ui.TypedButton("reset-projects", "button").Class("btn", "btn-danger").Disabled(a.busy).OnClick(a.reset).Text("Reset projects…"),
				a.result(faultFormID)),
		),
		goapp.Form().ID(scenarioFormID).Class("form").OnSubmit(a.loadScenario).Body(
			ui.Field("scenario-json", "Scenario to load (JSON: load_balancers, networks, quotas, faults)", goapp.Textarea().ID("scenario-json").
				Rows(4).Text(a.scenario).OnInput(typeInto(&a.scenario))),
			ui.ClassDivBody("form-actions",
				ui.TypedButton("scenario-load", "submit").Class("btn").Disabled(a.busy).Text("Load scenario"),
				a.result(scenarioFormID)),
		),
		goapp.Form().ID(exerciseFormID).Class("form").OnSubmit(a.startExercise).Body(
			ui.Field("exercise-pick", "Exercise", goapp.Select().ID("exercise-pick").OnChange(func(ctx goapp.Context, e goapp.Event) { a.exercise = ui.SelectValue(ctx) }).Body(
				ui.Option("", "none", a.exercise == ""),
				ui.RangeSlice(a.class.Exercises, func(i int) goapp.UI {
					n := a.class.Exercises[i]
					return ui.Option(n, n, a.exercise == n)
				}),

				ui.Option("file", "pasted below…", a.exercise == "file"),
			)),
			goapp.If(a.exercise == "file", func() goapp.UI {
				return ui.Field("exercise-json", "Exercise (JSON)", goapp.Textarea().ID("exercise-json").Rows(4).Text(a.exFile).OnInput(typeInto(&a.exFile)))
			}),
			ui.ClassDivBody("check-row",
				goapp.Input().Type("checkbox").ID("exercise-setup").Checked(a.setup).
					OnChange(func(ctx goapp.Context, e goapp.Event) { a.setup = ctx.JSSrc().Get("checked").Bool() }),
				goapp.Label().For("exercise-setup").Text("Load its set-up into every trainee's project")),

			ui.ClassDivBody("form-actions",
				ui.TypedButton("exercise-start", "submit").Class("btn").Disabled(a.busy).Text("Start (progress restarts)"),
				a.result(exerciseFormID)),
		),
		ui.IDClassDiv(labFormID, "form").Body(
			ui.Field("lab-import", "Import a lab (a file of Export the lab: it replaces the whole lab)", ui.IDInput("lab-import").Type("file").
				Accept(".json,application/json").OnChange(a.pickImport)),
			ui.ClassDivBody("form-actions",
				ui.TypedButton("lab-import-go", "button").Class("btn").Disabled(a.busy || a.importFile == nil).OnClick(a.importLab).Text("Import…"),
				goapp.A().ID("lab-export").Class("btn").Href(serverapi.TrainerExportPath).Attr("download", "octaview-lab.json").Text("Export the lab"),
				a.result(labFormID)),
		),
		a.renderConfirm(),
	)
}

// The forms whose results show beside their buttons (actions.where).
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
func (a *actions) result(form string) goapp.UI {
	line := goapp.P().ID("result-"+form).Class("trainer-result").Attr("role", "status").Aria("live", "polite")
	if a.where != form {
		return line
	}
	return line.Body(
		goapp.If(a.notice != "", func() goapp.UI { return ui.IDSpan("trainer-notice").Class("result-ok").Text(a.notice) }),
		goapp.If(a.failed != "", func() goapp.UI { return ui.IDSpan("trainer-failed").Class("result-err").Text(a.failed) }),
	)
}

// typeInto is an input's handler that keeps what is typed in v.
func typeInto(v *string) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) { *v = ctx.JSSrc().Get("value").String() }
}

// faultForm is the faults form: every fault the lab knows.
type faultForm struct {
	down, stuck, errs          string // comma-separated names, ids or addresses
	latency, tokenTTL, errRate string
	octavia, keystone          string
}

// faults is the lab's faults as the form says them, or, in words, the
// value the lab cannot take.
func (f faultForm) faults() (serverapi.Faults, error) {
	list := func(s string) []string {
		var out []string
		for _, x := range strings.Split(s, ",") {
			if x = strings.TrimSpace(x); x != "" {
				out = append(out, x)
			}
		}
		return out
	}
	out := serverapi.Faults{DownMembers: list(f.down), Stuck: list(f.stuck), Error: list(f.errs),
		Octavia: f.octavia, Keystone: f.keystone}
	for _, d := range []struct {
		name, v string
		to      *serverapi.Duration
	}{{"latency", f.latency, &out.Latency}, {"token lifetime", f.tokenTTL, &out.TokenTTL}} {
		if v := strings.TrimSpace(d.v); v != "" {
			var err error
			if d.to.Duration, err = time.ParseDuration(v); err != nil {
				return out, fmt.Errorf("%s %q: want a duration like 300ms or 2m", d.name, v)
			}
		}
	}
	if s := strings.TrimSpace(f.errRate); s != "" {
		v, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
		if err != nil || v < 0 || v > 100 {
			return out, fmt.Errorf("error rate %q: want a percentage from 0 to 100", s)
		}
		out.ErrorRate = v / 100
	}
	return out, nil
}
