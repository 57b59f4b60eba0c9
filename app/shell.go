package app

import (
	"context"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Keys of the shell's navigation, to mark the current page.
const (
	navList   = "list"
	navCreate = "create"
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
}

// OnMount observes the operations and ticks every second while one waits,
// so that elapsed times move. UI goroutine.
func (s *shell) OnMount(ctx goapp.Context) {
	s.now = time.Now()
	s.ops = operations.snapshot()
	ctx.ObserveState(stateOperations, &s.ops).OnChange(func() { s.syncTicker(ctx) })
	s.syncTicker(ctx)
}

// OnDismount stops the ticker.
func (s *shell) OnDismount() {
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
			),
			goapp.Div().Class("spacer"),
			goapp.If(readOnly, func() goapp.UI {
				return goapp.Span().Class("ro-badge").Title("Write controls are hidden: the server runs read-only, or your role only reads.").Text("read-only")
			}),
			goapp.Div().Class("who").Body(
				goapp.Span().Class("who-project").Body(goapp.Span().Class("who-label").Text("project"), goapp.Span().ID("who-project").Text(orDash(project))),
				goapp.Span().Class("who-user").Body(goapp.Span().Class("who-label").Text("user"), goapp.Span().ID("who-user").Text(orDash(user)), goapp.If(roles != "", func() goapp.UI {
					return goapp.Span().Class("who-roles").Text(roles)
				})),
			),
			goapp.Button().ID("logout").Class("btn", "btn-ghost").Disabled(s.loggingOut).OnClick(s.logout).Text("Log out"),
		),
		goapp.If(len(mine) > 0, func() goapp.UI {
			return renderOperations(mine, s.now)
		}),
		mainContent().Class("main").Body(
			goapp.Div().Class("page-head").Body(
				goapp.H1().Text(s.Title),
				goapp.If(s.Actions != nil, func() goapp.UI { return s.Actions }),
			),
			goapp.Div().Class("page-body").Body(s.Content...),
		),
	)
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
			return goapp.Div().Class("op", "op-"+string(op.State)).DataSet("op", op.ID).DataSet("lb", op.LBID).Body(
				goapp.Div().Class("op-head").Body(
					goapp.Span().Class("op-title").Text(opTitle(op)),
					badge(op.Status),
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
						goapp.Div().Class("op-line", "op-outcome").Text(opOutcomeText(op, now)),
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
