package trainer

import (
	"net/http"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/serverapi"
)

// TestActionsRefuse: a change the forms cannot send is refused beside its
// form, saying what to do (nobody ticked; a reset of the whole lab), and
// nothing is in flight; a trainee ticked is someone to act on.
func TestActionsRefuse(t *testing.T) {
	cl := serverapi.Class{Trainees: []serverapi.Trainee{{Project: "p1"}, {Project: "p2"}}}
	a := actions{class: &cl, to: target{selected: map[string]bool{}, mode: "selected"}}

	if a.needTarget(scenarioFormID) {
		t.Fatal("nobody ticked: got someone to act on")
	}
	if a.where != scenarioFormID || a.failed != a.to.missing(cl.Trainees) || a.busy {
		t.Errorf("nobody ticked: got where %q failed %q busy %v, want %q, the target's words, not busy", a.where, a.failed, a.busy, scenarioFormID)
	}

	a.to.mode = "lab"
	a.reset(goapp.Context{}, goapp.Event{})
	if want := "A reset empties trainees' projects: choose them, or every trainee."; a.where != faultFormID || a.failed != want || a.asking.send != nil {
		t.Errorf("reset of the lab: got where %q failed %q asking %v, want %q %q and no dialog", a.where, a.failed, a.asking.send != nil, faultFormID, want)
	}

	a.to.mode = "selected"
	a.to.selected["p2"] = true
	if !a.needTarget(faultFormID) {
		t.Errorf("p2 ticked: got nobody to act on (%q)", a.failed)
	}
}

// TestActionsClosed: once the page is gone (stop), a change sends nothing
// and says nothing.
func TestActionsClosed(t *testing.T) {
	cl := serverapi.Class{Trainees: []serverapi.Trainee{{Project: "p1"}}}
	a := actions{class: &cl}
	a.start(goapp.Context{})
	a.stop()
	a.act(faultFormID, "Faults for every trainee", http.MethodPut, serverapi.TrainerFaultsPath, nil)
	a.openView("p1")
	if a.busy || a.where != "" || a.notice != "" {
		t.Errorf("got busy %v where %q notice %q, want nothing sent", a.busy, a.where, a.notice)
	}
}

// TestActionsPickRunning: the exercise form shows the exercise the class
// runs until the trainer picks one, and then keeps the trainer's pick.
func TestActionsPickRunning(t *testing.T) {
	var a actions
	a.pickRunning(nil)
	if a.exercise != "" {
		t.Errorf("no exercise: got %q, want none", a.exercise)
	}
	a.pickRunning(&serverapi.Exercise{Name: "pools"})
	if a.exercise != "pools" {
		t.Errorf("class runs pools: got %q, want pools", a.exercise)
	}
	a.exercise = "file"
	a.pickRunning(&serverapi.Exercise{Name: "pools"})
	if a.exercise != "file" {
		t.Errorf("trainer picked a file: got %q, want file", a.exercise)
	}
}
