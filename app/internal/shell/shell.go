package shell

import (
	"cmp"
	"context"
	"fmt"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// Keys of the shell's navigation, to mark the current page: a kind's
// pages use the kind's Path (navOf).
const (
	navList   = tab.ListPath
	NavCreate = tab.CreatePath
)

// Frame is what every signed-in page is drawn in: the header (project, user,
// navigation, logout), the operations panel, and the page's content.
// A page renders New(rt, &Frame{Nav: ..., Title: ..., Content: ...}).
type Frame struct {
	goapp.Compo

	Nav     string     // which navigation entry is current
	Title   string     // the page's heading
	Actions goapp.UI   // controls shown at the right of the heading (optional)
	Content []goapp.UI // the page
	// Sess is the session the page shows (nil: the signed-in one): the
	// server renders a page's frame for the request's session (served.go).
	Sess *tab.Session
	// Served: the server renders the page for a first screen, whose
	// controls do nothing until the app runs: they are inert (servedInert)
	// and the app makes them live when it mounts.
	Served bool

	ops        []tab.Operation
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
	projectsReq bool           // the projects were asked for
	reauthFocus goapp.Value    // what had the focus when the dialog opened
	uctx        *goapp.Context // the shell's own context: a Dispatch through it outlives the dialog's elements
	endedOpen   bool           // the operations panel's ended ones are unfolded (stateEndedOpen)
	rt          *tab.Runtime   // the tab's (New)
}

// New is s as the frame of a page of rt's tab: its session, its
// operations, its "log in again" dialog. A page renders
// shell.New(p.rt, &shell.Frame{...}).
func New(rt *tab.Runtime, s *Frame) *Frame {
	s.rt = rt
	return s
}

// States of the shell that outlive a page (go-app's store: the tab's, not
// a package variable).
const (
	stateHeadingAt = "octaview.headingAt" // string: the path whose heading last took the focus
	stateEndedOpen = "octaview.endedOpen" // bool: the user's last choice, for every page of the tab
)

// OnMount observes the operations and ticks every second while one waits,
// so that elapsed times move. UI goroutine.
func (s *Frame) OnMount(ctx goapp.Context) {
	s.now, s.uctx = time.Now(), &ctx
	s.ops = s.rt.Operations().Snapshot()
	ctx.ObserveState(tab.StateOperations, &s.ops).OnChange(func() { s.syncTicker(ctx) })
	ctx.ObserveState(stateEndedOpen, &s.endedOpen)
	s.syncTicker(ctx)
	if goapp.IsClient {
		tab.LiveServedControls()
		s.focusHeading(ctx)
		s.rt.WatchShell(s, ctx)
		s.loadProjects(ctx)
		s.OpenReauth(ctx)
	}
}

// pageTitleID is the id of the page's heading (the shell's h1).
const pageTitleID = "page-title"

// OnNav moves the keyboard focus to the page's heading when the page
// changed (not when only its query did): a screen reader says where the
// user is, and Tab goes on from the top of the new page, not from the
// link that was followed. UI goroutine.
func (s *Frame) OnNav(ctx goapp.Context) { s.focusHeading(ctx) }

// focusHeading focuses the heading once per path: from OnNav (a page of
// the same kind: the shell stays) and OnMount (a shell mounted after the
// navigation, once its page renders it). UI goroutine.
func (s *Frame) focusHeading(ctx goapp.Context) {
	if !goapp.IsClient {
		return
	}
	path := ui.WindowURL().Path
	var at string
	if ctx.GetState(stateHeadingAt, &at); path == at {
		return
	}
	ctx.SetState(stateHeadingAt, path)
	target := pageTitleID
	if f := ui.WindowURL().Fragment; tab.IsOpAnchor(f) {
		target = f // a write's wait card, which the page after the write names (tab.WithOpAnchor)
	}
	ctx.Defer(func(goapp.Context) { ui.FocusID(target) })
}

// OnDismount stops the ticker.
func (s *Frame) OnDismount() {
	s.rt.UnwatchShell(s)
	if s.stopTicker != nil {
		s.stopTicker()
		s.stopTicker = nil
	}
}

func (s *Frame) syncTicker(ctx goapp.Context) {
	s.now = time.Now()
	waiting := false
	for _, op := range s.ops {
		waiting = waiting || op.State == tab.OpWaiting
	}
	switch {
	case waiting && s.stopTicker == nil:
		s.stopTicker = Tick(ctx, time.Second, func(ctx goapp.Context) { s.now = time.Now() })
	case !waiting && s.stopTicker != nil:
		s.stopTicker()
		s.stopTicker = nil
	}
}

// Tick calls fn on the UI goroutine every d until the returned stop is
// called (go-app's ctx.After cannot be stopped, hence this).
func Tick(ctx goapp.Context, d time.Duration, fn func(goapp.Context)) (stop func()) {
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

func (s *Frame) logout(ctx goapp.Context, e goapp.Event) {
	sess := s.rt.CurrentSession()
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
			tab.AnnounceLogout()
			s.rt.EndReauth(tab.ErrReauthDeclined)
			s.rt.Operations().Reset()
			s.rt.SignOut(tab.LogoutNotice(err, sess.Info.ExpiresAt))
			ctx.Navigate(tab.LoginPath)
		})
	})
}

