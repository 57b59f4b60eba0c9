package wall

import (
	"fmt"
	"slices"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// renderHead is the wall's head: its title, the counts, the clock and how
// fresh the feed is (clock.go) and the kiosk button.
func (p *WallPage) renderHead() goapp.UI {
	return goapp.Header().Class("wall-head").Body(
		ui.Decorative(goapp.Img().Src("/web/icon.svg").Class("brand-icon")),
		goapp.H1().ID("wall-title").Text(wallTitle(p.data)),
		ui.IDDiv("wall-summary").Class("wall-summary").Body(renderSummary(p.data.Summary, p.data.LoadBalancers)...),
		ui.ClassDiv("spacer"),
		goapp.If(p.kiosk.on && len(p.kiosk.starts) > 1, func() goapp.UI {
			return ui.IDSpan("wall-page").Class("wall-page").Textf("page %d of %d", p.kiosk.page+1, len(p.kiosk.starts))
		}),
		renderClock(),
		p.renderKioskButton(),
	)
}

// renderSummary is the wall's counts, worst first: its load balancers,
// how many are in each operating status, and how many of lbs are changing
// (provisioning PENDING_*), as the /status wall counts them.
func renderSummary(s serverapi.WallSummary, lbs []serverapi.WallLB) []goapp.UI {
	out := []goapp.UI{ui.ClassSpan("wall-count").Textf("%d load balancer%s", s.LoadBalancers, plural(s.LoadBalancers))}
	statuses := make([]string, 0, len(s.ByOperating))
	for st, n := range s.ByOperating {
		if n > 0 {
			statuses = append(statuses, st)
		}
	}
	slices.SortFunc(statuses, func(a, b string) int {
		if d := severity(b) - severity(a); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	for _, st := range statuses {
		out = append(out, ui.ClassSpan("wall-count", ui.StatusClass(st)+"-text").
			DataSet("status", strings.ToUpper(st)).Textf("%d %s", s.ByOperating[st], ui.StatusLabel(st)))
	}
	changing := 0
	for _, lb := range lbs {
		if ui.IsPending(lb.ProvisioningStatus) {
			changing++
		}
	}
	if changing > 0 {
		out = append(out, ui.ClassSpan("wall-count", "st-pending-text").Textf("%d changing", changing))
	}
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// renderCards is a card per load balancer; in kiosk mode the cards off the
// page shown are hidden (kiosk-off), keeping their place for the
// measurement.
func (p *WallPage) renderCards() goapp.UI {
	lbs := p.data.LoadBalancers
	from, to := 0, len(lbs)
	if p.kiosk.on {
		from, to = pageRange(p.kiosk.starts, p.kiosk.page, len(lbs))
	}
	t := tip{lbID: p.tip.lbID, text: p.tip.text, set: p.setTip}
	return goapp.Div().ID("wall-grid").Class("wall-grid").Body(ui.RangeSlice(lbs, func(i int) goapp.UI {
		return renderCard(lbs[i], p.data.Show, p.now, t, i < from || i >= to)
	}))
}

// setTip is a strip mark's handler: the strip of lbID reads text out
// ("" = nothing). UI goroutine.
func (p *WallPage) setTip(lbID, text string) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		if text == "" && p.tip.lbID != lbID {
			return // another strip's mark took over
		}
		p.tip.lbID, p.tip.text = lbID, text
	}
}

// renderCard is one load balancer: its name, VIP (when the wall shows
// addresses), statuses since when, its timeline strip and, unless the wall
// shows only a summary, its tree.
func renderCard(lb serverapi.WallLB, show serverapi.WallShow, now time.Time, t tip, off bool) goapp.UI {
	classes := []string{"wall-card", "card-" + ui.StatusClass(lb.OperatingStatus)}
	if off {
		classes = append(classes, "kiosk-off")
	}
	return goapp.Section().Class(classes...).DataSet("id", lb.ID).Aria("hidden", ariaHidden(off)).Body(
		ui.ClassDivBody("wall-card-head",
			goapp.H2().Text(nameOr(lb.Name)),
			goapp.If(lb.VIPAddress != "", func() goapp.UI { return ui.MonoText(lb.VIPAddress) }),
			ui.ClassDiv("spacer"),
			renderStatuses(lb.ID, lb.ProvisioningStatus, lb.OperatingStatus, lb.Since, now)),
		renderTimeline(lb, now, t),
		goapp.If(!show.Summary && len(lb.Tree.Listeners) > 0, func() goapp.UI {
			return renderTree(lb, now)
		}),
	)
}

func ariaHidden(off bool) string {
	if off {
		return "true"
	}
	return ""
}

// nameOr is a load balancer's name, or "(no name)" when the wall sends
// none.
func nameOr(name string) string {
	if name != "" {
		return name
	}
	return "(no name)"
}

// renderStatuses is an object's two status badges and since when it is in
// them, from since (object id -> RFC 3339; the entry may be missing).
func renderStatuses(id, prov, oper string, since map[string]string, now time.Time) goapp.UI {
	return ui.ClassSpan("wall-statuses").Body(
		console.Badge(prov),
		console.Badge(oper),
		renderSince(since[id], now),
	)
}

// renderSince is "for 3 h 12 min", the exact time in its title; nothing
// when the time is missing or unreadable.
func renderSince(at string, now time.Time) goapp.UI {
	t, err := time.Parse(time.RFC3339, at)
	if err != nil {
		return nil
	}
	return goapp.Time().Class("wall-since").DateTime(t.UTC().Format(time.RFC3339)).
		Title("since " + ui.FormatTime(t) + " UTC").Text(sinceText(t, now))
}

// sinceText is how long an object has been in its statuses at now: "for
// 42 s", "for 3 h 12 min".
func sinceText(since, now time.Time) string {
	return "for " + ui.FormatElapsed(now.Sub(since))
}

// renderTree is lb's tree as nested lists: listeners, their pools (with
// the health monitor) and, when the wall sends them, the members, each
// with its statuses since when; addresses only where the wall sent them.
func renderTree(lb serverapi.WallLB, now time.Time) goapp.UI {
	ls := lb.Tree.Listeners
	return goapp.Ul().Class("wall-tree").Body(ui.RangeSlice(ls, func(i int) goapp.UI {
		l := ls[i]
		return goapp.Li().Class("wall-node").Body(
			renderNode("listener", l.Name, "", l.ID, string(l.ProvisioningStatus), string(l.OperatingStatus), lb.Since, now),
			goapp.If(len(l.Pools) > 0, func() goapp.UI {
				return goapp.Ul().Body(ui.RangeSlice(l.Pools, func(j int) goapp.UI {
					pl := l.Pools[j]
					return goapp.Li().Class("wall-node").Body(
						renderNode("pool", pl.Name, "", pl.ID, string(pl.ProvisioningStatus), string(pl.OperatingStatus), lb.Since, now),
						goapp.If(pl.HealthMonitor != nil || len(pl.Members) > 0, func() goapp.UI {
							return goapp.Ul().Body(
								goapp.If(pl.HealthMonitor != nil, func() goapp.UI {
									hm := pl.HealthMonitor
									return goapp.Li().Class("wall-node").Body(
										renderNode("health monitor", hm.Name, hm.Type, hm.ID, string(hm.ProvisioningStatus), string(hm.OperatingStatus), lb.Since, now))
								}),
								ui.RangeSlice(pl.Members, func(k int) goapp.UI {
									m := pl.Members[k]
									return goapp.Li().Class("wall-node", "wall-member").Body(
										renderNode("member", m.Name, memberAddress(m.Address, m.ProtocolPort), m.ID, string(m.ProvisioningStatus), string(m.OperatingStatus), lb.Since, now))
								}),
							)
						}),
					)
				}))
			}),
		)
	}))
}

// memberAddress is "10.0.0.5:80", or "" when the wall sent no address.
func memberAddress(addr string, port int) string {
	if addr == "" {
		return ""
	}
	if port == 0 {
		return addr
	}
	if strings.Contains(addr, ":") {
		return fmt.Sprintf("[%s]:%d", addr, port)
	}
	return fmt.Sprintf("%s:%d", addr, port)
}

// renderNode is one row of a tree: its kind, name ("" = none sent), detail (a member's
// address, a monitor's type; "" = none; not repeated when it is the name, as an unnamed
// member's is) and statuses since when.
func renderNode(kind, name, detail, id, prov, oper string, since map[string]string, now time.Time) goapp.UI {
	return ui.ClassDivBody("wall-row",
		ui.ClassSpanText("wall-kind", kind),
		goapp.If(name != "", func() goapp.UI { return ui.ClassSpanText("wall-name", name) }),
		goapp.If(detail != "" && detail != name, func() goapp.UI { return ui.ClassSpan("wall-detail", "mono").Text(detail) }),
		ui.ClassDiv("spacer"),
		renderStatuses(id, prov, oper, since, now),
	)
}
