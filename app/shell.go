package app

import (
	"cmp"
	"context"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// Keys of the shell's navigation, to mark the current page: a kind's
// pages use the kind's Path (navOf).
const (
	navList   = listPath
	navCreate = createPath
)

// shell is the frame of every signed-in page: the header (project, user,
// navigation, logout), the operations panel, and the page's content.
// A page renders &shell{Nav: ..., Title: ..., Content: ...}.
type shell struct {
	goapp.Compo

	Nav     string     // which navigation entry is current
	Title   string     // the page's heading
	Actions goapp.UI   // controls shown at the right of the heading (optional)
	Content []goapp.UI // the page

	ops        []operation
	now        time.Time
	stopTicker func()
	loggingOut bool
	logoutErr  string

	projects    []octavia.Project // the user's projects (the switcher); nil until loaded
	switching   bool              // a project or region switch is under way
	switchErr   string
	reauthPass  string // the "log in again" dialog's password (cleared after use)
	reauthBusy  bool
	reauthErr   string
	projectsReq bool        // the projects were asked for
	reauthFocus goapp.Value // what had the focus when the dialog opened
}

// OnMount observes the operations and ticks every second while one waits,
// so that elapsed times move. UI goroutine.
func (s *shell) OnMount(ctx goapp.Context) {
	s.now = time.Now()
	s.ops = operations.snapshot()
	ctx.ObserveState(stateOperations, &s.ops).OnChange(func() { s.syncTicker(ctx) })
	s.syncTicker(ctx)
	if goapp.IsClient {
		watchShell(s, ctx)
		s.loadProjects(ctx)
		s.openReauth(ctx)
	}
}

// OnDismount stops the ticker.
func (s *shell) OnDismount() {
	unwatchShell(s)
	if s.stopTicker != nil {
		s.stopTicker()
		s.stopTicker = nil
	}
}

func (s *shell) syncTicker(ctx goapp.Context) {
	s.now = time.Now()
	waiting := false
	for _, op := range s.ops {
		waiting = waiting || op.State == opWaiting
	}
	switch {
	case waiting && s.stopTicker == nil:
		s.stopTicker = tick(ctx, time.Second, func(ctx goapp.Context) { s.now = time.Now() })
	case !waiting && s.stopTicker != nil:
		s.stopTicker()
		s.stopTicker = nil
	}
}

// tick calls fn on the UI goroutine every d until the returned stop is
// called (go-app's ctx.After cannot be stopped, hence this).
func tick(ctx goapp.Context, d time.Duration, fn func(goapp.Context)) (stop func()) {
	c, cancel := context.WithCancel(context.Background())
	ctx.Async(func() {
		t := time.NewTicker(d)
		defer t.Stop()
		for {
			select {
			case <-c.Done():
				return
			case <-t.C:
				ctx.Dispatch(fn)
			}
		}
	})
	return cancel
}

func (s *shell) logout(ctx goapp.Context, e goapp.Event) {
	sess := currentSession()
	if sess == nil || s.loggingOut {
		return
	}
	s.loggingOut = true
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		err := sess.Client.Logout(c)
		ctx.Dispatch(func(ctx goapp.Context) {
			s.loggingOut = false
			if err != nil {
				goapp.Log("octaview: revoking the token failed:", err)
			}
			// Sign out here anyway; the login page says whether the token
			// was revoked or, if not, why and until when it stays valid.
			// Every other tab of this browser signs out too.
			announceLogout()
			endReauth(errReauthDeclined)
			operations.reset()
			signOut(logoutNotice(err, sess.Info.ExpiresAt))
			ctx.Navigate(loginPath)
		})
	})
}

