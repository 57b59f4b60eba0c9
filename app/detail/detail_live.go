package detail

import (
	"context"
	"net/http"
	"net/url"
	"sync/atomic"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// What a page shows of its object is never older than one poll (issue 28
// §2). The status tree says when statuses move, but a write that Octavia
// finishes between two polls (a rename, a description, a pool deleted
// with the CLI: Zed takes under 2 s) leaves no status behind, and the
// tree carries no description, no updated_at, no list of pools. So a page
// of a load balancer's tree reads its object through the object's shared
// poll (objHub: one GET per 3 s, shared with the lists, the waits and the
// other tabs) as well as its load balancer's tree, for as long as it is
// open. Between the two reads, the tree may name the object anew before
// the object's own read does: the page then shows the tree's name (the
// heading never disagrees with the tree) and reads the object at once.

// followObject subscribes the feed to its object's shared poll, unless it
// is already; the poll's first read is the object the page has (read or
// served), so following costs no GET at once. UI goroutine.
func (f *feed) followObject() {
	if f.stopObj != nil || f.obj == nil {
		return
	}
	ctx, path := f.uctx, f.path
	f.stopObj = watchFrom(f.sess, f.pr.Ref(), f.obj, func(u waiters.Update[octavia.Object]) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if f.stopObj == nil || path != f.path {
				return
			}
			f.took(ctx, u.Value, u.Err, u.Start)
		})
	})
}

// stopObject leaves the object's poll. UI goroutine.
func (f *feed) stopObject() {
	if f.stopObj != nil {
		f.stopObj()
		f.stopObj = nil
	}
}

// treeNamed reports whether the page shows the name the tree read s gives
// its object rather than the object's own: they differ and the tree was
// read after the object.
func (f *feed) treeNamed(s tab.TreeStatus) bool {
	return f.live.Read != nil && s.Name != f.obj.Text("name") && f.live.Read.At.After(f.objAt)
}

// watchFrom is watch whose poll, when this call starts it, takes have as
// its first read (no GET at once), then reads the object as a list of one
// (readByList); a poll that already runs replays its own latest read
// instead.
func watchFrom(sess *tab.Session, r octavia.Ref, have octavia.Object, fn func(waiters.Update[octavia.Object])) (stop func()) {
	c, key := sess.Client, tab.HubKey(sess, r)
	var first atomic.Pointer[octavia.Object]
	first.Store(&have)
	hub := sess.ObjHub()
	return hub.Subscribe(key, tab.SharedHubFetch(sess, "obj", hub, key, func(ctx context.Context) (octavia.Object, error) {
		if o := first.Swap(nil); o != nil {
			return *o, nil
		}
		return readByList(ctx, c, r)
	}), fn)
}

// readByList reads object r as its kind's list filtered by its id (the
// same attributes as its own GET): a poll of the object's own URL would
// hold up every write to it, as the browser's HTTP cache lets one request
// per URL run at a time (a PUT waited for the poll's GET in flight, 4 s on
// a slow cloud). An empty list is Octavia's 404. Blocks.
func readByList(ctx context.Context, c *octavia.Client, r octavia.Ref) (octavia.Object, error) {
	q := octavia.ListQuery{Filters: url.Values{r.Kind.IDKey(): {r.ID}}}
	for o, err := range c.List(ctx, r.Kind, r.ParentID, q) {
		if err != nil {
			return nil, err
		}
		if o.Text(r.Kind.IDKey()) == r.ID {
			return o, nil
		}
	}
	return nil, &octavia.Error{Code: octavia.ENOTFOUND, StatusCode: http.StatusNotFound, Op: "get " + r.String(),
		Fault: r.Kind.String() + " " + r.ID + " not found."}
}
