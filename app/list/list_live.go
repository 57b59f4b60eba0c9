package list

import (
	"context"
	"maps"
	"net/url"
	"slices"
	"sort"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/shell"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// How a list stays live (issue 19): its rows in view follow both statuses.
//
// A list of its own re-reads the rows in view, and only them, with one
// request per 3 s, whatever the number of rows: it reads the whole list in
// Octavia's order by name (listSort), so each row knows its place in that
// order (row.Seq), and every 3 s asks for the rows from the one before the
// first in view (the marker) up to the last in view (at most listLiveMost
// rows; a search or another sort that scatters them is covered over a
// few polls). A list of 10,002 load balancers thus costs one GET of about
// 80 rows per 3 s.
//
// An embedded list (a load balancer's listeners and pools, a pool's
// members…) sends nothing of its own: its page follows the load
// balancer's status tree and gives it each read (listPage.Tree); its rows
// take their statuses from it, and it is read again when the tree says its
// rows changed (one of them came or went, or the load balancer's
// provisioning status moved: a write ended).
//
// An operation on an object of the list that ends puts its result into the
// list: a delete takes the row out, another write reads the object once.

// listLiveMost is the most rows one live re-read asks for: more than a
// window of vtable (which renders at most vtableWindow+vtableStep rows).
const listLiveMost = 100

// listSort is Octavia's order a list of res is read in: by name (by id for
// kinds without names) when its rows have statuses, so that the rows in
// view are one stretch of Octavia's order; "" (Octavia's default) for the
// other kinds and for kinds read otherwise (ListRows).
func listSort(res *console.Resource) string {
	switch {
	case !res.HasStatus() || !res.Paged || res.ListRows != nil:
		return ""
	case res.NamedByID():
		return "id:asc"
	}
	return "name:asc,id:asc"
}

// seqRow is a row's place in Octavia's order.
type seqRow struct {
	Seq float64
	ID  string
}

// bySeq is rows in Octavia's order.
func bySeq(rows []tab.Row) []seqRow {
	out := make([]seqRow, len(rows))
	for i := range rows {
		out[i] = seqRow{Seq: rows[i].Seq, ID: rows[i].ID}
	}
	sort.Sort(seqRows(out))
	return out
}

// seqRows is a sort.Interface of rows by their place in Octavia's order.
type seqRows []seqRow

func (r seqRows) Len() int           { return len(r) }
func (r seqRows) Less(i, j int) bool { return r[i].Seq < r[j].Seq }
func (r seqRows) Swap(i, j int)      { r[i], r[j] = r[j], r[i] }

// liveSpan picks what one live re-read asks for: of order (the list in
// Octavia's order) the rows in view (inView), from the first whose place
// is at least from (else the first in view), up to the last in view within
// most rows of it: the marker (the row before it; "" from the top), the
// limit, and where the next re-read starts (0: at the top of the view
// again). limit is 0 when no row is in view.
func liveSpan(order []seqRow, inView map[string]bool, from float64, most int) (marker string, limit int, next float64) {
	var at []int // places in order of the rows in view
	for i, r := range order {
		if inView[r.ID] {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return "", 0, 0
	}
	k := slices.IndexFunc(at, func(i int) bool { return order[i].Seq >= from })
	if k < 0 {
		k = 0
	}
	start, end := at[k], at[k]
	for _, i := range at[k+1:] {
		if i-start >= most {
			break
		}
		end = i
	}
	if start > 0 {
		marker = order[start-1].ID
	}
	if j := slices.Index(at, end) + 1; j < len(at) {
		next = order[at[j]].Seq
	}
	return marker, end - start + 1, next
}

// liveFeed is a list's live re-read of the rows in view: its timer, the
// re-read under way, where the next one starts, and how the last went (the
// page's "live" mark). The page takes the rows it reads. UI goroutine.
type liveFeed struct {
	stop   func()    // ends the re-read every 3 s; nil when none runs
	busy   bool      // a re-read runs
	gen    int       // counts the feeds ended: a late answer of an ended one is dropped
	err    string    // the last re-read's failure, "" after a good one
	errAt  time.Time // when it failed
	at     time.Time // when the last good one began
	cursor float64   // where the next re-read starts in Octavia's order (liveSpan)
}

// state is what the page's "live" mark shows of it.
func (l *liveFeed) state() tab.LiveState {
	return tab.LiveState{Following: l.stop != nil, Err: l.err, ErrAt: l.errAt, ReadAt: l.at}
}

// fail notes a re-read's failure.
func (l *liveFeed) fail(err error) { l.err, l.errAt = octavia.Message(err), time.Now() }

// start calls read every 3 s until end, unless the re-read runs
// already. UI goroutine.
func (l *liveFeed) start(ctx goapp.Context, read func(goapp.Context)) {
	if l.stop != nil {
		return
	}
	l.stop = shell.Tick(ctx, 3*time.Second, func(ctx goapp.Context) {
		ctx.PreventUpdate() // the answer updates the page, not the tick
		read(ctx)
	})
}

// end ends the re-read and forgets its state.
func (l *liveFeed) end() {
	if l.stop != nil {
		l.stop()
	}
	*l = liveFeed{gen: l.gen + 1}
}

// read asks Octavia with client for the rows of res in view that base asks
// for (liveSpan: of rows, the list, those inView, from the feed's cursor,
// at most listLiveMost), unless a re-read runs or none is in view, and
// tells took what it read, unless it failed or the feed ended since. UI
// goroutine; the GET runs in ctx.Async, took on the UI goroutine.
func (l *liveFeed) read(ctx goapp.Context, client *octavia.Client, res *console.Resource, base console.ListQuery, rows []tab.Row, inView map[string]bool, took func(goapp.Context, []tab.Row)) {
	if l.busy {
		return
	}
	marker, limit, next := liveSpan(bySeq(rows), inView, l.cursor, listLiveMost)
	if limit == 0 {
		return
	}
	l.cursor, l.busy = next, true
	q, gen, began := base, l.gen, time.Now()
	q.Limit, q.Marker = limit, marker
	ctx.Async(func() {
		got, err := readSome(client, res, q, limit)
		ctx.Dispatch(func(ctx goapp.Context) {
			if l.gen != gen {
				return
			}
			l.busy = false
			if err != nil {
				l.fail(err)
				return
			}
			l.err, l.at = "", began
			took(ctx, got)
		})
	})
}

// startLive re-reads the rows in view every 3 s while the list is open
// (a list of its own whose rows have statuses). UI goroutine.
func (p *Page) startLive(ctx goapp.Context) {
	if p.Embedded == nil && listSort(p.res) != "" {
		p.live.start(ctx, p.liveRead)
	}
}

// liveRead re-reads the rows in view (liveFeed.read) of a list that is
// read, and takes them into the list. UI goroutine.
func (p *Page) liveRead(ctx goapp.Context) {
	if p.live.busy || p.loader.status != ui.Loaded || len(p.m.rows) == 0 {
		return // (busy: liveFeed.read checks it too, but after the rows in view are worked out)
	}
	sess := p.sess
	p.live.read(ctx, sess.Client, p.res, p.query(), p.m.rows, inView(p.shownRows(), p.viewFirst), func(ctx goapp.Context, got []tab.Row) {
		had := len(p.m.rows)
		p.m.takeLive(got, func(r tab.Row) {
			tab.NoteStatus(sess, r.ID, r.ProvisioningStatus, r.OperatingStatus, p.live.at)
		})
		if len(p.m.rows) > had {
			p.m.addedAt = time.Now()
		}
		p.showAlerts()
		p.askNames(ctx)
	})
}

// inView are the ids of the rows of shown the table renders, its first
// being first (ui.Window).
func inView(shown []tab.Row, first int) map[string]bool {
	start, end := ui.Window(first, len(shown))
	ids := make(map[string]bool, end-start)
	for i := start; i < end; i++ {
		ids[shown[i].ID] = true
	}
	return ids
}

// readSome reads the rows of res that q asks for, at most most of them
// (0: all), within a minute. Blocks: ctx.Async.
func readSome(c *octavia.Client, res *console.Resource, q console.ListQuery, most int) ([]tab.Row, error) {
	cc, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var got []tab.Row
	for r, err := range ReadRows(cc, c, res, q) {
		if err != nil {
			return got, err
		}
		if got = append(got, r); len(got) == most {
			break
		}
	}
	return got, nil
}

// treeRows overlays rows with the statuses of tree (an embedded list's
// page read): the rows of objects in the tree show what it says.
func treeRows(rows []tab.Row, tree *tab.TreeRead) []tab.Row {
	if tree == nil {
		return rows
	}
	var out []tab.Row
	for i, r := range rows {
		s, ok := tree.Status(r.ID)
		if !ok || s.Prov == r.ProvisioningStatus && s.Oper == r.OperatingStatus {
			continue
		}
		if out == nil {
			out = slices.Clone(rows)
		}
		out[i].ProvisioningStatus, out[i].OperatingStatus = s.Prov, s.Oper
	}
	if out == nil {
		return rows
	}
	return out
}

// treeSig is what of tree an embedded list of res under parent is read
// again for: its load balancer's provisioning status, and the objects of
// its kind in it (under its parent, for a pool's members) with their names
// (a rename Octavia finished between two polls moves no status).
func treeSig(t *tab.TreeRead, res *console.Resource, parent string) string {
	if t == nil || res == nil {
		return ""
	}
	ids := t.Ids(res.Kind, parent)
	slices.Sort(ids)
	sig := string(t.Tree.ProvisioningStatus)
	for _, id := range ids {
		s, _ := t.Status(id)
		sig += "," + id + "=" + s.Name
	}
	return sig
}

// followTree reads an embedded list again when its page's read of the tree
// says its rows changed. UI goroutine.
func (p *Page) followTree(ctx goapp.Context) {
	sig := treeSig(p.Tree, p.res, p.Parent)
	switch {
	case sig == "" || sig == p.treeRead:
	case p.treeRead == "":
		p.treeRead = sig
	default:
		p.treeRead = sig
		if p.loader.status == ui.Loaded {
			p.load(ctx)
		}
	}
	p.m.changed = p.Tree.Changed
}

// followOps takes the end of every operation on an object of the list:
// a delete that succeeded takes its row out, any other write reads the
// object once and puts its row in. UI goroutine.
func (p *Page) followOps(ctx goapp.Context) {
	if p.sess == nil || p.res == nil {
		return
	}
	var ended []tab.Operation
	p.opStates, ended = endedOps(p.opStates, p.ops, p.sess.Info.ProjectID, p.res.Kind, p.Parent)
	for _, op := range ended {
		switch {
		case op.Kind == tab.OpDelete && op.State == tab.OpSucceeded:
			p.m.drop(op.Ref.ID)
		default:
			p.readRow(ctx, op.Ref)
		}
	}
}

// endedOps are, of ops, the operations of project on objects of kind
// under parent that ended since was (their states when last seen), and
// their states now.
func endedOps(was map[string]tab.OpState, ops []tab.Operation, project string, kind octavia.Kind, parent string) (now map[string]tab.OpState, ended []tab.Operation) {
	now = map[string]tab.OpState{}
	for _, op := range ops {
		if op.ProjectID != project || op.Ref.Kind != kind || op.Ref.ParentID != parent || op.Ref.ID == "" {
			continue
		}
		now[op.ID] = op.State
		old, seen := was[op.ID]
		if op.State == tab.OpWaiting || !seen || old != tab.OpWaiting {
			continue
		}
		ended = append(ended, op)
	}
	return now, ended
}

// readRow reads object r's row once, with the list's own filters (and
// its id): it is put in the list when Octavia lists it there, and taken out
// when it does not. UI goroutine; the GET runs in ctx.Async.
func (p *Page) readRow(ctx goapp.Context, r octavia.Ref) {
	c, res, key := p.sess.Client, p.res, p.key
	q := p.query()
	q.Filters = url.Values{}
	maps.Copy(q.Filters, p.filters)
	q.Filters.Set(res.Kind.IDKey(), r.ID)
	ctx.Async(func() {
		got, err := readSome(c, res, q, 0)
		ctx.Dispatch(func(ctx goapp.Context) {
			i := slices.IndexFunc(got, func(x tab.Row) bool { return x.ID == r.ID })
			switch {
			case key != p.key:
			case err != nil:
				p.live.fail(err)
			case i < 0:
				p.m.drop(r.ID)
			default:
				p.m.put(got[i])
				p.m.addedAt = time.Now()
				p.showAlerts()
			}
		})
	})
}

// showAlerts puts the count of rows in ERROR or DEGRADED in the tab's
// title (a list of its own: an embedded list's page does it). UI
// goroutine.
func (p *Page) showAlerts() {
	if p.Embedded == nil {
		tab.SetAlertTitle(p.m.alerts())
	}
}
