package detail

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// namesMaxAge is how old a name from the session's name book may be
// before the page reads it again: one poll, so that a rename shows within
// one.
const namesMaxAge = 3 * time.Second

// names names the objects the page links to: from its load balancer's
// status tree when it holds them (read every poll), else from the
// session's name book (askNames). Its load balancer itself is the tree's
// root. UI goroutine.
func (f *feed) names(k octavia.Kind, id string) (string, bool) {
	if s, ok := f.live.Read.Status(id); ok && s.Kind == k {
		return s.Name, true
	}
	return tab.ObjectName(f.sess, k, id)
}

// askNames asks the name book for the objects the page names that its
// tree does not (a pool without a listener, an L7 policy's redirect pool,
// an amphora's load balancer), after each read of the object or of its
// tree. UI goroutine; the reads run in ctx.Async.
func (f *feed) askNames(ctx goapp.Context) {
	if f.obj == nil || f.sess == nil {
		return
	}
	var refs []octavia.Ref
	for _, r := range append(console.NamedRefs(f.pr, f.obj), f.crumbRefs()...) {
		if res := console.ResourceOf(r.Kind); res == nil || !res.MayRead(f.sess) {
			continue // not linked (an admin's kind): not named either
		}
		if s, ok := f.live.Read.Status(r.ID); !ok || s.Kind != r.Kind {
			refs = append(refs, r)
		}
	}
	tab.ReadNames(f.uctx, f.sess, refs, namesMaxAge, func() {}) // its answer, dispatched on the page, renders the names
}
