package list

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/shell"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// Page lists the objects of any kind: its model (model.go) keeps its rows
// and the user's view of them, its loader (list_loader.go) reads them
// whole, its liveFeed (list_live.go) keeps the rows in view live (one
// re-read of them per 3 s; an embedded list follows its page's read of the
// status tree instead), its rowSweep (list_sweep.go) reads the list's ids
// for what was created or deleted elsewhere, and view (list_view.go)
// renders them. Page starts and ends them, and takes what they read into
// the model; the whole list is read again only on Refresh and every
// listRefresh.
type Page struct {
	goapp.Compo

	// Embedded lists the children of Parent on the parent's detail page.
	Embedded *console.Resource
	Parent   string
	Filter   url.Values // filters given by the parent's page
	// Tree is an embedded list's page's last read of its load balancer's
	// status tree: the rows of objects in it show its statuses.
	Tree *tab.TreeRead

	rt      *tab.Runtime // the tab's (New); nil in an embedded list
	res     *console.Resource
	key     string     // the page's path and query: a new one starts afresh
	filters url.Values // Octavia's filters (from the URL, or Filter)

	sess      *tab.Session
	loader    loader // the read of the whole list, on load, Refresh and every listRefresh (list_loader.go)
	m         model  // the rows, the search, the status filter and the sort
	ops       []tab.Operation
	viewFirst int    // the table's first rendered row (vtable.first)
	parentOps string // parentOpsKey when last read
	served    bool   // rendered by the server for a first screen (shell.Served)

	live     liveFeed               // the re-read of the rows in view, every 3 s (list_live.go)
	sweep    rowSweep               // the read of the list's ids, every 3 s (list_sweep.go)
	treeRead string                 // an embedded list's treeSig when last read
	opStates map[string]tab.OpState // the states of the operations on its objects, last seen
	fips     fipFeed                // the floating IPs of a load balancers' list (list_fip.go)
}

// New is a list page of the tab whose runtime is rt (its route's).
func New(rt *tab.Runtime) *Page { return &Page{rt: rt} }

// ParentOpsKey sums up the operations on the parent of an embedded child
// list (a pool's member batch): when one starts or ends, the list is read
// again, since such a write changes children the list does not follow.
func ParentOpsKey(ops []tab.Operation, res *console.Resource, parent string) string {
	if parent == "" || res == nil {
		return ""
	}
	var b strings.Builder
	for _, op := range ops {
		if op.Ref.Kind == res.Kind.Parent() && op.Ref.ID == parent {
			b.WriteString(op.ID + ":" + string(op.State) + ";")
		}
	}
	return b.String()
}

func (p *Page) OnNav(ctx goapp.Context) {
	if p.Embedded != nil {
		return // OnMount
	}
	u := ctx.Page().URL()
	pr, ok := console.ParsePage(u.Path)
	if !ok || pr.Mode != "list" {
		return
	}
	p.start(ctx, pr.Res, Key(u), u.Query())
}

// OnInit, in the browser, gives a page the app starts on with its first
// rows already read (the page's Served, or the login's prefetch) the state
// the server rendered it with (FirstScreen): the frame and those rows, so
// that the first render is the served markup and go-app adopts the served
// elements (the rows stay the same elements: no flicker, no lost scroll)
// instead of rendering an empty page first. OnNav then starts the page as
// usual, on the same key. UI goroutine.
func (p *Page) OnInit() {
	if goapp.IsServer || p.Embedded != nil {
		return
	}
	sess := p.rt.CurrentSession()
	if sess == nil {
		return
	}
	u := ui.WindowURL()
	pr, q, ok := FirstRead(sess, u)
	if !ok {
		return
	}
	f := p.rt.PeekFirstRows(sess.Client, Key(u))
	if f == nil {
		return
	}
	rows, _ := f.Sorted()
	p.res, p.key, p.filters, p.sess, p.m.rows = pr.Res, Key(u), q.Filters, sess, rows
	p.loader.status, p.loader.shownAt = ui.Loading, f.At
}

