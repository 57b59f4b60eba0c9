package trainer

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/shell"
	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// Page is the workshop trainer's page (/trainer, the lab's admin
// only; the server refuses anyone else): a tile per trainee, ordered by who
// needs help, live from the server's event stream (one lab read per 3 s for
// every viewer); faults, resets, scenarios and the exercise by form; the
// progress grid with its CSV. The tiles are a bounded grid (tileGrid): the
// document holds the rows of tiles in view, whatever the class's size.
type Page struct {
	goapp.Compo

	rt     *tab.Runtime // the tab's (New)
	status ui.LoadStatus
	err    string
	denied bool
	mode   string
	class  serverapi.Class
	cancel context.CancelFunc

	to       target // whom the forms act on (target.go)
	fault    faultForm
	scenario string
	exercise string // a shipped exercise's name, "" = none, "file" = exerciseFile
	exFile   string
	setup    bool
	busy     bool
	notice   string
	failed   string

	grid       tileGrid
	progress   progress      // the progress grid's sort (progress.go)
	importFile goapp.Value   // the lab state file picked for import; nil: none
	ctx        goapp.Context // the page's own (OnNav): a tile's button may be gone when its answer comes
}

// New is a trainer page of the tab whose runtime is rt (its route's).
func New(rt *tab.Runtime) *Page { return &Page{rt: rt} }

// faultForm is the faults form: every fault the lab knows.
type faultForm struct {
	down, stuck, errs          string // comma-separated names, ids or addresses
	latency, tokenTTL, errRate string
	octavia, keystone          string
}

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

func (p *Page) OnNav(ctx goapp.Context) {
	if p.rt.RequireSession(ctx) == nil || p.cancel != nil {
		return
	}
	if p.to.selected == nil {
		p.to = target{selected: map[string]bool{}, mode: "selected"}
	}
	p.ctx = ctx
	c, cancel := context.WithCancel(context.Background())
	p.cancel, p.status = cancel, ui.Loading
	origin := site.OriginOf(ui.WindowURL())
	ctx.Async(func() {
		site.FollowClass(c, origin, func(cl serverapi.Class, err error, mode string) {
			ctx.Dispatch(func(ctx goapp.Context) { p.deliver(cl, err, mode) })
		})
	})
}

func (p *Page) OnDismount() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
}

// deliver takes a class, or an error, from the feed. UI goroutine.
func (p *Page) deliver(cl serverapi.Class, err error, mode string) {
	p.mode = mode
	if err != nil {
		if _, ok := err.(*site.DeniedError); ok {
			p.denied = true
		}
		if p.status != ui.Loaded {
			p.status = ui.LoadFailed
		}
		p.err = err.Error()
		return
	}
	p.class, p.status, p.err = cl, ui.Loaded, ""
	if cl.Exercise != nil && p.exercise == "" {
		p.exercise = cl.Exercise.Name
	}
}

// act sends one change and says how it went. UI goroutine.
func (p *Page) act(_ goapp.Context, what, method, path string, body any) {
	ctx := p.ctx
	if p.busy || p.cancel == nil {
		return
	}
	p.busy, p.notice, p.failed = true, "", ""
	site.CallTrainer(ctx, method, path, body, 60*time.Second, func(ctx goapp.Context, err error) {
		p.busy = false
		if err != nil {
			p.failed = what + " failed: " + err.Error()
			return
		}
		p.notice = what + ": done."
	})
}

// needTarget reports whether the forms have someone to act on, else says
// what to do. UI goroutine.
func (p *Page) needTarget() bool {
	if msg := p.to.missing(p.class.Trainees); msg != "" {
		p.failed = msg
		return false
	}
	return true
}

func (p *Page) setFaults(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	f, err := p.fault.faults()
	if err != nil {
		p.failed = err.Error()
		return
	}
	if !p.needTarget() {
		return
	}
	p.act(ctx, "Faults for "+p.to.text(p.class.Trainees), http.MethodPut, serverapi.TrainerFaultsPath,
		serverapi.FaultsRequest{ProjectsRequest: p.to.projects(p.class.Trainees), Lab: p.to.mode == "lab", Faults: f})
}

func (p *Page) clearFaults(ctx goapp.Context, e goapp.Event) {
	if !p.needTarget() {
		return
	}
	p.act(ctx, "Faults lifted for "+p.to.text(p.class.Trainees), http.MethodPut, serverapi.TrainerFaultsPath,
		serverapi.FaultsRequest{ProjectsRequest: p.to.projects(p.class.Trainees), Lab: p.to.mode == "lab"})
}