func (s *shell) Render() goapp.UI {
	sess := currentSession()
	var user, project, roles string
	readOnly := false
	if sess != nil {
		user, project = sess.Info.UserName, sess.Info.ProjectName
		roles = joinRoles(sess.Info.Roles)
		readOnly = sess.ReadOnly
	}
	var mine []operation
	for _, op := range s.ops {
		if sess != nil && op.ProjectID == sess.Info.ProjectID {
			mine = append(mine, op)
		}
	}
	return goapp.Div().Class("app").Body(
		skipLink(),
		goapp.Header().Class("topbar").Body(
			goapp.A().Class("brand").Href(listPath).Body(
				decorative(goapp.Img().Class("brand-icon").Src("/web/icon.svg")),
				goapp.Span().Text("Octaview"),
			),
			goapp.Nav().Class("nav").Body(
				navLink(listPath, "Load balancers", s.Nav == navList),
				goapp.If(!readOnly, func() goapp.UI {
					return navLink(createPath, "Create load balancer", s.Nav == navCreate)
				}),
				goapp.If(labTrainer(sess), func() goapp.UI { // checklist_panel.go
					return navLink(serverapi.TrainerPagePath, "Trainer", s.Nav == serverapi.TrainerPagePath)
				}),
			),
			goapp.Div().Class("spacer"),
			goapp.If(readOnly, func() goapp.UI {
				return goapp.Span().Class("ro-badge").Title("Write controls are hidden: the server runs read-only, or your role only reads.").Text("read-only")
			}),
			goapp.Div().Class("who").Body(
				s.renderRegion(sess),
				goapp.Span().Class("who-project").Body(goapp.Span().Class("who-label").Text("project"), s.renderProject(sess, project)),
				goapp.Span().Class("who-user").Body(goapp.Span().Class("who-label").Text("user"), goapp.Span().ID("who-user").Text(orDash(user)), goapp.If(roles != "", func() goapp.UI {
					return goapp.Span().Class("who-roles").Text(roles)
				})),
			),
			goapp.Button().ID("logout").Class("btn", "btn-ghost").Disabled(s.loggingOut).OnClick(s.logout).Text("Log out"),
		),
		renderResourceNav(sess, s.Nav),
		// One element whatever shows in it: the page after it keeps its
		// place, and its components their state, when the first operation
		// or an error comes (go-app matches children by position).
		goapp.Div().Class("notices").Body(
			&updateNotice{}, // app/update.go
			goapp.If(s.switchErr != "", func() goapp.UI {
				return goapp.Div().ID("switch-error").Class("alert", "alert-error").Aria("live", "assertive").Text(s.switchErr)
			}),
			goapp.If(sess != nil && reauthPending(), func() goapp.UI { return s.renderReauth(sess) }),
			goapp.If(len(mine) > 0, func() goapp.UI {
				return renderOperations(mine, s.now)
			}),
			goapp.If(sess != nil && sess.Config.Lab, func() goapp.UI { return &labPanel{} }), // checklist_panel.go
		),
		mainContent().Class("main").Body(
			goapp.Div().Class("page-head").Body(
				goapp.H1().Text(s.Title),
				goapp.If(s.Actions != nil, func() goapp.UI { return s.Actions }),
			),
			goapp.Div().Class("page-body").Body(s.Content...),
		),
	)
}

// renderResourceNav is the navigation to every kind's list but the load
// balancers' (in the top bar), made from the table of kinds; the kinds
// only admins read are shown to admins only.
func renderResourceNav(sess *session, current string) goapp.UI {
	if sess == nil {
		return goapp.Div()
	}
	var links []goapp.UI
	for _, r := range resources {
		if r == lbResource || r.Parent != "" || r.NoNav || !r.mayRead(sess) {
			continue
		}
		links = append(links, navLink(r.Path, r.Title, current == r.Path))
	}
	return goapp.Nav().ID("res-nav").Class("subnav").Aria("label", "Resources").Body(links...)
}

func navLink(href, label string, active bool) goapp.UI {
	a := goapp.A().Class("nav-link").Href(href).Text(label)
	if active {
		a = a.Class("active").Aria("current", "page")
	}
	return a
}