// OnMount starts an embedded list (a pool's members on the pool's page).
func (p *Page) OnMount(ctx goapp.Context) {
	if p.Embedded != nil {
		p.start(ctx, p.Embedded, p.embeddedKey(), p.Filter)
	}
}

// OnUpdate starts an embedded list afresh when its page gives it another
// parent (the page went to another object, the list stayed in its place),
// and follows its page's new read of the status tree.
func (p *Page) OnUpdate(ctx goapp.Context) {
	if p.Embedded != nil && p.embeddedKey() != p.key {
		p.start(ctx, p.Embedded, p.embeddedKey(), p.Filter)
		return
	}
	p.followTree(ctx)
}

// embeddedKey is an embedded list's key: its kind, parent and filters.
func (p *Page) embeddedKey() string {
	return p.Embedded.Path + "|" + p.Parent + "|" + p.Filter.Encode()
}

// start shows the list of res with filters, read afresh when key (the
// page) changed. UI goroutine.
func (p *Page) start(ctx goapp.Context, res *console.Resource, key string, filters url.Values) {
	if p.sess = p.rt.RequireSession(ctx); p.sess == nil {
		return
	}
	if key != p.key {
		p.OnDismount()
		p.res, p.key, p.m, p.loader, p.treeRead = res, key, model{}, loader{}, ""
	}
	p.filters = listFilters(res, filters)
	if p.Embedded == nil {
		p.m.statusFilter = showOf(res.Kind, filters)
	}
	if !res.MayRead(p.sess) {
		p.loader.status, p.loader.err = ui.LoadFailed, "Only an admin reads "+res.Plural+" (Octavia's default policy)."
		return
	}
	if p.Embedded == nil {
		p.rt.ResumeBootSession(ctx) // a page the app started on with its rows (served.go)
	}
	p.ops = p.rt.Operations().Snapshot()
	p.parentOps = ParentOpsKey(p.ops, res, p.Parent)
	p.opStates = nil
	p.followOps(ctx)
	ctx.ObserveState(tab.StateOperations, &p.ops).OnChange(func() {
		if k := ParentOpsKey(p.ops, p.res, p.Parent); k != p.parentOps {
			p.parentOps = k
			p.load(ctx) // a write of the whole set (a pool's member batch): read it again
			return
		}
		p.followOps(ctx)
	})
	if p.projectColumn() || res.ProjectNamed {
		tab.ReadProjectNames(ctx, p.sess, func() {}) // the rows name their projects once Keystone answered
	}
	p.load(ctx)
	p.loader.startRefresh(ctx, p.load)
	p.fips.start(ctx, p.sess, res, p.projectColumn())
}

// projectNamer names the rows' projects, for the lists of res that show
// them (an admin's, with a Project column, and the quotas'); nil for the
// others.
func projectNamer(res *console.Resource, sess *tab.Session, projects bool) func(id string) string {
	if !projects && !res.ProjectNamed {
		return nil
	}
	return func(id string) string { return tab.ProjectLabel(sess, id) }
}

func (p *Page) OnDismount() {
	p.loader.end()
	p.live.end()
	p.sweep.end()
	p.fips.end()
	p.m.changed = nil
	if p.Embedded == nil {
		tab.SetAlertTitle(0)
	}
}

// allRows are the rows of operations not listed yet, then the list (an
// embedded list's with the statuses of its page's read of the tree).
func (p *Page) allRows() []tab.Row {
	if p.sess == nil || p.res == nil {
		return nil
	}
	rows := treeRows(p.m.rows, p.Tree)
	if extra := opRows(p.ops, p.m.rows, p.sess.Info.ProjectID, p.res, p.Parent); len(extra) > 0 {
		return append(extra, rows...)
	}
	return rows
}

