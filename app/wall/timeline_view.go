package wall

import (
	"fmt"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// renderTimeline is lb's strip over the last timelineSpan (timeline.go):
// a coloured segment per state (a child's worse status as a stripe along
// its bottom), a focusable mark per change that reads it on hover or
// focus, and the same changes as a list for screen readers.
func renderTimeline(lb serverapi.WallLB, now time.Time) goapp.UI {
	segs := segments(lb, now, timelineSpan)
	ms, more := marks(lb, now, timelineSpan)
	return ui.ClassDivBody("wall-timeline",
		goapp.Div().Class("tl-strip").Aria("hidden", "true").Body(
			ui.RangeSlice(segs, func(i int) goapp.UI {
				s := segs[i]
				return goapp.Div().Class("tl-seg", "tl-"+ui.StatusClass(s.Status)).
					Style("left", pct(s.Left)).Style("width", pct(s.Width)).
					Title(segmentText(s)).Body(
					goapp.If(s.Child != "", func() goapp.UI {
						return ui.ClassSpan("tl-child", "tl-"+ui.StatusClass(s.Child))
					}))
			}),
		),
		goapp.Div().Class("tl-marks").Body(
			ui.RangeSlice(ms, func(i int) goapp.UI {
				m := ms[i]
				return goapp.Button().Type("button").Class("tl-mark", "tl-"+ui.StatusClass(m.Tone)).
					Style("left", pct(m.Left)).DataSet("tip", m.Text).Aria("label", m.Text).Title(m.Text)
			}),
		),
		ui.ClassDivBody("tl-axis",
			ui.ClassSpanText("tl-from", now.Add(-timelineSpan).UTC().Format("15:04")),
			ui.ClassSpanText("tl-to", "now")),
		goapp.Details().Class("tl-changes").Body(
			goapp.Summary().Textf("%d change%s in the last 24 h", len(ms)+more, plural(len(ms)+more)),
			goapp.Ol().Body(
				ui.RangeSlice(ms, func(i int) goapp.UI { return goapp.Li().Text(ms[i].Text) }),
			),
			goapp.If(more > 0, func() goapp.UI {
				return goapp.P().Textf("and %d earlier", more)
			}),
		),
	)
}

func pct(v float64) string { return fmt.Sprintf("%.3f%%", v) }

// segmentText is what a segment says on hover: "ONLINE 09:12–10:40 UTC
// (a child ERROR)".
func segmentText(s segment) string {
	t := fmt.Sprintf("%s %s–%s UTC", ui.StatusLabel(s.Status), s.From.UTC().Format("15:04"), s.To.UTC().Format("15:04"))
	if s.Child != "" {
		t += " (a child " + s.Child + ")"
	}
	return t
}
