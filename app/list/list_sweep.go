package list

import (
	"context"
	"fmt"
	"slices"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// How a list shows what was created or deleted elsewhere (issue 30): the
// live re-read (list_live.go) follows the rows in view, not the set of
// rows. A list of at most sweepMost rows also reads, every 3 s, the ids of
// the whole list (its ids only: Octavia's "fields=id", ~45 bytes a row, one
// GET per 1,000 rows), shared by the browser's tabs like every poll
// (tab.SharedHubFetch: one poll per credential, not one per tab). A new id
// is read once (its row, by id) and put in its place. A row the read did
// not list is taken out when the read began after the last row was added
// to the list (it was listed before, and is not now: deleted), else when
// the next read does not list it either (a read that began before a row
// came must not drop it); never while a write of this tab on it is in
// flight: its wait ends it (followOps). More than sweepNewMost new ids at
// once read the whole list again instead.
//
// A longer list reads, every 3 s, only the ids of its newest objects (one
// GET of sweepNewest ids, by created_at: a load balancer created elsewhere
// shows within a poll or two among 10,002 too); it is read whole only every
// listRefresh and on Refresh, so a row deleted elsewhere stays until then,
// and it says, next to its live mark, how long ago its set of rows was read.

// sweepMost is the most rows a list may have for its set of rows to be
// read every 3 s: two GETs of ids per 3 s (three at exactly 2,000: a full
// last page has a next link, whose page is empty).
const sweepMost = 2000

// sweepPage is the page size of a read of ids (Octavia's largest).
const sweepPage = 1000

// sweepNewMost is the most new ids one read of ids reads one by one;
// beyond it, the whole list is read again.
const sweepNewMost = 20

// sweepNewest is how many of a long list's newest ids a read asks for.
const sweepNewest = sweepNewMost

// idRead is one read of a list's ids, and when its GET began: the tabs
// that take it from the tab that read it (tab.SharedHubFetch) learn when.
type idRead struct {
	IDs    []string  `json:"i"`
	At     time.Time `json:"t"`
	Newest bool      `json:"n,omitempty"` // the newest ids only (a long list): it says nothing of the others
}

// rowSweep is a list's read of its ids every 3 s: its poll (start), and
// what it keeps between two reads to take the next one (take: the rows
// the last read did not list, the new ids whose rows it asked for). The
// page reads the rows it names. UI goroutine.
type rowSweep struct {
	stop   func()          // leaves the poll; nil when none runs
	newest bool            // the poll reads the newest ids only (a list of more than sweepMost rows)
	gen    int             // counts the polls started: a late answer of an ended one is dropped
	absent map[string]bool // rows the last read did not list
	asked  map[string]bool // new ids whose rows the last read asked for
}

// end ends the sweep and forgets its state.
func (s *rowSweep) end() {
	if s.stop != nil {
		s.stop()
	}
	*s = rowSweep{gen: s.gen + 1}
}

// sweepKey is the key of a list's read of ids among the polls of the tab
// (and, with the user and region, of the browser's tabs): its project, kind,
// parent and Octavia's filters.
func sweepKey(sess *tab.Session, res *console.Resource, q console.ListQuery) string {
	return sess.Info.ProjectID + "/" + res.Path + "/" + q.Parent + "?" + q.Filters.Encode()
}

// start polls the ids of the list of res that q asks for (its parent and
// filters) every 3 s with sess's client, shared by the browser's tabs
// (tab.SharedHubFetch): all of them for a list of at most sweepMost rows
// (rows: its length now), the newest for a longer one; unless that poll
// runs already. take is told each read while the poll is this one. UI
// goroutine; the reads run on a Hub's goroutine, take on the UI
// goroutine.
func (s *rowSweep) start(ctx goapp.Context, sess *tab.Session, res *console.Resource, q console.ListQuery, rows int, take func(goapp.Context, waiters.Update[idRead])) {
	newest := rows > sweepMost
	if s.stop != nil && s.newest == newest {
		return
	}
	s.end()
	c := sess.Client
	hub := waiters.NewHub[idRead](waiters.DefaultInterval)
	hk := sweepKey(sess, res, q)
	read := func(cc context.Context) ([]string, error) { return readIDs(cc, c, res, q, sweepMost+1) }
	if newest {
		hk += "|newest"
		read = func(cc context.Context) ([]string, error) { return readNewestIDs(cc, c, res, q) }
	}
	fetch := tab.SharedHubFetch(sess, "ids", hub, hk, func(cc context.Context) (idRead, error) {
		at := time.Now()
		ids, err := read(cc)
		return idRead{IDs: ids, At: at, Newest: newest}, err
	})
	s.newest = newest
	s.gen++
	gen := s.gen
	s.stop = hub.Subscribe(hk, fetch, func(u waiters.Update[idRead]) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if s.gen == gen && s.stop != nil {
				take(ctx, u)
			}
		})
	})
}

