package list

import (
	"slices"
	"time"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
)

// model is what a list shows, apart from how it is read: its rows, the
// search, status filter and sort the user chose, and the merge of what a
// re-read, a live read or one object's read brings into the rows. It does
// no I/O and knows no go-app: Page reads, model keeps. UI goroutine.
type model struct {
	rows         []tab.Row       // sorted by console.SortRows's order
	query        string          // the search box's text
	statusFilter string          // "", or one of statusOptions' values (status_filter.go)
	sortCol      int             // the column sorted on: console.SortName, i = Columns[i-1], or another console.Sort* constant
	sortRev      bool            // the sort reversed
	changed      map[string]bool // rows whose status changed at the last read: they flash once
	// addedAt is when a row was last added to rows (a load, a live read, one
	// object's read; set by the page): a read of the list's ids that began
	// later and does not list a row shows it was deleted (takeIDs).
	addedAt time.Time
}

// filtered reports whether a search or a status filter hides rows.
func (m *model) filtered() bool { return m.query != "" || m.statusFilter != "" }

// shown are of all (the list's rows, with what the page adds to them) the
// ones the table shows at time now: filtered by the search and the status
// filter, in the order of the sorted column; namer names projects for the
// Project column's sort (nil: the list has none).
func (m *model) shown(all []tab.Row, namer func(id string) string, now time.Time) []tab.Row {
	rows := console.FilterRows(all, m.query)
	if m.statusFilter != "" {
		var out []tab.Row
		for i := range rows {
			if keeps(m.statusFilter, &rows[i], now) {
				out = append(out, rows[i])
			}
		}
		rows = out
	}
	if m.sortCol != 0 || m.sortRev {
		rows = console.SortedBy(rows, m.sortCol, m.sortRev, namer)
	}
	return rows
}

// sortOn sorts on col, or reverses the sort when it is on col already.
func (m *model) sortOn(col int) {
	if m.sortCol == col {
		m.sortRev = !m.sortRev
	} else {
		m.sortCol, m.sortRev = col, false
	}
}

// clearSearch drops the search and the status filter.
func (m *model) clearSearch() { m.query, m.statusFilter = "", "" }

// takeLive takes rows read live into the list: a known row gets its new
// statuses and cells (and keeps its place in Octavia's order), a new one
// is added; a row whose status changed flashes once. note is told each row
// taken, as the list now has it.
func (m *model) takeLive(got []tab.Row, note func(tab.Row)) {
	if len(got) == 0 {
		m.changed = nil
		return
	}
	byID := make(map[string]*tab.Row, len(got))
	for i := range got {
		byID[got[i].ID] = &got[i]
	}
	m.rows = slices.Clone(m.rows) // the merger of a load may hold the old slice
	changed := map[string]bool{}
	resort := false
	for i := range m.rows {
		r := &m.rows[i]
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
		note(*r)
	}
	for i := range got { // rows the list did not have: between their neighbours in Octavia's order
		if n, ok := byID[got[i].ID]; ok {
			n.Seq = placeSeq(got, i, m.rows)
			m.rows = append(m.rows, *n)
			resort = true
			note(*n)
		}
	}
	if resort {
		tab.SortRows(m.rows)
	}
	m.changed = changed
}

// put puts n, one object's row read again, into the list: in place of
// its old row (keeping its place in Octavia's order), or between its
// neighbours by name.
func (m *model) put(n tab.Row) {
	rows := slices.Clone(m.rows)
	if j := slices.IndexFunc(rows, func(x tab.Row) bool { return x.ID == n.ID }); j >= 0 {
		n.Seq = rows[j].Seq
		rows[j] = keepKnown(rows[j], n)
	} else {
		n.Seq = seqBetween(rows, n)
		rows = append(rows, n)
	}
	tab.SortRows(rows)
	m.rows = rows
}

// drop takes the row of id out.
func (m *model) drop(id string) {
	if i := slices.IndexFunc(m.rows, func(r tab.Row) bool { return r.ID == id }); i >= 0 {
		m.rows = slices.Delete(slices.Clone(m.rows), i, i+1)
	}
}

// alerts counts the rows in ERROR or DEGRADED (the tab's title shows it).
func (m *model) alerts() int {
	n := 0
	for _, r := range m.rows {
		if tab.AlertStatus(r.ProvisioningStatus) || tab.AlertStatus(r.OperatingStatus) {
			n++
		}
	}
	return n
}

// keepKnown is row n, read again, in place of old: what n's read did not
// ask for (its project, when a read without the Project column answered)
// stays as old had it, so a re-read never blanks a cell.
func keepKnown(old, n tab.Row) tab.Row {
	if n.ProjectID == "" {
		n.ProjectID = old.ProjectID
	}
	return n
}

// placeSeq is a place in Octavia's order for got[i], a row the list did not
// have: just after the row before it in got (the answer is in that order),
// or just before the first known one.
func placeSeq(got []tab.Row, i int, rows []tab.Row) float64 {
	seqOf := func(id string) (float64, bool) {
		j := slices.IndexFunc(rows, func(r tab.Row) bool { return r.ID == id })
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

// seqBetween is a place in Octavia's order for n, a new row: between its
// neighbours by name (Octavia orders by name too).
func seqBetween(rows []tab.Row, n tab.Row) float64 {
	before, after := -1.0, -1.0
	for i := range rows {
		c := tab.CompareRow(&rows[i], &n)
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
