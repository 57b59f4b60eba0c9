package console

import (
	"slices"
	"strings"
	"time"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// RowFields are the attributes a row of res shows, in the order of a
// list's ListQuery.Fields (rowOf reads them back in this order): the id,
// its project when the list shows it (project), the name, the statuses and
// times the kind has, its Columns, then the attributes its Local filters
// read.
func RowFields(res *Resource, project bool) []string {
	f := []string{res.Kind.IDKey()}
	if project {
		f = append(f, "project_id")
	}
	if !res.NamedByID() {
		f = append(f, "name")
	}
	if res.HasStatus() {
		f = append(f, "provisioning_status", "operating_status", "admin_state_up")
	}
	if res.Times {
		f = append(f, "created_at", "updated_at")
	}
	for _, c := range res.Columns {
		f = append(f, c.Key)
	}
	for _, lf := range res.Filters {
		if lf.Local != "" {
			f = append(f, lf.Local)
		}
	}
	return f
}

// RowOf is the row of res that r, read with rowFields(res, project), holds
// (parent: the id of a member's pool or a rule's policy).
func RowOf(res *Resource, parent string, r octavia.Row, project bool) tab.Row {
	out := tab.Row{ID: r[0], Name: r[0], Parent: parent}
	i := 1
	if project {
		out.ProjectID, i = r[i], i+1
	}
	if !res.NamedByID() {
		out.Name, i = r[i], i+1
	}
	if res.HasStatus() {
		out.ProvisioningStatus, out.OperatingStatus, out.AdminDown, i = r[i], r[i+1], r[i+2] == "false", i+3
	}
	if res.Times {
		out.CreatedAt, out.UpdatedAt, i = r[i], r[i+1], i+2
	}
	if len(res.Columns) > 0 {
		out.Cells = r[i : i+len(res.Columns)]
	}
	return out
}

// RowOfObject is the row of object o of kind res (a poll's answer, a
// list read as objects).
func RowOfObject(res *Resource, parent string, o octavia.Object) tab.Row {
	fields := RowFields(res, true)
	r := make(octavia.Row, len(fields))
	for i, f := range fields {
		r[i] = o.Text(f)
	}
	return RowOf(res, parent, r, true)
}

// LocalMatch reports whether r, read with rowFields, passes the Local
// filters of q (a pool's listener: its listeners hold the value).
func LocalMatch(res *Resource, q ListQuery, r octavia.Row) bool {
	i := len(r)
	for j := len(res.Filters) - 1; j >= 0; j-- {
		lf := res.Filters[j]
		if lf.Local == "" {
			continue
		}
		i--
		if v := q.Get(lf.Key); v != "" && !slices.Contains(strings.Split(r[i], ", "), v) {
			return false
		}
	}
	return true
}

// CreatedAt parses a row's creation time (Octavia's form, or RFC 3339);
// the zero time when there is none. Only the rows on screen are parsed.
func CreatedAt(r *tab.Row) time.Time {
	return octavia.ParseTime(r.CreatedAt)
}

// FilterRows keeps the rows whose name contains query (case-insensitive; an
// id also matches when query is its prefix), in their order. An empty
// query keeps them all.
func FilterRows(rows []tab.Row, query string) []tab.Row {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return rows
	}
	var out []tab.Row
	for _, r := range rows {
		if strings.Contains(strings.ToLower(r.Name), q) || strings.HasPrefix(strings.ToLower(r.ID), q) {
			out = append(out, r)
		}
	}
	return out
}

// ProjectColumn reports whether res's list shows each row's project: an
// admin's list of a kind of the load balancer tree (Octavia lists every
// project's objects to an admin), not one embedded in a parent's page
// (whose children share the parent's project).
func ProjectColumn(res *Resource, sess *tab.Session, embedded bool) bool {
	return !embedded && res.HasStatus() && sess != nil && sess.Info.HasRole("admin")
}
