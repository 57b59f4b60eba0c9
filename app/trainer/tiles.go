package trainer

import (
	"fmt"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// helpClass is a tile's class by how much its trainee needs help ("" for
// none).
func helpClass(help int) string {
	switch help {
	case serverapi.HelpError:
		return "help-error"
	case serverapi.HelpPending:
		return "help-pending"
	case serverapi.HelpFailing:
		return "help-failing"
	}
	return ""
}

// renderTile is one trainee's tile, compact: a fixed height (tileGrid's
// rows), one line per fact, each cut with an ellipsis when it is long and
// whole in its title (and in the document, for screen readers).
func (p *Page) renderTile(t serverapi.Trainee) goapp.UI {
	project, checkID := t.Project, "pick-"+t.Project
	line := func(class, text string) goapp.UI { return ui.ClassDivText(class, text).Title(text) }
	return goapp.Section().Class("tile", helpClass(t.Help)).DataSet("user", t.User).DataSet("help", t.Help).
		Aria("label", "trainee "+t.User).Body(
		ui.ClassDivBody("tile-head",
			// The tick is taken on click, not change: a checkbox's click and change
			// are two events, and between them go-app's window click listener lets
			// a due frame render, which may move this element to another trainee
			// (the class's order changed) or remove it (the row reflowed), so the
			// change came to another tile's handler or to none. The click's
			// target listener runs first, on the tile the trainer saw.
			goapp.Input().Type("checkbox").ID(checkID).Checked(p.actions.to.selected[project]).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					p.actions.to.selected[project] = ctx.JSSrc().Get("checked").Bool()
				}),
			goapp.Label().For(checkID).Class("tile-user").Title(t.User).Text(t.User),
			ui.ClassDiv("spacer"),
			goapp.Button().Class("btn", "btn-small", "tile-open").Type("button").
				Title("Open "+t.Project+" read-only in the console, as "+t.User+" sees it").Aria("label", "Open "+t.User+"'s project read-only").
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.actions.openView(project) }).Text("Open")),

		ui.ClassDivBody("tile-meta",
			ui.ClassSpanText("tile-seen", "seen "+ago(t.LastSeen, p.class.At)),
			goapp.If(len(t.Steps) > 0, func() goapp.UI { return renderSteps(t.Steps) })),
		goapp.If(t.HelpText != "", func() goapp.UI { return line("tile-help", t.HelpText) }),
		goapp.If(t.LastError != nil, func() goapp.UI {
			return line("tile-err", "Last error: "+eventText(t.LastError)+": "+t.LastError.Message)
		}),
		goapp.Ul().Class("tile-lbs").Body(ui.RangeSlice(t.LoadBalancers, func(i int) goapp.UI {
			return renderMiniTree(t.LoadBalancers[i])
		})),
		goapp.If(t.MoreLBs > 0, func() goapp.UI { return ui.ClassDiv("tile-more").Textf("and %d more", t.MoreLBs) }),
		goapp.If(len(t.Faults) > 0, func() goapp.UI { return line("tile-faults", "Faults: "+strings.Join(t.Faults, "; ")) }),
		line("tile-counts", kindCountsText(t.Counts)),
		goapp.If(t.LastOp != nil, func() goapp.UI { return line("tile-op", "Last write: "+eventText(t.LastOp)) }),
	)
}

// renderSteps is a tile's exercise steps: how many pass, and a dot per
// step (● holds, ◐ passed but no longer holds, ○ not yet), each named.
func renderSteps(steps []serverapi.StepState) goapp.UI {
	passed := 0
	for _, s := range steps {
		if s.PassedAt != "" {
			passed++
		}
	}
	return ui.ClassSpan("tile-steps").Body(
		goapp.Span().Textf("%d/%d ", passed, len(steps)),
		ui.RangeSlice(steps, func(i int) goapp.UI {
			mark, cls, state := "○", "step-todo", "not yet"
			if steps[i].Holds {
				mark, cls, state = "●", "step-done", "passes"
			} else if steps[i].PassedAt != "" {
				mark, cls, state = "◐", "step-lost", "passed, no longer holds"
			}
			return ui.ClassSpan("step-dot", cls).Attr("role", "img").
				Title(fmt.Sprintf("step %d: %s", i+1, state)).Aria("label", fmt.Sprintf("step %d %s", i+1, state)).Text(mark)
		}),
	)
}

// eventText is a request in words: "POST listeners → 201 at 10:42:03".
func eventText(e *serverapi.Event) string {
	path := e.Path
	if i := strings.Index(path, "/lbaas/"); i >= 0 {
		path = path[i+len("/lbaas/"):]
	} else if i := strings.Index(path, "/v3/"); i >= 0 {
		path = "Keystone " + path[i+len("/v3/"):]
	}
	return fmt.Sprintf("%s %s → %d at %s", e.Method, path, e.Status, clockOf(e.At))
}

// countsText is a project's objects in a line: "2 load balancers (1
// pending) · 4 members (1 error)".
func kindCountsText(cs []serverapi.KindCount) string {
	if len(cs) == 0 {
		return "nothing yet"
	}
	var parts []string
	for _, c := range cs {
		s := fmt.Sprintf("%d %s", c.Total, strings.ReplaceAll(c.Kind, "_", " "))
		var extra []string
		if c.Pending > 0 {
			extra = append(extra, fmt.Sprintf("%d pending", c.Pending))
		}
		if c.Error > 0 {
			extra = append(extra, fmt.Sprintf("%d error", c.Error))
		}
		if len(extra) > 0 {
			s += " (" + strings.Join(extra, ", ") + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " · ")
}

// renderMiniTree is a load balancer's status tree, small: one line for the
// load balancer, one per listener with its pools' members as dots coloured
// by operating status.
func renderMiniTree(lb serverapi.TileLB) goapp.UI {
	return goapp.Li().Class("mini").DataSet("lb", lb.Name).DataSet("status", lb.ProvisioningStatus).Body(
		ui.ClassSpanText("mini-name", ui.DisplayName(lb.Name, lb.ID)),
		console.Badge(lb.ProvisioningStatus), console.Badge(lb.OperatingStatus),
		ui.RangeSlice(lb.Tree.Listeners, func(i int) goapp.UI {
			l := lb.Tree.Listeners[i]
			return ui.ClassSpan("mini-listener", ui.StatusClass(string(l.OperatingStatus))).Title("listener "+l.Name+": "+string(l.OperatingStatus)).Body(
				goapp.Text(" ▸"),
				ui.RangeSlice(l.Pools, func(j int) goapp.UI {
					pl := l.Pools[j]
					return ui.ClassSpan("mini-pool").Body(ui.RangeSlice(pl.Members, func(k int) goapp.UI {
						m := pl.Members[k]
						oper := string(m.OperatingStatus)
						return ui.ClassSpan("mini-member", ui.StatusClass(oper)).DataSet("member", m.Address).
							DataSet("oper", oper).Title("member " + m.Address + ": " + oper).Text("■")
					}))
				}),
			)
		}),
	)
}
