package trainer

import (
	"strconv"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// Sizes of the tile grid: rows tileRowHeight px apart (the CSS of
// .tile-row fixes it, web/octaview.css's h-trainer block), tiles at least
// tileWidth px wide: 6 a row at 1360 px, so a class of 12 is two rows, one
// screen; 30 are five rows.
const (
	tileRowHeight = 160
	tileWidth     = 208
	tileRowsAbove = 1 // rows kept rendered above and below those in view
)

// tileGrid is a bounded grid of tiles: a scroll box that renders only the
// rows of tiles in view (and one around them), with spacers of the height
// of the others, so the document holds a few rows whatever the number of
// trainees.
type tileGrid struct {
	first   int // first row rendered
	visible int // rows the box shows
	cols    int // tiles a row at the last render
}

// columns is how many tiles a row holds at the window's width.
func (g *tileGrid) columns() int {
	w := ui.WindowGet("innerWidth").Int()
	return max(1, (w-64)/tileWidth)
}

func (g *tileGrid) render(ts []serverapi.Trainee, tile func(serverapi.Trainee) goapp.UI) goapp.UI {
	cols := g.columns()
	g.cols = cols
	rows := (len(ts) + cols - 1) / cols
	if g.visible == 0 {
		g.visible = 3
	}
	start := max(0, min(g.first-tileRowsAbove, rows-1))
	end := min(rows, g.first+g.visible+tileRowsAbove)
	var body []goapp.UI
	body = append(body, gridPad(start*tileRowHeight))
	for r := start; r < end; r++ {
		var cells []goapp.UI
		for c := range cols {
			if r*cols+c < len(ts) {
				cells = append(cells, tile(ts[r*cols+c]))
			} else { // the last row's empty places: its tiles as wide as the others
				cells = append(cells, ui.ClassDiv("tile", "tile-filler").Aria("hidden", "true"))
			}
		}
		body = append(body, ui.ClassDiv("tile-row").DataSet("row", r).Body(cells...))
	}
	body = append(body, gridPad(max(0, rows-end)*tileRowHeight))
	return ui.IDClassDiv("tiles", "tile-scroll").TabIndex(0).Aria("label", "trainees").Attr("role", "region").
		DataSet("rows", rows).DataSet("cols", cols).OnScroll(func(ctx goapp.Context, e goapp.Event) {
		top := ctx.JSSrc().Get("scrollTop").Int()
		first := top / tileRowHeight
		visible := ctx.JSSrc().Get("clientHeight").Int()/tileRowHeight + 1
		if first == g.first && visible == g.visible {
			ctx.PreventUpdate()
			return
		}
		g.first, g.visible = first, visible
	}).Body(body...)
}

// reflows says whether the window's width now gives a row another number
// of tiles than the last render did.
func (g *tileGrid) reflows() bool { return g.columns() != g.cols }

// gridPad is a spacer of px pixels (an SVG's height attribute: the CSP
// refuses style attributes).
func gridPad(px int) goapp.UI {
	return ui.ClassDiv("tile-pad").Aria("hidden", "true").Body(
		ui.SvgEl("svg").Class("vpad-fill").Attr("width", 1).Attr("height", strconv.Itoa(px)))
}
