package shell

import (
	"cmp"
	"context"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// The "log in again" dialog of an expired or revoked token, shown by the
// shell of every page (session_browser.go's reauthenticate opens it): the
// requests that got the 401 wait until the user logged in again or left.

// reauthDialogID is the "log in again" dialog's modal <dialog>.
const reauthDialogID = "reauth-dialog"

// OpenReauth shows the "log in again" dialog as a modal <dialog> once it is
// rendered, and keeps what had the focus, to give it back afterwards.
// UI goroutine.
func (s *Frame) OpenReauth(ctx goapp.Context) {
	if !s.rt.ReauthPending() {
		return
	}
	if active := ui.WindowGet("document").Get("activeElement"); active.Truthy() &&
		!active.Equal(ui.WindowGet("document").Get("body")) && active.Get("id").String() != "reauth-password" {
		s.reauthFocus = active
	}
	ui.ShowModal(ctx, reauthDialogID)
}

// reauthCancel keeps the dialog open on Escape: the session cannot carry
// on without a new login, so the only ways out are "Log in again" and
// "Log out".
func (s *Frame) reauthCancel(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
}

// reauthClosed reopens the dialog if the browser closed it while the
// login is still due (Chrome closes a modal dialog on a second Escape
// without a user activation in between, whatever "cancel" says).
func (s *Frame) reauthClosed(ctx goapp.Context, e goapp.Event) {
	if s.rt.ReauthPending() {
		ui.ShowModal(ctx, reauthDialogID)
	}
}

// reauthDone closes the dialog after a new login and gives the focus back
// to what had it (else the page's content).
func (s *Frame) reauthDone(ctx goapp.Context) {
	back := s.reauthFocus
	s.reauthFocus = goapp.Null()
	ui.CloseDialog(reauthDialogID)
	// A moment later, after the render (the new session may remount the
	// shell, whose context then no longer runs anything) and the
	// browser's own focus steps.
	var f goapp.Func
	f = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		f.Release()
		if back != nil && back.Truthy() && back.Get("isConnected").Bool() {
			back.Call("focus")
		} else {
			ui.FocusID(ui.ContentID)
		}
		return nil
	})
	goapp.Window().Call("setTimeout", f, 50)
}

// renderReauth is the "log in again" dialog of an expired or revoked
// token: the page stays as it is underneath (inert), and the requests
// waiting on the 401 go on once the user logged in again. Escape does not
// dismiss it (reauthCancel).
func (s *Frame) renderReauth(sess *tab.Session) goapp.UI {
	return goapp.Dialog().ID(reauthDialogID).Class("modal").Aria("labelledby", "reauth-title").Aria("describedby", "reauth-why").
		On("cancel", s.reauthCancel).On("close", s.reauthClosed).OnKeyDown(ui.TrapTab).Body(
		goapp.H2().ID("reauth-title").Text("Your session has ended"),
		ui.IDP("reauth-why").Text("Keystone no longer accepts your token (it expired or was revoked). Log in again as "+
			sess.Info.UserName+" to carry on where you were."),
		goapp.Form().ID("reauth-form").Class("form").OnSubmit(s.reauthSubmit).Body(
			ui.Field("reauth-password", "Password", ui.IDInput("reauth-password").Type("password").Attr("autocomplete", "current-password").
				Value(s.reauthPass).OnInput(s.ValueTo(&s.reauthPass)).AutoFocus(true)),
			goapp.If(s.reauthErr != "", func() goapp.UI {
				return ui.AlertError("reauth-error", s.reauthErr)
			}),
			ui.ClassDivBody("form-actions",
				ui.TypedButton("reauth-submit", "submit").Class("btn", "btn-primary").Disabled(s.reauthBusy).Text("Log in again"),
				ui.TypedButton("reauth-logout", "button").Class("btn", "btn-ghost").OnClick(s.reauthLeave).Text("Log out")),
		),
	)
}

func (s *Frame) reauthSubmit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	sess := s.rt.CurrentSession()
	if sess == nil || s.reauthBusy || s.reauthPass == "" {
		return
	}
	s.reauthBusy, s.reauthErr = true, ""
	origin := site.OriginOf(ui.WindowURL())
	cfg := site.ClientConfig(origin, sess.Info.UserName, s.reauthPass, cmp.Or(sess.Info.DomainName, "Default"), "")
	cfg.ProjectID = sess.Info.ProjectID
	cfg = tab.SessionConfig(s.rt, cfg, sess.Info.Region)
	s.reauthPass = ""
	if s.uctx != nil {
		ctx = *s.uctx // the answer must land even if the dialog's form is re-rendered meanwhile
	}
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		client, err := octavia.New(c, cfg)
		ctx.Dispatch(func(ctx goapp.Context) {
			s.reauthBusy = false
			if err != nil {
				s.reauthErr = site.LoginErrorText(err, origin+site.IdentityPath)
				return
			}
			ns := *sess
			ns.Info = client.Session()
			s.rt.SetSession(&ns)
			s.rt.EndReauth(nil)
			s.reauthDone(ctx)
		})
	})
}

func (s *Frame) reauthLeave(ctx goapp.Context, e goapp.Event) {
	s.rt.EndReauth(tab.ErrReauthDeclined)
	tab.AnnounceLogout()
	s.rt.Operations().Reset()
	s.rt.SignOut("You are logged out: your session had ended.")
	ctx.Navigate(tab.LoginPath)
}
