package detail

import (
	"context"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// deleteGoes is what the delete dialog says goes with the object
// (console.DeleteGoes), read when the dialog opens. UI goroutine.
type deleteGoes struct {
	goes    console.DeleteGoes
	read    bool   // goes is the answer for the dialog open
	reading bool   // the reads run
	err     string // they failed
	gen     int    // the dialog's opening the reads are for
}

// readGoes reads what deleting f's object takes with it, for the dialog
// just opened. UI goroutine; the GETs in ctx.Async.
func (g *deleteGoes) readGoes(f *feed) {
	g.gen++
	*g = deleteGoes{gen: g.gen}
	res := f.res()
	if f.obj == nil || !console.HasDeleteGoes(res.Kind) {
		return
	}
	g.reading = true
	ctx, gen := f.uctx, g.gen
	c, k, id, o, tree := f.sess.Client, res.Kind, f.pr.ID, f.obj, f.live.Read
	names := func(id string) string {
		if s, ok := tree.Status(id); ok {
			return ui.DisplayName(s.Name, id)
		}
		return ""
	}
	ctx.Async(func() {
		cc, cancel := context.WithTimeout(context.Background(), time.Minute)
		goes, err := console.ReadDeleteGoes(cc, c, k, id, o, names)
		cancel()
		ctx.Dispatch(func(goapp.Context) {
			if g.gen != gen {
				return // the dialog was opened again since
			}
			g.reading = false
			if err != nil {
				g.err = octavia.Message(err)
				return
			}
			g.goes, g.read = goes, true
		})
	})
}

// render is what goes, in the dialog: the children by kind, what stays,
// and Octavia's refusal to come.
func (g *deleteGoes) render(f *feed) goapp.UI {
	switch {
	case g.reading:
		return ui.IDClassDiv("delete-goes", "goes", "loading").Text("Reading what goes with it…")
	case g.err != "":
		return ui.IDClassDiv("delete-goes", "goes", "st-error-text").Text("What goes with it could not be read: " + g.err)
	case !g.read:
		return nil
	}
	var parts []goapp.UI
	if len(g.goes.Groups) > 0 {
		items := make([]goapp.UI, len(g.goes.Groups))
		for i, gr := range g.goes.Groups {
			items[i] = goapp.Li().DataSet("kind", string(gr.Kind)).Text(gr.Text())
		}
		parts = append(parts, goapp.P().Text("Octavia deletes with it:"), goapp.Ul().Class("goes-list").Body(items...))
	} else {
		parts = append(parts, goapp.P().Textf("Nothing else is deleted with this %s.", f.res().Singular))
	}
	for _, s := range g.goes.Stays {
		parts = append(parts, ui.ClassPText("goes-stays", s))
	}
	if g.goes.Refused != "" {
		parts = append(parts, ui.AlertError("delete-refused", g.goes.Refused))
	}
	return ui.IDClassDiv("delete-goes", "goes").Body(parts...)
}
