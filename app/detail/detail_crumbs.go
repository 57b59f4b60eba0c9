package detail

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// crumbs is the page's breadcrumb (console.Crumbs: load balancer ›
// listener › pool › member), from its tree's read. UI goroutine.
func (f *feed) crumbs() []console.Crumb {
	return console.Crumbs(f.live.Read, f.pr, f.shown(), f.lbID)
}

// crumbRefs are the breadcrumb's objects but the page's own, for the
// name book. UI goroutine.
func (f *feed) crumbRefs() []octavia.Ref {
	var out []octavia.Ref
	for _, c := range f.crumbs() {
		if c.ID != f.pr.ID {
			out = append(out, c.Ref())
		}
	}
	return out
}

// renderCrumbs is the breadcrumb as links by name, each part's kind
// before its name ("Load balancer shop › Listener http80 › …"), the
// page's own object last and not a link; nothing for a page with none.
// UI goroutine.
func (f *feed) renderCrumbs() goapp.UI {
	cs := f.crumbs()
	if len(cs) == 0 {
		return nil
	}
	items := make([]goapp.UI, 0, len(cs))
	for i, c := range cs {
		res := console.ResourceOf(c.Kind)
		kind := goapp.Span().Class("crumb-kind").Text(console.Capitalize(res.Singular) + " ")
		if i == len(cs)-1 {
			items = append(items, goapp.Li().Class("crumb").Aria("current", "page").Body(kind, goapp.Span().Class("crumb-name").Text(f.name())))
			continue
		}
		label := console.RefLabel(f.names, c.Kind, c.ID)
		if label == c.ID {
			label = console.RefName("", c.ID) // not known yet: its short id, the whole one in the title
		}
		items = append(items, goapp.Li().Class("crumb").DataSet("kind", string(c.Kind)).Body(
			kind, ui.ClassA("crumb-name").Href(c.Path()).Title(c.ID).Text(label)))
	}
	return goapp.Nav().ID(f.dom("crumbs")).Class("crumbs").Aria("label", "Where this "+f.res().Singular+" is").Body(
		goapp.Ol().Body(items...))
}