func (p *Page) reset(ctx goapp.Context, e goapp.Event) {
	if p.to.mode == "lab" {
		p.failed = "A reset empties trainees' projects: choose them, or every trainee."
		return
	}
	if !p.needTarget() {
		return
	}
	if !goapp.Window().Call("confirm", "Delete everything in the projects of "+p.to.text(p.class.Trainees)+"?").Bool() {
		return
	}
	p.act(ctx, "Reset of "+p.to.text(p.class.Trainees), http.MethodPost, serverapi.TrainerResetPath, p.to.projects(p.class.Trainees))
}

func (p *Page) loadScenario(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	if p.to.mode == "lab" || !p.needTarget() || strings.TrimSpace(p.scenario) == "" {
		if strings.TrimSpace(p.scenario) == "" {
			p.failed = "Paste a scenario (JSON) first."
		}
		return
	}
	p.act(ctx, "Scenario for "+p.to.text(p.class.Trainees), http.MethodPost, serverapi.TrainerScenarioPath,
		serverapi.ScenarioRequest{ProjectsRequest: p.to.projects(p.class.Trainees), Scenario: p.scenario})
}

func (p *Page) startExercise(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	req := serverapi.ExerciseRequest{Setup: p.setup}
	switch p.exercise {
	case "":
	case "file":
		req.File = p.exFile
	default:
		req.Name = p.exercise
	}
	what := "No exercise"
	if p.exercise != "" {
		what = "Exercise started"
	}
	p.act(ctx, what, http.MethodPut, serverapi.TrainerExercisePath, req)
}

// pickImport keeps the lab state file picked. UI goroutine.
func (p *Page) pickImport(ctx goapp.Context, e goapp.Event) {
	p.importFile = nil
	if files := ctx.JSSrc().Get("files"); files.Truthy() && files.Length() > 0 {
		p.importFile = files.Index(0)
	}
}

// importLab replaces the whole lab with the file picked, after a
// confirmation: the browser reads the file, the server checks it whole
// before anything changes. UI goroutine.
func (p *Page) importLab(ctx goapp.Context, e goapp.Event) {
	f := p.importFile
	if p.busy || f == nil || !goapp.Window().Call("confirm", "Replace the whole lab (every project, user and object) with "+f.Get("name").String()+"?").Bool() {
		return
	}
	var then goapp.Func
	then = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		then.Release()
		data := []byte(args[0].String())
		p.ctx.Dispatch(func(ctx goapp.Context) {
			p.act(ctx, "Import of "+f.Get("name").String(), http.MethodPut, serverapi.TrainerImportPath, data)
		})
		return nil
	})
	f.Call("text").Call("then", then)
}

// openView turns this browser's session into a read-only view of a
// trainee's project, then opens the console there. UI goroutine.
func (p *Page) openView(_ goapp.Context, project string) {
	ctx := p.ctx
	if p.busy || p.cancel == nil {
		return
	}
	p.busy = true
	site.CallTrainer(ctx, http.MethodPost, serverapi.TrainerViewPath, serverapi.ViewRequest{Project: project}, 30*time.Second, func(ctx goapp.Context, err error) {
		p.busy = false
		if err != nil {
			p.failed = "Opening " + project + " failed: " + err.Error()
			return
		}
		shell.ReloadTo(tab.ListPath)
	})
}

func (p *Page) Render() goapp.UI {
	cl := p.class
	return shell.New(p.rt, &shell.Shell{Nav: serverapi.TrainerPagePath, Title: "Trainer", Actions: ui.ClassDivBody("trainer-actions",
		ui.IDSpan("trainer-live").Class("trainer-live").Aria("live", "polite").Text(p.liveText()),
		ui.ClassA("btn", "btn-small").Href(serverapi.TrainerCardsPath).Text("Cards for printing")),

		Content: []goapp.UI{
			goapp.If(p.err != "", func() goapp.UI {
				return ui.AlertError("trainer-error", p.errText())
			}),
			goapp.If(p.status == ui.Loading, func() goapp.UI {
				return ui.ClassDiv("empty", "loading").Text("Reading the class…")
			}).ElseIf(p.status == ui.Loaded && len(cl.Trainees) == 0, func() goapp.UI {
				return ui.IDClassDiv("trainer-empty", "empty").Text("No trainees: start the server with -lab-trainees N.")
			}),
			goapp.If(p.status == ui.Loaded, func() goapp.UI {
				return goapp.Div().Body(
					p.renderSummary(),
					p.grid.render(cl.Trainees, p.renderTile),
					p.renderForms(),
					p.progress.render(p.class),
				)
			}),
		}})
}

