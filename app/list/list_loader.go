package list

import (
	"context"
	"fmt"
	"iter"
	"net/url"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/shell"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// How a list page reads its rows: the whole list on load, on Refresh and
// every listRefresh, page by page (a small first page at once, then
// Octavia's largest pages), in Octavia's order by name (listSort); and,
// between reads, the rows in view every 3 s (list_live.go).

// listRefresh is how often the list page re-reads the whole list by
// itself; the Refresh button reads it at once. The rows in view do not
// wait for it: they are read again every 3 s (list_live.go).
const listRefresh = 60 * time.Second

// While the list loads, its first listFirst rows are read and shown at
// once, then the others once per listBatch (Octavia's largest page): one
// re-render per page.
const (
	First     = 30
	listBatch = 1000
)

// ReadRows reads the rows of res that q asks for: through the client's
// Rows (only the attributes a row shows), or the kind's own ListRows.
// Blocks: ctx.Async or a goroutine of its own.
func ReadRows(ctx context.Context, c *octavia.Client, res *console.Resource, q console.ListQuery) iter.Seq2[tab.Row, error] {
	if res.ListRows != nil {
		return res.ListRows(ctx, c, q)
	}
	lq := octavia.ListQuery{Fields: console.RowFields(res, q.Project), Limit: q.Limit, Marker: q.Marker, Sort: q.Sort, Filters: octaviaFilters(res, q), ReadAhead: q.ReadAhead}
	return func(yield func(tab.Row, error) bool) {
		for r, err := range c.Rows(ctx, res.Kind, q.Parent, lq) {
			if err != nil {
				yield(tab.Row{}, err)
				return
			}
			if console.LocalMatch(res, q, r) && !yield(console.RowOf(res, q.Parent, r, q.Project), nil) {
				return
			}
		}
	}
}

// octaviaFilters are the filters of q that Octavia applies to a list of
// res (the others, Local, are applied to the rows read: console.LocalMatch).
func octaviaFilters(res *console.Resource, q console.ListQuery) url.Values {
	out := url.Values{}
	for _, f := range res.Filters {
		if v := q.Get(f.Key); v != "" && f.Local == "" {
			if f.Key == "tags" {
				out[f.Key] = form.SplitList(v)
			} else {
				out.Set(f.Key, v)
			}
		}
	}
	if id := q.Get(res.Kind.IDKey()); id != "" {
		out.Set(res.Kind.IDKey(), id) // one object's row (list_live.go's readRow)
	}
	return out
}

// load reads the whole list again (loader.load), with the login's first
// page for a list of its own, and starts following it once read. UI
// goroutine.
func (p *Page) load(ctx goapp.Context) {
	var prefetch func() *tab.FirstRows
	if p.Embedded == nil {
		client, key := p.sess.Client, p.key
		prefetch = func() *tab.FirstRows { return p.rt.TakeFirstRows(client, key) }
	}
	p.loader.load(ctx, p.sess.Client, p.res, p.query(), &p.m, prefetch, func(ctx goapp.Context) {
		p.treeRead = treeSig(p.Tree, p.res, p.Parent)
		p.showAlerts()
		p.startLive(ctx)
		p.startSweep(ctx)
		p.askNames(ctx)
	})
}

// loader is a list's read of its whole set of rows (on load, on Refresh
// and every listRefresh): how the read stands, the read under way (its
// cancel), when the last one ended and how the last refresh failed, the
// time the rows shown were read while they are a first page read before
// the page ran, and the timer of the next refresh. The rows it reads go
// into the page's model. UI goroutine.
type loader struct {
	status     ui.LoadStatus
	err        string    // why the read failed (status LoadFailed)
	loadedAt   time.Time // end of the last load
	refreshErr string    // the last refresh's failure (the rows shown are older), "" after a good one
	// shownAt, when set, is the time the rows' ages are told from: the
	// server's read of rows the page was served with (served.go), or the
	// login's prefetch, so that the app's first render is the served
	// markup; zero: now.
	shownAt time.Time

	cancel      context.CancelFunc // ends the read under way; nil when none runs
	stopRefresh func()             // ends the re-read every listRefresh; nil when none runs
}

// load reads the whole list that base asks of res with client into m,
// showing the rows read so far: first a page of First rows (small, so it
// is on screen at once), or the login's prefetch of it (prefetch: the
// page's, if it is there; nil, or nil answered, for none; not asked on a
// refresh), then, once those rows are in the document, the rest from its
// last row, in pages of Octavia's largest size, once per page, each page
// sorted and merged into the rows already shown. loaded is told when the
// whole list is in m. UI goroutine; the reading runs in ctx.Async.
func (l *loader) load(ctx goapp.Context, client *octavia.Client, res *console.Resource, base console.ListQuery, m *model, prefetch func() *tab.FirstRows, loaded func(goapp.Context)) {
	if l.cancel != nil {
		l.cancel()
	}
	c, cancel := context.WithCancel(context.Background())
	l.cancel = cancel
	// A refresh (Refresh, the 60 s timer) keeps the rows on screen until the
	// whole new list is read, then swaps them at once: no count that drops
	// to 30 and grows back, no jump of the scroll position.
	refresh := l.status == ui.Loaded && len(m.rows) > 0
	l.status, l.err = ui.Loading, ""
	// The first page the login read, if it is there: on screen with the
	// page's first render.
	var first *tab.FirstRows
	if !refresh && prefetch != nil {
		first = prefetch()
	}
	if rows, ok := first.Sorted(); ok {
		m.rows, l.shownAt = rows, first.At
	}
	// The reader hands each batch to a merger goroutine, which sorts it into
	// the rows shown while the reader waits for the next page.
	batches := make(chan []tab.Row, 16)
	// firstShown is closed once the first rows are in the document: in
	// WebAssembly, goroutines take turns on one thread, and decoding the
	// next (1,000-row) page would hold the first rows off the screen.
	firstShown := make(chan struct{})
	ctx.Async(func() {
		rows := mergeBatches(batches, func(rows []tab.Row, first bool) {
			ctx.Dispatch(func(ctx goapp.Context) {
				if c.Err() == nil && !refresh {
					m.rows = rows
				}
				if first {
					ctx.Defer(func(goapp.Context) { close(firstShown) })
				}
			})
		})
		ctx.Dispatch(func(ctx goapp.Context) {
			if c.Err() == nil && l.status == ui.Loading {
				if refresh {
					m.rows = rows
				}
				l.status, l.loadedAt, l.refreshErr, l.shownAt = ui.Loaded, time.Now(), "", time.Time{}
				m.addedAt = l.loadedAt
				loaded(ctx)
			}
		})
	})
	ctx.Async(func() {
		err := readPages(c, client, res, base, first, firstShown, batches)
		if err != nil && c.Err() == nil {
			ctx.Dispatch(func(ctx goapp.Context) {
				if refresh { // the rows shown stay; the page says the refresh failed
					l.refreshErr = refreshFailed(err, l.loadedAt)
					l.status, l.loadedAt = ui.Loaded, time.Now()
					return
				}
				l.status, l.err = ui.LoadFailed, octavia.Message(err)
			})
		}
		close(batches)
	})
}

// startRefresh calls load once the list is listRefresh old, until end. It
// checks every second rather than sleeping listRefresh: in the browser, a
// Go timer that far out kept go-app's frame timer from firing (updates
// reached the screen only at the next event). UI goroutine.
func (l *loader) startRefresh(ctx goapp.Context, load func(goapp.Context)) {
	if l.stopRefresh != nil {
		l.stopRefresh()
	}
	l.stopRefresh = shell.Tick(ctx, time.Second, func(ctx goapp.Context) {
		if l.status == ui.Loading || time.Since(l.loadedAt) < listRefresh {
			ctx.PreventUpdate()
			return
		}
		load(ctx)
	})
}

// end ends the read under way and the refreshes (OnDismount, another list).
func (l *loader) end() {
	if l.cancel != nil {
		l.cancel()
		l.cancel = nil
	}
	if l.stopRefresh != nil {
		l.stopRefresh()
		l.stopRefresh = nil
	}
}

// mergeBatches sorts each batch of rows read into the rows read before it
// and shows them (first: the first batch), until batches is closed; it
// returns every row. Blocks: ctx.Async.
func mergeBatches(batches <-chan []tab.Row, show func(rows []tab.Row, first bool)) []tab.Row {
	var shown []tab.Row
	first := true
	for b := range batches {
		tab.SortRows(b)
		shown = console.MergeRows(shown, b)
		show(shown, first)
		first = false
	}
	return shown
}

// refreshFailed tells a refresh's failure err, the rows shown being those
// read at loadedAt.
func refreshFailed(err error, loadedAt time.Time) string {
	return fmt.Sprintf("Refresh failed (%s); the rows shown were read at %s.",
		strings.TrimSuffix(octavia.Message(err), "."), loadedAt.UTC().Format("15:04:05 UTC"))
}

// readPages reads the list of res that base asks for with client into
// batches: the login's prefetched first page if there is one, or a first
// page of First rows, then (once firstShown is closed, or c is done) the
// others from its last row, in pages of Octavia's largest size, one batch
// per listBatch rows, each row with its place in Octavia's order (Seq).
// Kinds not Paged are read whole. It returns the read's error; on success
// the last batch is sent. Blocks: ctx.Async.
func readPages(c context.Context, client *octavia.Client, res *console.Resource, base console.ListQuery, prefetch *tab.FirstRows, firstShown <-chan struct{}, batches chan<- []tab.Row) error {
	var batch []tab.Row
	show := func() {
		batches <- batch
		batch = make([]tab.Row, 0, listBatch)
	}
	seq := 0 // each row's place in Octavia's order (row.Seq)
	// read appends the rows q asks for to batch, showing them every
	// listBatch rows, and returns how many it read and the last one.
	read := func(q console.ListQuery, most int) (n int, last string, err error) {
		for r, err := range ReadRows(c, client, res, q) {
			if err != nil {
				return n, last, err
			}
			r.Seq, seq = float64(seq), seq+1
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
		case <-f.Done:
			batch, n, err = append(batch, f.Rows...), len(f.Rows), f.Err
			for i := range batch {
				batch[i].Seq = float64(i)
			}
			seq = n
			if n > 0 {
				last = f.Rows[n-1].ID
			}
		case <-c.Done():
			err = c.Err()
		}
	} else if res.Paged {
		q := base
		q.Limit = First
		n, last, err = read(q, First)
	} else {
		_, _, err = read(base, 0)
	}
	if err == nil && n == First && res.Paged {
		show()
		select {
		case <-firstShown:
		case <-c.Done():
		}
		q := base
		q.Marker, q.ReadAhead = last, true // every page from here
		_, _, err = read(q, 0)
	}
	if err == nil {
		show()
	}
	return err
}

// PrefetchWait is how long the login waits for the list's first page
// (PrefetchFirstRows) before navigating to the list: the list page then
// renders once, with its first rows, instead of "Loading" and then again.
const PrefetchWait = 300 * time.Millisecond

// Key is a list page's key: its path and query (a new one starts
// afresh), but for the status filter (showParam), which only shows other
// rows of the same list.
func Key(u *url.URL) string {
	if !strings.Contains(u.RawQuery, showParam+"=") {
		return u.Path + "?" + u.RawQuery
	}
	var keep []string
	for part := range strings.SplitSeq(u.RawQuery, "&") {
		if !strings.HasPrefix(part, showParam+"=") {
			keep = append(keep, part)
		}
	}
	return u.Path + "?" + strings.Join(keep, "&")
}

// PrefetchFirstRows starts reading the first page of the list page that
// next names (the page a login goes to), with sess's client, and keeps it
// in rt; nil when next is not a list of a kind the session reads with
// pages. The list page takes it (Runtime.TakeFirstRows): the request leaves
// before the navigation and the page's rendering, not after. Any goroutine.
func PrefetchFirstRows(rt *tab.Runtime, sess *tab.Session, next string) *tab.FirstRows {
	u, err := url.Parse(next)
	if err != nil {
		return nil
	}
	pr, q, ok := FirstRead(sess, u)
	if !ok {
		return nil
	}
	f := tab.NewFirstRows(sess.Client, Key(u))
	rt.KeepFirstRows(f)
	go func() {
		defer close(f.Done)
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for r, err := range ReadRows(c, sess.Client, pr.Res, q) {
			if err != nil {
				f.Err = err
				return
			}
			if f.Rows = append(f.Rows, r); len(f.Rows) == First {
				return
			}
		}
	}()
	return f
}

// listFilters are the filters of res that query sets.
func listFilters(res *console.Resource, query url.Values) url.Values {
	out := url.Values{}
	for _, f := range res.Filters {
		if v := query.Get(f.Key); v != "" {
			out.Set(f.Key, v)
		}
	}
	return out
}

// FirstRead is the read a list page's first render makes, for the page at
// u with sess: its kind's first page (listFirst rows, in listSort's order,
// with the page's filters and the attributes its rows show, the project's
// for an admin); ok is false for pages that read no list of pages (detail
// pages, forms, kinds read whole or otherwise, kinds sess may not read).
// The login's prefetch (PrefetchFirstRows) and the server's first screen
// (FirstScreen) both ask it, so they cannot drift apart.
func FirstRead(sess *tab.Session, u *url.URL) (pr console.PageRef, q console.ListQuery, ok bool) {
	pr, ok = console.ParsePage(u.Path)
	if !ok || pr.Mode != "list" || !pr.Res.Paged || !pr.Res.MayRead(sess) {
		return console.PageRef{}, console.ListQuery{}, false
	}
	q = console.ListQuery{Limit: First, Filters: listFilters(pr.Res, u.Query()), Sort: listSort(pr.Res), Project: console.ProjectColumn(pr.Res, sess, false)}
	return pr, q, true
}

// ServedPage is the list page of res at u in the state of its first render
// with rows (read at at), as the server renders a first screen (served: its
// controls inert until the app runs) and as the app's first render shows
// the served rows: the same.
func ServedPage(sess *tab.Session, res *console.Resource, u *url.URL, rows []tab.Row, at time.Time, served bool) *Page {
	return &Page{res: res, key: Key(u), filters: listFilters(res, u.Query()), sess: sess, loader: loader{status: ui.Loading, shownAt: at}, m: model{rows: rows}, served: served}
}
