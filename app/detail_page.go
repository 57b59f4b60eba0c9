package app

import (
	"slices"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// detailPage shows one object of any kind: every attribute Octavia returned
// (props.go), its tags, its own sections (given a narrow sectionEnv), its
// children's lists, and its writes (edit, delete, the kind's actions), each
// through a writer (write.go): an operation with its wait, a busy 409
// offered again when ACTIVE. It follows the object's shared poll (objHub)
// while the object is pending; a section polls what it shows itself (a
// load balancer's status tree card).
type detailPage struct {
	goapp.Compo

	sess     *session
	pr       pageRef
	path     string
	status   loadStatus
	err      string
	gone     bool
	obj      object
	stopPoll func()
	pollErr  string

	confirming bool // the delete dialog is open
	cascade    bool
	deleter    writer // the delete's
	asking     string // the action whose confirmation is open
	acting     string // the action that runs (or was refused last)
	actor      writer // the actions'

	uctx goapp.Context // the page's own context (OnNav): a write outlives the button that sent it
}

func (p *detailPage) OnNav(ctx goapp.Context) {
	if p.sess = requireSession(ctx); p.sess == nil {
		return
	}
	p.uctx = ctx
	path := ctx.Page().URL().Path
	pr, ok := parsePage(path)
	if !ok || pr.Mode != "detail" {
		return
	}
	if path != p.path {
		p.stopPolling()
		p.path, p.pr, p.obj, p.gone, p.confirming, p.status = path, pr, nil, false, false, neverLoaded
		p.deleter, p.actor, p.acting, p.asking = writer{}, writer{}, "", ""
	}
	if !pr.Res.mayRead(p.sess) {
		p.status, p.err = loadFailed, "Only an admin reads "+pr.Res.Plural+" (Octavia's default policy)."
		return
	}
	if pr.Res.ProjectNamed {
		readProjectNames(ctx, p.sess, func() {}) // its title names the project
	}
	p.load(ctx)
}

func (p *detailPage) OnDismount() { p.stopPolling() }

// res is the page's kind.
func (p *detailPage) res() *resource { return p.pr.Res }

// ref is the Ref of the page's object (with its load balancer, once its
// JSON named it).
func (p *detailPage) ref() octavia.Ref {
	if p.obj == nil {
		return p.pr.ref()
	}
	r := octavia.RefOf(p.res().Kind, p.pr.ParentID, p.obj)
	r.ID = p.pr.ID
	return r
}

// dom is an element id of this page: "lb-props" for a load balancer.
func (p *detailPage) dom(suffix string) string { return p.res().Prefix + "-" + suffix }

// load reads the object through its shared poll (objHub): a fresh GET, or
// the latest answer of a poll that already runs for it (an operation wait,
// another view). UI goroutine.
func (p *detailPage) load(ctx goapp.Context) {
	if p.stopPoll != nil {
		return // the poll runs: its next answer refreshes the page
	}
	if p.status != loaded {
		p.status, p.err = loading, ""
	}
	path := p.path
	p.stopPoll = watch(p.sess, p.pr.ref(), func(u waiters.Update[object]) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if p.stopPoll == nil || path != p.path {
				return
			}
			p.apply(u.Value, u.Err)
		})
	})
}

// apply takes a poll of the object, and leaves the poll once the object is
// no longer pending. UI goroutine.
func (p *detailPage) apply(o object, err error) {
	switch {
	case octavia.ErrorCodeOf(err) == octavia.ENOTFOUND:
		p.gone, p.status = true, loaded
		p.stopPolling()
	case err != nil && p.status == loaded:
		p.pollErr = octavia.Message(err)
	case err != nil || o == nil:
		p.status, p.err = loadFailed, octavia.Message(err)
		p.stopPolling()
	default:
		p.obj, p.pollErr, p.status = o, "", loaded
		if !isPending(o.Text(p.res().Kind.StatusKey())) {
			p.stopPolling()
		}
	}
}

