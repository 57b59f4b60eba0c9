package detail

import (
	"context"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// The detail page's confirmations: the delete (with cascade for a load
// balancer with children) and an action's, each a modal <dialog> that keeps
// the focus inside and gives it back to the button that opened it.

// deleteDialogID is the delete confirmation's modal <dialog>.
const deleteDialogID = "delete-confirm"

// actionDialogID is the modal <dialog> that confirms an action.
const actionDialogID = "action-confirm"

func (p *Page) askDelete(ctx goapp.Context, e goapp.Event) {
	p.confirming, p.deleter = true, console.Writer{}
	p.cascade = p.children() != ""
	ui.ShowModal(ctx, deleteDialogID)
}

// children counts what a delete without cascade leaves behind ("" = none).
func (p *Page) children() string {
	if p.res().Cascade == nil || p.obj == nil {
		return ""
	}
	return p.res().Cascade(p.obj)
}

// dialogClosed takes the close of the delete dialog (Keep it, Escape): the
// focus goes back to the Delete button that opened it. UI goroutine.
func (p *Page) dialogClosed(ctx goapp.Context, e goapp.Event) {
	p.confirming = false
	ctx.Defer(func(goapp.Context) { ui.FocusID(p.dom("delete")) })
}

// confirmDelete sends the delete, as one write: on acceptance the
// operation waits (the load balancer, then the 404) and the page goes to
// the list. UI goroutine.
func (p *Page) confirmDelete(ctx goapp.Context, e goapp.Event) {
	o, res := p.obj, p.res()
	if o == nil {
		return
	}
	cascade, ref := p.cascade && p.children() != "", p.ref()
	written := "DELETE " + res.Singular + " " + ref.ID
	if cascade {
		written += " with cascade (its listeners, pools, members and monitors too)"
	}
	wait := console.WaitFor(res, console.OpDelete)
	if wait == console.WaitNone && ref.LoadBalancerID != "" {
		wait = console.WaitLBActive // an amphora: its load balancer is what changes
	}
	status := string(octavia.StatusPendingDelete)
	if wait == console.WaitNone {
		status = "" // gone at once: no status to show
	}
	wr := console.Write{Op: console.Operation{Kind: console.OpDelete, Wait: wait, Ref: ref, Name: p.name(), Cells: console.WrittenCells(res, o, nil),
		Written: written, Status: status}, Was: o.Text("provisioning_status"), LB: p.lbID,
		Send: func(ctx context.Context, c *octavia.Client) (console.Object, octavia.Accepted, error) {
			acc, err := c.Delete(ctx, ref, cascade)
			return nil, acc, err
		}}
	// The page's context: the dialog's button goes away with the dialog, and a Dispatch with it.
	p.deleter.Send(p.uctx, p.sess, wr, func(ctx goapp.Context, _ console.Sent) {
		p.confirming = false
		ctx.Navigate(res.ListPathOf(p.pr.ParentID))
	}, func(err error) {
		if console.Busy(err) {
			p.follow() // show the load balancer busy, live, as Octavia sees it
		}
	})
}

func (p *Page) renderConfirm() goapp.UI {
	o, res := p.obj, p.res()
	children := p.children()
	return goapp.Dialog().ID(deleteDialogID).Class("card", "confirm").Aria("labelledby", "delete-title").
		On("close", p.dialogClosed).OnKeyDown(ui.TrapTab).Body(
		goapp.H2().ID("delete-title").Textf("Delete this %s?", res.Singular),
		goapp.P().Body(
			goapp.Text(console.Capitalize(res.Singular)+" "),
			goapp.Strong().Text(p.name()),
			goapp.If(o.Text("vip_address") != "", func() goapp.UI { return goapp.Textf(" (VIP %s)", o.Text("vip_address")) }),
			goapp.Text(" will be deleted. This cannot be undone."),
		),
		goapp.If(children != "", func() goapp.UI {
			return ui.ClassDivBody("cascade",
				goapp.P().Textf("It has %s. Octavia refuses to delete a %s that has children, unless the delete cascades.", children, res.Singular),
				goapp.Label().Class("check").Body(
					ui.IDInput("delete-cascade").Type("checkbox").Checked(p.cascade).
						OnChange(func(ctx goapp.Context, e goapp.Event) { p.cascade = ctx.JSSrc().Get("checked").Bool() }),
					goapp.Text(" Cascade: also delete its listeners, pools, members and health monitors"),
				))

		}),
		goapp.If(p.deleter.Err != "", func() goapp.UI {
			return ui.AlertError("delete-error", p.deleter.Err)
		}),
		goapp.If(p.deleter.Refused != nil, func() goapp.UI { return p.deleter.Retry("delete-retry") }),
		ui.ClassDivBody("confirm-actions",
			ui.IDButton("delete-confirm-btn").Class("btn", "btn-danger").
				Disabled(p.deleter.Sending || (children != "" && !p.cascade)).OnClick(p.confirmDelete).
				Text(map[bool]string{true: "Deleting…", false: "Delete"}[p.deleter.Sending]),
			ui.IDButton("delete-keep").Class("btn", "btn-ghost").OnClick(func(ctx goapp.Context, e goapp.Event) { ui.CloseDialog(deleteDialogID) }).Text("Keep it")),
	)
}

// renderAsk is the confirmation of the action asked for.
func (p *Page) renderAsk() goapp.UI {
	a, ok := p.actionOf(p.asking)
	if !ok {
		return goapp.Div()
	}
	return goapp.Dialog().ID(actionDialogID).Class("card", "confirm").Aria("labelledby", "action-title").
		On("close", func(ctx goapp.Context, e goapp.Event) {
			p.asking = ""
			ctx.Defer(func(goapp.Context) { ui.FocusID(a.ID) })
		}).OnKeyDown(ui.TrapTab).Body(
		goapp.H2().ID("action-title").Text(a.Label+"?"),
		goapp.P().Text(a.Confirm),
		ui.ClassDivBody("confirm-actions",
			ui.IDButton("action-confirm-btn").Class("btn", "btn-primary").OnClick(func(ctx goapp.Context, e goapp.Event) {
				ui.CloseDialog(actionDialogID)

				p.runAction(a)
			}).Text(a.Label),
			ui.IDButton("action-keep").Class("btn", "btn-ghost").OnClick(func(ctx goapp.Context, e goapp.Event) { ui.CloseDialog(actionDialogID) }).Text("Cancel")),
	)
}
