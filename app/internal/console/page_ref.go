package console

import (
	"net/url"
	"strings"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// PageRef is what a path names: a kind, the parent's id (children), the
// object's id ("" for a list or a create) and the mode: "list", "detail",
// "new" or "edit".
type PageRef struct {
	Res      *Resource
	ParentID string
	ID       string
	Mode     string
}

// Ref is the Ref of the page's object, as its URL names it.
func (pr PageRef) Ref() octavia.Ref {
	return octavia.Ref{Kind: pr.Res.Kind, ID: pr.ID, ParentID: pr.ParentID}
}

// ParsePage finds the page a path names; ok is false for a path of no kind.
func ParsePage(path string) (PageRef, bool) {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	for i, p := range parts {
		if u, err := url.PathUnescape(p); err == nil {
			parts[i] = u
		}
	}
	if path == tab.HomePath {
		return PageRef{Res: LBResource, Mode: "list"}, true
	}
	for _, r := range Resources {
		if r.Parent() != nil || "/"+parts[0] != r.Path {
			continue
		}
		switch {
		case len(parts) == 1:
			return PageRef{Res: r, Mode: "list"}, true
		case len(parts) == 2 && parts[1] == "new":
			return PageRef{Res: r, Mode: "new"}, true
		case len(parts) == 2:
			return PageRef{Res: r, ID: parts[1], Mode: "detail"}, true
		case len(parts) == 3 && parts[2] == "edit":
			return PageRef{Res: r, ID: parts[1], Mode: "edit"}, true
		}
		for _, c := range Resources {
			if c.Kind.Parent() != r.Kind || len(parts) < 4 || "/"+parts[2] != c.Path {
				continue
			}
			switch {
			case len(parts) == 4 && parts[3] == "new":
				return PageRef{Res: c, ParentID: parts[1], Mode: "new"}, true
			case len(parts) == 4:
				return PageRef{Res: c, ParentID: parts[1], ID: parts[3], Mode: "detail"}, true
			case len(parts) == 5 && parts[4] == "edit":
				return PageRef{Res: c, ParentID: parts[1], ID: parts[3], Mode: "edit"}, true
			}
		}
	}
	return PageRef{}, false
}

// NeedsSession reports whether the page at path shows only to a signed-in
// user (its first render calls requireSession): the load balancer list at
// /, every kind's list, detail page and forms, the create wizard and the
// trainer's pages. The login page, the status wall and paths the app does
// not route are not such pages.
func NeedsSession(path string) bool {
	switch path {
	case tab.HomePath, tab.CreatePath, serverapi.TrainerPagePath, serverapi.TrainerCardsPath:
		return true
	}
	if path == CertificatesPath || strings.HasPrefix(path, CertificatesPath+"/") {
		return true // app/cert's pages
	}
	_, ok := ParsePage(path)
	return ok
}