// take takes r, a read of the list's ids, into m: the rows it shows
// deleted go (m.takeIDs; never one busy, a write of this tab on it in
// flight; a read of the newest ids takes none out). It returns the new ids
// whose rows to read (read: those the last read did not ask for already,
// whose read may be under way still), whether the whole list is to be read
// again instead (reload: more than sweepNewMost new ids), and whether the
// set of rows changed at all.
func (s *rowSweep) take(m *model, r idRead, busy func(id string) bool) (read []string, reload, changed bool) {
	had := len(m.rows)
	var added []string
	if r.Newest {
		added = m.newIDs(r.IDs)
	} else {
		added, s.absent = m.takeIDs(r.IDs, r.At, s.absent, busy)
	}
	if len(added) == 0 && len(m.rows) == had {
		s.asked = nil
		return nil, false, false
	}
	if len(added) > sweepNewMost {
		return nil, true, true
	}
	asked := map[string]bool{}
	for _, id := range added {
		asked[id] = true
		if !s.asked[id] {
			read = append(read, id)
		}
	}
	s.asked = asked
	return read, false, true
}

// startSweep starts the read of the list's ids every 3 s (a list of its
// own, live; rowSweep.start); a load that ended (the list's length may have
// crossed sweepMost) may switch it from all the ids to the newest. UI
// goroutine.
func (p *Page) startSweep(ctx goapp.Context) {
	if p.Embedded != nil || listSort(p.res) == "" {
		return
	}
	key := p.key
	p.sweep.start(ctx, p.sess, p.res, console.ListQuery{Parent: p.Parent, Filters: p.filters}, len(p.m.rows), func(ctx goapp.Context, u waiters.Update[idRead]) {
		if key == p.key {
			p.takeSweep(ctx, u)
		}
	})
}

// takeSweep takes a read of the list's ids (startSweep): the new rows are
// read one by one (readRow), or the whole list again when there are too
// many. UI goroutine.
func (p *Page) takeSweep(ctx goapp.Context, u waiters.Update[idRead]) {
	switch {
	case u.Err != nil:
		p.live.fail(u.Err)
		return
	case len(u.Value.IDs) > sweepMost:
		p.sweep.end() // the list grew long: the next load (every listRefresh) reads its newest
		return
	case p.loader.status != ui.Loaded:
		return // the load under way brings the rows
	}
	busy := func(id string) bool {
		return slices.ContainsFunc(p.ops, func(op tab.Operation) bool { return op.Ref.ID == id && op.State == tab.OpWaiting })
	}
	read, reload, changed := p.sweep.take(&p.m, u.Value, busy)
	switch {
	case !changed:
		ctx.PreventUpdate() // the set of rows did not change: nothing to render
	case reload:
		p.load(ctx)
	default:
		for _, id := range read {
			p.readRow(ctx, octavia.Ref{Kind: p.res.Kind, ParentID: p.Parent, ID: id})
		}
		p.showAlerts()
	}
}

