package tab

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Row is a row of a list: what every kind's table shows and searches,
// as plain strings (the list of 10,000 load balancers keeps nothing else).
type Row struct {
	ID                 string
	Name               string
	ProvisioningStatus string
	OperatingStatus    string
	AdminDown          bool     // admin_state_up is false (an operator took it down: OFFLINE is expected)
	CreatedAt          string   // Octavia's text; parsed only when shown
	UpdatedAt          string   // Octavia's text ("" until the first update)
	Parent             string   // a member's pool, a rule's L7 policy
	ProjectID          string   // its project, read for the lists that show it (an admin's: projectColumn)
	Cells              []string // the kind's Columns, in order
	// Seq is the row's place in Octavia's order of the list (listSort), as
	// the last read of the whole list gave it: the live re-read asks
	// Octavia for the rows in view by it (list_live.go).
	Seq float64
}

// CompareRow orders rows by name, case-insensitive, then by id, without
// allocating (a sort of 10,000 rows makes ~130,000 comparisons), so rows
// do not jump when a poll answers in another order.
func CompareRow(a, b *Row) int {
	if c := CompareFold(a.Name, b.Name); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// SortRows sorts rows in place by compareRow (with sort.Sort, whose
// interface sort go-app links anyway, where sort.Slice would add its own
// copy of the sort and reflect's swapper; compareRow orders every two rows
// of distinct ids, so the sort need not be stable).
func SortRows(rows []Row) {
	sort.Sort(rowsByName(rows))
}

// rowsByName is a sort.Interface of rows by compareRow.
type rowsByName []Row

func (r rowsByName) Len() int           { return len(r) }
func (r rowsByName) Less(i, j int) bool { return CompareRow(&r[i], &r[j]) < 0 }
func (r rowsByName) Swap(i, j int)      { r[i], r[j] = r[j], r[i] }

// CompareFold compares a and b as strings.Compare(strings.ToLower(a),
// strings.ToLower(b)) does, rune by rune, without allocating.
func CompareFold(a, b string) int {
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
