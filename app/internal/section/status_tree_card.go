package section

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
)

// statusTreeCard is a load balancer's status tree (GET …/status) drawn as
// a picture, its own component. It polls nothing: its page follows the
// tree every 3 s (liveTree) and gives it each read, the same read its
// badges, properties and tables show, so the picture never disagrees with
// them. A node whose status changed at the last read flashes once.
type statusTreeCard struct {
	goapp.Compo

	Read *tab.TreeRead // the page's last read of the tree; nil until the first
	Live tab.LiveState // the state of the page's poll

	rt *tab.Runtime // the tab's (the section's SectionEnv)
}

func (t *statusTreeCard) Render() goapp.UI {
	var body goapp.UI
	switch {
	case t.Read != nil:
		body = console.RenderStatusTreeRead(t.Read, t.rt.CurrentSession())
	case t.Live.Err != "":
		body = ui.IDClassDiv("tree-error", "alert", "alert-error").Text("The status tree could not be read: " + t.Live.Err)
	default:
		body = ui.ClassDiv("empty", "loading").Text("Reading the status tree…")
	}
	return goapp.Section().Class("card").Body(
		ui.ClassDivBody("card-head",
			goapp.H2().Text("Status tree"),
			ui.ClassDiv("spacer"),
			tab.RenderLive("tree-live", t.Live, "The status tree")),

		body,
		goapp.If(t.Read != nil, console.RenderTreeLegend),
	)
}