func (s *Frame) Render() goapp.UI {
	sess := s.Sess
	if sess == nil {
		sess = s.rt.CurrentSession()
	}
	var user, project, roles string
	readOnly := false
	if sess != nil {
		user, project = sess.Info.UserName, sess.Info.ProjectName
		roles = console.JoinRoles(sess.Info.Roles)
		readOnly = sess.ReadOnly
	}
	var mine []tab.Operation
	for _, op := range s.ops {
		if sess != nil && op.ProjectID == sess.Info.ProjectID {
			mine = append(mine, op)
		}
	}
	return ui.ClassDivBody("app",
		ui.SkipLink(),
		goapp.Header().Class("topbar").Body(
			ui.ClassA("brand").Href(tab.ListPath).Body(
				ui.Decorative(goapp.Img().Class("brand-icon").Src("/web/icon.svg")),
				goapp.Span().Text("Octaview"),
			),
			goapp.Nav().Class("nav").Body(
				navLink(tab.ListPath, "Load balancers", s.Nav == navList),
				goapp.If(!readOnly, func() goapp.UI {
					return navLink(tab.CreatePath, "Create load balancer", s.Nav == NavCreate)
				}),
				goapp.If(labTrainer(sess), func() goapp.UI {
					return navLink(serverapi.TrainerPagePath, "Trainer", s.Nav == serverapi.TrainerPagePath)
				}),
			),
			ui.ClassDiv("spacer"),
			goapp.If(readOnly, func() goapp.UI {
				return ui.ClassSpan("ro-badge").Title("Write controls are hidden: the server runs read-only, or your role only reads.").Text("read-only")
			}),
			ui.ClassDivBody("who",
				s.renderRegion(sess),
				ui.ClassSpan("who-project").Body(ui.ClassSpanText("who-label", "project"), s.renderProject(sess, project)),
				ui.ClassSpan("who-user").Body(ui.ClassSpanText("who-label", "user"), ui.IDSpan("who-user").Text(ui.OrDash(user)), goapp.If(roles != "", func() goapp.UI {
					return ui.ClassSpanText("who-roles", roles)
				}))),

			tab.ServedInert(ui.IDButton("logout").Class("btn", "btn-ghost").Disabled(s.loggingOut).OnClick(s.logout).Text("Log out"), s.Served),
		),
		renderResourceNav(sess, s.Nav),

		ui.ClassDivBody("notices",
			&site.UpdateNotice{},
			goapp.If(s.switchErr != "", func() goapp.UI {
				return ui.AlertError("switch-error", s.switchErr)
			}),
			goapp.If(sess != nil && s.rt.ReauthPending(), func() goapp.UI { return s.renderReauth(sess) }),
			goapp.If(len(mine) > 0, func() goapp.UI {
				return RenderOperations(s.rt, mine, s.now, s.endedOpen)
			}),
			goapp.If(sess != nil && sess.Config.Lab, func() goapp.UI { return &labPanel{} })),

		ui.MainContent().Class("main").Body(
			ui.ClassDivBody("page-head",
				goapp.H1().ID(pageTitleID).TabIndex(-1).Text(s.Title),
				goapp.If(s.Actions != nil, func() goapp.UI { return s.Actions })),

			ui.ClassDiv("page-body").Body(s.Content...),
		))

}

