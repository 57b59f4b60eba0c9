package trainer

import (
	"context"
	"fmt"
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
// every viewer); faults, resets, scenarios and the exercise by form (its
// actions, trainer_actions.go); the progress grid with its CSV. The tiles are a bounded grid (tileGrid): the
// document holds the rows of tiles in view, whatever the class's size.
type Page struct {
	goapp.Compo

	rt      *tab.Runtime // the tab's (New)
	status  ui.LoadStatus
	err     string
	denied  bool
	mode    string
	class   serverapi.Class
	cancel  context.CancelFunc
	actions actions // the forms and a tile's Open, what they send and how it went (trainer_actions.go)

	grid     tileGrid
	progress progress // the progress grid's sort (progress.go)
}

// New is a trainer page of the tab whose runtime is rt (its route's).
func New(rt *tab.Runtime) *Page {
	p := &Page{rt: rt}
	p.actions.class = &p.class
	return p
}

func (p *Page) OnNav(ctx goapp.Context) {
	if p.rt.RequireSession(ctx) == nil || p.cancel != nil {
		return
	}
	p.actions.start(ctx)
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
	p.actions.stop()
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
	p.actions.pickRunning(cl.Exercise)
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
					p.actions.result(tilesID),
					p.grid.render(cl.Trainees, p.renderTile),
					p.actions.renderForms(),
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
