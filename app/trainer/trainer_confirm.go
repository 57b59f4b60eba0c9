package trainer

import (
	"net/http"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// The trainer page's confirmations (a reset, an import) in the console's
// own modal <dialog>, as the detail pages confirm a delete: the focus goes
// into it, Tab stays inside, Escape or Cancel closes it and gives the focus
// back to the button that opened it; the result then shows beside that
// button (actions.result).

// confirmDialogID is the trainer page's modal confirmation <dialog>.
const confirmDialogID = "trainer-confirm"

// confirm is a change that waits for the trainer's confirmation: the
// dialog's words, and what Confirm sends. The zero confirm asks nothing.
type confirm struct {
	title, text, button string
	from                string           // the id of the button that asked: the focus goes back there
	send                func(a *actions) // the change, sent from its form (actions.act)
}

// resetConfirm is the confirmation of the reset of the projects named
// (who, in words).
func resetConfirm(who string, projects serverapi.ProjectsRequest) confirm {
	return confirm{
		title: "Reset the projects of " + who + "?",
		text: "Every load balancer in them goes at once, with its listeners, pools, members, monitors, VIP port and amphorae; " +
			"so do their quotas, faults, activity and exercise progress. Their networks and users stay. This cannot be undone.",
		button: "Reset", from: "reset-projects",
		send: func(a *actions) {
			a.act(faultFormID, "Reset of "+who, http.MethodPost, serverapi.TrainerResetPath, projects)
		},
	}
}

// importConfirm is the confirmation of the import of the lab state file
// named file.
func importConfirm(file string) confirm {
	return confirm{
		title:  "Replace the whole lab?",
		text:   "Every project, user and object of the lab is replaced by those of " + file + ". The users logged in stay so. This cannot be undone.",
		button: "Replace the lab", from: "lab-import-go",
		send: (*actions).sendImport,
	}
}

// ask opens the dialog that confirms c. UI goroutine.
func (a *actions) ask(ctx goapp.Context, c confirm) {
	a.asking = c
	ui.ShowModal(ctx, confirmDialogID)
}

// renderConfirm is the dialog of the change asked for (nothing when none
// is).
func (a *actions) renderConfirm() goapp.UI {
	c := a.asking
	if c.send == nil {
		return goapp.Div()
	}
	return goapp.Dialog().ID(confirmDialogID).Class("card", "confirm").Aria("labelledby", "trainer-confirm-title").
		On("close", func(ctx goapp.Context, e goapp.Event) {
			from := a.asking.from
			a.asking = confirm{}
			ctx.Defer(func(goapp.Context) { ui.FocusID(from) })
		}).OnKeyDown(ui.TrapTab).Body(
		goapp.H2().ID("trainer-confirm-title").Text(c.title),
		goapp.P().ID("trainer-confirm-text").Text(c.text),
		ui.ClassDivBody("confirm-actions",
			ui.IDButton("trainer-confirm-btn").Class("btn", "btn-danger").OnClick(func(ctx goapp.Context, e goapp.Event) {
				send := a.asking.send
				ui.CloseDialog(confirmDialogID)
				if send != nil {
					send(a)
				}
			}).Text(c.button),
			ui.IDButton("trainer-confirm-keep").Class("btn", "btn-ghost").OnClick(func(ctx goapp.Context, e goapp.Event) {
				ui.CloseDialog(confirmDialogID)
			}).Text("Cancel")),
	)
}