// renderResourceNav is the navigation to every kind's list but the load
// balancers' (in the top bar), made from the table of kinds; the kinds
// only admins read are shown to admins only.
func renderResourceNav(sess *tab.Session, current string) goapp.UI {
	if sess == nil {
		return goapp.Div()
	}
	var links []goapp.UI
	for _, r := range console.Resources {
		if r == console.LBResource || r.Parent() != nil || r.NoNav || !r.MayRead(sess) {
			continue
		}
		links = append(links, navLink(r.Path, r.Title, current == r.Path))
	}
	for _, p := range console.NavPages() {
		links = append(links, navLink(p[0], p[1], current == p[0]))
	}
	return goapp.Nav().ID("res-nav").Class("subnav").Aria("label", "Resources").Body(links...)
}

func navLink(href, label string, active bool) goapp.UI {
	a := ui.ClassA("nav-link").Href(href).Text(label)
	if active {
		a = a.Class("active").Aria("current", "page")
	}
	return a
}

// RenderOperations is the operations panel: each accepted write with its
// live wait. Waiting and failed ones are always shown in full (what was
// written, the acceptance, the outcome; a wait can always be seen and
// cancelled, however many operations came after it); the ended ones fold
// into one line ("3 ended operations: the newest …") that unfolds to one
// line each, so the banners do not push the page down; endedOpen unfolds
// them (the user's last choice, stateEndedOpen, which unfolding or folding
// them sets). Runs on the UI goroutine.
func RenderOperations(rt *tab.Runtime, ops []tab.Operation, now time.Time, endedOpen bool) goapp.UI {
	var live, ended []tab.Operation
	for _, op := range ops {
		if op.State == tab.OpWaiting || op.State == tab.OpFailed {
			live = append(live, op)
		} else {
			ended = append(ended, op)
		}
	}
	return goapp.Section().Class("ops").Aria("label", "operations").Body(
		ui.RangeSlice(live, func(i int) goapp.UI { return renderOperation(rt, live[i], now) }),
		goapp.If(len(ended) > 0, func() goapp.UI {
			d := goapp.Details().Class("ops-ended")
			if endedOpen {
				d = d.Open(true) // (go-app writes open="false", which HTML reads as open)
			}
			return d.On("toggle", func(ctx goapp.Context, e goapp.Event) { ctx.SetState(stateEndedOpen, ctx.JSSrc().Get("open").Bool()) }).Body(
				goapp.Summary().Class("ops-ended-summary").Text(endedSummary(ended, now)),
				ui.ClassDivBody("ops-ended-list",
					ui.RangeSlice(ended, func(i int) goapp.UI { return renderOperation(rt, ended[i], now) })),
			)
		}),
	)
}

// endedSummary is the folded line of the ended operations.
func endedSummary(ended []tab.Operation, now time.Time) string {
	what := "1 ended operation"
	if len(ended) > 1 {
		what = fmt.Sprintf("%d ended operations", len(ended))
	}
	return fmt.Sprintf("%s; the newest: %s: %s", what, tab.OpTitle(ended[0]), tab.OpOutcomeText(ended[0], now))
}

// renderOperation is one operation of the panel: in full while it waits
// or after it failed, else in one line.
func renderOperation(rt *tab.Runtime, op tab.Operation, now time.Time) goapp.UI {
	full := op.State == tab.OpWaiting || op.State == tab.OpFailed
	return ui.ClassDiv("op", "op-"+string(op.State)).ID(tab.OpAnchor(op)).TabIndex(-1).DataSet("op", op.ID).DataSet("lb", op.LbID()).Body(
		ui.ClassDivBody("op-head",
			ui.ClassSpanText("op-title", tab.OpTitle(op)),
			goapp.If(op.Status != "" && op.StatusOfLB(), func() goapp.UI { // whose status the badge is
				return ui.ClassSpanText("op-whose muted", "load balancer")
			}),
			goapp.If(op.Status != "", func() goapp.UI { return console.Badge(op.Status) }),
			ui.ClassSpan("op-elapsed").Title("elapsed").Text(ui.FormatElapsed(op.Elapsed(now))),
			goapp.If(!full, func() goapp.UI {
				return ui.ClassSpan("op-line", "op-outcome", "op-inline").Text(tab.OpOutcomeText(op, now))
			}),
			ui.ClassDiv("spacer"),
			goapp.If(op.State == tab.OpWaiting, func() goapp.UI {
				return goapp.Button().Class("btn", "btn-small", "op-stop").
					Title("Stop watching; Octavia carries on with the load balancer.").
					OnClick(func(ctx goapp.Context, e goapp.Event) { rt.Operations().Stop(op.ID) }, goapp.EventScope(op.ID)).
					Text("Cancel wait")
			}).Else(func() goapp.UI {
				return goapp.Button().Class("btn", "btn-small", "btn-ghost", "op-dismiss").
					OnClick(func(ctx goapp.Context, e goapp.Event) { rt.Operations().Dismiss(ctx, op.ID) }, goapp.EventScope(op.ID)).
					Text("Dismiss")
			})),

		goapp.If(full, func() goapp.UI {
			return goapp.Div().Body(
				ui.ClassDiv("op-line", "op-written").Body(ui.ClassSpanText("op-label", "Wrote"), goapp.Text(op.Written)),
				ui.ClassDiv("op-line", "op-accepted").Text(tab.OpAcceptedText(op)),
				ui.ClassDiv("op-line", "op-outcome").Body(
					goapp.Text(tab.OpOutcomeText(op, now)),
					goapp.If(tab.OpStuck(op, now), func() goapp.UI {
						return goapp.Span().Body(goapp.Text(" "), ui.ClassA("op-stuck-link").Href(tab.DetailPathOf(op.LbID())).
							Text("See the load balancer's page (its status tree)."))
					}),
				),
			)
		}),
	)
}

