package list

import (
	"fmt"
	"net/url"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
)

// view is what a list page renders, taken from the page at each Render
// (Page.view): the kind and the session, the rows and the user's view of
// them (m), how the list's read went, and what the controls call back.
// Its methods render; they change nothing but m (the search, the status
// filter, the sort) and call its callbacks. UI goroutine.
type view struct {
	res        *console.Resource
	sess       *tab.Session
	served     bool       // rendered by the server for a first screen: its controls inert
	embedded   bool       // on its parent's detail page
	parent     string     // an embedded list's parent
	filters    url.Values // Octavia's filters
	projects   bool       // with the Project column
	itsOne     bool       // an embedded list showing the one child its parent may have (hasItsOne)
	m          *model
	rows       []tab.Row // every row (allRows)
	shown      []tab.Row // the rows the table shows (shownRows)
	status     ui.LoadStatus
	err        string
	refreshErr string
	live       tab.LiveState
	shownAt    time.Time // the time the rows' ages are told from; zero: now
	sweeping   bool      // the list's ids are read every 3 s (list_sweep.go)
	newest     bool      // the list's newest ids are read every 3 s (a long list)
	rowsAt     time.Time // when the whole list was last read

	refresh  func(ctx goapp.Context)            // Refresh: read the whole list again
	onShow   func(ctx goapp.Context, f string)  // the status filter chosen
	onWindow func(ctx goapp.Context, first int) // the table's first rendered row
	names    console.Namer                      // names the objects cells link to (list_names.go)
}

// dom is an element id of this list: "lb-table" for load balancers.
func (v *view) dom(suffix string) string { return v.res.Prefix + "-" + suffix }

// onSearch takes the search box's text (the live re-read follows the rows
// now in view). UI goroutine.
func (v *view) onSearch(ctx goapp.Context, e goapp.Event) {
	v.m.query = ctx.JSSrc().Get("value").String()
}

// skipToRows focuses the first row's link in the table (or the table,
// for a kind whose rows link nowhere): the first Tab stops of a list reach
// its rows (issue 30). It stops the click before go-app's link handling,
// as ui.SkipLink does. UI goroutine.
func (v *view) skipToRows(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	e.Call("stopPropagation")
	doc := goapp.Window().Get("document")
	if a := doc.Call("querySelector", "#"+v.dom("table")+" tbody tr.res-row a"); a.Truthy() {
		a.Call("focus")
		return
	}
	ui.FocusID(v.dom("table"))
}

// renderActions are the "Skip to rows" link (first, shown when focused),
// the search, the status filter, Refresh and Create.
func (v *view) renderActions() goapp.UI {
	res := v.res
	return tab.ServedInert(ui.ClassDiv("head-actions"), v.served).Body(
		goapp.If(len(v.shown) > 0 && v.status != ui.LoadFailed, func() goapp.UI {
			return goapp.A().ID(v.dom("skip-rows")).Class("skip-rows").Href("#" + v.dom("table")).OnClick(v.skipToRows).Text("Skip to rows")
		}),
		ui.IDInput(v.dom("search")).Type("search").Class("search").Placeholder("Search by name or ID").
			Aria("label", "Search "+res.Plural+" by name or ID").Value(v.m.query).OnInput(v.onSearch),
		goapp.If(res.HasStatus(), func() goapp.UI { return statusSelect(v.dom("status-filter"), res.Kind, v.m, v.onShow) }),
		ui.IDButton(v.dom("refresh")).Class("btn").Disabled(v.status == ui.Loading).
			OnClick(func(ctx goapp.Context, e goapp.Event) { v.refresh(ctx) }).Text("Refresh"),
		goapp.If(res.Create && res.MayWrite(v.sess) && !v.itsOne, func() goapp.UI {
			return goapp.A().ID(v.dom("create")).Class("btn", "btn-primary").Href(v.createHref()).Text("Create " + res.Singular)
		}),
	)
}

// createHref is the create form, with the list's filters (a listener
// created from a load balancer's listeners is on that load balancer).
func (v *view) createHref() string {
	h := v.res.CreatePathOf(v.parent)
	if len(v.filters) > 0 && v.res.CreatePath == "" {
		h += "?" + v.filters.Encode()
	}
	return h
}

// renderList is the summary, the filters and the table.
func (v *view) renderList() goapp.UI {
	rows, shown := v.rows, v.shown
	res := v.res
	return ui.ClassDivBody("list",
		goapp.If(len(v.filters) > 0 && !v.embedded, func() goapp.UI { return renderFilters(res, v.filters, v.dom("filters")) }),
		ui.ClassDiv("summary").Body(append(summaryCounts(res, v.dom("count"), rows, len(shown), v.m.filtered(), v.now(), v.onShow),
			ui.ClassDiv("spacer"),
			tab.RenderLive("live", v.live, v.liveWhat()),
			goapp.If(v.live.Following && !v.sweeping && !v.rowsAt.IsZero(), func() goapp.UI {
				return ui.IDSpan(v.dom("rows-age")).Class("rows-age").
					Title("A list of over %d %s is read whole every minute and on Refresh (a row deleted elsewhere stays until then); the rows in view and the newest %s follow every 3 s", sweepMost, res.Plural, res.Plural).
					Text(rowsAge(v.rowsAt, v.now()))
			}),
			goapp.If(v.refreshErr != "", func() goapp.UI {
				return ui.IDSpan(v.dom("refresh-error")).Class("st-error-text").Text(v.refreshErr)
			}),
		)...),
		v.renderBody(shown, len(rows)))

}

// liveWhat is what the live mark's title says is read every 3 s.
func (v *view) liveWhat() string {
	switch {
	case v.sweeping:
		return fmt.Sprintf("The %s in view (one GET for all of them) and which %s there are (their ids: one GET per %d)", v.res.Plural, v.res.Plural, sweepPage)
	case v.newest:
		return fmt.Sprintf("The %s in view (one GET for all of them) and the %d newest (one GET of their ids); the whole list every minute and on Refresh", v.res.Plural, sweepNewest)
	}
	return fmt.Sprintf("The %s in view (one GET for all of them; the whole list every minute and on Refresh)", v.res.Plural)
}

// renderBody is the table of shown (of total rows), or what stands for it:
// the read's failure, "Loading", an empty list, no match.
func (v *view) renderBody(shown []tab.Row, total int) goapp.UI {
	res := v.res
	switch {
	case v.status == ui.LoadFailed:
		return ui.IDClassDiv(v.dom("error"), "alert", "alert-error").Body(
			goapp.Strong().Textf("The %s could not be listed. ", res.Plural),
			goapp.Text(v.err),
		)
	case (v.status == ui.Loading || v.status == ui.NeverLoaded) && total == 0:
		return ui.IDClassDiv(v.dom("loading"), "empty", "loading").Textf("Loading %s…", res.Plural)
	case total == 0:
		create := ""
		if res.Create && res.MayWrite(v.sess) {
			create = v.createHref()
		}
		return emptyList(res, v.dom("empty"), emptyText(res, v.projects, len(v.filters) > 0 || v.embedded), create)
	case len(shown) == 0:
		return noMatch(res, v.dom("nomatch"), v.m, v.onShow)
	}
	return rowTable(v.dom("table"), res, v.sess, v.projects, v.m, shown, v.now(), v.onWindow, v.names)
}

// now is the time the rows' ages are told from.
func (v *view) now() time.Time {
	if v.shownAt.IsZero() {
		return time.Now()
	}
	return v.shownAt
}
