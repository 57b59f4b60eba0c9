package console

import (
	"sort"
	"strconv"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
)

// How a list orders its rows: by name (compareRow, the order rows are kept
// and merged in), or by the column the user picked (sortedBy).

// SortOrder returns the indexes 0..n-1 of a list ordered by cmp(i, j) (which
// compares items i and j, as for slices.SortFunc), equal items in their
// order: the order of a stable sort, which sort.Sort gives here because
// items that cmp finds equal are ordered by their index. The package's sorts
// of its own types go through it (or Sorted, sortRows), so that the wasm holds the
// one sort.Sort go-app links rather than one slices.SortFunc instantiation,
// ~20 KB raw, per element type.
func SortOrder(n int, cmp func(i, j int) int) []int {
	o := order{idx: make([]int, n), cmp: cmp}
	for i := range o.idx {
		o.idx[i] = i
	}
	sort.Sort(o)
	return o.idx
}

// Sorted returns a copy of s ordered by cmp, stable: what cmp calls equal
// keeps its order in s. It sorts indexes (SortOrder), not s's values.
func Sorted[T any](s []T, cmp func(a, b *T) int) []T {
	out := make([]T, len(s))
	for k, i := range SortOrder(len(s), func(i, j int) int { return cmp(&s[i], &s[j]) }) {
		out[k] = s[i]
	}
	return out
}

// order is the sort.Interface of sortOrder: indexes by cmp, then by index.
type order struct {
	idx []int
	cmp func(i, j int) int
}

func (o order) Len() int { return len(o.idx) }
func (o order) Less(a, b int) bool {
	i, j := o.idx[a], o.idx[b]
	if c := o.cmp(i, j); c != 0 {
		return c < 0
	}
	return i < j
}
func (o order) Swap(a, b int) { o.idx[a], o.idx[b] = o.idx[b], o.idx[a] }

// MergeRows returns a new slice holding the rows of a and b, both sorted by
// compareRow, in that order: a page joins the rows already shown in linear
// time, and the slice the page renders is never written to.
func MergeRows(a, b []tab.Row) []tab.Row {
	out := make([]tab.Row, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if tab.CompareRow(&b[0], &a[0]) < 0 {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// Special columns of sortCol.
const (
	SortName      = 0
	sortStatus    = -1
	sortCreated   = -2
	SortID        = -3
	sortUpdated   = -4
	SortNone      = -5 // a column that does not sort
	SortProject   = -6 // the project's name (an admin's lists)
	SortOperating = -7 // the operating status
)

// SortedBy returns a copy of rows sorted on column col (sortName, a
// Columns index + 1, sortStatus, SortOperating, sortCreated, sortUpdated, sortID,
// sortProject: by what project names a project id, the id itself when it
// is nil), reversed when rev; cells that are both whole numbers compare as
// numbers; ties keep the name order.
func SortedBy(rows []tab.Row, col int, rev bool, project func(id string) string) []tab.Row {
	key := func(r *tab.Row) string {
		switch {
		case col == SortName:
			return r.Name
		case col == SortProject && project != nil:
			return project(r.ProjectID)
		case col == SortProject:
			return r.ProjectID
		case col == sortStatus:
			return r.ProvisioningStatus
		case col == SortOperating:
			return r.OperatingStatus
		case col == sortCreated:
			return r.CreatedAt
		case col == sortUpdated:
			return r.UpdatedAt
		case col == SortID:
			return r.ID
		case col > 0 && col-1 < len(r.Cells):
			return r.Cells[col-1]
		}
		return ""
	}
	return Sorted(rows, func(a, b *tab.Row) int {
		ka, kb := key(a), key(b)
		c := 0
		na, oka := atoi(ka)
		nb, okb := atoi(kb)
		if oka && okb {
			c = na - nb
		} else {
			c = tab.CompareFold(ka, kb)
		}
		if rev {
			c = -c
		}
		return c
	})
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

// listColumns are the columns of res's table, in order, with what each
// sorts on (sortNone: it does not): what names a row (firstColumn), its
// project when the list shows it (project), the kind's Columns, the
// statuses and times the kind has, the id.
// Column classes (vcol.Class, and the cells'): a phone's screen
// (web/octaview.css) leaves out the secondary columns (times, ids) of
// every list, and of a list with statuses every column but the name and
// the statuses, so that those fit.
const (
	ColSecondary = "col-sec"
	colName      = "col-name"
	ColStatus    = "col-st"
)

func ListColumns(res *Resource, project bool) (cols []ui.Vcol, sorts []int) {
	cols, sorts = append(cols, ui.Vcol{Title: res.firstColumn(), Width: "20%", Class: colName}), append(sorts, SortName)
	if project {
		cols, sorts = append(cols, ui.Vcol{Title: "Project", Width: "10%"}), append(sorts, SortProject)
	}
	for i, c := range res.Columns {
		w := c.Width
		if w == "" {
			w = "11%"
		}
		cols, sorts = append(cols, ui.Vcol{Title: c.Title, Width: w}), append(sorts, i+1)
	}
	if res.HasStatus() {
		cols, sorts = append(cols, ui.Vcol{Title: "Provisioning", Width: "11%", Class: ColStatus}, ui.Vcol{Title: "Operating", Width: "10%", Class: ColStatus}), append(sorts, sortStatus, SortOperating)
	}
	if res.Times {
		cols, sorts = append(cols, ui.Vcol{Title: "Created (UTC)", Width: "12%", Class: ColSecondary}, ui.Vcol{Title: "Updated (UTC)", Width: "12%", Class: ColSecondary}), append(sorts, sortCreated, sortUpdated)
	}
	if !res.NamedByID() {
		cols, sorts = append(cols, ui.Vcol{Title: "ID", Width: "12%", Class: ColSecondary}), append(sorts, SortID)
	}
	return cols, sorts
}

// firstColumn is the title of the column that names a row: "Name", "ID"
// for kinds whose objects have no name (amphorae), "Project" for those
// named by their project (quotas).
func (r *Resource) firstColumn() string {
	switch {
	case r.ProjectNamed:
		return "Project"
	case r.Unnamed:
		return "ID"
	}
	return "Name"
}
