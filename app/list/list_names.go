package list

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// A list's cells that hold another object's id (a listener's default
// pool, a pool's load balancer, an amphora's load balancer) show its name
// from the session's name book (internal/tab's object_names.go): the page
// asks for the names of the rows in view after each read of them (its
// load, every live read, a scroll), each name read again at most every
// listNamesMaxAge.

// listNamesMaxAge is how old a list's cell's name may be: a rename of
// the object a cell names shows within it. Longer than a detail page's
// one poll: a list may name many objects, each read by a GET.
const listNamesMaxAge = 15 * time.Second

// objectNamer names objects from sess's name book.
func objectNamer(sess *tab.Session) console.Namer {
	return func(k octavia.Kind, id string) (string, bool) { return tab.ObjectName(sess, k, id) }
}

// askNames asks the name book for the objects the rows in view name. UI
// goroutine; the reads run in ctx.Async and re-render the list.
func (p *Page) askNames(ctx goapp.Context) {
	if p.sess == nil || p.res == nil {
		return
	}
	shown := p.shownRows()
	in := inView(shown, p.viewFirst)
	var view []tab.Row
	for i := range shown {
		if in[shown[i].ID] {
			view = append(view, shown[i])
		}
	}
	tab.ReadNames(ctx, p.sess, console.CellRefs(p.res, view), listNamesMaxAge, func() {})
}
