package wall

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// tlWidth and tlHeight are the strip's SVG coordinates: it stretches to
// the card's width (preserveAspectRatio none). An SVG, not positioned
// HTML, because the server's Content-Security-Policy forbids inline
// styles.
const (
	tlWidth  = 1000
	tlHeight = 26
	tlBar    = 16 // the segments' height; the marks are below
)

// tip is the change a strip reads out (the mark hovered or focused) and
// how a mark sets it: set(lbID, text) is a mark's handler ("" clears).
type tip struct {
	lbID, text string
	set        func(lbID, text string) goapp.EventHandler
}

// renderTimeline is lb's strip over the last timelineSpan (timeline.go):
// a coloured segment per state (a child's worse status as a band along
// its bottom), a focusable mark per change, read out under the strip on
// hover or focus, and the same changes as a list (for screen readers,
// and anyone who opens it).
func renderTimeline(lb serverapi.WallLB, now time.Time, t tip) goapp.UI {
	segs := segments(lb, now, timelineSpan)
	// the short stretches drawn last, over the long: a blip shows
	slices.SortStableFunc(segs, func(a, b segment) int { return cmp.Compare(b.Width, a.Width) })
	ms, more := marks(lb, now, timelineSpan)
	readout := ""
	if t.lbID == lb.ID {
		readout = t.text
	}
	return ui.ClassDivBody("wall-timeline",
		ui.SvgEl("svg").Class("tl-svg").Attr("viewBox", fmt.Sprintf("0 0 %d %d", tlWidth, tlHeight)).
			Attr("preserveAspectRatio", "none").Attr("role", "group").
			Aria("label", "Changes of the last 24 hours: hover or focus a mark to read it").Body(
			ui.RangeSlice(segs, func(i int) goapp.UI {
				s := segs[i]
				left, width := visible(s.Left, s.Width)
				return ui.SvgEl("g").Body(
					ui.SvgEl("title").Text(segmentText(s)),
					svgRect("tl-seg tl-"+ui.StatusClass(s.Status), left, width, 0, tlBar),
					goapp.If(s.Child != "", func() goapp.UI {
						return svgRect("tl-child tl-"+ui.StatusClass(s.Child), left, width, tlBar-5, 5)
					}))
			}),
			ui.RangeSlice(ms, func(i int) goapp.UI {
				m := ms[i]
				return ui.SvgEl("g").Class("tl-mark", "tl-"+ui.StatusClass(m.Tone)).Attr("tabindex", "0").
					Attr("role", "img").Aria("label", m.Text).
					On("focus", t.set(lb.ID, m.Text)).On("mouseenter", t.set(lb.ID, m.Text)).
					On("blur", t.set(lb.ID, "")).On("mouseleave", t.set(lb.ID, "")).Body(
					ui.SvgEl("title").Text(m.Text),
					svgRect("tl-mark-box", m.Left-0.4, 0.8, tlBar+1, tlHeight-tlBar-1))
			}),
		),
		ui.ClassDivBody("tl-axis",
			ui.ClassSpanText("tl-from", now.Add(-timelineSpan).UTC().Format("15:04")),
			ui.ClassSpan("tl-tip").Text(readout),
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

// tlMinWidth is the narrowest a segment is drawn (percent of the strip):
// the state of the last seconds, which is today's, must show.
const tlMinWidth = 0.6

// visible is a segment's place widened to tlMinWidth, kept inside the
// strip.
func visible(left, width float64) (float64, float64) {
	width = max(width, tlMinWidth)
	return min(left, 100-width), width
}

// svgRect is a rect from left to left+width percent of the strip, y to
// y+h in its coordinates.
func svgRect(class string, left, width float64, y, h int) goapp.UI {
	return ui.SvgEl("rect").Attr("class", class).
		Attr("x", fmt.Sprintf("%.2f", left*tlWidth/100)).Attr("width", fmt.Sprintf("%.2f", width*tlWidth/100)).
		Attr("y", y).Attr("height", h)
}

// segmentText is what a segment says on hover: "ONLINE 09:12–10:40 UTC
// (a child ERROR)"; "no record …" before the wall saw the load balancer.
func segmentText(s segment) string {
	status := ui.StatusLabel(s.Status)
	if s.Status == "" {
		status = "no record"
	}
	t := fmt.Sprintf("%s %s–%s UTC", status, s.From.UTC().Format("15:04"), s.To.UTC().Format("15:04"))
	if s.Child != "" {
		t += " (a child " + s.Child + ")"
	}
	return t
}