// shownRows are the rows the table shows: allRows filtered by the search
// and the status filter, in the order of the sorted column.
func (p *Page) shownRows() []tab.Row {
	return p.m.shown(p.allRows(), projectNamer(p.res, p.sess, p.projectColumn()), time.Now())
}

// opRows are rows for objects of kind (under parent) that an operation of
// this project just created and that the list has not shown yet: a new
// object appears at once, before the next list read.
func opRows(ops []tab.Operation, rows []tab.Row, projectID string, res *console.Resource, parent string) []tab.Row {
	var out []tab.Row
	for _, op := range ops {
		if op.Kind != tab.OpCreate || op.State != tab.OpWaiting || op.ProjectID != projectID || op.Ref.Kind != res.Kind ||
			op.Ref.ParentID != parent || slices.ContainsFunc(rows, func(r tab.Row) bool { return r.ID == op.Ref.ID }) {
			continue
		}
		r := tab.Row{ID: op.Ref.ID, Name: op.Name, ProvisioningStatus: op.Status, Parent: parent,
			OperatingStatus: string(octavia.OperatingOffline), CreatedAt: op.StartedAt.UTC().Format(octavia.TimeLayout),
			Cells: make([]string, len(res.Columns)), ProjectID: op.ProjectID}
		for i, c := range res.Columns {
			if c.Written {
				r.Cells[i] = op.Cells[c.Key]
			}
		}
		out = append(out, r)
	}
	return out
}

func (p *Page) Render() goapp.UI {
	if p.res == nil {
		return goapp.Div()
	}
	v := p.view()
	body := v.renderList()
	if p.Embedded != nil {
		return goapp.Section().Class("card", "embedded-list").Body(
			ui.ClassDivBody("card-head", goapp.H2().Text(p.res.Title), ui.ClassDiv("spacer"), v.renderActions()),
			body,
		)
	}
	return shell.New(p.rt, &shell.Frame{
		Sess:    p.sess,
		Served:  p.served,
		Nav:     p.res.Path,
		Title:   p.res.Title,
		Actions: v.renderActions(),
		Content: []goapp.UI{body},
	})
}

// view is what the page renders now (list_view.go).
func (p *Page) view() *view {
	rows := p.allRows()
	return &view{res: p.res, sess: p.sess, served: p.served, embedded: p.Embedded != nil, parent: p.Parent, filters: p.filters,
		projects: p.projectColumn(), itsOne: p.hasItsOne(), m: &p.m, rows: rows, shown: p.shownRows(),
		status: p.loader.status, err: p.loader.err, refreshErr: p.loader.refreshErr, live: p.live.state(), shownAt: p.loader.shownAt,
		sweeping: p.sweep.stop != nil && !p.sweep.newest, newest: p.sweep.stop != nil && p.sweep.newest, rowsAt: p.loader.loadedAt,
		refresh: p.load, onShow: p.show, onWindow: func(ctx goapp.Context, first int) { p.viewFirst = first; p.askNames(ctx) }, names: p.fips.namer(p.namer())}
}

// show shows the rows the status filter f keeps, and keeps f in the page's
// URL (a list of its own: an embedded list's URL is its parent page's), in
// place, without reading the list again (Key leaves it out). UI goroutine.
func (p *Page) show(ctx goapp.Context, f string) {
	p.m.statusFilter = validFilter(p.res.Kind, f)
	if p.Embedded == nil && !goapp.IsServer {
		ctx.Page().ReplaceURL(withShow(*ctx.Page().URL(), p.m.statusFilter))
	}
}

