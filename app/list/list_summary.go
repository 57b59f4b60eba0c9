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
// now: how many (in the element of countID, in the colour of the worst
// status among them), how many of each operating status, pending and in a
// provisioning error (console.StatusCounts: each count names its status,
// its tooltip Octavia's name of it), the rows that need attention (a
// button showing them: onShow), and how many the table shows (shown) when
// a search or a status filter hides some.
func summaryCounts(res *console.Resource, countID string, rows []tab.Row, shown int, filtered bool, now time.Time, onShow func(ctx goapp.Context, f string)) []goapp.UI {
	out := []goapp.UI{ui.IDSpan(countID).Text(countOf(len(rows), res))}
	if res.HasStatus() {
		counts := console.StatusCounts(rows)
		out[0] = ui.IDSpan(countID).Class(console.WorstTone(counts).Class() + "-text").Text(countOf(len(rows), res))
		for _, c := range counts {
			out = append(out, ui.ClassSpan("sum-item", c.Tone.Class()+"-text").DataSet("status", c.Word).
				Title("%s", c.Status).Text(c.Text()))
		}
		if n := attentionCount(rows, now); n > 0 {
			verb := "need"
			if n == 1 {
				verb = "needs"
			}
			out = append(out, goapp.Button().Class("sum-item", "sum-attention").Type("button").
				Title("ERROR, DEGRADED, PENDING_* for over %d min, or OFFLINE while its admin state is up: show only these", int(tab.StuckAfter/time.Minute)).
				OnClick(func(ctx goapp.Context, e goapp.Event) { onShow(ctx, filterAttention) }).
				Textf("%d %s attention", n, verb))
		}
	}
	return append(out, goapp.If(filtered, func() goapp.UI {
		return ui.ClassSpan("sum-item").Textf("%d shown", shown)
	}))
}
