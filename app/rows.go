package app

import (
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/octaview/octaview/octavia"
)

// row is a row of a list: what every kind's table shows and searches,
// as plain strings (the list of 10,000 load balancers keeps nothing else).
type row struct {
	ID                 string
	Name               string
	ProvisioningStatus string
	OperatingStatus    string
	CreatedAt          string   // Octavia's text; parsed only when shown
	Parent             string   // a member's pool, a rule's L7 policy
	Cells              []string // the kind's Columns, in order
}

// octaviaTime is how Octavia writes times: UTC, to the second, no zone.
const octaviaTime = "2006-01-02T15:04:05"

// rowOf is the row of object o of kind res (parent: the id of a member's
// pool or a rule's policy).
func rowOf(res *resource, parent string, o object) row {
	r := row{ID: res.idOf(o), Name: o.str("name"), ProvisioningStatus: o.str("provisioning_status"),
		OperatingStatus: o.str("operating_status"), CreatedAt: o.str("created_at"), Parent: parent}
	if res.namedByID() {
		r.Name = r.ID
	}
	if len(res.Columns) > 0 {
		r.Cells = make([]string, len(res.Columns))
		for i, c := range res.Columns {
			r.Cells[i] = o.str(c.Key)
		}
	}
	return r
}

// lbRowFields are the attributes a load balancer's row shows, the fields
// its list asks for (lbRowOf reads them in this order).
var lbRowFields = []string{"id", "name", "vip_address", "provisioning_status", "operating_status", "provider", "created_at"}

// lbRowOf is the row of a load balancer as its list reads it (lbRowFields:
// the load balancer's Columns, VIP address and provider).
func lbRowOf(r octavia.Row) row {
	return row{ID: r[0], Name: r[1], ProvisioningStatus: r[3], OperatingStatus: r[4],
		CreatedAt: r[6], Cells: []string{r[2], r[5]}}
}

// createdAt parses a row's creation time (Octavia's form, or RFC 3339);
// the zero time when there is none. Only the rows on screen are parsed.
func createdAt(r *row) time.Time {
	return parseOctaviaTime(r.CreatedAt)
}

// compareRow orders rows by name, case-insensitive, then by id, without
// allocating (a sort of 10,000 rows makes ~130,000 comparisons), so rows
// do not jump when a poll answers in another order.
func compareRow(a, b *row) int {
	if c := compareFold(a.Name, b.Name); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// sortRows sorts rows in place by compareRow (with sort.Slice, which the
// standard library links anyway; compareRow orders every two rows of
// distinct ids, so the sort need not be stable).
func sortRows(rows []row) {
	sort.Slice(rows, func(i, j int) bool { return compareRow(&rows[i], &rows[j]) < 0 })
}

// sortOrder returns the indexes 0..n-1 of a list ordered by cmp(i, j) (which
// compares items i and j, as for slices.SortFunc), equal items in their
// order: a stable sort, with as many comparisons as slices.SortStableFunc
// makes. The package's sorts of its own types go through it (or sort.Slice,
// see sortRows), so that the wasm holds one sort.SliceStable rather than one
// slices.SortFunc instantiation, ~20 KB raw, per element type.
func sortOrder(n int, cmp func(i, j int) int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return cmp(idx[a], idx[b]) < 0 })
	return idx
}

// filterRows keeps the rows whose name contains query (case-insensitive; an
// id also matches when query is its prefix), in their order. An empty
// query keeps them all.
func filterRows(rows []row, query string) []row {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return rows
	}
	var out []row
	for _, r := range rows {
		if strings.Contains(strings.ToLower(r.Name), q) || strings.HasPrefix(strings.ToLower(r.ID), q) {
			out = append(out, r)
		}
	}
	return out
}

// countRows counts rows per provisioning-status tone: active, pending and
// failed.
func countRows(rows []row) (active, pending, failed int) {
	for i := range rows {
		switch toneOf(rows[i].ProvisioningStatus) {
		case toneOK:
			active++
		case tonePending:
			pending++
		case toneError:
			failed++
		}
	}
	return
}

// compareFold compares a and b as strings.Compare(strings.ToLower(a),
// strings.ToLower(b)) does, rune by rune, without allocating.
func compareFold(a, b string) int {
	for a != "" && b != "" {
		var ra, rb rune
		if a[0] < utf8.RuneSelf && b[0] < utf8.RuneSelf {
			ra, rb = rune(a[0]), rune(b[0])
			a, b = a[1:], b[1:]
			if 'A' <= ra && ra <= 'Z' {
				ra += 'a' - 'A'
			}
			if 'A' <= rb && rb <= 'Z' {
				rb += 'a' - 'A'
			}
		} else {
			var na, nb int
			ra, na = utf8.DecodeRuneInString(a)
			rb, nb = utf8.DecodeRuneInString(b)
			a, b = a[na:], b[nb:]
			ra, rb = unicode.ToLower(ra), unicode.ToLower(rb)
		}
		if ra != rb {
			if ra < rb {
				return -1
			}
			return 1
		}
	}
	switch {
	case a == "" && b == "":
		return 0
	case a == "":
		return -1
	}
	return 1
}

// mergeRows returns a new slice holding the rows of a and b, both sorted by
// compareRow, in that order: a page joins the rows already shown in linear
// time, and the slice the page renders is never written to.
func mergeRows(a, b []row) []row {
	out := make([]row, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if compareRow(&b[0], &a[0]) < 0 {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}
