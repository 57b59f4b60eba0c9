package app

import (
	"context"
	"fmt"
	"iter"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// listRefresh is how often the list page re-reads the whole list by
// itself; the Refresh button reads it at once. Pending rows do not wait for
// it: each follows its own load balancer's shared poll (lbHub, every 3 s).
const listRefresh = 60 * time.Second

// While the list loads, its first listFirst rows are read and shown at
// once, then the others once per listBatch (Octavia's largest page): one
// re-render per page.
const (
	listFirst = 30
	listBatch = 1000
)

// listFollowMax is the most pending rows the list follows by itself (one
// GET per row per 3 s): the first pending rows in view. The other pending
// rows change at the next listRefresh, on Refresh, or when scrolled into
// view: a project with 1,000 load balancers stuck in PENDING_* costs at most
// listFollowMax GETs per 3 s, not 1,000.
const listFollowMax = 20

// listPage lists the project's load balancers. Pending rows in view (at
// most listFollowMax) and the load balancers that this project's operations
// wait on follow their own shared poll, one GET per load balancer per 3 s;
// the whole list is read again only on Refresh and every listRefresh.
type listPage struct {
	goapp.Compo

	// Embedded lists the children of Parent on the parent's detail page.
	Embedded *resource
	Parent   string
	Filter   url.Values // filters given by the parent's page

	res          *resource
	key          string     // the page's path and query: a new one starts afresh
	filters      url.Values // Octavia's filters (from the URL, or Filter)
	sortCol      int        // the column sorted on: 0 = name, i = Columns[i-1], -1 = status, -2 = created, -3 = id
	sortRev      bool
	statusFilter string // "", or a statusTone's class: the rows of that tone only

	sess   *session
	status loadStatus
	err    string
	rows   []row // sorted by compareRow
	query  string
	ops    []operation

	cancelLoad  context.CancelFunc
	stopRefresh func()
	loadedAt    time.Time         // end of the last load
	watches     map[string]func() // load balancer id -> stop of its lbHub subscription
	pollErr     string            // the last poll's failure, "" after a good one
	refreshErr  string            // the last refresh's failure (the rows shown are older), "" after a good one
	viewFirst   int               // the table's first rendered row (vtable.first)
	parentOps   string            // parentOpsKey when last read
}

// parentOpsKey sums up the operations on the parent of an embedded child
// list (a pool's member batch): when one starts or ends, the list is read
// again, since such a write changes children the list does not follow.
func parentOpsKey(ops []operation, res *resource, parent string) string {
	if parent == "" || res == nil {
		return ""
	}
	var b strings.Builder
	for _, op := range ops {
		if op.Ref.Kind == res.Parent && op.Ref.ID == parent {
			b.WriteString(op.ID + ":" + string(op.State) + ";")
		}
	}
	return b.String()
}

func (p *listPage) OnNav(ctx goapp.Context) {
	if p.Embedded != nil {
		return // OnMount
	}
	u := ctx.Page().URL()
	pr, ok := parsePage(u.Path)
	if !ok || pr.Mode != "list" {
		return
	}
	p.start(ctx, pr.Res, u.Path+"?"+u.RawQuery, u.Query())
}

// OnMount starts an embedded list (a pool's members on the pool's page).
func (p *listPage) OnMount(ctx goapp.Context) {
	if p.Embedded != nil {
		p.start(ctx, p.Embedded, p.Embedded.Path+"|"+p.Parent+"|"+p.Filter.Encode(), p.Filter)
	}
}

// start shows the list of res with filters, read afresh when key (the
// page) changed. UI goroutine.
func (p *listPage) start(ctx goapp.Context, res *resource, key string, filters url.Values) {
	if p.sess = requireSession(ctx); p.sess == nil {
		return
	}
	if key != p.key {
		p.OnDismount()
		p.res, p.key, p.rows, p.status, p.query, p.statusFilter = res, key, nil, neverLoaded, "", ""
		p.sortCol, p.sortRev, p.err, p.refreshErr, p.pollErr = 0, false, "", "", ""
	}
	p.filters = url.Values{}
	for _, f := range res.Filters {
		if v := filters.Get(f.Key); v != "" {
			p.filters.Set(f.Key, v)
		}
	}
	if res == lbResource {
		exposeMemStats()
	}
	if !res.mayRead(p.sess) {
		p.status, p.err = loadFailed, "Only an admin reads "+res.Plural+" (Octavia's default policy)."
		return
	}
	p.ops = operations.snapshot()
	p.parentOps = parentOpsKey(p.ops, res, p.Parent)
	ctx.ObserveState(stateOperations, &p.ops).OnChange(func() {
		if k := parentOpsKey(p.ops, p.res, p.Parent); k != p.parentOps {
			p.parentOps = k
			p.load(ctx) // a write of the whole set (a pool's member batch): read it again
			return
		}
		p.syncWatches(ctx)
	})
	p.load(ctx)
	p.startRefresh(ctx)
}

func (p *listPage) OnDismount() {
	if p.cancelLoad != nil {
		p.cancelLoad()
		p.cancelLoad = nil
	}
	if p.stopRefresh != nil {
		p.stopRefresh()
		p.stopRefresh = nil
	}
	p.unwatchAll()
}

// startRefresh re-reads the list once it is listRefresh old, until
// OnDismount. It checks every second rather than sleeping listRefresh: in
// the browser, a Go timer that far out kept go-app's frame timer from
// firing (updates reached the screen only at the next event). UI goroutine.
func (p *listPage) startRefresh(ctx goapp.Context) {
	if p.stopRefresh != nil {
		p.stopRefresh()
	}
	p.stopRefresh = tick(ctx, time.Second, func(ctx goapp.Context) {
		if p.status == loading || time.Since(p.loadedAt) < listRefresh {
			ctx.PreventUpdate()
			return
		}
		p.load(ctx)
	})
}

// load reads the whole list, only the columns shown (LoadBalancerRows),
// and shows the rows read so far: first a page of listFirst rows (small, so
// it is on screen at once; the login reads it while the app navigates here,
// see prefetchFirstRows), then, once those rows are in the document, the
// rest from its last row, in pages of Octavia's default size, once per
// page, each page sorted and merged into the rows already shown. UI
// goroutine; the reading runs in ctx.Async.
func (p *listPage) load(ctx goapp.Context) {
	if p.cancelLoad != nil {
		p.cancelLoad()
	}
	c, cancel := context.WithCancel(context.Background())
	p.cancelLoad = cancel
	// A refresh (Refresh, the 60 s timer) keeps the rows on screen until the
	// whole new list is read, then swaps them at once: no count that drops
	// to 30 and grows back, no jump of the scroll position.
	refresh := p.status == loaded && len(p.rows) > 0
	p.status, p.err = loading, ""
	client, res := p.sess.Client, p.res
	base := listQuery{Parent: p.Parent, Filters: p.filters}
	// The first page the login read, if it is there: on screen with the
	// page's first render.
	var prefetch *firstRows
	if !refresh && res == lbResource && len(p.filters) == 0 {
		prefetch = takeFirstRows(client)
	}
	if prefetch != nil {
		select {
		case <-prefetch.done:
			if prefetch.err == nil {
				rows := slices.Clone(prefetch.rows)
				sortRows(rows)
				p.rows = rows
			}
		default:
		}
	}
	// The reader hands each batch to a merger goroutine, which sorts it into
	// the rows shown while the reader waits for the next page.
	batches := make(chan []row, 16)
	// firstShown is closed once the first rows are in the document: in
	// WebAssembly, goroutines take turns on one thread, and decoding the
	// next (1,000-row) page would hold the first rows off the screen.
	firstShown := make(chan struct{})
	ctx.Async(func() {
		var shown []row
		first := true
		for b := range batches {
			sortRows(b)
			shown = mergeRows(shown, b)
			rows, signal := shown, first
			first = false
			ctx.Dispatch(func(ctx goapp.Context) {
				if c.Err() == nil && !refresh {
					p.rows = rows
				}
				if signal {
					ctx.Defer(func(goapp.Context) { close(firstShown) })
				}
			})
		}
		rows := shown
		ctx.Dispatch(func(ctx goapp.Context) {
			if c.Err() == nil && p.status == loading {
				if refresh {
					p.rows = rows
				}
				p.status, p.loadedAt, p.refreshErr = loaded, time.Now(), ""
				p.syncWatches(ctx)
			}
		})
	})
	ctx.Async(func() {
		var batch []row
		show := func() {
			batches <- batch
			batch = make([]row, 0, listBatch)
		}
		// read appends the rows of opts to batch, showing them every
		// listBatch rows, and returns how many it read and the last one.
		read := func(q listQuery, most int) (n int, last string, err error) {
			for r, err := range readRows(c, client, res, q) {
				if err != nil {
					return n, last, err
				}
				batch, last = append(batch, r), r.ID
				if n++; n%listBatch == 0 {
					show()
				}
				if n == most {
					break
				}
			}
			return n, last, nil
		}
		var n int
		var last string
		var err error
		if f := prefetch; f != nil {
			select {
			case <-f.done:
				batch, n, err = append(batch, f.rows...), len(f.rows), f.err
				if n > 0 {
					last = f.rows[n-1].ID
				}
			case <-c.Done():
				err = c.Err()
			}
		} else if res.Paged {
			q := base
			q.Limit = listFirst
			n, last, err = read(q, listFirst)
		} else {
			_, _, err = read(base, 0)
		}
		if err == nil && n == listFirst && res.Paged {
			show()
			select {
			case <-firstShown:
			case <-c.Done():
			}
			q := base
			q.Marker = last
			_, _, err = read(q, 0)
		}
		if err != nil {
			if c.Err() == nil {
				ctx.Dispatch(func(ctx goapp.Context) {
					if refresh { // the rows shown stay; the page says the refresh failed
						p.refreshErr = fmt.Sprintf("Refresh failed (%s); the rows shown were read at %s.",
							strings.TrimSuffix(octavia.Message(err), "."), p.loadedAt.UTC().Format("15:04:05 UTC"))
						p.status, p.loadedAt = loaded, time.Now()
						return
					}
					p.status, p.err = loadFailed, octavia.Message(err)
				})
			}
		} else {
			show()
		}
		close(batches)
	})
}

// readRows reads the rows of res that q asks for: the kind's own row
// reader when it has one (load balancers read only their columns), else
// its objects.
func readRows(ctx context.Context, c *octavia.Client, res *resource, q listQuery) iter.Seq2[row, error] {
	if res.Rows != nil {
		return res.Rows(ctx, c, q)
	}
	return func(yield func(row, error) bool) {
		for o, err := range res.List(ctx, c, q) {
			if err != nil {
				yield(row{}, err)
				return
			}
			if !yield(rowOf(res, q.Parent, o), nil) {
				return
			}
		}
	}
}

// allRows are the rows of operations not listed yet, then the list.
func (p *listPage) allRows() []row {
	if p.sess == nil || p.res == nil {
		return nil
	}
	if extra := opRows(p.ops, p.rows, p.sess.Info.ProjectID, p.res, p.Parent); len(extra) > 0 {
		return append(extra, p.rows...)
	}
	return p.rows
}

// shownRows are the rows the table shows: allRows filtered by the search
// and the status filter, in the order of the sorted column.
func (p *listPage) shownRows() []row {
	rows := filterRows(p.allRows(), p.query)
	if p.statusFilter != "" {
		var out []row
		for _, r := range rows {
			if toneOf(r.ProvisioningStatus).class() == p.statusFilter || toneOf(r.OperatingStatus).class() == p.statusFilter && r.ProvisioningStatus == "" {
				out = append(out, r)
			}
		}
		rows = out
	}
	if p.sortCol != 0 || p.sortRev {
		rows = sortedBy(rows, p.sortCol, p.sortRev)
	}
	return rows
}

// firstRows is the list's first page (listFirst rows), read by the login as
// soon as Keystone answered, while the app navigates to the list.
type firstRows struct {
	client *octavia.Client
	done   chan struct{} // closed when rows and err are set
	rows   []row
	err    error
}

var prefetched struct {
	mu sync.Mutex
	f  *firstRows
}

// listPrefetchWait is how long the login waits for the list's first page
// (prefetchFirstRows) before navigating to the list: the list page then
// renders once, with its first rows, instead of "Loading" and then again.
const listPrefetchWait = 300 * time.Millisecond

// prefetchFirstRows starts reading the list's first page with client, for
// the list page that the login navigates to (takeFirstRows): the request
// leaves before the navigation and the page's rendering, not after. Any
// goroutine.
func prefetchFirstRows(client *octavia.Client) *firstRows {
	f := &firstRows{client: client, done: make(chan struct{})}
	prefetched.mu.Lock()
	prefetched.f = f
	prefetched.mu.Unlock()
	go func() {
		defer close(f.done)
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for r, err := range readRows(c, client, lbResource, listQuery{Limit: listFirst}) {
			if err != nil {
				f.err = err
				return
			}
			if f.rows = append(f.rows, r); len(f.rows) == listFirst {
				return
			}
		}
	}()
	return f
}

// takeFirstRows returns the first page prefetched with client, once; nil
// when there is none (a Refresh, a later visit, another session). Any
// goroutine.
func takeFirstRows(client *octavia.Client) *firstRows {
	prefetched.mu.Lock()
	defer prefetched.mu.Unlock()
	f := prefetched.f
	prefetched.f = nil
	if f == nil || f.client != client {
		return nil
	}
	return f
}

// watchedIDs are the objects that need a poll (followedIDs).
func (p *listPage) watchedIDs() map[string]bool {
	if !p.res.Status {
		return nil
	}
	return followedIDs(p.shownRows(), p.viewFirst, p.ops, p.sess.Info.ProjectID, p.res.Kind)
}

// followedIDs are the objects of kind a list follows: the pending rows of
// shown rendered by a table whose first row is first (vtable's window), at
// most listFollowMax of them in order, and every object of kind that an
// operation of project waits on.
func followedIDs(shown []row, first int, ops []operation, project string, kind octavia.Kind) map[string]bool {
	ids := map[string]bool{}
	start, end := window(first, len(shown))
	for i := start; i < end && len(ids) < listFollowMax; i++ {
		if isPending(shown[i].ProvisioningStatus) {
			ids[shown[i].ID] = true
		}
	}
	for _, op := range ops {
		if op.State == opWaiting && op.ProjectID == project && op.Ref.Kind == kind {
			ids[op.Ref.ID] = true
		}
	}
	return ids
}

// refOfRow is the Ref of a row's object.
func (p *listPage) refOfRow(id string) octavia.Ref {
	if p.res.Kind == octavia.KindLoadBalancer {
		return lbRef(id)
	}
	return octavia.Ref{Kind: p.res.Kind, ID: id, ParentID: p.Parent}
}

// syncWatches subscribes to the shared poll of every object that needs
// one and leaves the others. UI goroutine.
func (p *listPage) syncWatches(ctx goapp.Context) {
	if p.sess == nil || p.res == nil || p.status != loaded {
		return
	}
	want := p.watchedIDs()
	for id, stop := range p.watches {
		if !want[id] {
			stop()
			delete(p.watches, id)
		}
	}
	for id := range want {
		if p.watches[id] != nil {
			continue
		}
		if p.watches == nil {
			p.watches = map[string]func(){}
		}
		p.watches[id] = watch(p.sess, p.refOfRow(id), func(u waiters.Update[object]) {
			ctx.Dispatch(func(ctx goapp.Context) { p.applyPoll(ctx, id, u) })
		})
	}
}

// applyPoll takes a poll of one watched object into its row: a new row for
// an object the list did not have yet, none for one that is gone (404).
// UI goroutine.
func (p *listPage) applyPoll(ctx goapp.Context, id string, u waiters.Update[object]) {
	if p.watches[id] == nil {
		return // left since
	}
	if p.status == loading {
		// p.rows may be the merger's slice (load): change a copy of it
		p.rows = slices.Clone(p.rows)
	}
	i := slices.IndexFunc(p.rows, func(r row) bool { return r.ID == id })
	switch {
	case octavia.ErrorCodeOf(u.Err) == octavia.ENOTFOUND:
		if i >= 0 {
			p.rows = slices.Delete(p.rows, i, i+1)
		}
	case u.Err != nil:
		p.pollErr = octavia.Message(u.Err)
		return
	case u.Value == nil:
		return
	case i >= 0:
		p.rows[i] = rowOf(p.res, p.Parent, u.Value)
	default:
		p.rows = append(p.rows, rowOf(p.res, p.Parent, u.Value))
		sortRows(p.rows)
	}
	p.pollErr = ""
	p.syncWatches(ctx)
}

// onSearch takes the search box's text. UI goroutine.
func (p *listPage) onSearch(ctx goapp.Context, e goapp.Event) {
	p.setQuery(ctx, ctx.JSSrc().Get("value").String())
}

// setQuery filters the rows and follows the pending rows now in view.
// UI goroutine.
func (p *listPage) setQuery(ctx goapp.Context, q string) {
	p.query = q
	p.syncWatches(ctx)
}

func (p *listPage) unwatchAll() {
	for id, stop := range p.watches {
		stop()
		delete(p.watches, id)
	}
}

// opRows are rows for objects of kind (under parent) that an operation of
// this project just created and that the list has not shown yet: a new
// object appears at once, before the next list read.
func opRows(ops []operation, rows []row, projectID string, res *resource, parent string) []row {
	var out []row
	for _, op := range ops {
		if op.Kind != opCreate || op.State != opWaiting || op.ProjectID != projectID || op.Ref.Kind != res.Kind ||
			op.Ref.ParentID != parent || slices.ContainsFunc(rows, func(r row) bool { return r.ID == op.Ref.ID }) {
			continue
		}
		r := row{ID: op.Ref.ID, Name: op.Name, ProvisioningStatus: op.Status, Parent: parent,
			OperatingStatus: string(octavia.OperatingOffline), CreatedAt: op.StartedAt.UTC().Format(octaviaTime),
			Cells: make([]string, len(res.Columns))}
		for i, c := range res.Columns {
			if c.Key == "vip_address" {
				r.Cells[i] = op.VIPAddress
			}
		}
		out = append(out, r)
	}
	return out
}

// Special columns of sortCol.
const (
	sortName    = 0
	sortStatus  = -1
	sortCreated = -2
	sortID      = -3
)

// sortedBy returns a copy of rows sorted on column col (sortName, a
// Columns index + 1, sortStatus, sortCreated, sortID), reversed when rev;
// cells that are both whole numbers compare as numbers; ties keep the name
// order.
func sortedBy(rows []row, col int, rev bool) []row {
	key := func(r *row) string {
		switch {
		case col == sortName:
			return r.Name
		case col == sortStatus:
			return r.ProvisioningStatus
		case col == sortCreated:
			return r.CreatedAt
		case col == sortID:
			return r.ID
		case col-1 < len(r.Cells):
			return r.Cells[col-1]
		}
		return ""
	}
	idx := sortOrder(len(rows), func(i, j int) int {
		ka, kb := key(&rows[i]), key(&rows[j])
		c := 0
		na, oka := atoi(ka)
		nb, okb := atoi(kb)
		if oka && okb {
			c = na - nb
		} else {
			c = compareFold(ka, kb)
		}
		if rev {
			c = -c
		}
		return c
	})
	out := make([]row, len(rows))
	for k, i := range idx {
		out[k] = rows[i]
	}
	return out
}

// atoi is strconv.Atoi(s) and whether it succeeded, without its error
// (allocated, and sortedBy compares mostly names): a string that does not
// start with a sign or a digit is not a number.
func atoi(s string) (int, bool) {
	if s == "" || (s[0] != '+' && s[0] != '-' && (s[0] < '0' || s[0] > '9')) {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// sortOn sorts the table on col, or reverses it when it is sorted on col
// already. UI goroutine.
func (p *listPage) sortOn(ctx goapp.Context, col int) {
	if p.sortCol == col {
		p.sortRev = !p.sortRev
	} else {
		p.sortCol, p.sortRev = col, false
	}
	p.syncWatches(ctx)
}

// columns are the table's columns, in order, with what each sorts on.
func (p *listPage) columns() (cols []vcol, sorts []int) {
	res := p.res
	cols, sorts = append(cols, vcol{"Name", "24%"}), append(sorts, sortName)
	for i, c := range res.Columns {
		w := c.Width
		if w == "" {
			w = "11%"
		}
		cols, sorts = append(cols, vcol{c.Title, w}), append(sorts, i+1)
	}
	if res.Status {
		cols, sorts = append(cols, vcol{"Provisioning", "13%"}, vcol{"Operating", "11%"}), append(sorts, sortStatus, 0)
		cols, sorts = append(cols, vcol{"Created (UTC)", "15%"}), append(sorts, sortCreated)
	}
	if !res.namedByID() {
		cols, sorts = append(cols, vcol{"ID", "17%"}), append(sorts, sortID)
	}
	return cols, sorts
}

// dom is an element id of this list: "lb-table" for load balancers.
func (p *listPage) dom(suffix string) string { return p.res.Prefix + "-" + suffix }

func (p *listPage) Render() goapp.UI {
	if p.res == nil {
		return goapp.Div()
	}
	body := p.renderList()
	if p.Embedded != nil {
		return goapp.Section().Class("card", "embedded-list").Body(
			goapp.Div().Class("card-head").Body(goapp.H2().Text(p.res.Title), goapp.Div().Class("spacer"), p.renderActions()),
			body,
		)
	}
	return &shell{
		Nav:     p.res.Path,
		Title:   p.res.Title,
		Actions: p.renderActions(),
		Content: []goapp.UI{body},
	}
}

// renderActions are the search, the status filter, Refresh and Create.
func (p *listPage) renderActions() goapp.UI {
	res := p.res
	return goapp.Div().Class("head-actions").Body(
		goapp.Input().ID(p.dom("search")).Type("search").Class("search").Placeholder("Search by name or ID").
			Aria("label", "Search "+res.Plural+" by name or ID").Value(p.query).OnInput(p.onSearch),
		goapp.If(res.Status, func() goapp.UI {
			return goapp.Select().ID(p.dom("status-filter")).Class("status-filter").Aria("label", "Show by status").
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					p.statusFilter = ctx.JSSrc().Get("value").String()
					p.syncWatches(ctx)
				}).Body(
				goapp.Option().Value("").Selected(p.statusFilter == "").Text("Any status"),
				goapp.Option().Value(toneOK.class()).Selected(p.statusFilter == toneOK.class()).Text("Active"),
				goapp.Option().Value(tonePending.class()).Selected(p.statusFilter == tonePending.class()).Text("Pending"),
				goapp.Option().Value(toneError.class()).Selected(p.statusFilter == toneError.class()).Text("Error"),
			)
		}),
		goapp.Button().ID(p.dom("refresh")).Class("btn").Disabled(p.status == loading).
			OnClick(func(ctx goapp.Context, e goapp.Event) { p.load(ctx) }).Text("Refresh"),
		goapp.If(res.Create != nil && res.mayWrite(p.sess), func() goapp.UI {
			return goapp.A().ID(p.dom("create")).Class("btn", "btn-primary").Href(p.createHref()).Text("Create " + res.Singular)
		}),
	)
}

// createHref is the create form, with the list's filters (a listener
// created from a load balancer's listeners is on that load balancer).
func (p *listPage) createHref() string {
	h := p.res.createPathOf(p.Parent)
	if len(p.filters) > 0 && p.res.CreatePath == "" {
		h += "?" + p.filters.Encode()
	}
	return h
}

// renderList is the summary, the filters and the table.
func (p *listPage) renderList() goapp.UI {
	rows := p.allRows()
	shown := p.shownRows()
	active, pending, failed := countRows(rows)
	res := p.res
	return goapp.Div().Class("list").Body(
		goapp.If(len(p.filters) > 0 && p.Embedded == nil, p.renderFilters),
		goapp.Div().Class("summary").Body(
			goapp.Span().ID(p.dom("count")).Text(countOf(len(rows), res)),
			goapp.If(res.Status, func() goapp.UI {
				return goapp.Span().Class("sum-item", "st-ok-text").Textf("%d active", active)
			}),
			goapp.If(pending > 0, func() goapp.UI { return goapp.Span().Class("sum-item", "st-pending-text").Textf("%d pending", pending) }),
			goapp.If(failed > 0, func() goapp.UI { return goapp.Span().Class("sum-item", "st-error-text").Textf("%d in error", failed) }),
			goapp.If(p.query != "" || p.statusFilter != "", func() goapp.UI {
				return goapp.Span().Class("sum-item").Textf("%d shown", len(shown))
			}),
			goapp.Div().Class("spacer"),
			goapp.If(len(p.watches) > 0, func() goapp.UI {
				return goapp.Span().ID("live").Class("live").Title(fmt.Sprintf("One GET per followed %s every 3 s: the pending rows in view (at most %d) and those an operation waits on; the whole list every minute and on Refresh", res.Singular, listFollowMax)).
					Textf("live · %d pending followed, every 3 s", len(p.watches))
			}),
			goapp.If(p.pollErr != "", func() goapp.UI {
				return goapp.Span().Class("st-error-text").Text("Last poll failed: " + p.pollErr)
			}),
			goapp.If(p.refreshErr != "", func() goapp.UI {
				return goapp.Span().ID(p.dom("refresh-error")).Class("st-error-text").Text(p.refreshErr)
			}),
		),
		p.renderBody(shown, len(rows)),
	)
}

// renderFilters shows Octavia's filters of the list, each with a link to
// what it names and a way to drop it.
func (p *listPage) renderFilters() goapp.UI {
	var chips []goapp.UI
	for _, f := range p.res.Filters {
		v := p.filters.Get(f.Key)
		if v == "" {
			continue
		}
		rest := url.Values{}
		for k, vs := range p.filters {
			if k != f.Key {
				rest[k] = vs
			}
		}
		href := p.res.Path
		if len(rest) > 0 {
			href += "?" + rest.Encode()
		}
		var value goapp.UI = goapp.Span().Class("mono").Text(v)
		if of := resourceOf(f.Of); of != nil {
			value = goapp.A().Class("mono").Href(of.detailPathOf("", v)).Text(v)
		}
		chips = append(chips, goapp.Span().Class("chip").DataSet("filter", f.Key).Body(
			goapp.Span().Class("muted").Text(f.Label+": "), value,
			goapp.A().Class("chip-x").Href(href).Aria("label", "Remove the filter "+f.Label).Text("×"),
		))
	}
	return goapp.Div().ID(p.dom("filters")).Class("filters").Body(chips...)
}

func (p *listPage) renderBody(shown []row, total int) goapp.UI {
	res := p.res
	switch {
	case p.status == loadFailed:
		return goapp.Div().ID(p.dom("error")).Class("alert", "alert-error").Body(
			goapp.Strong().Textf("The %s could not be listed. ", res.Plural),
			goapp.Text(p.err),
		)
	case (p.status == loading || p.status == neverLoaded) && total == 0:
		return goapp.Div().ID(p.dom("loading")).Class("empty", "loading").Textf("Loading %s…", res.Plural)
	case total == 0:
		what := "This project has no " + res.Plural + " yet."
		if len(p.filters) > 0 || p.Embedded != nil {
			what = "There are no " + res.Plural + " here yet."
		}
		return goapp.Div().ID(p.dom("empty")).Class("empty").Body(
			goapp.P().Class("empty-title").Text(what),
			goapp.If(res.Intro != "", func() goapp.UI { return goapp.P().Class("muted").Text(res.Intro) }),
			goapp.If(res.Create != nil && res.mayWrite(p.sess), func() goapp.UI {
				return goapp.A().Class("btn", "btn-primary").Href(p.createHref()).Text("Create the first " + res.Singular)
			}),
		)
	case len(shown) == 0:
		return goapp.Div().ID(p.dom("nomatch")).Class("empty").Body(
			goapp.P().Class("empty-title").Textf("No %s matches this search.", res.Singular),
			goapp.Button().Class("btn").OnClick(func(ctx goapp.Context, e goapp.Event) {
				p.statusFilter = ""
				p.setQuery(ctx, "")
			}).Text("Clear the search"),
		)
	}
	now := time.Now()
	cols, sorts := p.columns()
	return &vtable{
		ID:    p.dom("table"),
		Cols:  cols,
		Count: len(shown),
		Sort: func(ctx goapp.Context, i int) {
			if i < len(sorts) && (sorts[i] != 0 || i == 0) {
				p.sortOn(ctx, sorts[i])
			}
		},
		Sorted: slices.Index(sorts, p.sortCol), SortRev: p.sortRev,
		OnWindow: func(ctx goapp.Context, first int) {
			p.viewFirst = first
			p.syncWatches(ctx)
		},
		Row: func(i int) goapp.UI {
			r := &shown[i]
			var name goapp.UI = goapp.A().Href(res.detailPathOf(r.Parent, r.ID)).Text(res.rowName(r))
			if res.NoDetail {
				name = goapp.Text(res.rowName(r))
			}
			cells := []goapp.UI{goapp.Td().Class("name").Title("%s", r.Name).Body(name)}
			for j, c := range res.Columns {
				v := ""
				if j < len(r.Cells) {
					v = r.Cells[j]
				}
				switch {
				case c.Badge:
					cells = append(cells, goapp.Td().Body(badge(v)))
				case c.Link != "" && v != "" && resourceOf(c.Link) != nil && resourceOf(c.Link).mayRead(p.sess):
					cells = append(cells, goapp.Td().Class("mono").Body(goapp.A().Href(resourceOf(c.Link).detailPathOf("", v)).Text(shorten(v, 13))))
				case c.Mono:
					cells = append(cells, goapp.Td().Class("mono").Title("%s", v).Text(orDash(v)))
				default:
					cells = append(cells, goapp.Td().Title("%s", v).Text(orDash(v))) // the whole text, when the cell cuts it
				}
			}
			if res.Status {
				created := createdAt(r)
				cells = append(cells, goapp.Td().Body(badge(r.ProvisioningStatus)), goapp.Td().Body(badge(r.OperatingStatus)),
					goapp.Td().Class("nowrap").Title("%s", formatAgo(created, now)).Text(formatTime(created)))
			}
			if !res.namedByID() {
				cells = append(cells, goapp.Td().Class("mono", "muted", "id").Title("%s", r.ID).Text(shorten(r.ID, 13)))
			}
			return goapp.Tr().Class(p.dom("row"), "res-row").DataSet("id", r.ID).DataSet("status", r.ProvisioningStatus).Body(cells...)
		},
	}
}

// rowName is what a row's link says.
func (r *resource) rowName(row *row) string {
	if r.namedByID() {
		return row.ID
	}
	return displayName(row.Name, row.ID)
}

// countOf is a list's count: "1 load balancer", "2 load balancers".
func countOf(n int, res *resource) string {
	if n == 1 {
		return "1 " + res.Singular
	}
	return fmt.Sprintf("%d %s", n, res.Plural)
}
