package shell

import (
	"context"
	"fmt"
	"net/http"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// labPanel is the lab's panel in the shell of every signed-in page (lab
// mode only): a trainee's checklist of the class's exercise, ticking as
// the steps pass, with the hint of the next one; or, in a trainer's
// read-only view of a trainee's project, what the view is and the way
// back. It reads serverapi.LabChecklistPath every 3 s while it is on the
// page (the server answers from its one read of the class per 3 s).
type labPanel struct {
	goapp.Compo

	list serverapi.Checklist
	stop func()
	back bool   // going back to the trainer's page
	err  string // of going back
}

// OnMount reads the checklist now and every 3 s. UI goroutine.
func (p *labPanel) OnMount(ctx goapp.Context) {
	if !goapp.IsClient {
		return
	}
	p.read(ctx)
	p.stop = Tick(ctx, 3*time.Second, p.read)
}

func (p *labPanel) OnDismount() {
	if p.stop != nil {
		p.stop()
		p.stop = nil
	}
}

func (p *labPanel) read(ctx goapp.Context) {
	origin := site.OriginOf(ui.WindowURL())
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var list serverapi.Checklist
		if err := site.GetJSON(c, http.DefaultClient, origin, serverapi.LabChecklistPath, &list); err != nil {
			return // no checklist (logged out, or the server is away): the panel stays as it was
		}
		ctx.Dispatch(func(ctx goapp.Context) { p.list = list })
	})
}

// goBack ends the trainer's read-only view: the server gives the trainer's
// own session back, and the trainer's page opens again.
func (p *labPanel) goBack(ctx goapp.Context, e goapp.Event) {
	if p.back {
		return
	}
	p.back, p.err = true, ""
	origin := site.OriginOf(ui.WindowURL())
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		err := site.TrainerCall(c, origin, http.MethodPost, serverapi.TrainerReturnPath, nil)
		ctx.Dispatch(func(ctx goapp.Context) {
			p.back = false
			if err != nil {
				p.err = err.Error()
				return
			}
			ReloadTo(serverapi.TrainerPagePath)
		})
	})
}

func (p *labPanel) Render() goapp.UI {
	l := p.list
	return ui.IDDiv("lab-panel").Body(
		goapp.If(l.View != "", func() goapp.UI {
			return goapp.Section().ID("view-banner").Class("alert", "view-banner").Aria("label", "trainer's view").Body(
				goapp.Strong().Text("Read-only view of "+l.View+"'s project"),
				goapp.Text(", as its trainee sees it: nothing here can be changed. "),
				ui.TypedButton("view-back", "button").Class("btn", "btn-small").Disabled(p.back).OnClick(p.goBack).
					Text("Back to the trainer's page"),
				goapp.If(p.err != "", func() goapp.UI { return ui.ClassSpanText("st-error-text", " "+p.err) }),
			)
		}),
		goapp.If(l.Exercise != nil && len(l.Steps) == len(exerciseSteps(l.Exercise)), func() goapp.UI {
			return p.renderChecklist()
		}),
	)
}

func exerciseSteps(e *serverapi.Exercise) []serverapi.Step {
	if e == nil {
		return nil
	}
	return e.Steps
}

// renderChecklist is the exercise's steps, ticked when they pass; the next
// step to do shows its hint.
func (p *labPanel) renderChecklist() goapp.UI {
	l := p.list
	done, next := 0, -1
	for i, s := range l.Steps {
		if s.Holds {
			done++
		} else if next < 0 {
			next = i
		}
	}
	return goapp.Section().ID("checklist").Class("checklist").Aria("label", "exercise checklist").Body(
		goapp.Div().Body(
			goapp.Strong().Text(l.Exercise.Title),
			ui.IDSpan("checklist-count").Aria("live", "polite").Text(fmt.Sprintf(" · %d of %d steps done", done, len(l.Steps))),
		),
		goapp.Ol().Body(ui.RangeSlice(l.Steps, func(i int) goapp.UI {
			s, step := l.Steps[i], l.Exercise.Steps[i]
			mark, cls, state := "☐", "step-todo", "to do"
			if s.Holds {
				mark, cls, state = "☑", "step-done", "done"
			} else if s.PassedAt != "" {
				mark, cls, state = "☐", "step-lost", "passed before, not now"
			}
			return goapp.Li().Class("check-step", cls).DataSet("done", s.Holds).Body(
				ui.ClassSpan("check-mark").Aria("hidden", "true").Text(mark+" "),
				goapp.Span().Text(step.Title),
				ui.ClassSpanText("sr-only", " ("+state+")"),
				goapp.If(i == next, func() goapp.UI { return renderHints(step) }),
			)
		})),
	)
}

// labTrainer reports whether the session is the lab's admin (the
// trainer): the shell then links the trainer's page.
func labTrainer(sess *tab.Session) bool {
	if sess == nil || !sess.Config.Lab {
		return false
	}
	for _, r := range sess.Info.Roles {
		if r == "admin" {
			return true
		}
	}
	return false
}
