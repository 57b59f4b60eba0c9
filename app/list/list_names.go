package list

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// A list's cells that hold another object's id (a listener's default
// pool, a pool's load balancer, an amphora's load balancer) show its name:
// from the status tree its page reads (an embedded list's Tree), else
// from the session's name book (internal/tab's object_names.go), which
// the page asks for the names of the rows in view after each read of them
// (its load, every live read, a scroll), each name read again at most
// every listNamesMaxAge.

// listNamesMaxAge is how old a list's cell's name from the name book may
// be: a rename of the object a cell names shows within it. Longer than a
// detail page's one poll: a list may name many objects, each read by a
// GET.
const listNamesMaxAge = 15 * time.Second

// namer names the objects the list's cells link to: its page's tree,
// then the name book. UI goroutine (its answers: any).
func (p *Page) namer() console.Namer {
	tree, sess := p.Tree, p.sess
	return func(k octavia.Kind, id string) (string, bool) {
		if s, ok := tree.Status(id); ok && s.Kind == k {
			return s.Name, true
		}
		return tab.ObjectName(sess, k, id)
	}
}

// askNames asks the name book for the objects the rows in view name that
// the page's tree does not. UI goroutine; the reads run in ctx.Async and
// re-render the list.
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
	var refs []octavia.Ref
	for _, r := range console.CellRefs(p.res, view) {
		if res := console.ResourceOf(r.Kind); res == nil || !res.MayRead(p.sess) {
			continue // not linked (an admin's kind): not named either
		}
		if s, ok := p.Tree.Status(r.ID); !ok || s.Kind != r.Kind {
			refs = append(refs, r)
		}
	}
	tab.ReadNames(ctx, p.sess, refs, listNamesMaxAge, func() {})
}
