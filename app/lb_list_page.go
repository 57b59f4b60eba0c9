package app

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
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

// lbColumns are the list's columns; the table renders only the rows in view
// (vtable), the count and the search cover them all.
var lbColumns = []vcol{
	{"Name", "24%"}, {"VIP address", "11%"}, {"Provisioning", "13%"}, {"Operating", "11%"},
	{"Provider", "9%"}, {"Created (UTC)", "15%"}, {"ID", "17%"},
}

// listFollowMax is the most pending rows the list follows by itself (one
// GET per row per 3 s): the first pending rows in view. The other pending
// rows change at the next listRefresh, on Refresh, or when scrolled into
// view: a project with 1,000 load balancers stuck in PENDING_* costs at most
// listFollowMax GETs per 3 s, not 1,000.
const listFollowMax = 20

// lbListPage lists the project's load balancers. Pending rows in view (at
// most listFollowMax) and the load balancers that this project's operations
// wait on follow their own shared poll, one GET per load balancer per 3 s;
// the whole list is read again only on Refresh and every listRefresh.
type lbListPage struct {
	goapp.Compo

	sess   *session
	status loadStatus
	err    string
	lbs    []lbRow // sorted by compareRow
	query  string
	ops    []operation

	cancelLoad  context.CancelFunc
	stopRefresh func()
	loadedAt    time.Time         // end of the last load
	watches     map[string]func() // load balancer id -> stop of its lbHub subscription
	pollErr     string            // the last poll's failure, "" after a good one
	refreshErr  string            // the last refresh's failure (the rows shown are older), "" after a good one
	viewFirst   int               // the table's first rendered row (vtable.first)
}

func (p *lbListPage) OnNav(ctx goapp.Context) {
	if p.sess = requireSession(ctx); p.sess == nil {
		return
	}
	exposeMemStats()
	p.ops = operations.snapshot()
	ctx.ObserveState(stateOperations, &p.ops).OnChange(func() { p.syncWatches(ctx) })
	p.load(ctx)
	p.startRefresh(ctx)
}

