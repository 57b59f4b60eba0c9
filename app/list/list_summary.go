package list

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// The list's status controls: the status filter's select and the summary's
// counts by status (status_filter.go decides what they count and keep).

// statusSelect is the status filter (its element's id) of m, a list of
// kind k: any status, the rows that need attention, of one provisioning
// tone or of one operating status; onShow is told the filter chosen.
func statusSelect(id string, k octavia.Kind, m *model, onShow func(ctx goapp.Context, f string)) goapp.UI {
	var opts []goapp.UI
	for _, o := range statusOptions(k) {
		opts = append(opts, ui.Option(o.value, o.label, m.statusFilter == o.value))
	}
	return goapp.Select().ID(id).Class("status-filter").Aria("label", "Show by status").
		OnChange(func(ctx goapp.Context, e goapp.Event) {
			onShow(ctx, ui.SelectValue(ctx))
		}).Body(opts...)
}

// summaryCounts are the summary's counts of rows, a list of res, at time
// now: how many (in the element of countID), then by provisioning status
// (active, pending, in error) and by operating status (degraded, offline,
// in error), each group named, the rows that need attention (a button
// showing them: onShow), and how many the table shows (shown) when a
// search or a status filter hides some.
func summaryCounts(res *console.Resource, countID string, rows []tab.Row, shown int, filtered bool, now time.Time, onShow func(ctx goapp.Context, f string)) []goapp.UI {
	c := countStatuses(rows, now)
	item := func(tone ui.StatusTone, n int, text, title string) goapp.UI {
		return goapp.If(n > 0, func() goapp.UI {
			return ui.ClassSpan("sum-item", tone.Class()+"-text").Title("%s", title).Textf("%d %s", n, text)
		})
	}
	return []goapp.UI{
		ui.IDSpan(countID).Text(countOf(len(rows), res)),
		goapp.If(res.HasStatus(), func() goapp.UI {
			return ui.ClassSpan("sum-group", "muted").Text("Provisioning:")
		}),
		goapp.If(res.HasStatus(), func() goapp.UI {
			return ui.ClassSpan("sum-item", "st-ok-text").Title("Provisioning status ACTIVE").Textf("%d active", c.active)
		}),
		item(ui.TonePending, c.pending, "pending", "Provisioning status PENDING_*"),
		item(ui.ToneError, c.failed, "in error", "Provisioning status ERROR"),
		goapp.If(res.HasStatus() && c.degraded+c.offline+c.opFailed > 0, func() goapp.UI {
			return ui.ClassSpan("sum-group", "muted").Text("Operating:")
		}),
		item(ui.ToneWarn, c.degraded, "degraded", "Operating status DEGRADED"),
		item(ui.ToneOff, c.offline, "offline", "Operating status OFFLINE"),
		item(ui.ToneError, c.opFailed, "in error", "Operating status ERROR"),
		goapp.If(res.HasStatus() && c.attention > 0, func() goapp.UI {
			verb := "need"
			if c.attention == 1 {
				verb = "needs"
			}
			return goapp.Button().Class("sum-item", "sum-attention").Type("button").
				Title("ERROR, DEGRADED, PENDING_* for over %d min, or OFFLINE while its admin state is up: show only these", int(tab.StuckAfter/time.Minute)).
				OnClick(func(ctx goapp.Context, e goapp.Event) { onShow(ctx, filterAttention) }).
				Textf("%d %s attention", c.attention, verb)
		}),
		goapp.If(filtered, func() goapp.UI {
			return ui.ClassSpan("sum-item").Textf("%d shown", shown)
		}),
	}
}
