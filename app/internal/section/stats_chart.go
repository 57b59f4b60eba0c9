package section

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
)

// The live chart of a stats panel: inline SVG, one polyline per series and
// per unbroken stretch of it, drawn from pure functions (the scale, the
// ticks, the points) that the native tests check.

// chartSeries is one line of a chart: what it plots and how it is styled
// (stats-line-<Class> in web/octaview.css).
type chartSeries struct {
	Name  string // as the legend and the summary say it, e.g. "bytes in"
	Class string
	Pick  func(StatsRate) float64
}

// ChartSpec is one chart: its series share one axis, in one unit.
type ChartSpec struct {
	ID     string // data-chart
	Title  string
	Format func(float64) string // a value with its unit, e.g. "1.2 kB/s"
	Series []chartSeries
}

var (
	TrafficChart = ChartSpec{ID: "traffic", Title: "Traffic", Format: FormatByteRate, Series: []chartSeries{
		{"bytes in", "in", func(r StatsRate) float64 { return r.BytesIn }},
		{"bytes out", "out", func(r StatsRate) float64 { return r.BytesOut }},
	}}
	ConnectionsChart = ChartSpec{ID: "connections", Title: "Connections and errors", Format: FormatPerSecond, Series: []chartSeries{
		{"new connections", "conns", func(r StatsRate) float64 { return r.Connections }},
		{"request errors", "errors", func(r StatsRate) float64 { return r.Errors }},
	}}
)

// PlotArea is where the lines go inside the SVG's viewBox (pixels).
type PlotArea struct {
	Left, Top, Width, Height float64
}

// chartLayout is one drawing of a chart: its viewBox and where the lines
// go in it. A chart is drawn twice, wide and narrow, and CSS shows the one
// that fits its box (a container query), so that the labels keep a readable
// size from a phone to a wide screen (an SVG's text scales with it).
type chartLayout struct {
	Class string // stats-svg-wide or stats-svg-narrow
	W, H  float64
	Plot  PlotArea
	Mid   bool // label the middle of the time axis
}

// chartTicks is about how many steps the value axis has.
const chartTicks = 4

var chartLayouts = []chartLayout{
	{Class: "stats-svg-wide", W: 420, H: 150, Plot: PlotArea{Left: 62, Top: 8, Width: 420 - 62 - 10, Height: 150 - 8 - 22}, Mid: true},
	{Class: "stats-svg-narrow", W: 260, H: 150, Plot: PlotArea{Left: 56, Top: 8, Width: 260 - 56 - 8, Height: 150 - 8 - 22}},
}

// NiceScale is the top of an axis from 0 that holds max, in about ticks
// steps of a round size (1, 2, 2.5 or 5 times a power of ten): 0 to 1,000
// for 870, in steps of 250. A max of 0 or less (nothing moves) gives 0 to
// ticks in steps of 1.
func NiceScale(max float64, ticks int) (top, step float64) {
	if ticks < 1 {
		ticks = 1
	}
	if !(max > 0) || math.IsInf(max, 1) {
		return float64(ticks), 1
	}
	raw := max / float64(ticks)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if step = m * mag; step >= raw*(1-1e-9) {
			break
		}
	}
	top = math.Ceil(max/step-1e-9) * step
	return top, step
}

// TickValues are the values from 0 to top, step apart.
func TickValues(top, step float64) []float64 {
	var ticks []float64
	for i := 0; ; i++ {
		v := float64(i) * step
		if v > top*(1+1e-9) {
			return ticks
		}
		ticks = append(ticks, v)
	}
}

// chartX is where instant at falls on a plot that ends at end and spans
// window back from it.
func chartX(at, end time.Time, window time.Duration, a PlotArea) float64 {
	back := end.Sub(at).Seconds() / window.Seconds()
	return a.Left + (1-back)*a.Width
}

// chartY is where v falls on an axis from 0 (the bottom) to top.
func chartY(v, top float64, a PlotArea) float64 {
	if top <= 0 {
		return a.Top + a.Height
	}
	return a.Top + a.Height - math.Min(v/top, 1)*a.Height
}

// PolylinePoints are the "points" attributes of one series: one polyline
// per unbroken stretch (a rate with Start begins a new one), x by time
// (end at the right, end-window at the left), y by value (0 at the bottom,
// top at the top); one decimal.
func PolylinePoints(rates []StatsRate, pick func(StatsRate) float64, end time.Time, window time.Duration, top float64, a PlotArea) []string {
	var lines []string
	var b strings.Builder
	for _, r := range rates {
		if r.Start && b.Len() > 0 {
			lines = append(lines, b.String())
			b.Reset()
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatFloat(chartX(r.At, end, window, a), 'f', 1, 64))
		b.WriteByte(',')
		b.WriteString(strconv.FormatFloat(chartY(pick(r), top, a), 'f', 1, 64))
	}
	if b.Len() > 0 {
		lines = append(lines, b.String())
	}
	return lines
}

// chartMax is the largest value of the chart's series over the rates.
func chartMax(rates []StatsRate, c ChartSpec) float64 {
	m := 0.0
	for _, r := range rates {
		for _, s := range c.Series {
			m = math.Max(m, s.Pick(r))
		}
	}
	return m
}

// ChartSummary says in words what the chart shows now: the latest rate of
// each series, for screen readers (the SVG's <title> and aria-label).
func ChartSummary(s *StatsSeries, c ChartSpec) string {
	r, fresh := s.Latest()
	if !fresh {
		return c.Title + ", last 5 minutes: no rate yet (it needs two reads in a row)"
	}
	parts := make([]string, len(c.Series))
	for i, se := range c.Series {
		parts[i] = se.Name + " " + c.Format(se.Pick(r))
	}
	return c.Title + ", last 5 minutes, now: " + strings.Join(parts, ", ")
}