func joinRoles(roles []string) string {
	out := ""
	for i, r := range roles {
		if i > 0 {
			out += ", "
		}
		out += r
	}
	return out
}

// opsShown is how many operations the panel lists; older ones are counted.
const opsShown = 5

// renderOperations is the operations panel: each accepted write with its
// live wait. Waiting and failed ones show everything (what was written, the
// acceptance, the outcome); finished ones fold to one line. Runs on the UI
// goroutine.
func renderOperations(ops []operation, now time.Time) goapp.UI {
	older := 0
	if len(ops) > opsShown {
		ops, older = ops[:opsShown], len(ops)-opsShown
	}
	return goapp.Section().Class("ops").Aria("label", "operations").Body(
		goapp.Range(ops).Slice(func(i int) goapp.UI {
			op := ops[i]
			full := op.State == opWaiting || op.State == opFailed
			return goapp.Div().Class("op", "op-"+string(op.State)).DataSet("op", op.ID).DataSet("lb", op.lbID()).Body(
				goapp.Div().Class("op-head").Body(
					goapp.Span().Class("op-title").Text(opTitle(op)),
					goapp.If(op.Status != "", func() goapp.UI { return badge(op.Status) }), // none for a write applied at once
					goapp.Span().Class("op-elapsed").Title("elapsed").Text(formatElapsed(op.elapsed(now))),
					goapp.If(!full, func() goapp.UI {
						return goapp.Span().Class("op-line", "op-outcome", "op-inline").Text(opOutcomeText(op, now))
					}),
					goapp.Div().Class("spacer"),
					goapp.If(op.State == opWaiting, func() goapp.UI {
						return goapp.Button().Class("btn", "btn-small", "op-stop").
							Title("Stop watching; Octavia carries on with the load balancer.").
							OnClick(func(ctx goapp.Context, e goapp.Event) { operations.stop(op.ID) }).
							Text("Cancel wait")
					}).Else(func() goapp.UI {
						return goapp.Button().Class("btn", "btn-small", "btn-ghost", "op-dismiss").
							OnClick(func(ctx goapp.Context, e goapp.Event) { operations.dismiss(ctx, op.ID) }).
							Text("Dismiss")
					}),
				),
				goapp.If(full, func() goapp.UI {
					return goapp.Div().Body(
						goapp.Div().Class("op-line", "op-written").Body(goapp.Span().Class("op-label").Text("Wrote"), goapp.Text(op.Written)),
						goapp.Div().Class("op-line", "op-accepted").Text(opAcceptedText(op)),
						goapp.Div().Class("op-line", "op-outcome").Body(
							goapp.Text(opOutcomeText(op, now)),
							goapp.If(opStuck(op, now), func() goapp.UI {
								return goapp.Span().Body(goapp.Text(" "), goapp.A().Class("op-stuck-link").Href(detailPathOf(op.lbID())).
									Text("See the load balancer's page (its status tree)."))
							}),
						),
					)
				}),
			)
		}),
		goapp.If(older > 0, func() goapp.UI {
			return goapp.Div().Class("op-older").Textf("and %d older operations", older)
		}),
	)
}

// badge is a status badge: Octavia's word on the status's colour.
func badge(status string) goapp.UI {
	return goapp.Span().Class("badge", statusClass(status)).Text(statusLabel(status))
}

// loadProjects fills the project switcher (GET /v3/auth/projects), once
// per session: the session keeps the list.
func (s *shell) loadProjects(ctx goapp.Context) {
	sess := currentSession()
	if sess == nil || s.projectsReq {
		return
	}
	s.projectsReq = true
	if sess.Projects != nil {
		s.projects = sess.Projects
		return
	}
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		projects, err := sess.Client.Projects(c)
		ctx.Dispatch(func(ctx goapp.Context) {
			if err != nil {
				goapp.Log("octaview: listing your projects:", err)
				return
			}
			sess.Projects, s.projects = projects, projects
		})
	})
}

