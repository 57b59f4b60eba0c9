package console

import (
	"fmt"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// RenderStatusTree draws t as an inline SVG picture (renderTreeLegend says
// what its colours mean). Every name is a text node (never markup). Linked:
// every node is a link to its object's page (renderTreeNode). Runs on the
// UI goroutine (Render).
func RenderStatusTree(t octavia.StatusLoadBalancer, linked bool) goapp.UI {
	return renderLayout(t, LayoutStatusTree(t, nil), linked)
}

// RenderStatusTreeRead draws a page's read of a tree (linked) with its L7
// policies (l7, read with it; nil while not read): the nodes that changed
// at this read flash once, and those in PENDING_*, ERROR or DEGRADED say
// for how long (as this tab of sess saw it). The picture, and for a narrow
// screen the same tree as an indented list (status_tree_list.go): CSS shows
// one of them. UI goroutine.
func RenderStatusTreeRead(r *tab.TreeRead, l7 *TreeL7, sess *tab.Session) goapp.UI {
	l := LayoutStatusTree(r.Tree, l7)
	now := time.Now()
	for i := range l.Nodes {
		n := &l.Nodes[i]
		n.Flash = r.Changed[n.ID] || l7 != nil && n.Kind == octavia.KindL7Policy && l7.Changed[n.ID]
		switch {
		case ui.IsPending(n.Provisioning):
			if s, ok := tab.SeenSince(sess, n.ID, "prov", n.Provisioning); ok {
				n.Note = ui.StatusLabel(n.Provisioning) + " " + s.ForText(now)
			}
		case tab.AlertStatus(n.Operating):
			if s, ok := tab.SeenSince(sess, n.ID, "oper", n.Operating); ok {
				n.Note = ui.StatusLabel(n.Operating) + " " + s.ForText(now)
			}
		}
	}
	return goapp.Div().Class("tree-both").Body(renderLayout(r.Tree, l, true), renderTreeList(r.Tree, l))
}

// renderLayout draws tree t placed as l.
func renderLayout(t octavia.StatusLoadBalancer, l treeLayout, linked bool) goapp.UI {
	var edges, nodes []goapp.UI
	for _, e := range l.Edges {
		a, b := l.Nodes[e.From], l.Nodes[e.To]
		if e.Redirect {
			edges = append(edges, renderRedirectEdge(a, b))
			continue
		}
		x1, y1 := a.X+treeNodeW, a.Y+treeNodeH/2
		x2, y2 := b.X, b.Y+treeNodeH/2
		mid := (x1 + x2) / 2
		edges = append(edges, ui.SvgEl("path").
			Class("tree-edge", "edge-"+ui.StatusClass(b.Provisioning)).
			Attr("d", fmt.Sprintf("M%d %d C%d %d %d %d %d %d", x1, y1, mid, y1, mid, y2, x2, y2)))
	}
	for _, n := range l.Nodes {
		nodes = append(nodes, renderTreeNode(n, linked))
	}
	return ui.ClassDivBody("tree",
		ui.ClassDivBody("tree-scroll",
			ui.SvgEl("svg").
				Class("status-tree").
				Attr("role", "group").
				Attr("aria-label", "status tree of "+ui.DisplayName(t.Name, t.ID)).
				Attr("width", l.Width).
				Attr("height", l.Height).
				Attr("viewBox", fmt.Sprintf("0 0 %d %d", l.Width, l.Height)).
				Body(
					ui.SvgEl("g").Class("tree-edges").Body(edges...),
					ui.SvgEl("g").Class("tree-nodes").Body(nodes...),
				)))

}

// renderTreeNode draws one node: a Tab stop whose accessible name says
// everything the box shows, for the keyboard and screen readers. When
// linked (a load balancer's page, never the public status wall) the node
// is a link to its object's page: Enter or a click opens it in the app, a
// middle or Ctrl click in a new tab (the SVG <a> inside, kept out of the
// Tab order and of the accessibility tree: the node is the link).
func renderTreeNode(n treeNode, linked bool) goapp.UI {
	x, y := n.X, n.Y
	status := ui.StatusLabel(n.Provisioning) + " · " + ui.StatusLabel(n.Operating)
	tip := fmt.Sprintf("%s %s\nprovisioning %s, operating %s", n.Kind, n.Name, ui.StatusLabel(n.Provisioning), ui.StatusLabel(n.Operating))
	for _, s := range []string{n.Target, n.Detail, n.Warn, n.Note} {
		if s != "" {
			tip += "\n" + s
		}
	}
	title := ui.SvgEl("title").Text(tip)
	boxes := []goapp.UI{
		ui.SvgEl("rect").Class("tn-box", "op-"+ui.StatusClass(n.Operating)).
			Attr("x", x).Attr("y", y).Attr("width", treeNodeW).Attr("height", treeNodeH).Attr("rx", 4),
		ui.SvgEl("rect").Class("tn-prov", "prov-"+ui.StatusClass(n.Provisioning)).
			Attr("x", x).Attr("y", y).Attr("width", 6).Attr("height", treeNodeH).Attr("rx", 2),
	}
	texts := []goapp.UI{
		ui.SvgEl("text").Class("tn-kind").Attr("x", x+12).Attr("y", y+13).Text(strings.TrimSpace(treeLabel(n.Kind) + " " + n.Action)),
		ui.SvgEl("text").Class("tn-status", "tx-"+ui.StatusClass(n.Provisioning)).
			Attr("x", x+treeNodeW-6).Attr("y", y+13).Attr("text-anchor", "end").Text(status),
		ui.SvgEl("text").Class("tn-name").Attr("x", x+12).Attr("y", y+28).Text(Shorten(n.Name, treeNameMax)),
		ui.SvgEl("text").Class("tn-detail").Attr("x", x+12).Attr("y", y+41).Text(Shorten(n.Detail, treeDetailMax)),
	}
	g := ui.SvgEl("g").
		Class("tree-node", "kind-"+strings.ReplaceAll(treeWord(n.Kind), " ", "-")).
		Attr("data-id", n.ID).
		Attr("tabindex", 0).
		Attr("aria-label", treeNodeLabel(n))
	if n.Flash {
		g = g.Class("flash")
	}
	if n.Warn != "" {
		g = g.Class("tn-warn")
	}
	if !linked {
		return g.Attr("role", "img").Body(append(append([]goapp.UI{title}, boxes...), texts...)...)
	}
	href := treeNodePath(n)
	// The link holds the boxes; its text is drawn over it, out of it and
	// hidden from assistive technology (the link's name says it all, and a
	// link's visible text must be part of its name), and lets clicks through.
	return ui.SvgEl("g").Class("tn-item").Body(
		g.Attr("role", "link").Attr("data-href", href).
			// The path from the element, not the closure: go-app keeps a node's
			// first handlers when the tree changes under it.
			OnKeyDown(func(ctx goapp.Context, e goapp.Event) {
				if e.Get("key").String() == "Enter" {
					e.PreventDefault()
					ctx.Navigate(ctx.JSSrc().Get("dataset").Get("href").String())
				}
			}).
			Body(ui.SvgEl("a").Class("tree-link").Attr("href", href).Attr("tabindex", -1).Attr("aria-hidden", "true").
				On("click", func(ctx goapp.Context, e goapp.Event) {
					if e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("shiftKey").Bool() || e.Get("button").Int() != 0 {
						return // a new tab or window: the browser's own
					}
					e.PreventDefault()
					ctx.Navigate(ctx.JSSrc().Call("getAttribute", "href").String())
				}).
				Body(append([]goapp.UI{title}, boxes...)...)),
		ui.SvgEl("g").Class("tn-texts").Attr("aria-hidden", "true").Body(texts...),
	)
}

// renderRedirectEdge draws the dashed line from L7 policy a to the pool b
// it redirects to: into b's left side when b is in a column to the right,
// else a bracket on the right of both (a pool in the policy's column).
func renderRedirectEdge(a, b treeNode) goapp.UI {
	x1, y1 := a.X+treeNodeW, a.Y+treeNodeH/2
	var d string
	if b.X > a.X {
		x2, y2 := b.X, b.Y+treeNodeH/2
		mid := (x1 + x2) / 2
		d = fmt.Sprintf("M%d %d C%d %d %d %d %d %d", x1, y1, mid, y1, mid, y2, x2, y2)
	} else {
		x2, y2 := b.X+treeNodeW, b.Y+treeNodeH/2
		out := max(x1, x2) + treeColGap*3/4
		d = fmt.Sprintf("M%d %d C%d %d %d %d %d %d", x1, y1, out, y1, out, y2, x2, y2)
	}
	return ui.SvgEl("path").Class("tree-edge", "tree-redirect").Attr("d", d)
}

// treeNodePath is the page of a node's object: a member's is under its
// pool's.
func treeNodePath(n treeNode) string {
	return ResourceOf(n.Kind).DetailPathOf(n.Parent, n.ID)
}

// treeNodeLabel says what a node of the picture shows, in words.
func treeNodeLabel(n treeNode) string {
	s := fmt.Sprintf("%s %s: provisioning %s, operating %s", treeWord(n.Kind), n.Name, ui.StatusLabel(n.Provisioning), ui.StatusLabel(n.Operating))
	if n.Action != "" {
		s += ", action " + strings.Replace(n.Action, "→ ", "redirect to ", 1) // "→" reads badly aloud
	}
	if n.Target != "" {
		s += " " + n.Target
	}
	if n.Detail != "" && n.Detail != n.Warn {
		s += ", " + n.Detail
	}
	if n.Warn != "" {
		s += "; " + n.Warn
	}
	if n.Note != "" {
		s += "; " + n.Note
	}
	return s
}

// treeLegend lists what the colours of the picture mean: the box is the
// operating status, the stripe on its left the provisioning status.
var treeLegend = []struct {
	tone  ui.StatusTone
	label string
}{
	{ui.ToneOK, string(octavia.OperatingOnline) + " / " + string(octavia.StatusActive)},
	{ui.TonePending, "PENDING_*"},
	{ui.ToneWarn, string(octavia.OperatingDegraded)},
	{ui.ToneError, string(octavia.OperatingError)},
	{ui.ToneOff, string(octavia.OperatingOffline)},
	{ui.ToneInfo, string(octavia.OperatingNoMonitor)},
	{ui.ToneDrain, string(octavia.OperatingDraining)},
}

func RenderTreeLegend() goapp.UI {
	return ui.ClassDivBody("legend",
		ui.ClassSpanText("legend-title", "Box: operating status · left stripe: provisioning status"),
		ui.RangeSlice(treeLegend, func(i int) goapp.UI {
			return ui.ClassSpan("legend-item").Body(
				ui.ClassSpan("swatch", "sw-"+treeLegend[i].tone.Class()),
				goapp.Text(treeLegend[i].label),
			)
		}),
	)

}

// RenderTreeL7Legend says what the L7 policies' marks mean, when the tree
// has any (l7). UI goroutine.
func RenderTreeL7Legend(l7 *TreeL7) goapp.UI {
	if !l7.Any() {
		return nil
	}
	return ui.ClassDivBody("legend",
		ui.ClassSpanText("legend-title", "L7 policies:"),
		ui.ClassSpan("legend-item").Body(ui.ClassSpan("swatch", "sw-redirect"), goapp.Text("redirects to the pool (dashed line)")),
		ui.ClassSpan("legend-item").Body(ui.ClassSpan("swatch", "sw-no-rule"), goapp.Text("no rule: never matches (dashed border)")),
	)
}
