package app

import (
	"context"
	"slices"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// detailPage shows one object of any kind: every property Octavia returns
// (the kind's own first, parents as links), its statuses, its children's
// lists, its own sections (a load balancer's status tree), and its writes
// (edit, delete, the kind's actions), each an operation with its wait. It
// follows the object's shared poll (objHub) while the object (or, for a
// load balancer, anything in its tree) is pending.
type detailPage struct {
	goapp.Compo

	sess     *session
	pr       pageRef
	path     string
	status   loadStatus
	err      string
	gone     bool
	obj      object
	tree     octavia.StatusLoadBalancer // a load balancer's status tree
	stopPoll func()
	polls    int
	pollErr  string
	treeDue  bool // read the status tree with the next answer of the poll
	treeBusy bool // a read of the status tree is in flight: no second one beside it

	confirming bool
	cascade    bool
	deleting   bool
	deleteErr  string

	asking    string // the action whose confirmation is open
	acting    string // the action that runs
	actionErr string

	uctx goapp.Context // the page's own context (OnNav): a retry's write outlives the retry's component

	deleteBusy bool   // the delete was refused with a 409 immutable: offer its retry when ACTIVE
	actionBusy string // the action refused with a 409 immutable: offer its retry when ACTIVE
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
		p.path, p.pr, p.obj, p.tree, p.gone, p.confirming, p.deleteErr = path, pr, nil, octavia.StatusLoadBalancer{}, false, false, ""
		p.status, p.treeBusy, p.acting, p.actionErr = neverLoaded, false, "", ""
		p.deleteBusy, p.actionBusy = false, ""
	}
	if !pr.Res.mayRead(p.sess) {
		p.status, p.err = loadFailed, "Only an admin reads "+pr.Res.Plural+" (Octavia's default policy)."
		return
	}
	p.load(ctx)
}

func (p *detailPage) OnDismount() { p.stopPolling() }

// res is the page's kind; isLB whether it is a load balancer's page.
func (p *detailPage) res() *resource { return p.pr.Res }
func (p *detailPage) isLB() bool     { return p.pr.Res != nil && p.pr.Res.Kind == octavia.KindLoadBalancer }

// ref is the Ref of the page's object (its load balancer once read).
func (p *detailPage) ref() octavia.Ref {
	if p.isLB() {
		return lbRef(p.pr.ID)
	}
	r := octavia.Ref{Kind: p.res().Kind, ID: p.pr.ID, ParentID: p.pr.ParentID}
	if p.obj != nil && p.res().LoadBalancerOf != nil {
		r.LoadBalancerID = p.res().LoadBalancerOf(p.obj)
	}
	return r
}

// dom is an element id of this page: "lb-props" for a load balancer.
func (p *detailPage) dom(suffix string) string { return p.res().Prefix + "-" + suffix }

// load reads the object through its shared poll (objHub): a fresh GET, or
// the latest answer of a poll that already runs for it (an operation wait,
// another view), then a load balancer's status tree. UI goroutine.
func (p *detailPage) load(ctx goapp.Context) {
	if p.stopPoll != nil {
		return // the poll runs: its next answer refreshes the page
	}
	if p.status != loaded {
		p.status, p.err = loading, ""
	}
	p.treeDue = true
	path := p.path
	p.stopPoll = watch(p.sess, p.ref(), func(u waiters.Update[object]) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if p.stopPoll == nil || path != p.path {
				return
			}
			p.polls++
			p.apply(ctx, u.Value, u.Err)
		})
	})
}

// apply takes a poll of the object. A load balancer's status tree is read
// again only when it may have changed: a new visit of the page, a status
// of the load balancer changed, or something in the tree is still
// pending. UI goroutine.
func (p *detailPage) apply(ctx goapp.Context, o object, err error) {
	if err != nil || o == nil {
		p.fail(err)
		return
	}
	changed := objChanged(p.obj, o)
	p.obj, p.pollErr = o, ""
	if !p.isLB() {
		p.status = loaded
		p.syncPoll()
		return
	}
	needTree := p.treeDue || p.status != loaded || changed || p.tree.Pending()
	p.treeDue = false
	if !needTree {
		p.syncPoll()
		return
	}
	if p.treeBusy { // one read at a time, in order: the next poll reads it again
		p.treeDue = true
		return
	}
	p.treeBusy = true
	path, id, client := p.path, p.pr.ID, p.sess.Client
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		t, err := client.LoadBalancerStatusTree(c, id)
		ctx.Dispatch(func(ctx goapp.Context) {
			if path != p.path {
				return
			}
			p.treeBusy = false
			if err != nil {
				p.fail(err)
				return
			}
			p.tree, p.status, p.pollErr = t.LoadBalancer, loaded, ""
			p.syncPoll()
		})
	})
}