// renderFilters shows filters, Octavia's filters of a list of res, each
// with a link to what it names and a way to drop it, in the element of id.
func renderFilters(res *console.Resource, filters url.Values, id string) goapp.UI {
	var chips []goapp.UI
	for _, f := range res.Filters {
		v := filters.Get(f.Key)
		if v == "" {
			continue
		}
		rest := url.Values{}
		for k, vs := range filters {
			if k != f.Key {
				rest[k] = vs
			}
		}
		href := res.Path
		if len(rest) > 0 {
			href += "?" + rest.Encode()
		}
		var value goapp.UI = ui.ClassSpanText("mono", v)
		if of := console.ResourceOf(f.Of); of != nil {
			value = ui.ClassA("mono").Href(of.DetailPathOf("", v)).Text(v)
		}
		chips = append(chips, ui.ClassSpan("chip").DataSet("filter", f.Key).Body(
			ui.ClassSpanText("muted", f.Label+": "), value,
			ui.ClassA("chip-x").Href(href).Aria("label", "Remove the filter "+f.Label).Text("×"),
		))
	}
	return ui.IDClassDiv(id, "filters").Body(chips...)
}

// rowTable is the table (its element's id) of shown, rows of res that
// sess sees (projects: with the Project column) at time now, sorted as m
// says: a click on a column's title sorts m on it; onWindow is told the
// first row the table renders.
func rowTable(id string, res *console.Resource, sess *tab.Session, projects bool, m *model, shown []tab.Row, now time.Time, onWindow func(ctx goapp.Context, first int), names console.Namer) *ui.Vtable {
	cols, sorts := console.ListColumns(res, projects)
	namer := projectNamer(res, sess, projects)
	canLink := func(k octavia.Kind) bool { r := console.ResourceOf(k); return r != nil && r.MayRead(sess) }
	return &ui.Vtable{
		ID:    id,
		Cols:  cols,
		Count: len(shown),
		Sort: func(ctx goapp.Context, i int) {
			if i < len(sorts) && sorts[i] != console.SortNone {
				m.sortOn(sorts[i])
			}
		},
		Sorted: slices.Index(sorts, m.sortCol), SortRev: m.sortRev,
		OnWindow: onWindow,
		Row: func(i int) goapp.UI {
			tr := renderRow(res, &shown[i], now, canLink, namer, names)
			if m.changed[shown[i].ID] {
				if el, ok := tr.(goapp.HTMLTr); ok {
					return el.Class("flash") // its status changed at the last read: it flashes once
				}
			}
			return tr
		},
	}
}

// emptyList is an empty list of res (in the element of id) with its title,
// the kind's introduction and, when create is set, a link to its create
// form.
func emptyList(res *console.Resource, id, title, create string) goapp.UI {
	return ui.IDClassDiv(id, "empty").Body(
		ui.ClassPText("empty-title", title),
		goapp.If(res.Intro != "", func() goapp.UI { return ui.ClassPText("muted", res.Intro) }),
		goapp.If(create != "", func() goapp.UI {
			return ui.ClassA("btn", "btn-primary").Href(create).Text("Create the first " + res.Singular)
		}),
	)
}

// noMatch is a list of res (in the element of id) whose rows m's search
// and status filter all hide, with a button that clears them (onShow is
// told the status filter is cleared).
func noMatch(res *console.Resource, id string, m *model, onShow func(ctx goapp.Context, f string)) goapp.UI {
	return ui.IDClassDiv(id, "empty").Body(
		ui.ClassP("empty-title").Textf("No %s matches this search.", res.Singular),
		goapp.Button().Class("btn").OnClick(func(ctx goapp.Context, e goapp.Event) {
			m.clearSearch()
			onShow(ctx, "")
		}).Text("Clear the search"),
	)
}

// emptyText is the title of an empty list of res: its project's, every
// project's (projects: the list has a Project column), or one under a
// parent or filters (here).
func emptyText(res *console.Resource, projects, here bool) string {
	what := "This project has no " + res.Plural + " yet."
	switch {
	case res.Global:
		what = "There are no " + res.Plural + " yet."
	case projects:
		what = "No project has " + res.Plural + " yet."
	}
	if here {
		what = "There are no " + res.Plural + " here yet."
	}
	return what
}

