package list

import (
	"context"
	"net/url"
	"slices"
	"sort"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
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
func bySeq(rows []console.Row) []seqRow {
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

// startLive re-reads the rows in view every 3 s while the list is open
// (a list of its own whose rows have statuses). UI goroutine.
func (p *Page) startLive(ctx goapp.Context) {
	if p.stopLive != nil || p.Embedded != nil || listSort(p.res) == "" {
		return
	}
	p.stopLive = console.Tick(ctx, 3*time.Second, func(ctx goapp.Context) {
		ctx.PreventUpdate() // the answer updates the page, not the tick
		p.liveRead(ctx)
	})
}

// liveRead asks Octavia for the rows in view (liveSpan) and takes them
// into the list. UI goroutine; the GET runs in ctx.Async.
func (p *Page) liveRead(ctx goapp.Context) {
	if p.liveBusy || p.status != ui.Loaded || len(p.rows) == 0 {
		return
	}
	shown := p.shownRows()
	start, end := ui.Window(p.viewFirst, len(shown))
	inView := make(map[string]bool, end-start)
	for i := start; i < end; i++ {
		inView[shown[i].ID] = true
	}
	marker, limit, next := liveSpan(bySeq(p.rows), inView, p.cursor, listLiveMost)
	if limit == 0 {
		return
	}
	p.cursor, p.liveBusy = next, true
	c, res, key := p.sess.Client, p.res, p.key
	q := console.ListQuery{Parent: p.Parent, Filters: p.filters, Limit: limit, Marker: marker, Sort: listSort(res), Project: p.projectColumn()}
	began := time.Now()
	ctx.Async(func() {
		cc, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		var got []console.Row
		var err error
		for r, e := range ReadRows(cc, c, res, q) {
			if e != nil {
				err = e
				break
			}
			got = append(got, r)
			if len(got) == limit {
				break
			}
		}
		ctx.Dispatch(func(ctx goapp.Context) {
			p.liveBusy = false
			if key != p.key {
				return
			}
			if err != nil {
				p.liveErr, p.liveErrAt = octavia.Message(err), time.Now()
				return
			}
			p.liveErr, p.liveAt = "", began
			p.takeLive(got)
			p.showAlerts()
		})
	})
}

// takeLive takes rows read live into the list: a known row gets its new
// statuses and cells (and keeps its place in Octavia's order), a new one
// is added; a row whose status changed flashes once. UI goroutine.
func (p *Page) takeLive(got []console.Row) {
	if len(got) == 0 {
		p.changed = nil
		return
	}
	byID := make(map[string]*console.Row, len(got))
	for i := range got {
		byID[got[i].ID] = &got[i]
	}
	p.rows = slices.Clone(p.rows) // the merger of a load may hold the old slice
	changed := map[string]bool{}
	resort := false
	project := p.sess.Info.ProjectID
	for i := range p.rows {
		r := &p.rows[i]
		n, ok := byID[r.ID]
		if !ok {
			continue
		}
		delete(byID, r.ID)
		if r.ProvisioningStatus != n.ProvisioningStatus || r.OperatingStatus != n.OperatingStatus {
			changed[r.ID] = true
		}
		resort = resort || r.Name != n.Name
		n.Seq = r.Seq
		*r = keepKnown(*r, *n)
		console.NoteStatus(project, r.ID, r.ProvisioningStatus, r.OperatingStatus, p.liveAt)
	}
	for i := range got { // rows the list did not have: between their neighbours in Octavia's order
		if n, ok := byID[got[i].ID]; ok {
			n.Seq = placeSeq(got, i, p.rows)
			p.rows = append(p.rows, *n)
			resort = true
			console.NoteStatus(project, n.ID, n.ProvisioningStatus, n.OperatingStatus, p.liveAt)
		}
	}
	if resort {
		console.SortRows(p.rows)
	}
	p.changed = changed
}

// keepKnown is row n, read again, in place of old: what n's read did not
// ask for (its project, when a read without the Project column answered)
// stays as old had it, so a re-read never blanks a cell.
func keepKnown(old, n console.Row) console.Row {
	if n.ProjectID == "" {
		n.ProjectID = old.ProjectID
	}
	return n
}

// placeSeq is a place in Octavia's order for got[i], a row the list did not
// have: just after the row before it in got (the answer is in that order),
// or just before the first known one.
func placeSeq(got []console.Row, i int, rows []console.Row) float64 {
	seqOf := func(id string) (float64, bool) {
		j := slices.IndexFunc(rows, func(r console.Row) bool { return r.ID == id })
		if j < 0 {
			return 0, false
		}
		return rows[j].Seq, true
	}
	for j := i - 1; j >= 0; j-- {
		if s, ok := seqOf(got[j].ID); ok {
			return s + float64(i-j)/float64(len(got)+1)
		}
	}
	for j := i + 1; j < len(got); j++ {
		if s, ok := seqOf(got[j].ID); ok {
			return s - float64(j-i)/float64(len(got)+1)
		}
	}
	return -1
}

// liveState is the state of the list's live re-read.
func (p *Page) liveState() console.LiveState {
	return console.LiveState{Following: p.stopLive != nil, Err: p.liveErr, ErrAt: p.liveErrAt, ReadAt: p.liveAt}
}

// stopLiveRead ends the live re-read. UI goroutine.
func (p *Page) stopLiveRead() {
	if p.stopLive != nil {
		p.stopLive()
		p.stopLive = nil
	}
	p.liveBusy, p.liveErr, p.liveAt, p.cursor, p.changed = false, "", time.Time{}, 0, nil
}

// treeRows overlays rows with the statuses of tree (an embedded list's
// page read): the rows of objects in the tree show what it says.
func treeRows(rows []console.Row, tree *console.TreeRead) []console.Row {
	if tree == nil {
		return rows
	}
	var out []console.Row
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

// treeSig is what of tree an embedded list is read again for: its load
// balancer's provisioning status, and the objects of its kind in it (under
// its parent, for a pool's members) with their names (a rename Octavia
// finished between two polls moves no status).
func (p *Page) treeSig() string {
	t := p.Tree
	if t == nil || p.res == nil {
		return ""
	}
	ids := t.Ids(p.res.Kind, p.Parent)
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
	sig := p.treeSig()
	switch {
	case sig == "" || sig == p.treeRead:
	case p.treeRead == "":
		p.treeRead = sig
	default:
		p.treeRead = sig
		if p.status == ui.Loaded {
			p.load(ctx)
		}
	}
	p.changed = p.Tree.Changed
}

// followOps takes the end of every operation on an object of the list:
// a delete that succeeded takes its row out, any other write reads the
// object once and puts its row in. UI goroutine.
func (p *Page) followOps(ctx goapp.Context) {
	if p.sess == nil || p.res == nil {
		return
	}
	was := p.opStates
	p.opStates = map[string]console.OpState{}
	for _, op := range p.ops {
		if op.ProjectID != p.sess.Info.ProjectID || op.Ref.Kind != p.res.Kind || op.Ref.ParentID != p.Parent || op.Ref.ID == "" {
			continue
		}
		p.opStates[op.ID] = op.State
		old, seen := was[op.ID]
		if op.State == console.OpWaiting || !seen || old != console.OpWaiting {
			continue
		}
		switch {
		case op.Kind == console.OpDelete && op.State == console.OpSucceeded:
			p.dropRow(op.Ref.ID)
		default:
			p.readRow(ctx, op.Ref)
		}
	}
}

// dropRow takes the row of id out. UI goroutine.
func (p *Page) dropRow(id string) {
	if i := slices.IndexFunc(p.rows, func(r console.Row) bool { return r.ID == id }); i >= 0 {
		p.rows = slices.Delete(slices.Clone(p.rows), i, i+1)
	}
}

// readRow reads object r's row once, with the list's own filters (and
// its id): it is put in the list when Octavia lists it there, and taken out
// when it does not. UI goroutine; the GET runs in ctx.Async.
func (p *Page) readRow(ctx goapp.Context, r octavia.Ref) {
	c, res, key := p.sess.Client, p.res, p.key
	filters := url.Values{}
	for k, v := range p.filters {
		filters[k] = v
	}
	filters.Set(res.Kind.IDKey(), r.ID)
	q := console.ListQuery{Parent: p.Parent, Filters: filters, Sort: listSort(res), Project: p.projectColumn()}
	ctx.Async(func() {
		cc, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		var got []console.Row
		var err error
		for x, e := range ReadRows(cc, c, res, q) {
			if e != nil {
				err = e
				break
			}
			got = append(got, x)
		}
		ctx.Dispatch(func(ctx goapp.Context) {
			i := slices.IndexFunc(got, func(x console.Row) bool { return x.ID == r.ID })
			switch {
			case key != p.key:
			case err != nil:
				p.liveErr, p.liveErrAt = octavia.Message(err), time.Now()
			case i < 0:
				p.dropRow(r.ID)
			default:
				n := got[i]
				rows := slices.Clone(p.rows)
				if j := slices.IndexFunc(rows, func(x console.Row) bool { return x.ID == n.ID }); j >= 0 {
					n.Seq = rows[j].Seq
					rows[j] = keepKnown(rows[j], n)
				} else {
					n.Seq = seqBetween(rows, n)
					rows = append(rows, n)
				}
				console.SortRows(rows)
				p.rows = rows
				p.showAlerts()
			}
		})
	})
}

// seqBetween is a place in Octavia's order for n, a new row: between its
// neighbours by name (Octavia orders by name too).
func seqBetween(rows []console.Row, n console.Row) float64 {
	before, after := -1.0, -1.0
	for i := range rows {
		c := console.CompareRow(&rows[i], &n)
		switch {
		case c < 0 && (before < 0 || rows[i].Seq > before):
			before = rows[i].Seq
		case c > 0 && (after < 0 || rows[i].Seq < after):
			after = rows[i].Seq
		}
	}
	switch {
	case before >= 0 && after >= 0:
		return (before + after) / 2
	case before >= 0:
		return before + 1
	case after >= 0:
		return after - 1
	}
	return 0
}

// showAlerts puts the count of rows in ERROR or DEGRADED in the tab's
// title (a list of its own: an embedded list's page does it). UI
// goroutine.
func (p *Page) showAlerts() {
	if p.Embedded != nil {
		return
	}
	n := 0
	for _, r := range p.rows {
		if console.AlertStatus(r.ProvisioningStatus) || console.AlertStatus(r.OperatingStatus) {
			n++
		}
	}
	console.SetAlertTitle(n)
}