// fail takes a failed read: 404 means gone; before the first load the page
// shows the error, afterwards the poll goes on and says its last one failed.
func (p *detailPage) fail(err error) {
	switch {
	case octavia.ErrorCodeOf(err) == octavia.ENOTFOUND:
		p.gone, p.status = true, loaded
		p.stopPolling()
	case p.status == loaded:
		p.pollErr = octavia.Message(err)
	default:
		p.status, p.err = loadFailed, octavia.Message(err)
		p.stopPolling()
	}
}

// objChanged reports whether a poll shows an object in another state than
// before (nil before: changed).
func objChanged(was, now object) bool {
	return was == nil || was.str("provisioning_status") != now.str("provisioning_status") ||
		was.str("operating_status") != now.str("operating_status") || was.str("updated_at") != now.str("updated_at")
}

// pending reports whether the object or, for a load balancer, anything
// under it is pending.
func (p *detailPage) pending() bool {
	return p.obj != nil && isPending(p.obj.str("provisioning_status")) || p.isLB() && p.tree.Pending()
}

// syncPoll leaves the shared poll once nothing is pending (and the page
// is loaded). UI goroutine.
func (p *detailPage) syncPoll() {
	if p.status == loaded && (!p.pending() || p.gone) {
		p.stopPolling()
	}
}

func (p *detailPage) stopPolling() {
	if p.stopPoll != nil {
		p.stopPoll()
		p.stopPoll = nil
	}
}

// follow polls the object again after a write of this page, until it is
// no longer pending. UI goroutine.
func (p *detailPage) follow(ctx goapp.Context) {
	p.stopPolling()
	p.load(ctx)
}

// deleteDialogID is the delete confirmation's modal <dialog>.
const deleteDialogID = "delete-confirm"

func (p *detailPage) askDelete(ctx goapp.Context, e goapp.Event) {
	p.confirming, p.deleteErr, p.deleteBusy = true, "", false
	p.cascade = p.children() != ""
	showModal(ctx, deleteDialogID)
}

// children counts what a delete without cascade leaves behind ("" = none).
func (p *detailPage) children() string {
	if p.res().Cascade == nil || p.obj == nil {
		return ""
	}
	return p.res().Cascade(p.obj)
}

// dialogClosed takes the close of the delete dialog (Keep it, Escape): the
// focus goes back to the Delete button that opened it. UI goroutine.
func (p *detailPage) dialogClosed(ctx goapp.Context, e goapp.Event) {
	p.confirming = false
	ctx.Defer(func(goapp.Context) { focusID(p.dom("delete")) })
}

func (p *detailPage) confirmDelete(ctx goapp.Context, e goapp.Event) {
	o, res := p.obj, p.res()
	if o == nil || p.deleting {
		return
	}
	ctx = p.uctx // the page's: the dialog's button goes away with the dialog, and a Dispatch with it
	p.deleting, p.deleteErr, p.deleteBusy = true, "", false
	sess, cascade, ref := p.sess, p.cascade && p.children() != "", p.ref()
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		acc, err := res.Delete(c, sess.Client, ref, cascade)
		ctx.Dispatch(func(ctx goapp.Context) {
			p.deleting = false
			if err != nil {
				p.deleteErr = writeErrorText(err, o.str("provisioning_status"))
				if p.deleteBusy = busy(err); p.deleteBusy {
					p.follow(ctx) // show the load balancer busy, live, as Octavia sees it
				}
				return
			}
			p.confirming = false
			written := "DELETE " + res.Singular + " " + ref.ID
			if cascade {
				written += " with cascade (its listeners, pools, members and monitors too)"
			}
			wait := waitFor(res, opDelete)
			if wait == waitNone && ref.LoadBalancerID != "" {
				wait = waitLBActive // an amphora: its load balancer is what changes
			}
			status := string(octavia.StatusPendingDelete)
			if wait == waitNone {
				status = "" // gone at once: no status to show
			}
			operations.start(ctx, sess, operation{Kind: opDelete, Wait: wait, Ref: ref, Name: res.nameOf(o),
				VIPAddress: o.str("vip_address"), Written: written, Status: status}, acc)
			ctx.Navigate(res.listPathOf(p.pr.ParentID))
		})
	})
}

