package trainer

import (
	"net/http"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/shell"
	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/serverapi"
)

// actions is what the trainer does from the page through the server's
// trainer API: the changes the forms send to the lab (faults, a reset, a
// scenario, the exercise, an import: what each form holds, whom it acts
// on) and a tile's Open. One runs at a time; how the last one went shows
// beside the form it came from, or above the tiles (result). A reset or
// an import first waits for the trainer's confirmation
// (trainer_confirm.go). The page owns it and hands it its context and its
// class; its methods run on the UI goroutine.
type actions struct {
	ctx   goapp.Context    // the page's own (start): a tile's button may be gone when its answer comes
	open  bool             // the page is open: from start to stop, the actions send
	class *serverapi.Class // the class the page shows (Page.class), as it is when a button is pressed

	to         target // whom the forms act on (target.go)
	fault      faultForm
	scenario   string
	exercise   string // a shipped exercise's name, "" = none, "file" = exFile
	exFile     string
	setup      bool
	importFile goapp.Value // the lab state file picked for import; nil: none

	busy   bool
	notice string // how the last change went, beside the form it came from (where)
	failed string
	where  string  // the form (its id) or tilesID the last change came from: result
	asking confirm // the change that waits for the trainer's confirmation (trainer_confirm.go)
}

// start lets the actions send through ctx, the page's own (OnNav); the
// forms act on the trainees ticked until the trainer chooses otherwise.
func (a *actions) start(ctx goapp.Context) {
	if a.to.selected == nil {
		a.to = target{selected: map[string]bool{}, mode: "selected"}
	}
	a.ctx, a.open = ctx, true
}

// stop ends the sending: the page is gone (OnDismount).
func (a *actions) stop() { a.open = false }

// pickRunning picks ex, the exercise the class runs (nil: none), in the
// exercise form, unless the trainer has picked one.
func (a *actions) pickRunning(ex *serverapi.Exercise) {
	if ex != nil && a.exercise == "" {
		a.exercise = ex.Name
	}
}

// act sends one change from the form where and says how it went beside
// its buttons.
func (a *actions) act(where, what, method, path string, body any) {
	ctx := a.ctx
	if a.busy || !a.open {
		return
	}
	a.busy, a.where, a.notice, a.failed = true, where, what+"…", ""
	site.CallTrainer(ctx, method, path, body, 60*time.Second, func(ctx goapp.Context, err error) {
		a.busy = false
		if err != nil {
			a.notice, a.failed = "", what+" failed: "+err.Error()
			return
		}
		a.notice = what + ": done."
	})
}

// refuse says, beside the form where, why a change was not sent.
func (a *actions) refuse(where, why string) {
	a.where, a.notice, a.failed = where, "", why
}

// needTarget reports whether the forms have someone to act on, else says
// what to do beside the form where.
func (a *actions) needTarget(where string) bool {
	if msg := a.to.missing(a.class.Trainees); msg != "" {
		a.refuse(where, msg)
		return false
	}
	return true
}

func (a *actions) setFaults(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	f, err := a.fault.faults()
	if err != nil {
		a.refuse(faultFormID, err.Error())
		return
	}
	if !a.needTarget(faultFormID) {
		return
	}
	a.act(faultFormID, "Faults for "+a.to.text(a.class.Trainees), http.MethodPut, serverapi.TrainerFaultsPath,
		serverapi.FaultsRequest{ProjectsRequest: a.to.projects(a.class.Trainees), Lab: a.to.mode == "lab", Faults: f})
}

func (a *actions) clearFaults(ctx goapp.Context, e goapp.Event) {
	if !a.needTarget(faultFormID) {
		return
	}
	a.act(faultFormID, "Faults lifted for "+a.to.text(a.class.Trainees), http.MethodPut, serverapi.TrainerFaultsPath,
		serverapi.FaultsRequest{ProjectsRequest: a.to.projects(a.class.Trainees), Lab: a.to.mode == "lab"})
}

// reset asks to confirm the reset of the projects the forms act on, in
// the console's dialog (trainer_confirm.go).
func (a *actions) reset(ctx goapp.Context, e goapp.Event) {
	if a.to.mode == "lab" {
		a.refuse(faultFormID, "A reset empties trainees' projects: choose them, or every trainee.")
		return
	}
	if !a.needTarget(faultFormID) {
		return
	}
	a.ask(ctx, resetConfirm(a.to.text(a.class.Trainees), a.to.projects(a.class.Trainees)))
}

func (a *actions) loadScenario(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	switch {
	case strings.TrimSpace(a.scenario) == "":
		a.refuse(scenarioFormID, "Paste a scenario (JSON) first.")
		return
	case a.to.mode == "lab":
		a.refuse(scenarioFormID, "A scenario loads into trainees' projects: choose them, or every trainee.")
		return
	case !a.needTarget(scenarioFormID):
		return
	}
	a.act(scenarioFormID, "Scenario for "+a.to.text(a.class.Trainees), http.MethodPost, serverapi.TrainerScenarioPath,
		serverapi.ScenarioRequest{ProjectsRequest: a.to.projects(a.class.Trainees), Scenario: a.scenario})
}

func (a *actions) startExercise(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	req := serverapi.ExerciseRequest{Setup: a.setup}
	switch a.exercise {
	case "":
	case "file":
		req.File = a.exFile
	default:
		req.Name = a.exercise
	}
	what := "No exercise"
	if a.exercise != "" {
		what = "Exercise started"
	}
	a.act(exerciseFormID, what, http.MethodPut, serverapi.TrainerExercisePath, req)
}

// pickImport keeps the lab state file picked.
func (a *actions) pickImport(ctx goapp.Context, e goapp.Event) {
	a.importFile = nil
	if files := ctx.JSSrc().Get("files"); files.Truthy() && files.Length() > 0 {
		a.importFile = files.Index(0)
	}
}

// importLab asks to confirm the replacement of the whole lab with the file
// picked, in the console's dialog (trainer_confirm.go).
func (a *actions) importLab(ctx goapp.Context, e goapp.Event) {
	if a.busy || a.importFile == nil {
		return
	}
	a.ask(ctx, importConfirm(a.importFile.Get("name").String()))
}

// sendImport replaces the whole lab with the file picked: the browser
// reads the file, the server checks it whole before anything changes.
func (a *actions) sendImport() {
	f := a.importFile
	if a.busy || f == nil {
		return
	}
	var then goapp.Func
	then = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		then.Release()
		data := []byte(args[0].String())
		a.ctx.Dispatch(func(ctx goapp.Context) {
			a.act(labFormID, "Import of "+f.Get("name").String(), http.MethodPut, serverapi.TrainerImportPath, data)
		})
		return nil
	})
	f.Call("text").Call("then", then)
}

// openView turns this browser's session into a read-only view of a
// trainee's project, then opens the console there; its outcome shows
// above the tiles.
func (a *actions) openView(project string) {
	ctx := a.ctx
	if a.busy || !a.open {
		return
	}
	a.busy, a.where, a.notice, a.failed = true, tilesID, "Opening "+project+" read-only…", ""
	site.CallTrainer(ctx, http.MethodPost, serverapi.TrainerViewPath, serverapi.ViewRequest{Project: project}, 30*time.Second, func(ctx goapp.Context, err error) {
		a.busy = false
		if err != nil {
			a.notice, a.failed = "", "Opening "+project+" failed: "+err.Error()
			return
		}
		shell.ReloadTo(tab.ListPath)
	})
}