// readIDs reads the ids of the list of res that q asks for (its parent and
// filters; the local ones applied here), at most most of them. Blocks: a
// Hub's goroutine.
func readIDs(ctx context.Context, c *octavia.Client, res *console.Resource, q console.ListQuery, most int) ([]string, error) {
	lq := octavia.ListQuery{Fields: idFields(res), Limit: sweepPage, Filters: octaviaFilters(res, q)}
	var ids []string
	for r, err := range c.Rows(ctx, res.Kind, q.Parent, lq) {
		if err != nil {
			return nil, err
		}
		if !console.LocalMatch(res, q, r) {
			continue
		}
		if ids = append(ids, r[0]); len(ids) == most {
			break
		}
	}
	return ids, nil
}

// readNewestIDs reads the ids of the sweepNewest newest objects of the list
// of res that q asks for (by created_at; the local filters applied here).
// Blocks: a Hub's goroutine.
func readNewestIDs(ctx context.Context, c *octavia.Client, res *console.Resource, q console.ListQuery) ([]string, error) {
	lq := octavia.ListQuery{Fields: idFields(res), Limit: sweepNewest, Sort: "created_at:desc,id:desc", Filters: octaviaFilters(res, q)}
	var ids []string
	n := 0
	for r, err := range c.Rows(ctx, res.Kind, q.Parent, lq) {
		if err != nil {
			return nil, err
		}
		if console.LocalMatch(res, q, r) {
			ids = append(ids, r[0])
		}
		if n++; n == sweepNewest { // one page, however many the local filters keep
			break
		}
	}
	return ids, nil
}

// idFields are the attributes a read of the ids of res asks for: the id,
// and what the kind's local filters read (console.LocalMatch).
func idFields(res *console.Resource) []string {
	f := []string{res.Kind.IDKey()}
	for _, lf := range res.Filters {
		if lf.Local != "" {
			f = append(f, lf.Local)
		}
	}
	return f
}

// takeIDs takes ids, a read of every id of the list that began at at, into
// the rows: a row it does not list is taken out when the read began after
// the last row was added (m.addedAt), or when absent (the previous read's)
// did not list it either, unless busy (a write of this tab on it is in
// flight). It returns the ids it lists that the rows lack (added), and the
// rows it did not list that stay (absent, for the next read).
func (m *model) takeIDs(ids []string, at time.Time, absent map[string]bool, busy func(id string) bool) (added []string, stay map[string]bool) {
	listed := make(map[string]bool, len(ids))
	for _, id := range ids {
		listed[id] = true
	}
	stay = map[string]bool{}
	var gone []string
	have := make(map[string]bool, len(m.rows))
	for i := range m.rows {
		id := m.rows[i].ID
		have[id] = true
		switch {
		case listed[id] || busy(id):
		case absent[id] || at.After(m.addedAt):
			gone = append(gone, id)
		default:
			stay[id] = true
		}
	}
	if len(gone) > 0 {
		m.rows = slices.DeleteFunc(slices.Clone(m.rows), func(r tab.Row) bool { return slices.Contains(gone, r.ID) })
	}
	for _, id := range ids {
		if !have[id] {
			added = append(added, id)
		}
	}
	return added, stay
}

// newIDs are the ids of ids that the rows lack.
func (m *model) newIDs(ids []string) []string {
	have := make(map[string]bool, len(m.rows))
	for i := range m.rows {
		have[m.rows[i].ID] = true
	}
	var out []string
	for _, id := range ids {
		if !have[id] {
			out = append(out, id)
		}
	}
	return out
}

// rowsAge tells how long ago a list's set of rows was read (at), at now:
// "rows re-read 40 s ago".
func rowsAge(at, now time.Time) string {
	d := max(now.Sub(at), 0)
	if d < time.Minute {
		return fmt.Sprintf("rows re-read %d s ago", int(d/time.Second))
	}
	return fmt.Sprintf("rows re-read %d min ago", int(d/time.Minute))
}