// runAction sends action a (after its confirmation). UI goroutine.
func (p *detailPage) runAction(ctx goapp.Context, a action) {
	if p.obj == nil || p.acting != "" && p.acting != a.ID {
		return
	}
	ctx = p.uctx // the page's: a confirmation dialog's button goes away with the dialog, and a Dispatch with it
	p.acting, p.actionErr, p.actionBusy = a.ID, "", ""
	sess, ref, o := p.sess, p.ref(), p.obj
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		op, acc, err := a.Run(c, sess, ref, o)
		ctx.Dispatch(func(ctx goapp.Context) {
			p.acting = ""
			if err != nil {
				p.actionErr = a.Label + ": " + writeErrorText(err, o.str("provisioning_status"))
				if busy(err) {
					p.actionBusy = a.ID
					p.follow(ctx) // show the load balancer busy, live, as Octavia sees it
				}
				return
			}
			if op.Ref.ID == "" {
				op.Ref = ref
			}
			if op.Name == "" {
				op.Name = p.res().nameOf(o)
			}
			operations.start(ctx, sess, op, acc)
			p.follow(ctx)
		})
	})
}

func (p *detailPage) Render() goapp.UI {
	res := p.res()
	if res == nil {
		return goapp.Div()
	}
	title := strings.ToUpper(res.Singular[:1]) + res.Singular[1:]
	if p.obj != nil {
		title += " " + res.nameOf(p.obj)
	}
	write := res.mayWrite(p.sess) && p.obj != nil && !p.gone
	var actions []goapp.UI
	actions = append(actions, goapp.A().Class("btn", "btn-ghost").Href(res.listPathOf(p.pr.ParentID)).Text(backText(res)))
	if write {
		for _, a := range res.Actions {
			if a.Admin && !p.sess.Info.HasRole("admin") || a.Show != nil && !a.Show(p.obj) {
				continue
			}
			actions = append(actions, goapp.Button().ID(a.ID).Class("btn").Disabled(p.acting != "").
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					if a.Confirm != "" {
						p.asking = a.ID
						showModal(ctx, actionDialogID)
						return
					}
					p.runAction(ctx, a)
				}).Text(map[bool]string{true: a.Label + "…", false: a.Label}[p.acting == a.ID]))
		}
		if res.Update != nil {
			actions = append(actions, goapp.A().ID(p.dom("edit")).Class("btn").Href(res.editPathOf(p.pr.ParentID, p.pr.ID)).Text("Edit"))
		}
		if res.Delete != nil && (res.CanDelete == nil || res.CanDelete(p.obj)) {
			actions = append(actions, goapp.Button().ID(p.dom("delete")).Class("btn", "btn-danger").OnClick(p.askDelete).Text("Delete…"))
		}
	}
	return &shell{
		Nav:     navOf(res),
		Title:   title,
		Actions: goapp.Div().Class("head-actions").Body(actions...),
		Content: []goapp.UI{p.renderBody()},
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

func (p *detailPage) renderBody() goapp.UI {
	res := p.res()
	switch {
	case p.gone:
		return goapp.Div().ID(p.dom("gone")).Class("empty").Body(
			goapp.P().Class("empty-title").Textf("This %s does not exist (any more): Octavia answers 404.", res.Singular),
			goapp.A().Class("btn").Href(res.listPathOf(p.pr.ParentID)).Text("Back to the list"),
		)
	case p.status == loadFailed:
		return goapp.Div().ID(p.dom("error")).Class("alert", "alert-error").Body(
			goapp.Strong().Textf("The %s could not be read. ", res.Singular), goapp.Text(p.err),
		)
	case p.obj == nil || p.status != loaded: // a load balancer's tree comes after it
		return goapp.Div().Class("empty", "loading").Textf("Loading the %s…", res.Singular)
	}
	o := p.obj
	parts := []goapp.UI{
		// one element whatever shows in it: the parts after it keep their
		// places (and components their state) when a dialog or an error comes
		goapp.Div().Class("detail-top").Body(
			goapp.If(p.confirming, p.renderConfirm),
			goapp.If(p.asking != "", p.renderAsk),
			goapp.If(p.actionErr != "", func() goapp.UI {
				return goapp.Div().ID("action-error").Class("alert", "alert-error").Aria("live", "assertive").Text(p.actionErr)
			}),
			goapp.If(p.actionBusy != "", func() goapp.UI {
				i := slices.IndexFunc(res.Actions, func(a action) bool { return a.ID == p.actionBusy })
				if i < 0 {
					return goapp.Div()
				}
				a := res.Actions[i]
				return &retryWhenActive{ID: "action-retry", LBID: p.ref().LoadBalancerID, Send: func() { p.runAction(p.uctx, a) }}
			}),
		),
		goapp.Section().Class("card").Body(
			goapp.Div().Class("card-head").Body(
				goapp.H2().Text("Properties"),
				goapp.Div().Class("spacer"),
				goapp.If(p.stopPoll != nil && !p.isLB(), func() goapp.UI {
					return goapp.Span().ID("obj-live").Class("live").Title("Polled every 3 s while it is pending").Text("live · every 3 s")
				}),
			),
			goapp.Dl().ID(p.dom("props")).Class("props").Body(p.renderProps(o)...),
		),
	}
	if p.tagsEditable(o) {
		parts = append(parts, &tagsEditor{Ref: p.ref(), Tags: o.strs("tags"), Name: res.nameOf(o),
			Status: o.str("provisioning_status"), OnWrite: func() { p.follow(p.uctx) }})
	}
	for _, s := range res.Sections {
		parts = append(parts, s(p, o))
	}
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
		parts = append(parts, l)
	}
	return goapp.Div().Class("detail").Body(parts...)
}