// renderStatsChart draws chart c of series s: titled SVGs (its summary in
// words; one per chartLayout), and a legend below. UI goroutine.
func renderStatsChart(s *StatsSeries, c ChartSpec) goapp.UI {
	top, step := NiceScale(chartMax(s.Rates, c), chartTicks)
	summary := ChartSummary(s, c)
	body := make([]goapp.UI, 0, len(chartLayouts)+1)
	for _, l := range chartLayouts {
		body = append(body, renderChartSVG(s, c, l, top, step, summary))
	}
	legend := []goapp.UI{goapp.Strong().Text(c.Title)}
	for _, se := range c.Series {
		legend = append(legend, ui.ClassSpan("stats-key").Body(
			ui.ClassSpan("stats-swatch", "stats-swatch-"+se.Class).Aria("hidden", true),
			goapp.Text(se.Name+"/s"),
		))
	}
	body = append(body, goapp.FigCaption().Class("stats-legend").Body(legend...))
	return goapp.Figure().Class("stats-chart").Attr("data-chart", c.ID).Body(body...)
}

// renderChartSVG draws one layout of a chart: a grid with value labels (0
// to top, step apart), a time axis of the last 5 minutes ending at the last
// read, and the lines. UI goroutine.
func renderChartSVG(s *StatsSeries, c ChartSpec, l chartLayout, top, step float64, summary string) goapp.UI {
	a, window, end := l.Plot, statsWindow, s.Last.At
	var grid []goapp.UI
	for _, v := range TickValues(top, step) {
		y := chartY(v, top, a)
		grid = append(grid,
			ui.SvgEl("line").Class("stats-grid").Attr("x1", fmtPx(a.Left)).Attr("x2", fmtPx(a.Left+a.Width)).
				Attr("y1", fmtPx(y)).Attr("y2", fmtPx(y)),
			ui.SvgEl("text").Class("stats-tick").Attr("x", fmtPx(a.Left-6)).Attr("y", fmtPx(y+4)).
				Attr("text-anchor", "end").Text(c.Format(v)),
		)
	}
	base := fmtPx(a.Top + a.Height + 16)
	grid = append(grid, ui.SvgEl("text").Class("stats-tick").Attr("x", fmtPx(a.Left)).Attr("y", base).Text("5 min ago"))
	if l.Mid {
		grid = append(grid, ui.SvgEl("text").Class("stats-tick").Attr("x", fmtPx(a.Left+a.Width/2)).Attr("y", base).
			Attr("text-anchor", "middle").Text("2.5 min"))
	}
	grid = append(grid, ui.SvgEl("text").Class("stats-tick").Attr("x", fmtPx(a.Left+a.Width)).Attr("y", base).
		Attr("text-anchor", "end").Text("last read"))

	var lines []goapp.UI
	r, fresh := s.Latest()
	for _, se := range c.Series {
		for _, pts := range PolylinePoints(s.Rates, se.Pick, end, window, top, a) {
			lines = append(lines, ui.SvgEl("polyline").Class("stats-line", "stats-line-"+se.Class).
				Attr("data-series", se.Class).Attr("points", pts))
		}
		if fresh {
			lines = append(lines, ui.SvgEl("circle").Class("stats-dot", "stats-line-"+se.Class).
				Attr("cx", fmtPx(chartX(r.At, end, window, a))).Attr("cy", fmtPx(chartY(se.Pick(r), top, a))).Attr("r", 2.5))
		}
	}
	return ui.SvgEl("svg").Class("stats-svg", l.Class).
		Attr("role", "img").
		Attr("aria-label", summary).
		Attr("viewBox", fmt.Sprintf("0 0 %g %g", l.W, l.H)).
		Body(
			ui.SvgEl("title").Text(summary),
			ui.SvgEl("g").Class("stats-axes").Body(grid...),
			ui.SvgEl("g").Class("stats-lines").Body(lines...),
		)
}

// fmtPx is a coordinate with one decimal.
func fmtPx(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// siUnits are the decimal prefixes of byte counts (Octavia counts bytes).
var siUnits = []string{"B", "kB", "MB", "GB", "TB", "PB"}

// formatBytesFloat shows a byte count with a decimal prefix and at most
// one decimal: "0 B", "999 B", "1.2 kB", "10 MB".
func formatBytesFloat(v float64) string {
	i := 0
	for math.Abs(v) >= 999.95 && i < len(siUnits)-1 {
		v /= 1000
		i++
	}
	if i == 0 {
		return strconv.FormatFloat(math.Round(v), 'f', -1, 64) + " B"
	}
	return trimZero(strconv.FormatFloat(v, 'f', 1, 64)) + " " + siUnits[i]
}

// FormatBytes shows a byte counter: "1.2 MB".
func FormatBytes(n int64) string { return formatBytesFloat(float64(n)) }

// FormatByteRate shows bytes per second: "1.2 kB/s".
func FormatByteRate(v float64) string { return formatBytesFloat(v) + "/s" }

// FormatPerSecond shows events per second with at most one decimal:
// "0/s", "0.4/s", "12/s".
func FormatPerSecond(v float64) string {
	return trimZero(strconv.FormatFloat(v, 'f', 1, 64)) + "/s"
}

// FormatCount shows a count with thousands separators: "12,345".
func FormatCount(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// trimZero drops a trailing ".0".
func trimZero(s string) string { return strings.TrimSuffix(s, ".0") }
