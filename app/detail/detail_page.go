package detail

import (
	"context"
	"maps"
	"slices"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/list"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// Page shows one object of any kind: every attribute Octavia returned
// (props.go), its tags, its own sections (given a narrow sectionEnv), its
// children's lists, and its writes (edit, delete, the kind's actions), each
// through a writer (write.go): an operation with its wait, a busy 409
// offered again when ACTIVE.
//
// An object of a load balancer's tree (the load balancer, its listeners,
// pools, members, monitors, L7 policies and rules) is live while its page
// is open (live.go): the page follows its load balancer's status tree every
// 3 s (treeHub, shared with every other view and wait), takes the object's
// statuses from it, hands the same read to its status tree card and
// embedded lists, and reads the object itself every 3 s too (its shared
// poll, objHub: a rename, a description or a pool deleted elsewhere shows
// within one poll; detail_live.go), at once when the tree says it (or its
// load balancer) changed. Other kinds follow their own shared poll (objHub)
// while the page is open.
type Page struct {
	goapp.Compo

	rt       *console.Runtime // the tab's (New)
	sess     *console.Session
	pr       console.PageRef
	path     string
	status   ui.LoadStatus
	err      string
	gone     bool
	obj      console.Object
	stopPoll func() // kinds outside a load balancer's tree: the object's poll while pending
	pollErr  string

	live      console.LiveTree // kinds of a load balancer's tree: its status tree
	lbID      string           // the object's load balancer, once known
	readSig   string           // what the tree said of the object when it was last read (treeSig)
	objAt     time.Time        // when the read of the object shown began
	stopObj   func()           // kinds of a load balancer's tree: the object's shared poll (followObject)
	reading   bool             // a GET of the object runs
	again     bool             // read again once it answers
	resolving bool             // its load balancer is being looked up
	monitors  map[string]console.Object
	asked     map[string]bool // monitors asked for

	confirming bool // the delete dialog is open
	cascade    bool
	deleter    console.Writer // the delete's
	asking     string         // the action whose confirmation is open
	acting     string         // the action that runs (or was refused last)
	actor      console.Writer // the actions'

	uctx goapp.Context // the page's own context (OnNav): a write outlives the button that sent it

	served bool // the server's render of a first screen (FirstScreen): its controls inert
}

// New is a detail page of the tab whose runtime is rt (its route's).
func New(rt *console.Runtime) *Page { return &Page{rt: rt} }

// OnInit, in the browser, gives the page the app starts on with its object
// and tree already read (the page's Served, read by bootServed) the state
// the server rendered it with (detailPageOf), so that the first render is
// the served markup and go-app adopts the served elements (the properties,
// the status tree) instead of rendering a loading page first. OnNav then
// follows the tree as usual (its first poll answered by the served tree).
// UI goroutine.
func (p *Page) OnInit() {
	if goapp.IsServer {
		return
	}
	sess := console.CurrentSession()
	if sess == nil {
		return
	}
	u := ui.WindowURL()
	pr, ok := FirstRead(sess, u)
	if !ok {
		return
	}
	d := p.rt.Startup().TakeServedDetail(u.Path)
	if d == nil {
		return
	}
	f := PageOf(sess, pr, u.Path, d, false)
	p.sess, p.pr, p.path, p.status, p.obj, p.lbID, p.monitors, p.asked, p.live = f.sess, f.pr, f.path, f.status, f.obj, f.lbID, f.monitors, f.asked, f.live
}

func (p *Page) OnNav(ctx goapp.Context) {
	if p.sess = console.RequireSession(ctx); p.sess == nil {
		return
	}
	p.uctx = ctx
	path := ctx.Page().URL().Path
	pr, ok := console.ParsePage(path)
	if !ok || pr.Mode != "detail" {
		return
	}
	if path != p.path {
		p.stopPolling()
		p.stopObject()
		p.live.Leave()
		p.path, p.pr, p.obj, p.gone, p.confirming, p.status = path, pr, nil, false, false, ui.NeverLoaded
		p.deleter, p.actor, p.acting, p.asking = console.Writer{}, console.Writer{}, "", ""
		p.live, p.lbID, p.readSig, p.again, p.monitors, p.asked = console.LiveTree{}, "", "", false, map[string]console.Object{}, map[string]bool{}
		p.objAt = time.Time{}
	}
	if !pr.Res.MayRead(p.sess) {
		p.status, p.err = ui.LoadFailed, "Only an admin reads "+pr.Res.Plural+" (Octavia's default policy)."
		return
	}
	if pr.Res.ProjectNamed || pr.Res.HasStatus() {
		console.ReadProjectNames(ctx, p.sess, func() {}) // its title, or its Project, names the project
	}
	if p.obj != nil && p.live.Stop == nil && !p.gone {
		p.rt.ResumeBootSession(ctx) // a page the app started on with its object (served.go)
		if p.res().HasStatus() {
			p.followTree(ctx)
			return
		}
	}
	p.load(ctx)
}

func (p *Page) OnDismount() {
	p.stopPolling()
	p.stopObject()
	p.live.Leave()
	console.SetAlertTitle(0)
}

// res is the page's kind.
func (p *Page) res() *console.Resource { return p.pr.Res }

// ref is the Ref of the page's object (with its load balancer, once its
// JSON named it).
func (p *Page) ref() octavia.Ref {
	if p.obj == nil {
		return p.pr.Ref()
	}
	r := octavia.RefOf(p.res().Kind, p.pr.ParentID, p.obj)
	r.ID = p.pr.ID
	return r
}

// dom is an element id of this page: "lb-props" for a load balancer.
func (p *Page) dom(suffix string) string { return p.res().Prefix + "-" + suffix }

// load reads the object: a kind of a load balancer's tree once (its
// tree's poll says when to read it again), another kind through its shared
// poll while it is pending. UI goroutine.
func (p *Page) load(ctx goapp.Context) {
	if p.res().HasStatus() {
		if p.obj == nil {
			if p.status != ui.Loaded {
				p.status, p.err = ui.Loading, ""
			}
			p.read(ctx)
		}
		return
	}
	p.watchObject(ctx)
}

// read GETs the object once (and once more when asked to meanwhile), or,
// once the object's poll runs, makes it read at once. UI goroutine; the
// GET runs in ctx.Async, its answer lands on the page.
func (p *Page) read(ctx goapp.Context) {
	if p.stopObj != nil { // the object's poll reads it at once (no second GET beside one in flight)
		console.PokeObject(p.sess, p.pr.Ref())
		return
	}
	if p.reading {
		p.again = true
		return
	}
	p.reading = true
	ctx = p.uctx
	c, ref, path := p.sess.Client, p.pr.Ref(), p.path
	ctx.Async(func() {
		began := time.Now()
		cc, cancel := context.WithTimeout(context.Background(), time.Minute)
		o, err := c.Get(cc, ref)
		cancel()
		ctx.Dispatch(func(ctx goapp.Context) {
			if path != p.path {
				return
			}
			p.reading = false
			p.took(ctx, o, err, began)
			if p.again && !p.gone {
				p.again = false
				p.read(ctx)
			}
		})
	})
}

// took shows a read of the object begun at began (one begun before the
// read shown is dropped: it may predate a write) and follows its load
// balancer's tree. UI goroutine.
func (p *Page) took(ctx goapp.Context, o console.Object, err error, began time.Time) {
	if began.Before(p.objAt) {
		return
	}
	switch {
	case octavia.ErrorCodeOf(err) == octavia.ENOTFOUND:
		p.gone, p.status = true, ui.Loaded
		p.stopObject()
		p.live.Leave()
		console.SetAlertTitle(0)
	case err != nil && p.status == ui.Loaded:
		p.pollErr = octavia.Message(err)
	case err != nil || o == nil:
		p.status, p.err = ui.LoadFailed, octavia.Message(err)
	default:
		p.obj, p.pollErr, p.status, p.objAt = o, "", ui.Loaded, began
		console.NoteStatus(p.sess, p.pr.ID, o.Text("provisioning_status"), o.Text("operating_status"), time.Now())
		p.followTree(ctx)
	}
}

// followTree follows the status tree of the object's load balancer, found
// first when its answer does not name it (a member, a health monitor, an L7
// policy, a rule: pageLoadBalancer, the lookup the server's first screen
// makes too). UI goroutine.
func (p *Page) followTree(ctx goapp.Context) {
	if p.lbID != "" {
		p.live.Follow(p.uctx, p.sess, p.lbID, p.onTree)
		p.followObject()
		return
	}
	if id := p.ref().LoadBalancerID; id != "" {
		p.lbID = id
		p.followTree(ctx)
		return
	}
	if p.resolving {
		return
	}
	p.resolving = true
	ctx = p.uctx
	c, pr, o, path := p.sess.Client, p.pr, p.obj, p.path
	ctx.Async(func() {
		cc, cancel := context.WithTimeout(context.Background(), time.Minute)
		id, err := pageLoadBalancer(cc, c, pr, o)
		cancel()
		ctx.Dispatch(func(ctx goapp.Context) {
			if path != p.path {
				return
			}
			p.resolving = false
			if err != nil || id == "" {
				p.pollErr = "its load balancer could not be found, so its statuses are not followed: " + octavia.Message(err)
				return
			}
			p.lbID = id
			p.followTree(ctx)
		})
	})
}

// onTree takes a poll of the tree: the object is read again when the tree
// says it, or its load balancer, changed (the tree does not carry its
// other attributes), and gone when its load balancer is. UI goroutine.
func (p *Page) onTree(ctx goapp.Context) {
	if p.live.Gone {
		p.read(ctx) // the load balancer is gone: is the object? (404: the page says so)
		return
	}
	if p.live.Read == nil {
		return
	}
	sig := p.treeSig()
	switch {
	case p.readSig == "":
		p.readSig = sig
	case sig != p.readSig:
		p.readSig = sig
		p.read(ctx)
	}
	console.SetAlertTitle(p.live.Read.Alerts())
	p.askMonitors(ctx)
}

// treeSig is what the tree says of the object: its load balancer's
// provisioning status, and its own statuses and name when the tree holds
// it.
func (p *Page) treeSig() string {
	r := p.live.Read
	lb, _ := r.Status(p.lbID)
	sig := lb.Prov
	if s, ok := r.Status(p.pr.ID); ok {
		sig += "|" + s.Prov + "|" + s.Oper + "|" + s.Name
	}
	return sig
}

// askMonitors reads, once each, the health monitors that say why the
// object is down (status_why.go). UI goroutine.
func (p *Page) askMonitors(ctx goapp.Context) {
	for _, id := range console.MonitorsWanted(p.live.Read, p.pr.ID) {
		if p.asked[id] {
			continue
		}
		p.asked[id] = true
		ctx := p.uctx
		c, path := p.sess.Client, p.path
		ctx.Async(func() {
			cc, cancel := context.WithTimeout(context.Background(), time.Minute)
			o, err := c.Get(cc, octavia.Ref{Kind: octavia.KindMonitor, ID: id})
			cancel()
			if err != nil {
				return // the monitor is named by its type
			}
			ctx.Dispatch(func(goapp.Context) {
				if path == p.path {
					p.monitors[id] = o
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
func (p *Page) shown() console.Object {
	s, ok := p.live.Read.Status(p.pr.ID)
	if !ok || p.obj == nil || s.Kind != p.res().Kind {
		return p.obj
	}
	renamed := p.treeNamed(s)
	if !renamed && s.Prov == p.obj.Text("provisioning_status") && s.Oper == p.obj.Text("operating_status") {
		return p.obj
	}
	o := maps.Clone(p.obj)
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
func (p *Page) watchObject(ctx goapp.Context) {
	if p.stopPoll != nil {
		return // the poll runs: its next answer refreshes the page
	}
	if p.status != ui.Loaded {
		p.status, p.err = ui.Loading, ""
	}
	path := p.path
	p.stopPoll = console.Watch(p.sess, p.pr.Ref(), func(u waiters.Update[console.Object]) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if p.stopPoll == nil || path != p.path {
				return
			}
			p.apply(u.Value, u.Err)
		})
	})
}

// apply takes a poll of the object. UI goroutine.
func (p *Page) apply(o console.Object, err error) {
	switch {
	case octavia.ErrorCodeOf(err) == octavia.ENOTFOUND:
		p.gone, p.status = true, ui.Loaded
		p.stopPolling()
	case err != nil && p.status == ui.Loaded:
		p.pollErr = octavia.Message(err)
	case err != nil || o == nil:
		p.status, p.err = ui.LoadFailed, octavia.Message(err)
		p.stopPolling()
	default:
		p.obj, p.pollErr, p.status = o, "", ui.Loaded
	}
}

// objState sums up what of an object changes with its writes: a section
// that reads something else of it again when it changes compares it.
func objState(o console.Object) string {
	return o.Text("provisioning_status") + "|" + o.Text("operating_status") + "|" + o.Text("updated_at")
}

func (p *Page) stopPolling() {
	if p.stopPoll != nil {
		p.stopPoll()
		p.stopPoll = nil
	}
}

// follow reads the object again after a write of this page or of one of
// its sections (the write's wait reads its load balancer's tree at once,
// which the page shows too). UI goroutine.
func (p *Page) follow() {
	if p.res().HasStatus() {
		p.read(p.uctx)
		return
	}
	if p.stopPoll == nil {
		p.load(p.uctx)
		return
	}
	console.PokeObject(p.sess, p.pr.Ref())
}

// env is what the page's sections get.
func (p *Page) env() console.SectionEnv {
	return console.SectionEnv{Sess: p.sess, Obj: p.shown(), Ref: p.ref(), Name: p.name(), Follow: p.follow,
		Tree: p.live.Read, Live: p.live.State()}
}

// name is what the page's object is called: its name, or the id its URL
// names it by (a quota's answer does not name its project).
func (p *Page) name() string {
	if p.res().ProjectNamed {
		return console.ProjectLabel(p.sess, p.pr.ID)
	}
	if n := p.res().NameOf(p.shown()); n != "" {
		return n
	}
	return p.pr.ID
}

// runAction sends action a (after its confirmation). UI goroutine.
func (p *Page) runAction(a console.Action) {
	if p.obj == nil || p.actor.Sending {
		return
	}
	p.acting = a.ID
	wr := a.Write(p.ref(), p.shown())
	if wr.Op.Name == "" {
		wr.Op.Name = p.name()
	}
	if wr.Was == "" {
		wr.Was = p.shown().Text("provisioning_status")
	}
	if wr.LB == "" {
		wr.LB = p.lbID // the page found it: the write looks it up no more
	}
	label := a.Label
	p.actor.Send(p.uctx, p.sess, wr, func(goapp.Context, console.Sent) { p.follow() }, func(err error) {
		p.actor.Err = label + ": " + p.actor.Err
		if console.Busy(err) {
			p.follow() // show the load balancer busy, live, as Octavia sees it
		}
	})
}

func (p *Page) Render() goapp.UI {
	res := p.res()
	if res == nil {
		return goapp.Div()
	}
	title := console.Capitalize(res.Singular)
	if p.obj != nil {
		title += " " + p.name()
	}
	write := res.MayWrite(p.sess) && p.obj != nil && !p.gone
	var actions []goapp.UI
	actions = append(actions, ui.ClassA("btn", "btn-ghost").Href(res.ListPathOf(p.pr.ParentID)).Text(backText(res)))
	if write {
		for _, a := range res.Actions {
			if a.Admin && !p.sess.Info.HasRole("admin") || a.Show != nil && !a.Show(p.obj) {
				continue
			}
			actions = append(actions, ui.IDButton(a.ID).Class("btn").Disabled(p.actor.Sending).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					if a.Confirm != "" {
						p.asking = a.ID
						ui.ShowModal(ctx, actionDialogID)
						return
					}
					p.runAction(a)
				}, goapp.EventScope(a.ID)).Text( // scoped: Restore weight takes Drain's place (go-app keeps the first handler)
				map[bool]string{true: a.ButtonText(p.obj) + "…", false: a.ButtonText(p.obj)}[p.actor.Sending && p.acting == a.ID]))
		}
		if res.Edit {
			actions = append(actions, goapp.A().ID(p.dom("edit")).Class("btn").Href(res.EditPathOf(p.pr.ParentID, p.pr.ID)).Text("Edit"))
		}
		if res.Delete && (res.CanDelete == nil || res.CanDelete(p.obj)) {
			actions = append(actions, ui.IDButton(p.dom("delete")).Class("btn", "btn-danger").OnClick(p.askDelete).Text("Delete…"))
		}
	}
	return &console.Shell{
		Nav:     console.NavOf(res),
		Title:   title,
		Actions: console.ServedInert(ui.ClassDiv("head-actions"), p.served).Body(actions...),
		Content: p.renderBody(),
	}
}

// backText is the link back to the list: "← All load balancers".
func backText(res *console.Resource) string {
	if pr := res.Parent(); pr != nil {
		return "← The " + pr.Singular
	}
	return "← All " + res.Plural
}

// renderBody is the object (renderObject) and, unless it is gone or could
// not be read, its children's lists: they need only its id, so they load
// while it does, each in the same place whatever the object shows.
func (p *Page) renderBody() []goapp.UI {
	res := p.res()
	switch {
	case p.gone:
		return []goapp.UI{ui.IDClassDiv(p.dom("gone"), "empty").Body(
			ui.ClassP("empty-title").Textf("This %s does not exist (any more): Octavia answers 404.", res.Singular),
			ui.ClassA("btn").Href(res.ListPathOf(p.pr.ParentID)).Text("Back to the list"),
		)}
	case p.status == ui.LoadFailed:
		return []goapp.UI{ui.IDClassDiv(p.dom("error"), "alert", "alert-error").Body(
			goapp.Strong().Textf("The %s could not be read. ", res.Singular), goapp.Text(p.err),
		)}
	}
	body := []goapp.UI{p.renderObject()}
	for _, c := range res.Children {
		of := console.ResourceOf(c.Of)
		if of == nil || !of.MayRead(p.sess) {
			continue
		}
		l := &list.Page{Embedded: of, Tree: p.live.Read} // its statuses from the page's read of the tree
		if c.Filter == "" {
			l.Parent = p.pr.ID
		} else {
			l.Filter = map[string][]string{c.Filter: {p.pr.ID}}
		}
		body = append(body, l)
	}
	return body
}

// renderObject is the object read: its properties, tags and sections.
func (p *Page) renderObject() goapp.UI {
	res := p.res()
	if p.obj == nil || p.status != ui.Loaded {
		return ui.ClassDiv("empty", "loading").Textf("Loading the %s…", res.Singular)
	}
	o := p.shown()
	tagsEditable := p.tagsEditable(o)
	parts := []goapp.UI{

		ui.ClassDivBody("detail-top",
			goapp.If(p.confirming, p.renderConfirm),
			goapp.If(p.asking != "", p.renderAsk),
			goapp.If(p.actor.Err != "", func() goapp.UI {
				return ui.AlertError("action-error", p.actor.Err)
			}),
			goapp.If(p.actor.Refused != nil, func() goapp.UI { return p.actor.Retry("action-retry") })),

		goapp.Section().Class("card").Body(
			ui.ClassDivBody("card-head",
				goapp.H2().Text("Properties"),
				ui.ClassDiv("spacer"),
				goapp.If(p.stopPoll != nil, func() goapp.UI {
					return ui.IDSpan("obj-live").Class("live").Title("Read every 3 s while this page is open").Text("live · every 3 s")
				}),
				console.RenderLive("obj-live", p.live.State(), "Its statuses come from its load balancer's status tree"),
				goapp.If(p.pollErr != "", func() goapp.UI {
					return ui.ClassSpanText("st-error-text", "Last read failed: "+p.pollErr)
				})),

			goapp.Dl().ID(p.dom("props")).Class("props").Body(console.RenderProps(p.sess, p.pr, o, tagsEditable)...),
			p.renderWhy(o),
		),
	}
	if tagsEditable {
		parts = append(parts, &console.TagsEditor{Ref: p.ref(), Tags: o.Strings("tags"), Name: p.name(),
			Status: o.Text("provisioning_status"), OnWrite: p.follow})
	}
	env := p.env()
	for _, s := range res.Sections {
		parts = append(parts, s(env))
	}
	return ui.ClassDiv("detail").Body(parts...)
}

// tagsEditable reports whether the page shows o's tags in its tags editor
// (o has tags, the session may write them) rather than as a property.
func (p *Page) tagsEditable(o console.Object) bool {
	_, tagged := o["tags"]
	return tagged && p.res().MayWrite(p.sess)
}

// actionOf is the kind's action id, if there is one.
func (p *Page) actionOf(id string) (console.Action, bool) {
	i := slices.IndexFunc(p.res().Actions, func(a console.Action) bool { return a.ID == id })
	if i < 0 {
		return console.Action{}, false
	}
	return p.res().Actions[i], true
}

// renderWhy says why the object shows ERROR or DEGRADED (status_why.go)
// and for how long, and how long it has been PENDING_*; nothing when all
// is well. o is the object as shown. UI goroutine.
func (p *Page) renderWhy(o console.Object) goapp.UI {
	if !p.res().HasStatus() {
		return nil
	}
	id, now := p.pr.ID, time.Now()
	var lines []goapp.UI
	prov, oper := o.Text("provisioning_status"), o.Text("operating_status")
	if ui.IsPending(prov) {
		lines = append(lines, ui.IDP("why-pending").Text(ui.StatusLabel(prov)+" "+console.PendingFor(o, p.sess, id, now)+
			": Octavia is applying a change; it refuses other changes to its load balancer until then."))
	}
	if console.AlertStatus(oper) {
		text := "Operating status " + ui.StatusLabel(oper)
		if s, ok := console.SeenSince(p.sess, id, "oper", oper); ok {
			text += " " + s.ForText(now)
		}
		lines = append(lines, ui.IDP("why-since").Text(text+"."))
	}
	for _, w := range console.TreeWhy(p.live.Read, id, p.monitors) {
		line := ui.ClassPText("why-line", w.Text)
		if w.Href != "" {
			line = ui.ClassP("why-line").Body(goapp.Text(w.Text+" "), goapp.A().Href(w.Href).Text(w.LinkText))
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return nil
	}
	tone := "why-pending"
	if console.AlertStatus(prov) || console.AlertStatus(oper) {
		tone = "why-alert"
	}
	return ui.IDClassDiv("why", "why", tone).Aria("live", "polite").Body(
		append([]goapp.UI{goapp.H3().Text("Why this status")}, lines...)...)
}
