package detail

import (
	"context"
	"maps"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// feed is a detail page's object as read and kept live: a kind of a load
// balancer's tree follows that load balancer's status tree (console.LiveTree)
// and its own shared poll (detail_live.go); another kind its shared poll
// while the page is open. The page owns it; its methods run on the UI
// goroutine, their answers land through the page's context (uctx), so each
// one re-renders the page.
type feed struct {
	sess     *tab.Session
	pr       console.PageRef
	path     string
	status   ui.LoadStatus
	err      string
	gone     bool
	obj      octavia.Object
	stopPoll func() // kinds outside a load balancer's tree: the object's poll while pending
	pollErr  string

	live      tab.LiveTree // kinds of a load balancer's tree: its status tree
	lbID      string       // the object's load balancer, once known
	readSig   string       // what the tree said of the object when it was last read (treeSig)
	objAt     time.Time    // when the read of the object shown began
	stopObj   func()       // kinds of a load balancer's tree: the object's shared poll (followObject)
	reading   bool         // a GET of the object runs
	again     bool         // read again once it answers
	resolving bool         // its load balancer is being looked up
	monitors  map[string]octavia.Object
	asked     map[string]bool // monitors asked for

	uctx goapp.Context // the page's own context (OnNav): a write outlives the button that sent it
}

// reset points the feed at the page at path (pr), forgetting the object
// it showed. UI goroutine.
func (f *feed) reset(path string, pr console.PageRef) {
	f.leave()
	f.path, f.pr, f.obj, f.gone, f.status = path, pr, nil, false, ui.NeverLoaded
	f.live, f.lbID, f.readSig, f.again, f.monitors, f.asked = tab.LiveTree{}, "", "", false, map[string]octavia.Object{}, map[string]bool{}
	f.objAt = time.Time{}
}

// leave ends the feed's polls. UI goroutine.
func (f *feed) leave() {
	f.stopPolling()
	f.stopObject()
	f.live.Leave()
}

// res is the page's kind.
func (f *feed) res() *console.Resource { return f.pr.Res }

// dom is an element id of this page: "lb-props" for a load balancer.
func (f *feed) dom(suffix string) string { return f.res().Prefix + "-" + suffix }

// ref is the Ref of the page's object (with its load balancer, once its
// JSON named it).
func (f *feed) ref() octavia.Ref {
	if f.obj == nil {
		return f.pr.Ref()
	}
	r := octavia.RefOf(f.res().Kind, f.pr.ParentID, f.obj)
	r.ID = f.pr.ID
	return r
}

// load reads the object: a kind of a load balancer's tree once (its
// tree's poll says when to read it again), another kind through its shared
// poll while it is pending. UI goroutine.
func (f *feed) load(ctx goapp.Context) {
	if f.res().HasStatus() {
		if f.obj == nil {
			if f.status != ui.Loaded {
				f.status, f.err = ui.Loading, ""
			}
			f.read(ctx)
		}
		return
	}
	f.watchObject(ctx)
}

// read GETs the object once (and once more when asked to meanwhile), or,
// once the object's poll runs, makes it read at once. UI goroutine; the
// GET runs in ctx.Async, its answer lands on the page.
func (f *feed) read(ctx goapp.Context) {
	if f.stopObj != nil { // the object's poll reads it at once (no second GET beside one in flight)
		tab.PokeObject(f.sess, f.pr.Ref())
		return
	}
	if f.reading {
		f.again = true
		return
	}
	f.reading = true
	ctx = f.uctx
	c, ref, path := f.sess.Client, f.pr.Ref(), f.path
	ctx.Async(func() {
		began := time.Now()
		cc, cancel := context.WithTimeout(context.Background(), time.Minute)
		o, err := c.Get(cc, ref)
		cancel()
		ctx.Dispatch(func(ctx goapp.Context) {
			if path != f.path {
				return
			}
			f.reading = false
			f.took(ctx, o, err, began)
			if f.again && !f.gone {
				f.again = false
				f.read(ctx)
			}
		})
	})
}

// took shows a read of the object begun at began (one begun before the
// read shown is dropped: it may predate a write) and follows its load
// balancer's tree. UI goroutine.
func (f *feed) took(ctx goapp.Context, o octavia.Object, err error, began time.Time) {
	if began.Before(f.objAt) {
		return
	}
	switch {
	case octavia.ErrorCodeOf(err) == octavia.ENOTFOUND:
		f.gone, f.status = true, ui.Loaded
		f.stopObject()
		f.live.Leave()
		tab.SetAlertTitle(0)
	case err != nil && f.status == ui.Loaded:
		f.pollErr = octavia.Message(err)
	case err != nil || o == nil:
		f.status, f.err = ui.LoadFailed, octavia.Message(err)
	default:
		f.obj, f.pollErr, f.status, f.objAt = o, "", ui.Loaded, began
		tab.NoteStatus(f.sess, f.pr.ID, o.Text("provisioning_status"), o.Text("operating_status"), time.Now())
		f.followTree(ctx)
	}
}

// followTree follows the status tree of the object's load balancer, found
// first when its answer does not name it (a member, a health monitor, an L7
// policy, a rule: pageLoadBalancer, the lookup the server's first screen
// makes too). UI goroutine.
func (f *feed) followTree(ctx goapp.Context) {
	if f.lbID != "" {
		f.live.Follow(f.uctx, f.sess, f.lbID, f.onTree)
		f.followObject()
		return
	}
	if id := f.ref().LoadBalancerID; id != "" {
		f.lbID = id
		f.followTree(ctx)
		return
	}
	if f.resolving {
		return
	}
	f.resolving = true
	ctx = f.uctx
	c, pr, o, path := f.sess.Client, f.pr, f.obj, f.path
	ctx.Async(func() {
		cc, cancel := context.WithTimeout(context.Background(), time.Minute)
		id, err := pageLoadBalancer(cc, c, pr, o)
		cancel()
		ctx.Dispatch(func(ctx goapp.Context) {
			if path != f.path {
				return
			}
			f.resolving = false
			if err != nil || id == "" {
				f.pollErr = "its load balancer could not be found, so its statuses are not followed: " + octavia.Message(err)
				return
			}
			f.lbID = id
			f.followTree(ctx)
		})
	})
}

// onTree takes a poll of the tree: the object is read again when the tree
// says it, or its load balancer, changed (the tree does not carry its
// other attributes), and gone when its load balancer is. UI goroutine.
func (f *feed) onTree(ctx goapp.Context) {
	if f.live.Gone {
		f.read(ctx) // the load balancer is gone: is the object? (404: the page says so)
		return
	}
	if f.live.Read == nil {
		return
	}
	sig := f.treeSig()
	first := f.readSig == "" // the page's first read of the tree (the served one, on a first screen)
	switch {
	case f.readSig == "":
		f.readSig = sig
	case sig != f.readSig:
		f.readSig = sig
		f.read(ctx)
	}
	tab.SetAlertTitle(f.live.Read.Alerts())
	f.askMonitors(ctx)
	if !first {
		f.askNames(ctx) // from the second poll on: the first screen's page shows what it was served with, and reads nothing more at once
	}
}

// treeSig is what the tree says of the object: its load balancer's
// provisioning status, and its own statuses and name when the tree holds
// it.
func (f *feed) treeSig() string {
	r := f.live.Read
	lb, _ := r.Status(f.lbID)
	sig := lb.Prov
	if s, ok := r.Status(f.pr.ID); ok {
		sig += "|" + s.Prov + "|" + s.Oper + "|" + s.Name
	}
	return sig
}

// askMonitors reads, once each, the health monitors that say why the
// object is down (status_why.go). UI goroutine.
func (f *feed) askMonitors(ctx goapp.Context) {
	for _, id := range console.MonitorsWanted(f.live.Read, f.pr.ID) {
		if f.asked[id] {
			continue
		}
		f.asked[id] = true
		ctx := f.uctx
		c, path := f.sess.Client, f.path
		ctx.Async(func() {
			cc, cancel := context.WithTimeout(context.Background(), time.Minute)
			o, err := c.Get(cc, octavia.Ref{Kind: octavia.KindMonitor, ID: id})
			cancel()
			if err != nil {
				return // the monitor is named by its type
			}
			ctx.Dispatch(func(goapp.Context) {
				if path == f.path {
					f.monitors[id] = o
				}
			})
		})
	}
}

// shown is the object as the page shows it: its statuses from the tree
// when the tree holds it (the picture, the badges and the tables then
// read the same), and its name too when the tree was read after the
// object (treeNamed: the heading never names it otherwise than the tree),
// else as it was read.
func (f *feed) shown() octavia.Object {
	s, ok := f.live.Read.Status(f.pr.ID)
	if !ok || f.obj == nil || s.Kind != f.res().Kind {
		return f.obj
	}
	renamed := f.treeNamed(s)
	if !renamed && s.Prov == f.obj.Text("provisioning_status") && s.Oper == f.obj.Text("operating_status") {
		return f.obj
	}
	o := maps.Clone(f.obj)
	o["provisioning_status"], o["operating_status"] = s.Prov, s.Oper
	if renamed {
		o["name"] = s.Name
	}
	return o
}

// watchObject reads an object of a kind outside a load balancer's tree
// through its shared poll (objHub): a fresh GET, or the latest answer of a
// poll that already runs for it (an operation wait, another view), then
// every 3 s while the page is open (a change made elsewhere shows within
// one poll). UI goroutine.
func (f *feed) watchObject(ctx goapp.Context) {
	if f.stopPoll != nil {
		return // the poll runs: its next answer refreshes the page
	}
	if f.status != ui.Loaded {
		f.status, f.err = ui.Loading, ""
	}
	path := f.path
	f.stopPoll = tab.Watch(f.sess, f.pr.Ref(), func(u waiters.Update[octavia.Object]) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if f.stopPoll == nil || path != f.path {
				return
			}
			f.apply(u.Value, u.Err)
		})
	})
}

