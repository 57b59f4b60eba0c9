package detail

import (
	"context"
	"errors"
	"net/url"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// FirstRead is the detail page at u, whose first render reads its object
// (and, for an object of a load balancer's tree, that load balancer's
// tree), when sess may read its kind (mayRead: amphorae, flavor and zone
// profiles are an admin's); ok is false otherwise (not a detail page, or
// one the app shows "only an admin reads" on, reading nothing). The
// server's first screen (FirstScreen) and the app's start (bootServed, the
// page's OnInit) all ask it.
func FirstRead(sess *tab.Session, u *url.URL) (pr console.PageRef, ok bool) {
	pr, ok = console.ParsePage(u.Path)
	if !ok || pr.Mode != "detail" || !pr.Res.MayRead(sess) {
		return console.PageRef{}, false
	}
	return pr, true
}

// ReadFirst makes detailRead's reads with c, in the order the app's page
// makes them: the object; its load balancer's lookup when its answer does
// not name it (pageLoadBalancer: a member's pool; a health monitor's pool; an
// L7 policy's listener; a rule's policy, then its listener); that load
// balancer's status tree. An object of another kind (an amphora, a flavor,
// a zone, a profile, a quota): the object only, as its page's poll reads it
// (watch). Blocks.
func ReadFirst(ctx context.Context, c *octavia.Client, pr console.PageRef) (*tab.FirstDetail, error) {
	o, err := c.Get(ctx, pr.Ref())
	if err != nil {
		return nil, err
	}
	if !pr.Res.HasStatus() {
		return &tab.FirstDetail{Ref: pr.Ref(), Obj: o}, nil
	}
	lbID, err := pageLoadBalancer(ctx, c, pr, o)
	if err != nil {
		return nil, err
	}
	t, err := c.LoadBalancerStatusTree(ctx, lbID)
	if err != nil {
		return nil, err
	}
	return &tab.FirstDetail{Ref: pr.Ref(), Obj: o, LBID: lbID, Tree: t}, nil
}

// pageLoadBalancer is the load balancer of o, the object of the page at pr,
// read with c: named by o, or looked up through its parents without
// reading o again (octavia's LoadBalancerOfObject). The page's own lookup
// (followTree) and the server's first screen (readDetail) make it: the
// same reads, in the same order. Blocks.
func pageLoadBalancer(ctx context.Context, c *octavia.Client, pr console.PageRef, o octavia.Object) (string, error) {
	id, err := c.LoadBalancerOfObject(ctx, pr.Res.Kind, pr.ParentID, o)
	if err == nil && id == "" {
		err = errors.New("its answer names no load balancer")
	}
	return id, err
}

// PageOf is the page at pr, path in the state of its first render
// from d (the server's render, the app's first render: the same).
func PageOf(sess *tab.Session, pr console.PageRef, path string, d *tab.FirstDetail, served bool) *Page {
	p := &Page{feed: feed{sess: sess, pr: pr, path: path, status: ui.Loaded, obj: d.Obj, lbID: d.LBID,
		monitors: map[string]octavia.Object{}, asked: map[string]bool{}}, served: served}
	if d.Tree != nil {
		p.feed.live.LBID, p.feed.live.Read = d.LBID, tab.NewTreeRead(d.Tree.LoadBalancer, d.At, nil)
	}
	return p
}
