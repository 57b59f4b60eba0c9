package console

import (
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// The status tree on a phone (issue 30 §8): the picture is wider than a
// phone and scrolled inside its box, the members off-screen. Below a
// narrow width (web/octaview.css) the page shows the same layout as an
// indented list instead: every node, its statuses and its link, nested
// lists a screen reader announces with their depth and size.

// treeKids are the children of each node of l, in their order (Redirect
// edges are not children: the policy's item names its pool instead).
func treeKids(l treeLayout) (kids map[int][]int, redirect map[int]int) {
	kids, redirect = map[int][]int{}, map[int]int{}
	for _, e := range l.Edges {
		if e.Redirect {
			redirect[e.From] = e.To
			continue
		}
		kids[e.From] = append(kids[e.From], e.To)
	}
	return kids, redirect
}

// renderTreeList is tree t placed as l, as nested lists. UI goroutine.
func renderTreeList(t octavia.StatusLoadBalancer, l treeLayout) goapp.UI {
	if len(l.Nodes) == 0 {
		return nil
	}
	kids, redirect := treeKids(l)
	var item func(i int) goapp.UI
	item = func(i int) goapp.UI {
		n := l.Nodes[i]
		body := []goapp.UI{
			goapp.A().Class("tl-link").Href(treeNodePath(n)).Body(
				ui.ClassSpanText("tl-kind", treeLabel(n.Kind)+" "),
				goapp.Text(n.Name)),
			goapp.Text(" "),
			ui.ClassSpan("tl-status").Body(
				ui.ClassSpanText("tl-prov tx-"+ui.StatusClass(n.Provisioning), ui.StatusLabel(n.Provisioning)),
				goapp.Text(" · "),
				ui.ClassSpanText("tl-oper tx-"+ui.StatusClass(n.Operating), ui.StatusLabel(n.Operating))),
		}
		if n.Action != "" {
			body = append(body, ui.ClassSpanText("tl-detail", strings.TrimSpace(n.Action+" "+n.Target)))
		}
		if n.Detail != "" && n.Detail != n.Warn {
			body = append(body, ui.ClassSpanText("tl-detail", n.Detail))
		}
		if to, ok := redirect[i]; ok {
			p := l.Nodes[to]
			body = append(body, ui.ClassSpan("tl-detail").Body(goapp.Text("to pool "),
				goapp.A().Href(treeNodePath(p)).Text(p.Name)))
		}
		if n.Warn != "" {
			body = append(body, ui.ClassSpanText("tl-warn", n.Warn))
		}
		if n.Note != "" {
			body = append(body, ui.ClassSpanText("tl-note", n.Note))
		}
		if ks := kids[i]; len(ks) > 0 {
			sub := make([]goapp.UI, len(ks))
			for j, k := range ks {
				sub[j] = item(k)
			}
			body = append(body, goapp.Ul().Class("tl-level").Body(sub...))
		}
		return goapp.Li().Class("tl-item", "tl-"+ui.StatusClass(n.Operating)).DataSet("id", n.ID).Body(body...)
	}
	return goapp.Ul().Class("tree-list").Aria("label", "status tree of "+ui.DisplayName(t.Name, t.ID)).Body(item(0))
}