// apply takes a poll of the object. UI goroutine.
func (f *feed) apply(o octavia.Object, err error) {
	switch {
	case octavia.ErrorCodeOf(err) == octavia.ENOTFOUND:
		f.gone, f.status = true, ui.Loaded
		f.stopPolling()
	case err != nil && f.status == ui.Loaded:
		f.pollErr = octavia.Message(err)
	case err != nil || o == nil:
		f.status, f.err = ui.LoadFailed, octavia.Message(err)
		f.stopPolling()
	default:
		again := f.status == ui.Loaded // not the first answer (a first screen's: shown as served, no read more at once)
		f.obj, f.pollErr, f.status = o, "", ui.Loaded
		if again {
			f.askNames(f.uctx)
		}
	}
}

func (f *feed) stopPolling() {
	if f.stopPoll != nil {
		f.stopPoll()
		f.stopPoll = nil
	}
}

// follow reads the object again after a write of this page or of one of
// its sections (the write's wait reads its load balancer's tree at once,
// which the page shows too). UI goroutine.
func (f *feed) follow() {
	if f.res().HasStatus() {
		f.read(f.uctx)
		return
	}
	if f.stopPoll == nil {
		f.load(f.uctx)
		return
	}
	tab.PokeObject(f.sess, f.pr.Ref())
}

// env is what the page's sections get, in the tab whose runtime is rt.
func (f *feed) env(rt *tab.Runtime) console.SectionEnv {
	return console.SectionEnv{Runtime: rt, Sess: f.sess, Obj: f.shown(), Ref: f.ref(), Name: f.name(), Follow: f.follow,
		Tree: f.live.Read, Live: f.live.State()}
}

// name is what the page's object is called: its name, or the id its URL
// names it by (a quota's answer does not name its project).
func (f *feed) name() string {
	if f.res().ProjectNamed {
		return tab.ProjectLabel(f.sess, f.pr.ID)
	}
	if n := f.res().NameOf(f.shown()); n != "" {
		return n
	}
	return f.pr.ID
}