// renderRow is the table row of r, a row of res, at time now: a pure
// function of the kind and the row (canLink says which kinds' pages the
// session may open; project, if set, names projects: the Project column of
// a tree kind, the name of an object named by its project), so that the
// same markup can be rendered anywhere.
func renderRow(res *console.Resource, r *tab.Row, now time.Time, canLink func(octavia.Kind) bool, project func(id string) string, names console.Namer) goapp.UI {
	text := res.RowName(r)
	if res.ProjectNamed && project != nil {
		text = project(r.ID)
	}
	var name goapp.UI = goapp.A().Href(res.DetailPathOf(r.Parent, r.ID)).Text(text)
	if res.NoDetail {
		name = goapp.Text(text)
	}
	cells := []goapp.UI{ui.ClassTd("name").Title("%s", r.Name).Body(name)}
	if project != nil && res.HasStatus() {
		cells = append(cells, ui.ClassTd("project").Title("%s", r.ProjectID).Text(ui.OrDash(project(r.ProjectID))))
	}
	for j, c := range res.Columns {
		v := ""
		if j < len(r.Cells) {
			v = r.Cells[j]
		}
		switch {
		case c.Title == console.FloatingIPColumn: // list_fip.go
			cells = append(cells, fipCell(v, names))
		case c.Badge:
			cells = append(cells, goapp.Td().Body(console.Badge(v)))
		case c.Link != "" && v != "" && canLink(c.Link):
			cells = append(cells, console.CellRef(names, c, v, console.ResourceOf(c.Link).DetailPathOf("", firstID(v)))) // by name (list_names.go)
		case c.Mono:
			cells = append(cells, ui.ClassTd(ui.MonoClasses(v)...).Title("%s", v).Text(ui.OrDash(v)))
		default:
			cells = append(cells, goapp.Td().Title("%s", v).Text(ui.OrDash(v))) // the whole text, when the cell cuts it
		}
	}
	if res.HasStatus() {
		cells = append(cells, ui.ClassTd(console.ColStatus).Body(console.Badge(r.ProvisioningStatus)), ui.ClassTd(console.ColStatus).Body(console.Badge(r.OperatingStatus)))
	}
	if res.Times {
		created, updated := console.CreatedAt(r), octavia.ParseTime(r.UpdatedAt)
		cells = append(cells, ui.ClassTd("nowrap", console.ColSecondary).Title("%s", ui.FormatAgo(created, now)).Text(ui.FormatTime(created)),
			ui.ClassTd("nowrap", console.ColSecondary).Title("%s", ui.FormatAgo(updated, now)).Text(ui.FormatTime(updated)))
	}
	if !res.NamedByID() {
		cells = append(cells, ui.ClassTd("mono", "muted", "id", console.ColSecondary).Title("%s", r.ID).Text(console.Shorten(r.ID, 13)))
	}
	return goapp.Tr().Class(res.Prefix+"-row", "res-row").DataSet("id", r.ID).DataSet("status", r.ProvisioningStatus).DataSet("operating", r.OperatingStatus).Body(cells...)
}

// firstID is the first of a cell's ids ("a, b": a list's first).
func firstID(cell string) string {
	id, _, _ := strings.Cut(cell, ", ")
	return id
}

// countOf is a list's count: "1 load balancer", "2 load balancers".
func countOf(n int, res *console.Resource) string {
	if n == 1 {
		return "1 " + res.Singular
	}
	return fmt.Sprintf("%d %s", n, res.Plural)
}

// query is the list's read (its whole set of rows, the rows in view, one
// object's row): its parent, Octavia's filters, Octavia's order and the
// attributes of its columns.
func (p *Page) query() console.ListQuery {
	return console.ListQuery{Parent: p.Parent, Filters: p.filters, Sort: listSort(p.res), Project: p.projectColumn()}
}

// projectColumn is the list page's.
func (p *Page) projectColumn() bool {
	return console.ProjectColumn(p.res, p.sess, p.Embedded != nil)
}
