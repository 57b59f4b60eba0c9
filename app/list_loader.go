package app

import (
	"context"
	"fmt"
	"iter"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// How a list page reads its rows: the whole list on load, on Refresh and
// every listRefresh, page by page (a small first page at once, then
// Octavia's largest pages); and, between reads, the pending rows in view
// through their shared polls.

// listRefresh is how often the list page re-reads the whole list by
// itself; the Refresh button reads it at once. Pending rows do not wait for
// it: each follows its own shared poll (objHub, every 3 s).
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

// readRows reads the rows of res that q asks for: through the client's
// Rows (only the attributes a row shows), or the kind's own ListRows.
// Blocks: ctx.Async or a goroutine of its own.
func readRows(ctx context.Context, c *octavia.Client, res *resource, q listQuery) iter.Seq2[row, error] {
	if res.ListRows != nil {
		return res.ListRows(ctx, c, q)
	}
	lq := octavia.ListQuery{Fields: rowFields(res, q.Project), Limit: q.Limit, Marker: q.Marker, Filters: url.Values{}}
	for _, f := range res.Filters {
		if v := q.get(f.Key); v != "" && f.Local == "" {
			if f.Key == "tags" {
				lq.Filters[f.Key] = form.SplitList(v)
			} else {
				lq.Filters.Set(f.Key, v)
			}
		}
	}
	return func(yield func(row, error) bool) {
		for r, err := range c.Rows(ctx, res.Kind, q.Parent, lq) {
			if err != nil {
				yield(row{}, err)
				return
			}
			if localMatch(res, q, r) && !yield(rowOf(res, q.Parent, r, q.Project), nil) {
				return
			}
		}
	}
}

// load reads the whole list and shows the rows read so far: first a page
// of listFirst rows (small, so it is on screen at once; the login reads it
// while the app navigates here, see prefetchFirstRows), then, once those
// rows are in the document, the rest from its last row, in pages of
// Octavia's largest size, once per page, each page sorted and merged into
// the rows already shown. UI goroutine; the reading runs in ctx.Async.
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
	base := listQuery{Parent: p.Parent, Filters: p.filters, Project: p.projectColumn()}
	// The first page the login read, if it is there: on screen with the
	// page's first render.
	var prefetch *firstRows
	if !refresh && p.Embedded == nil {
		prefetch = takeFirstRows(client, p.key)
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
		// read appends the rows q asks for to batch, showing them every
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

// firstRows is the first page (listFirst rows) of the list a login goes
// to, read as soon as Keystone answered, while the app navigates there.
type firstRows struct {
	client *octavia.Client
	key    string        // the list page's key (listKey)
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

// listKey is a list page's key: its path and query (a new one starts
// afresh).
func listKey(u *url.URL) string { return u.Path + "?" + u.RawQuery }

// prefetchFirstRows starts reading the first page of the list page that
// next names (the page a login goes to), with client; nil when next is not
// a list of a kind the session reads with pages. The list page takes it
// (takeFirstRows): the request leaves before the navigation and the page's
// rendering, not after. Any goroutine.
func prefetchFirstRows(sess *session, next string) *firstRows {
	u, err := url.Parse(next)
	if err != nil {
		return nil
	}
	pr, ok := parsePage(u.Path)
	if !ok || pr.Mode != "list" || !pr.Res.Paged || !pr.Res.mayRead(sess) {
		return nil
	}
	f := &firstRows{client: sess.Client, key: listKey(u), done: make(chan struct{})}
	prefetched.mu.Lock()
	prefetched.f = f
	prefetched.mu.Unlock()
	q := listQuery{Limit: listFirst, Filters: listFilters(pr.Res, u.Query()), Project: projectColumn(pr.Res, sess, false)}
	go func() {
		defer close(f.done)
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for r, err := range readRows(c, sess.Client, pr.Res, q) {
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

// takeFirstRows returns the first page prefetched with client for the list
// page of key, once; nil when there is none (a Refresh, a later visit,
// another session, another list). Any goroutine.
func takeFirstRows(client *octavia.Client, key string) *firstRows {
	prefetched.mu.Lock()
	defer prefetched.mu.Unlock()
	f := prefetched.f
	prefetched.f = nil
	if f == nil || f.client != client || f.key != key {
		return nil
	}
	return f
}

// listFilters are the filters of res that query sets.
func listFilters(res *resource, query url.Values) url.Values {
	out := url.Values{}
	for _, f := range res.Filters {
		if v := query.Get(f.Key); v != "" {
			out.Set(f.Key, v)
		}
	}
	return out
}

// watchedIDs are the objects that need a poll (followedIDs).
func (p *listPage) watchedIDs() map[string]bool {
	if !p.res.hasStatus() {
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
		p.rows[i] = rowOfObject(p.res, p.Parent, u.Value)
	default:
		p.rows = append(p.rows, rowOfObject(p.res, p.Parent, u.Value))
		sortRows(p.rows)
	}
	p.pollErr = ""
	p.syncWatches(ctx)
}

func (p *listPage) unwatchAll() {
	for id, stop := range p.watches {
		stop()
		delete(p.watches, id)
	}
}
