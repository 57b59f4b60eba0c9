package console

import (
	"slices"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// A child's page says where it is: load balancer › listener › pool ›
// member, each part a link by name (Horizon's and Skyline's pages do
// this; the CLI does not). The path comes from the status tree the page
// reads anyway (a pool's listener is the one the tree holds it under),
// and from the object itself where the tree says nothing (a monitor's
// pool, an L7 policy's listener, a rule's policy).

// Crumb is one part of a page's breadcrumb: an object, under its parent
// (a member's pool) for a child kind.
type Crumb struct {
	Kind     octavia.Kind
	ID       string
	ParentID string
}

// Crumbs is the breadcrumb of page pr (its object shown as o; lbID its load
// balancer, once known) from read r of the tree (nil: not read yet), the
// page's own object last; nil for a page outside a load balancer's tree
// and for a load balancer's.
func Crumbs(r *tab.TreeRead, pr PageRef, o octavia.Object, lbID string) []Crumb {
	if !pr.Res.HasStatus() || pr.Res.Kind == octavia.KindLoadBalancer || o == nil {
		return nil
	}
	if lbID == "" && r != nil {
		lbID = r.Tree.ID
	}
	var path []Crumb
	self := Crumb{Kind: pr.Res.Kind, ID: pr.ID, ParentID: pr.ParentID}
	pool := func(id string) []Crumb {
		if id == "" {
			return nil
		}
		return append(listenerOf(r, id), Crumb{Kind: octavia.KindPool, ID: id})
	}
	switch pr.Res.Kind {
	case octavia.KindListener:
		path = []Crumb{self}
	case octavia.KindPool:
		path = append(listenerOf(r, pr.ID), self)
	case octavia.KindMember:
		path = append(pool(pr.ParentID), self)
	case octavia.KindMonitor:
		path = append(pool(o.Text("pool_id")), self)
	case octavia.KindL7Policy:
		if l := o.Text("listener_id"); l != "" {
			path = append(path, Crumb{Kind: octavia.KindListener, ID: l})
		}
		path = append(path, self)
	case octavia.KindL7Rule:
		path = []Crumb{{Kind: octavia.KindL7Policy, ID: pr.ParentID}, self}
	default:
		return nil
	}
	if lbID == "" {
		return path
	}
	return append([]Crumb{{Kind: octavia.KindLoadBalancer, ID: lbID}}, path...)
}

// listenerOf is the listener the tree holds pool id under (the first, for
// a pool shared by two), as a crumb; none when the tree holds it under
// none (a pool of the load balancer only) or is not read.
func listenerOf(r *tab.TreeRead, id string) []Crumb {
	if r == nil {
		return nil
	}
	for _, l := range r.Tree.Listeners {
		if slices.ContainsFunc(l.Pools, func(p octavia.StatusPool) bool { return p.ID == id }) {
			return []Crumb{{Kind: octavia.KindListener, ID: l.ID}}
		}
	}
	return nil
}

// Path is the crumb's page.
func (c Crumb) Path() string {
	r := ResourceOf(c.Kind)
	if r == nil {
		return ""
	}
	return r.DetailPathOf(c.ParentID, c.ID)
}

// Ref is the crumb's object, for the name book.
func (c Crumb) Ref() octavia.Ref {
	return octavia.Ref{Kind: c.Kind, ID: c.ID, ParentID: c.ParentID}
}