func (p *lbListPage) OnDismount() {
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
func (p *lbListPage) startRefresh(ctx goapp.Context) {
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
func (p *lbListPage) load(ctx goapp.Context) {
	if p.cancelLoad != nil {
		p.cancelLoad()
	}
	c, cancel := context.WithCancel(context.Background())
	p.cancelLoad = cancel
	// A refresh (Refresh, the 60 s timer) keeps the rows on screen until the
	// whole new list is read, then swaps them at once: no count that drops
	// to 30 and grows back, no jump of the scroll position.
	refresh := p.status == loaded && len(p.lbs) > 0
	p.status, p.err = loading, ""
	client := p.sess.Client
	// The first page the login read, if it is there: on screen with the
	// page's first render.
	var prefetch *firstRows
	if !refresh {
		prefetch = takeFirstRows(client)
	}
	if prefetch != nil {
		select {
		case <-prefetch.done:
			if prefetch.err == nil {
				rows := slices.Clone(prefetch.rows)
				sortRows(rows)
				p.lbs = rows
			}
		default:
		}
	}
	// The reader hands each batch to a merger goroutine, which sorts it into
	// the rows shown while the reader waits for the next page.
	batches := make(chan []lbRow, 16)
	// firstShown is closed once the first rows are in the document: in
	// WebAssembly, goroutines take turns on one thread, and decoding the
	// next (1,000-row) page would hold the first rows off the screen.
	firstShown := make(chan struct{})
	ctx.Async(func() {
		var shown []lbRow
		first := true
		for b := range batches {
			sortRows(b)
			shown = mergeRows(shown, b)
			rows, signal := shown, first
			first = false
			ctx.Dispatch(func(ctx goapp.Context) {
				if c.Err() == nil && !refresh {
					p.lbs = rows
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
					p.lbs = rows
				}
				p.status, p.loadedAt, p.refreshErr = loaded, time.Now(), ""
				p.syncWatches(ctx)
			}
		})
	})
	ctx.Async(func() {
		var batch []lbRow
		show := func() {
			batches <- batch
			batch = make([]lbRow, 0, listBatch)
		}
		// read appends the rows of opts to batch, showing them every
		// listBatch rows, and returns how many it read and the last one.
		read := func(opts loadbalancers.ListOpts, most int) (n int, last string, err error) {
			for r, err := range client.LoadBalancerRows(c, opts) {
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
		} else {
			n, last, err = read(loadbalancers.ListOpts{Limit: listFirst}, listFirst)
		}
		if err == nil && n == listFirst {
			show()
			select {
			case <-firstShown:
			case <-c.Done():
			}
			_, _, err = read(loadbalancers.ListOpts{Marker: last}, 0)
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

// shownRows are the rows the table shows: the rows of operations not
// listed yet, then the list, filtered by the search.
func (p *lbListPage) shownRows() []lbRow {
	if p.sess == nil {
		return nil
	}
	rows := p.lbs
	if extra := opRows(p.ops, p.lbs, p.sess.Info.ProjectID); len(extra) > 0 {
		rows = append(extra, p.lbs...)
	}
	return filterRows(rows, p.query)
}

// firstRows is the list's first page (listFirst rows), read by the login as
// soon as Keystone answered, while the app navigates to the list.
type firstRows struct {
	client *octavia.Client
	done   chan struct{} // closed when rows and err are set
	rows   []lbRow
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
		for r, err := range client.LoadBalancerRows(c, loadbalancers.ListOpts{Limit: listFirst}) {
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

// watchedIDs are the load balancers that need a poll (followedIDs).
func (p *lbListPage) watchedIDs() map[string]bool {
	return followedIDs(p.shownRows(), p.viewFirst, p.ops, p.sess.Info.ProjectID)
}

// followedIDs are the load balancers the list follows: the pending rows of
// shown rendered by a table whose first row is first (vtable's window), at
// most listFollowMax of them in order, and every load balancer that an
// operation of project waits on.
func followedIDs(shown []lbRow, first int, ops []operation, project string) map[string]bool {
	ids := map[string]bool{}
	start, end := window(first, len(shown))
	for i := start; i < end && len(ids) < listFollowMax; i++ {
		if isPending(shown[i].ProvisioningStatus) {
			ids[shown[i].ID] = true
		}
	}
	for _, op := range ops {
		if op.State == opWaiting && op.ProjectID == project {
			ids[op.LBID] = true
		}
	}
	return ids
}

// syncWatches subscribes to the shared poll of every load balancer that
// needs one and leaves the others. UI goroutine.
func (p *lbListPage) syncWatches(ctx goapp.Context) {
	if p.sess == nil || p.status != loaded {
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
		p.watches[id] = watchLB(p.sess, id, func(u waiters.Update[*loadbalancers.LoadBalancer]) {
			ctx.Dispatch(func(ctx goapp.Context) { p.applyPoll(ctx, id, u) })
		})
	}
}

// applyPoll takes a poll of one watched load balancer into its row: a new
// row for a load balancer the list did not have yet, none for one that is
// gone (404). UI goroutine.
func (p *lbListPage) applyPoll(ctx goapp.Context, id string, u waiters.Update[*loadbalancers.LoadBalancer]) {
	if p.watches[id] == nil {
		return // left since
	}
	if p.status == loading {
		// p.lbs may be the merger's slice (load): change a copy of it
		p.lbs = slices.Clone(p.lbs)
	}
	i := slices.IndexFunc(p.lbs, func(r lbRow) bool { return r.ID == id })
	switch {
	case octavia.ErrorCodeOf(u.Err) == octavia.ENOTFOUND:
		if i >= 0 {
			p.lbs = slices.Delete(p.lbs, i, i+1)
		}
	case u.Err != nil:
		p.pollErr = octavia.Message(u.Err)
		return
	case u.Value == nil:
		return
	case i >= 0:
		p.lbs[i] = rowOf(u.Value)
	default:
		p.lbs = append(p.lbs, rowOf(u.Value))
		sortRows(p.lbs)
	}
	p.pollErr = ""
	p.syncWatches(ctx)
}

// onSearch takes the search box's text. UI goroutine.
func (p *lbListPage) onSearch(ctx goapp.Context, e goapp.Event) {
	p.setQuery(ctx, ctx.JSSrc().Get("value").String())
}

// setQuery filters the rows and follows the pending rows now in view.
// UI goroutine.
func (p *lbListPage) setQuery(ctx goapp.Context, q string) {
	p.query = q
	p.syncWatches(ctx)
}

func (p *lbListPage) unwatchAll() {
	for id, stop := range p.watches {
		stop()
		delete(p.watches, id)
	}
}

// opRows are rows for load balancers that an operation of this project
// just created and that the list has not shown yet: a new load balancer
// appears at once, before the next list poll.
func opRows(ops []operation, lbs []lbRow, projectID string) []lbRow {
	var out []lbRow
	for _, op := range ops {
		if op.Kind != opCreate || op.State != opWaiting || op.ProjectID != projectID ||
			slices.ContainsFunc(lbs, func(r lbRow) bool { return r.ID == op.LBID }) {
			continue
		}
		out = append(out, lbRow{ID: op.LBID, Name: op.LBName, VipAddress: op.VIPAddress, ProvisioningStatus: op.Status,
			OperatingStatus: string(octavia.OperatingOffline), CreatedAt: op.StartedAt.UTC().Format(octaviaTime)})
	}
	return out
}

func (p *lbListPage) Render() goapp.UI {
	readOnly := p.sess == nil || p.sess.ReadOnly
	var rows []lbRow
	if p.sess != nil {
		rows = append(opRows(p.ops, p.lbs, p.sess.Info.ProjectID), p.lbs...)
	}
	shown := filterRows(rows, p.query)
	active, pending, failed := countRows(rows)
	return &shell{
		Nav:   navList,
		Title: "Load balancers",
		Actions: goapp.Div().Class("head-actions").Body(
			goapp.Input().ID("lb-search").Type("search").Class("search").Placeholder("Search by name").
				Aria("label", "Search load balancers by name").Value(p.query).OnInput(p.onSearch),
			goapp.Button().ID("lb-refresh").Class("btn").Disabled(p.status == loading).
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.load(ctx) }).Text("Refresh"),
			goapp.If(!readOnly, func() goapp.UI {
				return goapp.A().ID("lb-create").Class("btn", "btn-primary").Href(createPath).Text("Create load balancer")
			}),
		),
		Content: []goapp.UI{
			goapp.Div().Class("summary").Body(
				goapp.Span().ID("lb-count").Text(countLoadBalancers(len(rows))),
				goapp.Span().Class("sum-item", "st-ok-text").Textf("%d active", active),
				goapp.If(pending > 0, func() goapp.UI { return goapp.Span().Class("sum-item", "st-pending-text").Textf("%d pending", pending) }),
				goapp.If(failed > 0, func() goapp.UI { return goapp.Span().Class("sum-item", "st-error-text").Textf("%d in error", failed) }),
				goapp.If(p.query != "", func() goapp.UI {
					return goapp.Span().Class("sum-item").Textf("%d match the search", len(shown))
				}),
				goapp.Div().Class("spacer"),
				goapp.If(len(p.watches) > 0, func() goapp.UI {
					return goapp.Span().ID("live").Class("live").Title(fmt.Sprintf("One GET per followed load balancer every 3 s: the pending rows in view (at most %d) and those an operation waits on; the whole list every minute and on Refresh", listFollowMax)).
						Textf("live · %d pending followed, every 3 s", len(p.watches))
				}),
				goapp.If(p.pollErr != "", func() goapp.UI {
					return goapp.Span().Class("st-error-text").Text("Last poll failed: " + p.pollErr)
				}),
				goapp.If(p.refreshErr != "", func() goapp.UI {
					return goapp.Span().ID("lb-refresh-error").Class("st-error-text").Text(p.refreshErr)
				}),
			),
			p.renderBody(shown, len(rows)),
		},
	}
}

func (p *lbListPage) renderBody(shown []lbRow, total int) goapp.UI {
	switch {
	case p.status == loadFailed:
		return goapp.Div().ID("lb-error").Class("alert", "alert-error").Body(
			goapp.Strong().Text("The load balancers could not be listed. "),
			goapp.Text(p.err),
		)
	case (p.status == loading || p.status == neverLoaded) && total == 0:
		return goapp.Div().ID("lb-loading").Class("empty", "loading").Text("Loading load balancers…")
	case total == 0:
		return goapp.Div().ID("lb-empty").Class("empty").Body(
			goapp.P().Class("empty-title").Text("This project has no load balancers yet."),
			goapp.P().Class("muted").Text("A load balancer spreads traffic over a pool of members behind one virtual IP (VIP)."),
			goapp.If(p.sess != nil && !p.sess.ReadOnly, func() goapp.UI {
				return goapp.A().Class("btn", "btn-primary").Href(createPath).Text("Create the first load balancer")
			}),
		)
	case len(shown) == 0:
		return goapp.Div().ID("lb-nomatch").Class("empty").Body(
			goapp.P().Class("empty-title").Text("No load balancer name matches this search."),
			goapp.Button().Class("btn").OnClick(func(ctx goapp.Context, e goapp.Event) { p.setQuery(ctx, "") }).Text("Clear the search"),
		)
	}
	now := time.Now()
	return &vtable{
		ID:    "lb-table",
		Cols:  lbColumns,
		Count: len(shown),
		OnWindow: func(ctx goapp.Context, first int) {
			p.viewFirst = first
			p.syncWatches(ctx)
		},
		Row: func(i int) goapp.UI {
			lb := &shown[i]
			created := createdAt(lb)
			return goapp.Tr().Class("lb-row").DataSet("id", lb.ID).DataSet("status", lb.ProvisioningStatus).Body(
				goapp.Td().Class("name").Title("%s", lb.Name).Body(goapp.A().Href(detailPathOf(lb.ID)).Text(displayName(lb.Name, lb.ID))),
				goapp.Td().Class("mono").Text(orDash(lb.VipAddress)),
				goapp.Td().Body(badge(lb.ProvisioningStatus)),
				goapp.Td().Body(badge(lb.OperatingStatus)),
				goapp.Td().Text(orDash(lb.Provider)),
				goapp.Td().Class("nowrap").Title("%s", formatAgo(created, now)).Text(formatTime(created)),
				goapp.Td().Class("mono", "muted", "id").Title("%s", lb.ID).Text(shorten(lb.ID, 13)),
			)
		},
	}
}

// countLoadBalancers is the list's count: "1 load balancer", "2 load
// balancers".
func countLoadBalancers(n int) string {
	if n == 1 {
		return "1 load balancer"
	}
	return fmt.Sprintf("%d load balancers", n)
}