// renderProject is the project: a switcher when the user has several.
func (s *shell) renderProject(sess *session, project string) goapp.UI {
	if sess == nil || len(s.projects) < 2 {
		return goapp.Span().ID("who-project").Text(orDash(project))
	}
	return goapp.Select().ID("project-switch").Class("who-select").Aria("label", "Project").Disabled(s.switching).
		OnChange(func(ctx goapp.Context, e goapp.Event) { s.switchProject(ctx, ctx.JSSrc().Get("value").String()) }).
		Body(goapp.Range(s.projects).Slice(func(i int) goapp.UI {
			p := s.projects[i]
			return goapp.Option().Value(p.ID).Selected(p.ID == sess.Info.ProjectID).Text(p.Name)
		}))
}

// renderRegion is the region: a picker when the catalog has several.
func (s *shell) renderRegion(sess *session) goapp.UI {
	if sess == nil || len(sess.Regions) == 0 {
		return goapp.Text("")
	}
	current := cmp.Or(sess.Info.Region, sess.Regions[0])
	if len(sess.Regions) < 2 {
		return goapp.Span().Class("who-region").Body(goapp.Span().Class("who-label").Text("region"), goapp.Span().ID("who-region").Text(current))
	}
	return goapp.Span().Class("who-region").Body(
		goapp.Span().Class("who-label").Text("region"),
		goapp.Select().ID("region-switch").Class("who-select").Aria("label", "Region").Disabled(s.switching).
			OnChange(func(ctx goapp.Context, e goapp.Event) { s.switchRegion(ctx, ctx.JSSrc().Get("value").String()) }).
			Body(goapp.Range(sess.Regions).Slice(func(i int) goapp.UI {
				return goapp.Option().Value(sess.Regions[i]).Selected(sess.Regions[i] == current).Text(sess.Regions[i])
			})),
	)
}

// switchProject rescopes the session's token to projectID (token method:
// no password), then reloads the app, which restores the session from the
// cookie in the new project; the old project's operations stay in the
// journal under it.
func (s *shell) switchProject(ctx goapp.Context, projectID string) {
	sess := currentSession()
	if sess == nil || projectID == sess.Info.ProjectID || s.switching {
		return
	}
	s.switching, s.switchErr = true, ""
	origin := originOf(goapp.Window().URL())
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, err := octavia.New(c, cookieConfig(origin, projectID, sess.Info.Region))
		ctx.Dispatch(func(ctx goapp.Context) {
			s.switching = false
			if err != nil {
				s.switchErr = "Switching project failed: " + octavia.Message(err) +
					" (a token of a restricted application credential cannot change project)"
				return
			}
			reloadTo(listPath)
		})
	})
}

// switchRegion keeps the region (localStorage: no secret) and reloads.
func (s *shell) switchRegion(ctx goapp.Context, region string) {
	goapp.Window().Get("localStorage").Call("setItem", regionKey, region)
	reloadTo(listPath)
}

// reloadTo loads path afresh: the app restarts and restores the session
// from the cookie, so every page reloads its data.
func reloadTo(path string) {
	goapp.Window().Get("location").Call("assign", path)
}

// reauthDialogID is the "log in again" dialog's modal <dialog>.
const reauthDialogID = "reauth-dialog"

// openReauth shows the "log in again" dialog as a modal <dialog> once it is
// rendered, and keeps what had the focus, to give it back afterwards.
// UI goroutine.
func (s *shell) openReauth(ctx goapp.Context) {
	if !reauthPending() {
		return
	}
	if active := goapp.Window().Get("document").Get("activeElement"); active.Truthy() &&
		!active.Equal(goapp.Window().Get("document").Get("body")) && active.Get("id").String() != "reauth-password" {
		s.reauthFocus = active
	}
	showModal(ctx, reauthDialogID)
}

// reauthCancel keeps the dialog open on Escape: the session cannot carry
// on without a new login, so the only ways out are "Log in again" and
// "Log out".
func (s *shell) reauthCancel(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
}

