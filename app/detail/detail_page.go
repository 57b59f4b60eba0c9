package detail

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/export"
	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/section"
	"github.com/octaview/octaview/app/internal/shell"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/list"
	"github.com/octaview/octaview/octavia"
)

// Page shows one object of any kind: every attribute Octavia returned
// (props.go), its tags, its own sections (given a narrow sectionEnv), its
// children's lists, and its writes (edit, delete, the kind's actions:
// actions, detail_actions.go), each through a writer (write.go): an
// operation with its wait, a busy 409 offered again when ACTIVE.
//
// An object of a load balancer's tree (the load balancer, its listeners,
// pools, members, monitors, L7 policies and rules) is live while its page
// is open (its feed, detail_feed.go): the page follows its load balancer's
// status tree every 3 s (treeHub, shared with every other view and wait),
// takes the object's statuses from it, hands the same read to its status
// tree card and embedded lists, and reads the object itself every 3 s too
// (its shared poll, objHub: a rename, a description or a pool deleted
// elsewhere shows within one poll; detail_live.go), at once when the tree
// says it (or its load balancer) changed. Other kinds follow their own
// shared poll (objHub) while the page is open.
type Page struct {
	goapp.Compo

	rt      *tab.Runtime // the tab's (New)
	feed    feed         // the object, read and kept live
	actions actions      // its writes: the action buttons, the delete, their confirmations
	exp     export.Panel // a load balancer's "Export as code" (detail_export.go)

	served bool // the server's render of a first screen (FirstScreen): its controls inert
}

// New is a detail page of the tab whose runtime is rt (its route's).
func New(rt *tab.Runtime) *Page { return &Page{rt: rt} }

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
	sess := p.rt.CurrentSession()
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
	p.feed = PageOf(sess, pr, u.Path, d, false).feed
}

func (p *Page) OnNav(ctx goapp.Context) {
	f := &p.feed
	if f.sess = p.rt.RequireSession(ctx); f.sess == nil {
		return
	}
	f.uctx = ctx
	path := ctx.Page().URL().Path
	pr, ok := console.ParsePage(path)
	if !ok || pr.Mode != "detail" {
		return
	}
	if path != f.path {
		f.reset(path, pr)
		p.actions = actions{}
		p.exp.Close()
	}
	if !pr.Res.MayRead(f.sess) {
		f.status, f.err = ui.LoadFailed, "Only an admin reads "+pr.Res.Plural+" (Octavia's default policy)."
		return
	}
	if pr.Res.ProjectNamed || pr.Res.HasStatus() {
		tab.ReadProjectNames(ctx, f.sess, func() {}) // its title, or its Project, names the project
	}
	if f.obj != nil && f.live.Stop == nil && !f.gone {
		p.rt.ResumeBootSession(ctx) // a page the app started on with its object (served.go)
		if f.res().HasStatus() {
			f.followTree(ctx)
			return
		}
	}
	f.load(ctx)
}

func (p *Page) OnDismount() {
	p.feed.leave()
	p.exp.Close()
	tab.SetAlertTitle(0)
}

func (p *Page) Render() goapp.UI {
	f := &p.feed
	res := f.res()
	if res == nil {
		return goapp.Div()
	}
	title := console.Capitalize(res.Singular)
	if f.obj != nil {
		title += " " + f.name()
	}
	actions := []goapp.UI{ui.ClassA("btn", "btn-ghost").Href(res.ListPathOf(f.pr.ParentID)).Text(backText(res)), p.exportButton()}
	if res.MayWrite(f.sess) && f.obj != nil && !f.gone {
		actions = append(actions, p.actions.buttons(f)...)
	}
	return shell.New(p.rt, &shell.Frame{
		Nav:     console.NavOf(res),
		Title:   title,
		Actions: tab.ServedInert(ui.ClassDiv("head-actions"), p.served).Body(actions...),
		Content: append(p.renderBody(), p.exp.Render()),
	})
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
	f := &p.feed
	res := f.res()
	switch {
	case f.gone:
		return []goapp.UI{ui.IDClassDiv(f.dom("gone"), "empty").Body(
			ui.ClassP("empty-title").Textf("This %s does not exist (any more): Octavia answers 404.", res.Singular),
			ui.ClassA("btn").Href(res.ListPathOf(f.pr.ParentID)).Text("Back to the list"),
		)}
	case f.status == ui.LoadFailed:
		return []goapp.UI{ui.IDClassDiv(f.dom("error"), "alert", "alert-error").Body(
			goapp.Strong().Textf("The %s could not be read. ", res.Singular), goapp.Text(f.err),
		)}
	}
	body := []goapp.UI{p.renderObject()}
	for _, c := range res.Children {
		of := console.ResourceOf(c.Of)
		if of == nil || !of.MayRead(f.sess) {
			continue
		}
		l := list.New(p.rt)
		l.Embedded, l.Tree = of, f.live.Read // its statuses from the page's read of the tree
		if c.Filter == "" {
			l.Parent = f.pr.ID
		} else {
			l.Filter = map[string][]string{c.Filter: {f.pr.ID}}
		}
		body = append(body, l)
	}
	return body
}