func (p *Page) errText() string {
	if p.denied {
		return p.err + " (log in as the lab's admin: its password is on the server's console)"
	}
	return "The trainer's page lost the server: " + p.err
}

func (p *Page) liveText() string {
	switch {
	case p.status != ui.Loaded:
		return ""
	case p.mode == "live":
		return fmt.Sprintf("live · %d trainees · read %s UTC", len(p.class.Trainees), clockOf(p.class.At))
	}
	return "polling every 3 s (the event stream failed)"
}

// clockOf is the time of day of an RFC 3339 instant, in UTC.
func clockOf(at string) string {
	t, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		return "—"
	}
	return t.UTC().Format("15:04:05")
}

// ago says how long before now (the class's read) instant at was.
func ago(at, now string) string {
	t, err := time.Parse(time.RFC3339Nano, at)
	n, err2 := time.Parse(time.RFC3339Nano, now)
	if err != nil || err2 != nil {
		return "never"
	}
	return ui.FormatElapsed(n.Sub(t)) + " ago"
}

func (p *Page) renderSummary() goapp.UI {
	cl := p.class
	need := 0
	for _, t := range cl.Trainees {
		if t.Help > serverapi.HelpFailing {
			need++
		}
	}
	lab := strings.Join(cl.Faults.Summary(), "; ")
	ex := "No exercise."
	if cl.Exercise != nil {
		ex = "Exercise: " + cl.Exercise.Title + " (" + strconv.Itoa(len(cl.Exercise.Steps)) + " steps)."
	}
	return ui.IDClassDiv("trainer-summary", "trainer-summary").Body(
		goapp.Span().Textf("%d trainees, %d need help.", len(cl.Trainees), need),
		ui.IDSpan("trainer-exercise").Text(ex),
		ui.IDSpan("trainer-lab-faults").Text(orText(lab, "No lab-wide fault.", "Lab-wide faults: ")),
	)
}

func orText(s, none, prefix string) string {
	if s == "" {
		return none
	}
	return prefix + s
}

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
		goapp.Form().ID("fault-form").Class("form").OnSubmit(p.setFaults).Body(
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
				ui.TypedButton("reset-projects", "button").Class("btn", "btn-danger").Disabled(p.busy).OnClick(p.reset).Text("Reset projects…")),
		),
		goapp.Form().ID("scenario-form").Class("form").OnSubmit(p.loadScenario).Body(
			ui.Field("scenario-json", "Scenario to load (JSON: load_balancers, networks, quotas, faults)", goapp.Textarea().ID("scenario-json").
				Rows(4).Text(p.scenario).OnInput(p.ValueTo(&p.scenario))),
			ui.ClassDivBody("form-actions",
				ui.TypedButton("scenario-load", "submit").Class("btn").Disabled(p.busy).Text("Load scenario")),
		),
		goapp.Form().ID("exercise-form").Class("form").OnSubmit(p.startExercise).Body(
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
				ui.TypedButton("exercise-start", "submit").Class("btn").Disabled(p.busy).Text("Start (progress restarts)")),
		),
		ui.IDClassDiv("lab-state-form", "form").Body(
			ui.Field("lab-import", "Import a lab (a file of Export the lab: it replaces the whole lab)", ui.IDInput("lab-import").Type("file").
				Accept(".json,application/json").OnChange(p.pickImport)),
			ui.ClassDivBody("form-actions",
				ui.TypedButton("lab-import-go", "button").Class("btn").Disabled(p.busy || p.importFile == nil).OnClick(p.importLab).Text("Import…"),
				goapp.A().ID("lab-export").Class("btn").Href(serverapi.TrainerExportPath).Attr("download", "octaview-lab.json").Text("Export the lab")),
		),
		goapp.If(p.notice != "", func() goapp.UI {
			return ui.IDClassDiv("trainer-notice", "alert").Aria("live", "polite").Text(p.notice)
		}),
		goapp.If(p.failed != "", func() goapp.UI {
			return ui.AlertError("trainer-failed", p.failed)
		}),
	)
}