// reauthClosed reopens the dialog if the browser closed it while the
// login is still due (Chrome closes a modal dialog on a second Escape
// without a user activation in between, whatever "cancel" says).
func (s *shell) reauthClosed(ctx goapp.Context, e goapp.Event) {
	if reauthPending() {
		showModal(ctx, reauthDialogID)
	}
}

// reauthDone closes the dialog after a new login and gives the focus back
// to what had it (else the page's content).
func (s *shell) reauthDone(ctx goapp.Context) {
	back := s.reauthFocus
	s.reauthFocus = goapp.Null()
	closeDialog(reauthDialogID)
	// A moment later, after the render (the new session may remount the
	// shell, whose context then no longer runs anything) and the
	// browser's own focus steps.
	var f goapp.Func
	f = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		f.Release()
		if back != nil && back.Truthy() && back.Get("isConnected").Bool() {
			back.Call("focus")
		} else {
			focusID(contentID)
		}
		return nil
	})
	goapp.Window().Call("setTimeout", f, 50)
}

// renderReauth is the "log in again" dialog of an expired or revoked
// token: the page stays as it is underneath (inert), and the requests
// waiting on the 401 go on once the user logged in again. Escape does not
// dismiss it (reauthCancel).
func (s *shell) renderReauth(sess *session) goapp.UI {
	return goapp.Dialog().ID(reauthDialogID).Class("modal").Aria("labelledby", "reauth-title").Aria("describedby", "reauth-why").
		On("cancel", s.reauthCancel).On("close", s.reauthClosed).OnKeyDown(trapTab).Body(
		goapp.H2().ID("reauth-title").Text("Your session has ended"),
		goapp.P().ID("reauth-why").Text("Keystone no longer accepts your token (it expired or was revoked). Log in again as "+
			sess.Info.UserName+" to carry on where you were."),
		goapp.Form().ID("reauth-form").Class("form").OnSubmit(s.reauthSubmit).Body(
			field("reauth-password", "Password", goapp.Input().ID("reauth-password").Type("password").
				Value(s.reauthPass).OnInput(s.ValueTo(&s.reauthPass)).AutoFocus(true)),
			goapp.If(s.reauthErr != "", func() goapp.UI {
				return goapp.Div().ID("reauth-error").Class("alert", "alert-error").Aria("live", "assertive").Text(s.reauthErr)
			}),
			goapp.Div().Class("form-actions").Body(
				goapp.Button().ID("reauth-submit").Type("submit").Class("btn", "btn-primary").Disabled(s.reauthBusy).Text("Log in again"),
				goapp.Button().ID("reauth-logout").Type("button").Class("btn", "btn-ghost").OnClick(s.reauthLeave).Text("Log out"),
			),
		),
	)
}

func (s *shell) reauthSubmit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	sess := currentSession()
	if sess == nil || s.reauthBusy || s.reauthPass == "" {
		return
	}
	s.reauthBusy, s.reauthErr = true, ""
	origin := originOf(goapp.Window().URL())
	cfg := clientConfig(origin, sess.Info.UserName, s.reauthPass, cmp.Or(sess.Info.DomainName, "Default"), "")
	cfg.ProjectID = sess.Info.ProjectID
	cfg = sessionConfig(cfg, sess.Info.Region)
	s.reauthPass = ""
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		client, err := octavia.New(c, cfg)
		ctx.Dispatch(func(ctx goapp.Context) {
			s.reauthBusy = false
			if err != nil {
				s.reauthErr = loginErrorText(err, origin+identityPath)
				return
			}
			ns := *sess
			ns.Info = client.Session()
			setSession(&ns)
			endReauth(nil)
			s.reauthDone(ctx)
		})
	})
}

func (s *shell) reauthLeave(ctx goapp.Context, e goapp.Event) {
	endReauth(errReauthDeclined)
	announceLogout()
	operations.reset()
	signOut("You are logged out: your session had ended.")
	ctx.Navigate(loginPath)
}
