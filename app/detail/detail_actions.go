package detail

import (
	"slices"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
)

// actions are a detail page's writes of its object: the kind's action
// buttons, Edit and Delete, and their confirmations (detail_dialogs.go),
// each write sent through a writer on the object its feed shows. UI
// goroutine.
type actions struct {
	confirming bool // the delete dialog is open
	cascade    bool
	release    bool           // release the VIP's floating IP once the load balancer is gone (detail_release.go)
	deleter    console.Writer // the delete's
	goes       deleteGoes     // what the delete takes with it (detail_goes.go)
	asking     string         // the action whose confirmation is open
	acting     string         // the action that runs (or was refused last)
	actor      console.Writer // the actions'
}

// buttons are the head's buttons for f's object, which the session may
// write: the kind's actions it shows for it, Edit and Delete.
func (a *actions) buttons(f *feed) []goapp.UI {
	res := f.res()
	var out []goapp.UI
	for _, act := range res.Actions {
		if act.Admin && !f.sess.Info.HasRole("admin") || act.Show != nil && !act.Show(f.obj, f.sess.Operations()) {
			continue
		}
		out = append(out, ui.IDButton(act.ID).Class("btn").Disabled(a.actor.Sending).
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				if act.Confirm != "" {
					a.asking = act.ID
					ui.ShowModal(ctx, actionDialogID)
					return
				}
				a.run(f, act)
			}, goapp.EventScope(act.ID)).Text( // scoped: Restore weight takes Drain's place (go-app keeps the first handler)
			map[bool]string{true: act.ButtonText(f.obj, f.sess.Operations()) + "…", false: act.ButtonText(f.obj, f.sess.Operations())}[a.actor.Sending && a.acting == act.ID]))
	}
	if res.Edit {
		out = append(out, goapp.A().ID(f.dom("edit")).Class("btn").Href(res.EditPathOf(f.pr.ParentID, f.pr.ID)).Text("Edit"))
	}
	if res.Delete && (res.CanDelete == nil || res.CanDelete(f.obj)) {
		out = append(out, ui.IDButton(f.dom("delete")).Class("btn", "btn-danger").
			OnClick(func(ctx goapp.Context, e goapp.Event) { a.askDelete(ctx, f) }).Text("Delete…"))
	}
	return out
}

// renderTop is what the writes show above f's object: the confirmation
// open, the last action's error and its offer to send it again.
func (a *actions) renderTop(f *feed) goapp.UI {
	return ui.ClassDivBody("detail-top",
		goapp.If(a.confirming, func() goapp.UI { return a.renderConfirm(f) }),
		goapp.If(a.asking != "", func() goapp.UI { return a.renderAsk(f) }),
		goapp.If(a.actor.Err != "", func() goapp.UI {
			return ui.AlertError("action-error", a.actor.Err)
		}),
		goapp.If(a.actor.Refused != nil, func() goapp.UI { return a.actor.Retry("action-retry") }))
}

// run sends action act on f's object (after its confirmation). UI
// goroutine.
func (a *actions) run(f *feed, act console.Action) {
	if f.obj == nil || a.actor.Sending {
		return
	}
	a.acting = act.ID
	wr := act.Write(f.ref(), f.shown(), f.sess.Operations())
	if wr.Op.Name == "" {
		wr.Op.Name = f.name()
	}
	if wr.Was == "" {
		wr.Was = f.shown().Text("provisioning_status")
	}
	if wr.LB == "" {
		wr.LB = f.lbID // the page found it: the write looks it up no more
	}
	label := act.Label
	a.actor.Send(f.uctx, f.sess, wr, func(goapp.Context, console.Sent) { f.follow() }, func(err error) {
		a.actor.Err = label + ": " + a.actor.Err
		if tab.Busy(err) {
			f.follow() // show the load balancer busy, live, as Octavia sees it
		}
	})
}

// actionOf is the action id of f's kind, if there is one.
func actionOf(f *feed, id string) (console.Action, bool) {
	i := slices.IndexFunc(f.res().Actions, func(a console.Action) bool { return a.ID == id })
	if i < 0 {
		return console.Action{}, false
	}
	return f.res().Actions[i], true
}
