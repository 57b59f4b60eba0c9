package ui

import (
	"strconv"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Vtable is a bounded list: a table in a scroll box that renders only the
// rows in view (and a margin around them), whatever the number of rows, so
// the document holds at most vtableWindow+vtableStep rows at any scroll position.
// Spacer rows above and below give the scroll box the height of the whole
// list, so the scroll bar, and scrolling to the last row, work as for a
// full table. Every row must be RowHeight pixels high (the CSS of .vtable
// fixes it, with table-layout: fixed and the column widths of Cols).
//
// Any resource list uses it: the page keeps the rows (searched and
// filtered over all of them) and gives vtable their number and a function
// that renders row i; vtable calls it only for the rows it shows. Scrolling
// re-renders vtable alone, once per vtableStep rows scrolled.
type Vtable struct {
	goapp.Compo

	ID        string               // id of the scroll box
	Cols      []Vcol               // the header
	Count     int                  // rows in all
	RowHeight int                  // px; 0 = vtableRowHeight
	Row       func(i int) goapp.UI // row i (a Tr), 0 <= i < Count; UI goroutine
	// OnWindow, if set, is called when scrolling moved the rows rendered:
	// first is the new first row (window gives the rows rendered). UI goroutine.
	OnWindow func(ctx goapp.Context, first int)
	// Sort, if set, makes the column titles buttons: a click calls it with
	// the column's index. Sorted is the column sorted on (-1: none),
	// SortRev whether it is descending.
	Sort    func(ctx goapp.Context, col int)
	Sorted  int
	SortRev bool

	first int // first row rendered
	focus int // the column whose sort button is in the Tab order, +1 (0: the sorted one's, or the first's)
}

// Vcol is a column of a vtable: its title and CSS width ("24%", "120px").
type Vcol struct {
	Title, Width string
	// Class marks the column's col, th and cells: "col-sec" for what a
	// phone's narrow screen leaves out (times, ids) so the statuses fit
	Class string
}

const (
	vtableRowHeight = 33 // px, as .vtable fixes it
	vtableWindow    = 80 // rows rendered: a 1440p screen shows about 40
	vtableStep      = 10 // rows scrolled before the window moves
	vtableAbove     = 20 // rows kept rendered above the first in view
)

func (v *Vtable) rowHeight() int {
	if v.RowHeight > 0 {
		return v.RowHeight
	}
	return vtableRowHeight
}

// Window returns the rows to render, [start, end), for a first row first:
// vtableWindow rows from a multiple of vtableStep, up to vtableStep more at
// the end of the list so that its last rows are always in.
func Window(first, count int) (start, end int) {
	start = max(0, min(first, count-vtableWindow))
	start -= start % vtableStep
	return start, min(count, start+vtableWindow+vtableStep)
}

// onScroll moves the window when the scroll box has scrolled far enough.
// UI goroutine.
func (v *Vtable) onScroll(ctx goapp.Context, e goapp.Event) {
	top := ctx.JSSrc().Get("scrollTop").Int()
	first := max(0, top/v.rowHeight()-vtableAbove)
	first -= first % vtableStep
	if first == v.first {
		ctx.PreventUpdate()
		return
	}
	v.first = first
	if v.OnWindow != nil {
		v.OnWindow(ctx, first)
	}
}

func (v *Vtable) Render() goapp.UI {
	h := v.rowHeight()
	start, end := Window(v.first, v.Count)
	cols := make([]goapp.UI, len(v.Cols))
	heads := make([]goapp.UI, len(v.Cols))
	for i, c := range v.Cols {
		cols[i] = goapp.Col().Attr("width", c.Width).Class(c.Class) // an attribute: the CSP forbids style attributes
		heads[i] = v.head(i, c)
	}
	return IDClassDiv(v.ID, "table-wrap", "vtable").TabIndex(-1).DataSet("rows", v.Count).DataSet("first", start).
		OnScroll(v.onScroll).Body(
		goapp.Table().Class("table").Body(
			goapp.ColGroup().Body(cols...),
			goapp.THead().Body(goapp.Tr().Body(heads...)),
			goapp.TBody().Body(
				vpad(start*h, len(v.Cols)),
				RangeSlice(make([]struct{}, end-start), func(i int) goapp.UI { return v.Row(start + i) }),
				vpad((v.Count-end)*h, len(v.Cols)),
			),
		),
	)
}

// head is the title of column i: a button that sorts on it when Sort is
// set, with aria-sort on the column sorted on. Of the buttons, one only is
// in the Tab order (the sorted column's, or the one the arrow keys moved
// to: tabStop), so that Tab reaches the first row after one of them, not
// all; Left, Right, Home and End move between them.
func (v *Vtable) head(i int, c Vcol) goapp.UI {
	if v.Sort == nil {
		return goapp.Th().Class(c.Class).Text(c.Title)
	}
	th := goapp.Th().Class(c.Class).Aria("sort", "none")
	mark := ""
	if i == v.Sorted {
		th, mark = th.Aria("sort", "ascending"), " ▲"
		if v.SortRev {
			th, mark = th.Aria("sort", "descending"), " ▼"
		}
	}
	tabIndex := -1
	if i == v.tabStop() {
		tabIndex = 0
	}
	return th.Body(goapp.Button().ID(v.sortID(i)).Class("th-sort").Type("button").TabIndex(tabIndex).
		Title("Sort by %s (the arrow keys move to the other columns)", c.Title).
		OnKeyDown(v.onHeadKey).
		OnClick(func(ctx goapp.Context, e goapp.Event) { v.focus = i + 1; v.Sort(ctx, i) }).Text(c.Title + mark))
}

// sortID is the element id of column i's sort button.
func (v *Vtable) sortID(i int) string { return v.ID + "-sort-" + strconv.Itoa(i) }

// tabStop is the column whose sort button is in the Tab order: the one the
// arrow keys or a click last moved to, else the sorted one, else the first.
func (v *Vtable) tabStop() int {
	switch {
	case v.focus > 0 && v.focus <= len(v.Cols):
		return v.focus - 1
	case v.Sorted >= 0 && v.Sorted < len(v.Cols):
		return v.Sorted
	}
	return 0
}

// onHeadKey moves between the sort buttons with Left, Right, Home and End
// (a roving Tab stop). UI goroutine.
func (v *Vtable) onHeadKey(ctx goapp.Context, e goapp.Event) {
	at, n := v.tabStop(), len(v.Cols)
	switch e.Get("key").String() {
	case "ArrowRight":
		at = min(at+1, n-1)
	case "ArrowLeft":
		at = max(at-1, 0)
	case "Home":
		at = 0
	case "End":
		at = n - 1
	default:
		ctx.PreventUpdate()
		return
	}
	e.PreventDefault()
	v.focus = at + 1
	ctx.Defer(func(goapp.Context) { FocusID(v.sortID(at)) })
}

// vpad is a spacer row of height px standing for the rows not rendered.
// The height is an SVG attribute: the page's Content-Security-Policy
// (style-src 'self') refuses style attributes.
func vpad(px, cols int) goapp.UI {
	return goapp.Tr().Class("vpad").Aria("hidden", "true").Body(
		goapp.Td().ColSpan(cols).Body(SvgEl("svg").Class("vpad-fill").Attr("width", 1).Attr("height", strconv.Itoa(px))),
	)
}