// objState sums up what of an object changes with its writes: a section
// that reads something else of it again when it changes compares it.
func objState(o object) string {
	return o.Text("provisioning_status") + "|" + o.Text("operating_status") + "|" + o.Text("updated_at")
}

func (p *detailPage) stopPolling() {
	if p.stopPoll != nil {
		p.stopPoll()
		p.stopPoll = nil
	}
}

// follow polls the object again after a write of this page or of one of
// its sections, until it is no longer pending. UI goroutine.
func (p *detailPage) follow() {
	p.stopPolling()
	p.load(p.uctx)
}

// env is what the page's sections get.
func (p *detailPage) env() sectionEnv {
	return sectionEnv{Sess: p.sess, Obj: p.obj, Ref: p.ref(), Name: p.name(), Follow: p.follow}
}

// name is what the page's object is called: its name, or the id its URL
// names it by (a quota's answer does not name its project).
func (p *detailPage) name() string {
	if p.res().ProjectNamed {
		return projectLabel(p.sess, p.pr.ID)
	}
	if n := p.res().nameOf(p.obj); n != "" {
		return n
	}
	return p.pr.ID
}

// runAction sends action a (after its confirmation). UI goroutine.
func (p *detailPage) runAction(a action) {
	if p.obj == nil || p.actor.sending {
		return
	}
	p.acting = a.ID
	wr := a.Write(p.ref(), p.obj)
	if wr.Op.Name == "" {
		wr.Op.Name = p.name()
	}
	if wr.Was == "" {
		wr.Was = p.obj.Text("provisioning_status")
	}
	label := a.Label
	p.actor.send(p.uctx, p.sess, wr, func(goapp.Context, sent) { p.follow() }, func(err error) {
		p.actor.err = label + ": " + p.actor.err
		if busy(err) {
			p.follow() // show the load balancer busy, live, as Octavia sees it
		}
	})
}

func (p *detailPage) Render() goapp.UI {
	res := p.res()
	if res == nil {
		return goapp.Div()
	}
	title := capitalize(res.Singular)
	if p.obj != nil {
		title += " " + p.name()
	}
	write := res.mayWrite(p.sess) && p.obj != nil && !p.gone
	var actions []goapp.UI
	actions = append(actions, goapp.A().Class("btn", "btn-ghost").Href(res.listPathOf(p.pr.ParentID)).Text(backText(res)))
	if write {
		for _, a := range res.Actions {
			if a.Admin && !p.sess.Info.HasRole("admin") || a.Show != nil && !a.Show(p.obj) {
				continue
			}
			actions = append(actions, goapp.Button().ID(a.ID).Class("btn").Disabled(p.actor.sending).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					if a.Confirm != "" {
						p.asking = a.ID
						showModal(ctx, actionDialogID)
						return
					}
					p.runAction(a)
				}, goapp.EventScope(a.ID)).Text( // scoped: Restore weight takes Drain's place (go-app keeps the first handler)
				map[bool]string{true: a.label(p.obj) + "…", false: a.label(p.obj)}[p.actor.sending && p.acting == a.ID]))
		}
		if res.Edit {
			actions = append(actions, goapp.A().ID(p.dom("edit")).Class("btn").Href(res.editPathOf(p.pr.ParentID, p.pr.ID)).Text("Edit"))
		}
		if res.Delete && (res.CanDelete == nil || res.CanDelete(p.obj)) {
			actions = append(actions, goapp.Button().ID(p.dom("delete")).Class("btn", "btn-danger").OnClick(p.askDelete).Text("Delete…"))
		}
	}
	return &shell{
		Nav:     navOf(res),
		Title:   title,
		Actions: goapp.Div().Class("head-actions").Body(actions...),
		Content: p.renderBody(),
	}
}

// backText is the link back to the list: "← All load balancers".
func backText(res *resource) string {
	if pr := res.parent(); pr != nil {
		return "← The " + pr.Singular
	}
	return "← All " + res.Plural
}

