package detail

import (
	"context"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// The detail page's confirmations: the delete (with cascade for a load
// balancer with children; every delete lists what goes with it, read when
// it opens: detail_goes.go) and an action's, each a modal <dialog> that keeps
// the focus inside and gives it back to the button that opened it.

// deleteDialogID is the delete confirmation's modal <dialog>.
const deleteDialogID = "delete-confirm"

// actionDialogID is the modal <dialog> that confirms an action.
const actionDialogID = "action-confirm"

// askDelete opens the delete's confirmation of f's object. UI goroutine.
func (a *actions) askDelete(ctx goapp.Context, f *feed) {
	a.confirming, a.deleter, a.release = true, console.Writer{}, false
	a.cascade = childrenOf(f) != ""
	a.goes.readGoes(f)
	ui.ShowModal(ctx, deleteDialogID)
}

// childrenOf counts what a delete of f's object without cascade leaves
// behind ("" = none).
func childrenOf(f *feed) string {
	if f.res().Cascade == nil || f.obj == nil {
		return ""
	}
	return f.res().Cascade(f.obj)
}

// dialogClosed takes the close of the delete dialog (Keep it, Escape): the
// focus goes back to the Delete button that opened it. UI goroutine.
func (a *actions) dialogClosed(ctx goapp.Context, f *feed) {
	a.confirming = false
	ctx.Defer(func(goapp.Context) { ui.FocusID(f.dom("delete")) })
}

// confirmDelete sends the delete, as one write: on acceptance the
// operation waits (the load balancer, then the 404) and the page goes to
// the list. UI goroutine.
func (a *actions) confirmDelete(f *feed) {
	o, res := f.obj, f.res()
	if o == nil {
		return
	}
	cascade, ref := a.cascade && childrenOf(f) != "", f.ref()
	written := "DELETE " + res.Singular + " " + ref.ID
	if cascade {
		written += " with cascade (its listeners, pools, members and monitors too)"
	}
	wait := console.WaitFor(res, tab.OpDelete)
	if wait == tab.WaitNone && ref.LoadBalancerID != "" {
		wait = tab.WaitLBActive // an amphora: its load balancer is what changes
	}
	status := string(octavia.StatusPendingDelete)
	if wait == tab.WaitNone {
		status = "" // gone at once: no status to show
	}
	wr := console.Write{Op: tab.Operation{Kind: tab.OpDelete, Wait: wait, Ref: ref, Name: f.name(), Cells: console.WrittenCells(res, o, nil),
		Written: written, Status: status}, Was: o.Text("provisioning_status"), LB: f.lbID,
		Send: func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error) {
			acc, err := c.Delete(ctx, ref, cascade)
			return nil, acc, err
		}}
	fip := a.goes.goes.FloatingIP
	if !a.release || !a.goes.read {
		fip = nil
	}
	if fip != nil {
		wr.Op.Written += ", then release its floating IP " + fip.FloatingIP + " (Neutron) once it is gone"
	}
	// The page's context: the dialog's button goes away with the dialog, and a Dispatch with it.
	a.deleter.Send(f.uctx, f.sess, wr, func(ctx goapp.Context, _ console.Sent) {
		a.confirming = false
		if fip != nil {
			releaseAfterDelete(ctx, f.sess, ref, *fip)
		}
		ctx.Navigate(res.ListPathOf(f.pr.ParentID))
	}, func(err error) {
		if tab.Busy(err) {
			f.follow() // show the load balancer busy, live, as Octavia sees it
		}
	})
}

// renderConfirm is the delete's confirmation of f's object.
func (a *actions) renderConfirm(f *feed) goapp.UI {
	o, res := f.obj, f.res()
	children := childrenOf(f)
	return goapp.Dialog().ID(deleteDialogID).Class("card", "confirm").Aria("labelledby", "delete-title").
		On("close", func(ctx goapp.Context, e goapp.Event) { a.dialogClosed(ctx, f) }).OnKeyDown(ui.TrapTab).Body(
		goapp.H2().ID("delete-title").Textf("Delete this %s?", res.Singular),
		goapp.P().Body(
			goapp.Text(console.Capitalize(res.Singular)+" "),
			goapp.Strong().Text(f.name()),
			goapp.If(o.Text("vip_address") != "", func() goapp.UI { return goapp.Textf(" (VIP %s)", o.Text("vip_address")) }),
			goapp.Text(" will be deleted. This cannot be undone."),
		),
		goapp.If(children == "", func() goapp.UI { return a.goes.render(f) }),
		a.renderFloatingIP(),
		goapp.If(children != "", func() goapp.UI {
			return ui.ClassDivBody("cascade",
				goapp.P().Textf("It has %s. Octavia refuses to delete a %s that has children, unless the delete cascades.", children, res.Singular),
				goapp.Label().Class("check").Body(
					ui.IDInput("delete-cascade").Type("checkbox").Checked(a.cascade).
						OnChange(func(ctx goapp.Context, e goapp.Event) { a.cascade = ctx.JSSrc().Get("checked").Bool() }),
					goapp.Text(" Cascade: also delete its listeners, pools, members and health monitors"),
				),
				a.goes.render(f))

		}),
		goapp.If(a.deleter.Err != "", func() goapp.UI {
			return ui.AlertError("delete-error", a.deleter.Err)
		}),
		goapp.If(a.deleter.Refused != nil, func() goapp.UI { return a.deleter.Retry("delete-retry") }),
		ui.ClassDivBody("confirm-actions",
			ui.IDButton("delete-confirm-btn").Class("btn", "btn-danger").
				// not while what goes with it is read: the user confirms
				// what the dialog lists (and the button does not move
				// under a click as the listing arrives)
				Disabled(a.deleter.Sending || a.goes.reading || (children != "" && !a.cascade) || a.goes.goes.Refused != "").OnClick(func(goapp.Context, goapp.Event) { a.confirmDelete(f) }).
				Text(map[bool]string{true: "Deleting…", false: "Delete"}[a.deleter.Sending]),
			ui.IDButton("delete-keep").Class("btn", "btn-ghost").OnClick(func(ctx goapp.Context, e goapp.Event) { ui.CloseDialog(deleteDialogID) }).Text("Keep it")),
	)
}

// renderAsk is the confirmation of the action asked for.
func (a *actions) renderAsk(f *feed) goapp.UI {
	act, ok := actionOf(f, a.asking)
	if !ok {
		return goapp.Div()
	}
	return goapp.Dialog().ID(actionDialogID).Class("card", "confirm").Aria("labelledby", "action-title").
		On("close", func(ctx goapp.Context, e goapp.Event) {
			a.asking = ""
			ctx.Defer(func(goapp.Context) { ui.FocusID(act.ID) })
		}).OnKeyDown(ui.TrapTab).Body(
		goapp.H2().ID("action-title").Text(act.Label+"?"),
		goapp.P().Text(act.Confirm),
		ui.ClassDivBody("confirm-actions",
			ui.IDButton("action-confirm-btn").Class("btn", "btn-primary").OnClick(func(ctx goapp.Context, e goapp.Event) {
				ui.CloseDialog(actionDialogID)

				a.run(f, act)
			}).Text(act.Label),
			ui.IDButton("action-keep").Class("btn", "btn-ghost").OnClick(func(ctx goapp.Context, e goapp.Event) { ui.CloseDialog(actionDialogID) }).Text("Cancel")),
	)
}