// tagsEditable reports whether the page shows o's tags in its tags editor
// (o has tags, the session may write them) rather than as a property.
func (p *detailPage) tagsEditable(o object) bool {
	_, tagged := o["tags"]
	return tagged && p.res().mayWrite(p.sess)
}

// renderProps are the object's properties: the kind's own (with links and
// badges), then every other attribute Octavia returned, by name; tags are
// in the tags editor when the session may change them.
func (p *detailPage) renderProps(o object) []goapp.UI {
	res := p.res()
	seen := map[string]bool{"tags": p.tagsEditable(o)}
	var out []goapp.UI
	for _, pr := range res.Props {
		if pr.Key == "tags" && seen["tags"] {
			continue
		}
		seen[pr.Key] = true
		if !pr.Hide {
			out = append(out, prop(pr.Label, p.propValue(pr, o)))
		}
	}
	keys := make([]string, 0, len(o))
	for k := range o {
		if !seen[k] {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		out = append(out, prop(k, p.propValue(property{Key: k, Mono: strings.HasSuffix(k, "_id")}, o)))
	}
	return out
}

// propValue renders one property's value.
func (p *detailPage) propValue(pr property, o object) goapp.UI {
	switch {
	case pr.Key == "provisioning_status" || pr.Key == "operating_status" || pr.Key == "status" && p.res().Kind == octavia.KindAmphora:
		return badge(o.str(pr.Key))
	case pr.Key == "created_at" || pr.Key == "updated_at" || pr.Key == "cert_expiration":
		return goapp.Text(formatTime(o.time(pr.Key)))
	case pr.Link != "" && resourceOf(pr.Link) != nil && resourceOf(pr.Link).mayRead(p.sess):
		ids := o.ids(pr.Key)
		if len(ids) == 0 {
			if id := o.str(pr.Key); id != "" {
				ids = []string{id}
			}
		}
		if len(ids) == 0 {
			return goapp.Text("—")
		}
		links := make([]goapp.UI, 0, 2*len(ids))
		for i, id := range ids {
			if i > 0 {
				links = append(links, goapp.Text(", "))
			}
			links = append(links, goapp.A().Class("mono").Href(linkTo(resourceOf(pr.Link), p.pr, id)).Text(id))
		}
		return goapp.Span().Body(links...)
	case pr.Mono:
		return goapp.Span().Class("mono").Text(orDash(o.str(pr.Key)))
	}
	return goapp.Text(orDash(o.str(pr.Key)))
}

// linkTo is the page of object id of kind to, linked from page from: a
// child of the page's object is under it (a pool's members).
func linkTo(to *resource, from pageRef, id string) string {
	if to.Parent == from.Res.Kind {
		return to.detailPathOf(from.ID, id)
	}
	if to.Parent != "" {
		return to.detailPathOf(from.ParentID, id)
	}
	return to.detailPathOf("", id)
}

// renderTreeCard is a load balancer's status tree, drawn, live while
// anything in it is pending.
func (p *detailPage) renderTreeCard() goapp.UI {
	return goapp.Section().Class("card").Body(
		goapp.Div().Class("card-head").Body(
			goapp.H2().Text("Status tree"),
			goapp.Div().Class("spacer"),
			goapp.If(p.stopPoll != nil, func() goapp.UI {
				return goapp.Span().ID("tree-live").Class("live").Title("Polled every 3 s while anything in it is pending").Text("live · every 3 s")
			}),
			goapp.If(p.pollErr != "", func() goapp.UI {
				return goapp.Span().Class("st-error-text").Text("Last poll failed: " + p.pollErr)
			}),
		),
		renderStatusTree(p.tree, true),
		renderTreeLegend(),
	)
}

func (p *detailPage) renderConfirm() goapp.UI {
	o, res := p.obj, p.res()
	children := p.children()
	return goapp.Dialog().ID(deleteDialogID).Class("card", "confirm").Aria("labelledby", "delete-title").
		On("close", p.dialogClosed).OnKeyDown(trapTab).Body(
		goapp.H2().ID("delete-title").Textf("Delete this %s?", res.Singular),
		goapp.P().Body(
			goapp.Text(strings.ToUpper(res.Singular[:1])+res.Singular[1:]+" "),
			goapp.Strong().Text(res.nameOf(o)),
			goapp.If(o.str("vip_address") != "", func() goapp.UI { return goapp.Textf(" (VIP %s)", o.str("vip_address")) }),
			goapp.Text(" will be deleted. This cannot be undone."),
		),
		goapp.If(children != "", func() goapp.UI {
			return goapp.Div().Class("cascade").Body(
				goapp.P().Textf("It has %s. Octavia refuses to delete a %s that has children, unless the delete cascades.", children, res.Singular),
				goapp.Label().Class("check").Body(
					goapp.Input().ID("delete-cascade").Type("checkbox").Checked(p.cascade).
						OnChange(func(ctx goapp.Context, e goapp.Event) { p.cascade = ctx.JSSrc().Get("checked").Bool() }),
					goapp.Text(" Cascade: also delete its listeners, pools, members and health monitors"),
				),
			)
		}),
		goapp.If(p.deleteErr != "", func() goapp.UI {
			return goapp.Div().ID("delete-error").Class("alert", "alert-error").Aria("live", "assertive").Text(p.deleteErr)
		}),
		goapp.If(p.deleteBusy, func() goapp.UI {
			return &retryWhenActive{ID: "delete-retry", LBID: p.ref().LoadBalancerID, Send: func() { p.confirmDelete(p.uctx, goapp.Event{}) }}
		}),
		goapp.Div().Class("confirm-actions").Body(
			goapp.Button().ID("delete-confirm-btn").Class("btn", "btn-danger").
				Disabled(p.deleting || (children != "" && !p.cascade)).OnClick(p.confirmDelete).
				Text(map[bool]string{true: "Deleting…", false: "Delete"}[p.deleting]),
			goapp.Button().ID("delete-keep").Class("btn", "btn-ghost").OnClick(func(ctx goapp.Context, e goapp.Event) { closeDialog(deleteDialogID) }).Text("Keep it"),
		),
	)
}

// actionDialogID is the modal <dialog> that confirms an action.
const actionDialogID = "action-confirm"

// renderAsk is the confirmation of the action asked for.
func (p *detailPage) renderAsk() goapp.UI {
	i := slices.IndexFunc(p.res().Actions, func(a action) bool { return a.ID == p.asking })
	if i < 0 {
		return goapp.Div()
	}
	a := p.res().Actions[i]
	return goapp.Dialog().ID(actionDialogID).Class("card", "confirm").Aria("labelledby", "action-title").
		On("close", func(ctx goapp.Context, e goapp.Event) {
			p.asking = ""
			ctx.Defer(func(goapp.Context) { focusID(a.ID) })
		}).OnKeyDown(trapTab).Body(
		goapp.H2().ID("action-title").Text(a.Label+"?"),
		goapp.P().Text(a.Confirm),
		goapp.Div().Class("confirm-actions").Body(
			goapp.Button().ID("action-confirm-btn").Class("btn", "btn-primary").OnClick(func(ctx goapp.Context, e goapp.Event) {
				closeDialog(actionDialogID)
				// Not the button's ctx: the dialog leaves the page when it closes, and
				// go-app drops a Dispatch on an element no longer mounted (the action's
				// answer and the page's poll after it would be lost).
				p.runAction(p.uctx, a)
			}).Text(a.Label),
			goapp.Button().ID("action-keep").Class("btn", "btn-ghost").OnClick(func(ctx goapp.Context, e goapp.Event) { closeDialog(actionDialogID) }).Text("Cancel"),
		),
	)
}

func prop(label string, value goapp.UI) goapp.UI {
	return goapp.Div().Class("prop").Body(goapp.Dt().Text(label), goapp.Dd().Body(value))
}