// navOf is the navigation entry current on res's pages (a child's is its parent's).
func navOf(res *resource) string {
	for res.parent() != nil {
		res = res.parent()
	}
	return res.Path
}

// renderBody is the object (renderObject) and, unless it is gone or could
// not be read, its children's lists: they need only its id, so they load
// while it does, each in the same place whatever the object shows.
func (p *detailPage) renderBody() []goapp.UI {
	res := p.res()
	switch {
	case p.gone:
		return []goapp.UI{goapp.Div().ID(p.dom("gone")).Class("empty").Body(
			goapp.P().Class("empty-title").Textf("This %s does not exist (any more): Octavia answers 404.", res.Singular),
			goapp.A().Class("btn").Href(res.listPathOf(p.pr.ParentID)).Text("Back to the list"),
		)}
	case p.status == loadFailed:
		return []goapp.UI{goapp.Div().ID(p.dom("error")).Class("alert", "alert-error").Body(
			goapp.Strong().Textf("The %s could not be read. ", res.Singular), goapp.Text(p.err),
		)}
	}
	body := []goapp.UI{p.renderObject()}
	for _, c := range res.Children {
		of := resourceOf(c.Of)
		if of == nil || !of.mayRead(p.sess) {
			continue
		}
		l := &listPage{Embedded: of}
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
func (p *detailPage) renderObject() goapp.UI {
	res := p.res()
	if p.obj == nil || p.status != loaded {
		return goapp.Div().Class("empty", "loading").Textf("Loading the %s…", res.Singular)
	}
	o := p.obj
	tagsEditable := p.tagsEditable(o)
	parts := []goapp.UI{
		// one element whatever shows in it: the parts after it keep their
		// places (and components their state) when a dialog or an error comes
		goapp.Div().Class("detail-top").Body(
			goapp.If(p.confirming, p.renderConfirm),
			goapp.If(p.asking != "", p.renderAsk),
			goapp.If(p.actor.err != "", func() goapp.UI {
				return goapp.Div().ID("action-error").Class("alert", "alert-error").Aria("live", "assertive").Text(p.actor.err)
			}),
			goapp.If(p.actor.refused != nil, func() goapp.UI { return p.actor.retry("action-retry") }),
		),
		goapp.Section().Class("card").Body(
			goapp.Div().Class("card-head").Body(
				goapp.H2().Text("Properties"),
				goapp.Div().Class("spacer"),
				goapp.If(p.stopPoll != nil, func() goapp.UI {
					return goapp.Span().ID("obj-live").Class("live").Title("Polled every 3 s while it is pending").Text("live · every 3 s")
				}),
				goapp.If(p.pollErr != "", func() goapp.UI {
					return goapp.Span().Class("st-error-text").Text("Last poll failed: " + p.pollErr)
				}),
			),
			goapp.Dl().ID(p.dom("props")).Class("props").Body(renderProps(p.sess, p.pr, o, tagsEditable)...),
		),
	}
	if tagsEditable {
		parts = append(parts, &tagsEditor{Ref: p.ref(), Tags: o.Strings("tags"), Name: p.name(),
			Status: o.Text("provisioning_status"), OnWrite: p.follow})
	}
	env := p.env()
	for _, s := range res.Sections {
		parts = append(parts, s(env))
	}
	return goapp.Div().Class("detail").Body(parts...)
}

// tagsEditable reports whether the page shows o's tags in its tags editor
// (o has tags, the session may write them) rather than as a property.
func (p *detailPage) tagsEditable(o object) bool {
	_, tagged := o["tags"]
	return tagged && p.res().mayWrite(p.sess)
}

// actionOf is the kind's action id, if there is one.
func (p *detailPage) actionOf(id string) (action, bool) {
	i := slices.IndexFunc(p.res().Actions, func(a action) bool { return a.ID == id })
	if i < 0 {
		return action{}, false
	}
	return p.res().Actions[i], true
}
