package console

import (
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/attr"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// A property that names other objects by id (a pool's load balancer and
// listeners, a listener's default pool, an L7 policy's redirect pool:
// every attribute the dictionary shows Linked, or a kind's property with
// a Link) shows their names, as the CLI's "show" does not but Horizon's
// pages do: the link says the name (an unnamed object its short id, as
// the CLI lists it), the id is in its title and one click away (a copy
// button). The page says where the names come from (a Namer: its status
// tree, then the session's name book); NamedRefs are what it asks the
// book for.

// Namer names object id of kind k: its name ("" for an unnamed one) and
// whether it is known at all.
type Namer func(k octavia.Kind, id string) (name string, ok bool)

// Named reports whether objects of kind k are shown by name (not kinds
// called by their id: amphorae, zones, quotas).
func Named(k octavia.Kind) bool {
	r := ResourceOf(k)
	return r != nil && !r.NamedByID() && !r.ProjectNamed
}

// NamedRefs are the objects the properties of o (on page pr) link to by
// id, whose names they would show: the page's namer, or the name book,
// answers for them. Each once, with its parent for a child kind.
func NamedRefs(pr PageRef, o octavia.Object) []octavia.Ref {
	var out []octavia.Ref
	seen := map[string]bool{}
	for _, r := range PropRows(pr, o, true) {
		if r.Show != attr.Linked || !Named(r.Link) {
			continue
		}
		to := ResourceOf(r.Link)
		for _, id := range r.IDs {
			if id == "" || seen[string(r.Link)+"/"+id] {
				continue
			}
			seen[string(r.Link)+"/"+id] = true
			out = append(out, octavia.Ref{Kind: r.Link, ID: id, ParentID: parentFor(to, pr)})
		}
	}
	return out
}

// parentFor is the parent's id of an object of kind to linked from page
// from (LinkTo's): a child of the page's object is under it.
func parentFor(to *Resource, from PageRef) string {
	switch p := to.Kind.Parent(); {
	case p == "":
		return ""
	case p == from.Res.Kind:
		return from.ID
	}
	return from.ParentID
}

// RefLabel is what a link to object id says: its name if known (an
// unnamed one's short id), else the id.
func RefLabel(names Namer, k octavia.Kind, id string) string {
	if names != nil && Named(k) {
		if n, ok := names(k, id); ok {
			return RefName(n, id)
		}
	}
	return id
}

// RefName is what an object named name (maybe "") with id is called in a
// link: its name, else its id's first 8 characters, as the CLI's lists.
func RefName(name, id string) string {
	if name != "" {
		return name
	}
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

// RefLink is a link to object id of kind k at href, by name (RefLabel),
// its id in the title and, with copy, behind a copy button once a name
// shows (a property naming one object: a list of many, a pool's members,
// would add as many Tab stops).
func RefLink(names Namer, k octavia.Kind, id, href string, copy bool) goapp.UI {
	label := RefLabel(names, k, id)
	if label == id {
		return ui.ClassA("mono").Href(href).Text(id)
	}
	link := ui.ClassA("ref-name").Href(href).Title(id).DataSet("id", id).Text(label)
	if !copy {
		return link
	}
	return ui.ClassSpan("ref").Body(link, CopyID(id))
}

// CopyID is a small button that copies id to the clipboard; its title
// shows the id. UI goroutine (its click).
func CopyID(id string) goapp.UI {
	// its word "ID" is the stylesheet's (.ref-copy::after): no text of its own,
	// so the property's text is the name, on the served page as in the app;
	// no Tab stop (a page's Tab order stays its links'; the keyboard reaches
	// the id through the link, whose page shows it)
	return goapp.Button().Type("button").Class("ref-copy").TabIndex(-1).Title("Copy the ID "+id).Aria("label", "Copy the ID "+id).
		OnClick(func(ctx goapp.Context, e goapp.Event) {
			if c := goapp.Window().Get("navigator").Get("clipboard"); c.Truthy() {
				c.Call("writeText", id)
			}
		})
}

// CellRef is a list's cell of column c holding v, the id (or ids, "a, b")
// of objects of kind c.Link: a link to the first by name (RefLabel; the
// ids in its title), or its id cut short while the name is unknown.
func CellRef(names Namer, c Column, v string, href string) goapp.UI {
	id, _, _ := strings.Cut(v, ", ")
	if label := RefLabel(names, c.Link, id); label != id {
		return ui.ClassTd("ref-cell").Title(v).Body(goapp.A().Href(href).DataSet("id", id).Text(label))
	}
	return ui.ClassTd("mono").Title(v).Body(goapp.A().Href(href).DataSet("id", id).Text(Shorten(v, 13)))
}

// CellRefs are the objects rows' cells of res's linked columns name, for
// the name book: the first id of each cell, each once.
func CellRefs(res *Resource, rows []tab.Row) []octavia.Ref {
	var out []octavia.Ref
	seen := map[string]bool{}
	for j, c := range res.Columns {
		if c.Link == "" || !Named(c.Link) {
			continue
		}
		for i := range rows {
			if j >= len(rows[i].Cells) {
				continue
			}
			id, _, _ := strings.Cut(rows[i].Cells[j], ", ")
			if id != "" && !seen[string(c.Link)+"/"+id] {
				seen[string(c.Link)+"/"+id] = true
				out = append(out, octavia.Ref{Kind: c.Link, ID: id})
			}
		}
	}
	return out
}