// renderObject is the object read: its properties, tags and sections.
func (p *Page) renderObject() goapp.UI {
	f := &p.feed
	res := f.res()
	if f.obj == nil || f.status != ui.Loaded {
		return ui.ClassDiv("empty", "loading").Textf("Loading the %s…", res.Singular)
	}
	o := f.shown()
	tagsEditable := p.tagsEditable(o)
	parts := []goapp.UI{
		f.renderCrumbs(),

		p.actions.renderTop(f),

		goapp.Section().Class("card").Body(
			ui.ClassDivBody("card-head",
				goapp.H2().Text("Properties"),
				ui.ClassDiv("spacer"),
				goapp.If(f.stopPoll != nil, func() goapp.UI {
					return ui.IDSpan("obj-live").Class("live").Title("Read every 3 s while this page is open").Text("live · every 3 s")
				}),
				tab.RenderLive("obj-live", f.live.State(), "Its statuses come from its load balancer's status tree"),
				goapp.If(f.pollErr != "", func() goapp.UI {
					return ui.ClassSpanText("st-error-text", "Last read failed: "+f.pollErr)
				})),

			goapp.Dl().ID(f.dom("props")).Class("props").Body(console.RenderProps(f.sess, f.pr, o, tagsEditable, f.names)...),
			p.renderWhy(o),
			console.RenderObjectWarning(res.Kind, o),
		),
	}
	if tagsEditable {
		parts = append(parts, section.NewTagsEditor(p.rt, &section.TagsEditor{Ref: f.ref(), Tags: o.Strings("tags"), Name: f.name(),
			Status: o.Text("provisioning_status"), OnWrite: f.follow}))
	}
	env := f.env(p.rt)
	for _, s := range res.Sections {
		parts = append(parts, section.Render(s, env))
	}
	return ui.ClassDiv("detail").Body(parts...)
}

// tagsEditable reports whether the page shows o's tags in its tags editor
// (o has tags, the session may write them) rather than as a property.
func (p *Page) tagsEditable(o octavia.Object) bool {
	f := &p.feed
	_, tagged := o["tags"]
	return tagged && f.res().MayWrite(f.sess)
}

// renderWhy says why the object shows ERROR or DEGRADED (status_why.go)
// and for how long, and how long it has been PENDING_*; nothing when all
// is well. o is the object as shown. UI goroutine.
func (p *Page) renderWhy(o octavia.Object) goapp.UI {
	f := &p.feed
	if !f.res().HasStatus() {
		return nil
	}
	id, now := f.pr.ID, time.Now()
	var lines []goapp.UI
	prov, oper := o.Text("provisioning_status"), o.Text("operating_status")
	if ui.IsPending(prov) {
		lines = append(lines, ui.IDP("why-pending").Text(ui.StatusLabel(prov)+" "+console.PendingFor(o, f.sess, id, now)+
			": Octavia is applying a change; it refuses other changes to its load balancer until then."))
	}
	if tab.AlertStatus(oper) {
		text := "Operating status " + ui.StatusLabel(oper)
		if s, ok := tab.SeenSince(f.sess, id, "oper", oper); ok {
			text += " " + s.ForText(now)
		}
		lines = append(lines, ui.IDP("why-since").Text(text+"."))
	}
	for _, w := range console.TreeWhy(f.live.Read, id, f.monitors) {
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
	if tab.AlertStatus(prov) || tab.AlertStatus(oper) {
		tone = "why-alert"
	}
	return ui.IDClassDiv("why", "why", tone).Aria("live", "polite").Body(
		append([]goapp.UI{goapp.H3().Text("Why this status")}, lines...)...)
}