// loadProjects fills the project switcher (GET /v3/auth/projects), once
// per session: the session keeps the list.
func (s *Frame) loadProjects(ctx goapp.Context) {
	sess := s.rt.CurrentSession()
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
func (s *Frame) renderProject(sess *tab.Session, project string) goapp.UI {
	if sess == nil || len(s.projects) < 2 {
		return ui.IDSpan("who-project").Text(ui.OrDash(project))
	}
	return goapp.Select().ID("project-switch").Class("who-select").Aria("label", "Project").Disabled(s.switching).
		OnChange(func(ctx goapp.Context, e goapp.Event) { s.switchProject(ctx, ui.SelectValue(ctx)) }).
		Body(ui.RangeSlice(s.projects, func(i int) goapp.UI {
			p := s.projects[i]
			return ui.Option(p.ID, p.Name, p.ID == sess.Info.ProjectID)
		}))
}

// renderRegion is the region: a picker when the catalog has several.
func (s *Frame) renderRegion(sess *tab.Session) goapp.UI {
	if sess == nil || len(sess.Regions) == 0 {
		return goapp.Text("")
	}
	current := cmp.Or(sess.Info.Region, sess.Regions[0])
	if len(sess.Regions) < 2 {
		return ui.ClassSpan("who-region").Body(ui.ClassSpanText("who-label", "region"), ui.IDSpan("who-region").Text(current))
	}
	return ui.ClassSpan("who-region").Body(
		ui.ClassSpanText("who-label", "region"),
		goapp.Select().ID("region-switch").Class("who-select").Aria("label", "Region").Disabled(s.switching).
			OnChange(func(ctx goapp.Context, e goapp.Event) { s.switchRegion(ctx, ui.SelectValue(ctx)) }).
			Body(ui.RangeSlice(sess.Regions, func(i int) goapp.UI {
				return ui.Option(sess.Regions[i], sess.Regions[i], sess.Regions[i] == current)
			})),
	)
}

// switchProject rescopes the session's token to projectID (token method:
// no password), then reloads the app, which restores the session from the
// cookie in the new project; the old project's operations stay in the
// journal under it.
func (s *Frame) switchProject(ctx goapp.Context, projectID string) {
	sess := s.rt.CurrentSession()
	if sess == nil || projectID == sess.Info.ProjectID || s.switching {
		return
	}
	s.switching, s.switchErr = true, ""
	origin := site.OriginOf(ui.WindowURL())
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, err := octavia.New(c, tab.CookieConfig(s.rt, origin, projectID, sess.Info.Region))
		ctx.Dispatch(func(ctx goapp.Context) {
			s.switching = false
			if err != nil {
				s.switchErr = "Switching project failed: " + octavia.Message(err) +
					" (a token of a restricted application credential cannot change project)"
				return
			}
			ReloadTo(tab.ListPath)
		})
	})
}

// switchRegion keeps the region (localStorage and the region cookie: no
// secret) and reloads.
func (s *Frame) switchRegion(ctx goapp.Context, region string) {
	ui.WindowGet("localStorage").Call("setItem", tab.RegionKey, region)
	tab.KeepRegionCookie(region)
	ReloadTo(tab.ListPath)
}

// ReloadTo loads path afresh: the app restarts and restores the session
// from the cookie, so every page reloads its data.
func ReloadTo(path string) {
	ui.WindowGet("location").Call("assign", path)
}
