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
	notice   string // how the last change went, beside the form it came from (where)
	failed   string
	where    string  // the form (its id) or tilesID the last change came from: result
	asking   confirm // the change that waits for the trainer's confirmation (trainer_confirm.go)

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

// OnResize reflows the tiles when the window's new width changes how many a
// row holds (a window made narrower, a projector's screen): at once, not at
// the class's next event.
func (p *Page) OnResize(ctx goapp.Context) {
	if !p.grid.reflows() {
		ctx.PreventUpdate()
	}
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

// act sends one change from the form where and says how it went beside
// its buttons. UI goroutine.
func (p *Page) act(where, what, method, path string, body any) {
	ctx := p.ctx
	if p.busy || p.cancel == nil {
		return
	}
	p.busy, p.where, p.notice, p.failed = true, where, what+"…", ""
	site.CallTrainer(ctx, method, path, body, 60*time.Second, func(ctx goapp.Context, err error) {
		p.busy = false
		if err != nil {
			p.notice, p.failed = "", what+" failed: "+err.Error()
			return
		}
		p.notice = what + ": done."
	})
}

// refuse says, beside the form where, why a change was not sent. UI
// goroutine.
func (p *Page) refuse(where, why string) {
	p.where, p.notice, p.failed = where, "", why
}

// needTarget reports whether the forms have someone to act on, else says
// what to do beside the form where. UI goroutine.
func (p *Page) needTarget(where string) bool {
	if msg := p.to.missing(p.class.Trainees); msg != "" {
		p.refuse(where, msg)
		return false
	}
	return true
}

func (p *Page) setFaults(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	f, err := p.fault.faults()
	if err != nil {
		p.refuse(faultFormID, err.Error())
		return
	}
	if !p.needTarget(faultFormID) {
		return
	}
	p.act(faultFormID, "Faults for "+p.to.text(p.class.Trainees), http.MethodPut, serverapi.TrainerFaultsPath,
		serverapi.FaultsRequest{ProjectsRequest: p.to.projects(p.class.Trainees), Lab: p.to.mode == "lab", Faults: f})
}

func (p *Page) clearFaults(ctx goapp.Context, e goapp.Event) {
	if !p.needTarget(faultFormID) {
		return
	}
	p.act(faultFormID, "Faults lifted for "+p.to.text(p.class.Trainees), http.MethodPut, serverapi.TrainerFaultsPath,
		serverapi.FaultsRequest{ProjectsRequest: p.to.projects(p.class.Trainees), Lab: p.to.mode == "lab"})
}

// reset asks to confirm the reset of the projects the forms act on, in
// the console's dialog (trainer_confirm.go). UI goroutine.
func (p *Page) reset(ctx goapp.Context, e goapp.Event) {
	if p.to.mode == "lab" {
		p.refuse(faultFormID, "A reset empties trainees' projects: choose them, or every trainee.")
		return
	}
	if !p.needTarget(faultFormID) {
		return
	}
	p.ask(ctx, resetConfirm(p.to.text(p.class.Trainees), p.to.projects(p.class.Trainees)))
}

func (p *Page) loadScenario(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	switch {
	case strings.TrimSpace(p.scenario) == "":
		p.refuse(scenarioFormID, "Paste a scenario (JSON) first.")
		return
	case p.to.mode == "lab":
		p.refuse(scenarioFormID, "A scenario loads into trainees' projects: choose them, or every trainee.")
		return
	case !p.needTarget(scenarioFormID):
		return
	}
	p.act(scenarioFormID, "Scenario for "+p.to.text(p.class.Trainees), http.MethodPost, serverapi.TrainerScenarioPath,
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
	p.act(exerciseFormID, what, http.MethodPut, serverapi.TrainerExercisePath, req)
}

// pickImport keeps the lab state file picked. UI goroutine.
func (p *Page) pickImport(ctx goapp.Context, e goapp.Event) {
	p.importFile = nil
	if files := ctx.JSSrc().Get("files"); files.Truthy() && files.Length() > 0 {
		p.importFile = files.Index(0)
	}
}

// importLab asks to confirm the replacement of the whole lab with the file
// picked, in the console's dialog (trainer_confirm.go). UI goroutine.
func (p *Page) importLab(ctx goapp.Context, e goapp.Event) {
	if p.busy || p.importFile == nil {
		return
	}
	p.ask(ctx, importConfirm(p.importFile.Get("name").String()))
}

// sendImport replaces the whole lab with the file picked: the browser
// reads the file, the server checks it whole before anything changes. UI
// goroutine.
func (p *Page) sendImport() {
	f := p.importFile
	if p.busy || f == nil {
		return
	}
	var then goapp.Func
	then = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		then.Release()
		data := []byte(args[0].String())
		p.ctx.Dispatch(func(ctx goapp.Context) {
			p.act(labFormID, "Import of "+f.Get("name").String(), http.MethodPut, serverapi.TrainerImportPath, data)
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
	p.busy, p.where, p.notice, p.failed = true, tilesID, "Opening "+project+" read-only…", ""
	site.CallTrainer(ctx, http.MethodPost, serverapi.TrainerViewPath, serverapi.ViewRequest{Project: project}, 30*time.Second, func(ctx goapp.Context, err error) {
		p.busy = false
		if err != nil {
			p.notice, p.failed = "", "Opening "+project+" failed: "+err.Error()
			return
		}
		shell.ReloadTo(tab.ListPath)
	})
}

func (p *Page) Render() goapp.UI {
	cl := p.class
	return shell.New(p.rt, &shell.Frame{Nav: serverapi.TrainerPagePath, Title: "Trainer", Actions: ui.ClassDivBody("trainer-actions",
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
					goapp.If(cl.URLWarning != "", func() goapp.UI {
						return ui.IDClassDiv("trainer-url-warning", "alert", "alert-warn").Attr("role", "status").Text(cl.URLWarning)
					}),
					p.result(tilesID),
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
