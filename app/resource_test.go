package app

import (
	"testing"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// TestResourceTable checks every kind of the table: one description per
// kind, distinct paths and DOM prefixes, every link to a kind the table has,
// and every page's path parsed back to the same kind, parent, id and mode.
func TestResourceTable(t *testing.T) {
	kinds, paths, prefixes := map[octavia.Kind]bool{}, map[string]bool{}, map[string]bool{}
	for _, r := range console.Resources {
		t.Run(r.Plural, func(t *testing.T) {
			if kinds[r.Kind] || prefixes[r.Prefix] {
				t.Errorf("kind %q or prefix %q described twice", r.Kind, r.Prefix)
			}
			kinds[r.Kind], prefixes[r.Prefix] = true, true
			if r.Parent() == nil {
				if paths[r.Path] {
					t.Errorf("path %q used twice", r.Path)
				}
				paths[r.Path] = true
			}
			for _, c := range r.Columns {
				if c.Link != "" && console.ResourceOf(c.Link) == nil {
					t.Errorf("column %q links to kind %q, which the table lacks", c.Title, c.Link)
				}
			}
			for _, p := range r.Props {
				if p.Link != "" && console.ResourceOf(p.Link) == nil {
					t.Errorf("property %q links to kind %q, which the table lacks", p.Label, p.Link)
				}
			}
			for _, c := range r.Children {
				if console.ResourceOf(c.Of) == nil {
					t.Errorf("child list of kind %q, which the table lacks", c.Of)
				}
			}
			if (r.Create && r.CreatePath == "" || r.Edit) && len(r.Fields) == 0 {
				t.Errorf("a form with no fields")
			}
			parent := ""
			if r.Parent() != nil {
				parent = "parent-1"
			}
			var want []console.PageRef
			if !r.NoDetail {
				want = append(want, console.PageRef{Res: r, ParentID: parent, ID: "id-1", Mode: "detail"})
			}
			if r.Parent() == nil {
				want = append(want, console.PageRef{Res: r, Mode: "list"})
			}
			if r.Edit {
				want = append(want, console.PageRef{Res: r, ParentID: parent, ID: "id-1", Mode: "edit"})
			}
			if r.Create && r.CreatePath == "" {
				want = append(want, console.PageRef{Res: r, ParentID: parent, Mode: "new"})
			}
			for _, w := range want {
				var path string
				switch w.Mode {
				case "list":
					path = r.Path
				case "detail":
					path = r.DetailPathOf(parent, "id-1")
				case "edit":
					path = r.EditPathOf(parent, "id-1")
				case "new":
					path = r.CreatePathOf(parent)
				}
				got, ok := console.ParsePage(path)
				if !ok || got != w {
					t.Errorf("parsePage(%q): got %+v, %v; want %+v", path, got, ok, w)
				}
			}
		})
	}
	if _, ok := console.ParsePage("/nothing/here"); ok {
		t.Errorf("parsePage of a path of no kind: got ok, want not")
	}
}

func TestSortedBy(t *testing.T) {
	rows := []tab.Row{{ID: "b", Name: "beta", Cells: []string{"443"}}, {ID: "a", Name: "Alpha", Cells: []string{"80"}}, {ID: "c", Name: "gamma", Cells: []string{"8080"}}}
	names := func(rs []tab.Row) string {
		s := ""
		for _, r := range rs {
			s += r.Name + " "
		}
		return s
	}
	cases := []struct {
		name string
		col  int
		rev  bool
		want string
	}{
		{"by name, case-insensitive", console.SortName, false, "Alpha beta gamma "},
		{"by a numeric cell, as numbers", 1, false, "Alpha beta gamma "},
		{"reversed", 1, true, "gamma beta Alpha "},
		{"by id", console.SortID, false, "Alpha beta gamma "},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := names(console.SortedBy(rows, tc.col, tc.rev, nil)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
