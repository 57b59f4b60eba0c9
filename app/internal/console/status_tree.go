package console

import (
	"fmt"
	"slices"
	"strings"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// treeWord is what a node of kind k is called: the kind's Singular
// ("health monitor").
func treeWord(k octavia.Kind) string { return ResourceOf(k).Singular }

// treeLabel is the short upper-case word a node's box starts with: the
// kind's TreeLabel, or its Singular in capitals.
func treeLabel(k octavia.Kind) string {
	if r := ResourceOf(k); r.TreeLabel != "" {
		return r.TreeLabel
	}
	return strings.ToUpper(treeWord(k))
}

// Geometry of the drawn tree, in SVG user units (CSS pixels at 100 %).
const (
	treeNodeW     = 240
	treeNodeH     = 46
	treeColGap    = 44
	treeRowGap    = 10
	treePad       = 8
	treeNameMax   = 26 // characters of a name that fit in a node at 12 px
	treeDetailMax = 36 // characters of the detail line (10 px monospace)
)

// treeNode is one box of the drawn tree: its top-left corner, what it is,
// the text it shows and the statuses that colour it.
type treeNode struct {
	Kind         octavia.Kind
	ID           string
	Parent       string // a member's pool: its page is under the pool's
	Name         string // full name (or a stand-in); the box shows it shortened
	Detail       string // second line: e.g. "10.0.0.5:80" for a member
	Provisioning string
	Operating    string
	X, Y         int
	Flash        bool   // its status changed at the last read: it flashes once
	Note         string // how long it has been so, for a node in PENDING_*, ERROR or DEGRADED ("" = nothing to say)
	Action       string // an L7 policy's action, short ("→ POOL")
	Target       string // where an L7 policy redirects to: its URL or prefix
	Warn         string // what is wrong that no status says (an L7 policy without a rule)
}

// treeEdge joins parent Nodes[From] to child Nodes[To]; a Redirect edge
// joins an L7 policy to the pool it sends to, drawn elsewhere in the tree.
type treeEdge struct {
	From, To int
	Redirect bool
}

// treeLayout is a status tree placed on a plane: columns by depth (load
// balancer, listeners, pools, then monitors and members), one row per leaf,
// each parent centred on its children.
type treeLayout struct {
	Nodes         []treeNode
	Edges         []treeEdge
	Width, Height int
}

// LayoutStatusTree places every node of t (the "loadbalancer" object of
// Octavia's status tree, as the client reads it and the server's
// /api/status carries it) and, when l7 is not nil, each listener's L7
// policies after its pools, each with the pool it redirects to: under the
// policy when the tree does not hold that pool (the first policy that
// names it), else joined to that pool's node by a Redirect edge. It is a
// plain function so that the picture's geometry is tested natively.
func LayoutStatusTree(t octavia.StatusLoadBalancer, l7 *TreeL7) treeLayout {
	var l treeLayout
	row, maxDepth := 0, 0
	var redirects [][2]string // policy id, pool id: joined once every node is placed
	// place adds a node at depth d and returns its index; children are laid
	// out by kids, which returns the indices of the nodes it placed.
	var place func(n treeNode, d int, kids func(d int) []int) int
	place = func(n treeNode, d int, kids func(d int) []int) int {
		maxDepth = max(maxDepth, d)
		n.X = treePad + d*(treeNodeW+treeColGap)
		i := len(l.Nodes)
		l.Nodes = append(l.Nodes, n)
		var children []int
		if kids != nil {
			children = kids(d + 1)
		}
		if len(children) == 0 {
			l.Nodes[i].Y = treePad + row*(treeNodeH+treeRowGap)
			row++
		} else {
			first, last := l.Nodes[children[0]].Y, l.Nodes[children[len(children)-1]].Y
			l.Nodes[i].Y = (first + last) / 2
		}
		for _, c := range children {
			l.Edges = append(l.Edges, treeEdge{From: i, To: c})
		}
		return i
	}
	place(treeNode{Kind: octavia.KindLoadBalancer, ID: t.ID, Name: ui.DisplayName(t.Name, t.ID), Detail: countsText(t),
		Provisioning: string(t.ProvisioningStatus), Operating: string(t.OperatingStatus)}, 0, func(d int) []int {
		var idx []int
		for _, ls := range t.Listeners {
			idx = append(idx, place(treeNode{Kind: octavia.KindListener, ID: ls.ID, Name: ui.DisplayName(ls.Name, ls.ID),
				Provisioning: string(ls.ProvisioningStatus), Operating: string(ls.OperatingStatus)}, d, func(d int) []int {
				var idx []int
				for _, p := range ls.Pools {
					idx = append(idx, place(treeNode{Kind: octavia.KindPool, ID: p.ID, Name: ui.DisplayName(p.Name, p.ID),
						Detail:       fmt.Sprintf("%d members", len(p.Members)),
						Provisioning: string(p.ProvisioningStatus), Operating: string(p.OperatingStatus)}, d, func(d int) []int {
						var idx []int
						if m := p.HealthMonitor; m != nil {
							idx = append(idx, place(treeNode{Kind: octavia.KindMonitor, ID: m.ID, Name: ui.DisplayName(m.Name, m.ID),
								Detail: m.Type, Provisioning: string(m.ProvisioningStatus), Operating: string(m.OperatingStatus)}, d, nil))
						}
						for _, m := range p.Members {
							idx = append(idx, place(treeNode{Kind: octavia.KindMember, ID: m.ID, Parent: p.ID, Name: ui.DisplayName(m.Name, m.ID),
								Detail: tab.MemberAddress(m), Provisioning: string(m.ProvisioningStatus), Operating: string(m.OperatingStatus)}, d, nil))
						}
						return idx
					}))
				}
				if l7 == nil {
					return idx
				}
				for _, p := range l7.Policies[ls.ID] {
					n, rp := l7Node(p, l7.Rules[p.Text("id")])
					idx = append(idx, place(n, d, func(d int) []int {
						pool, ok := l7.Pools[rp]
						if rp == "" || !ok || slices.ContainsFunc(l.Nodes, func(n treeNode) bool { return n.ID == rp }) {
							if rp != "" {
								redirects = append(redirects, [2]string{n.ID, rp})
							}
							return nil
						}
						return []int{place(treeNode{Kind: octavia.KindPool, ID: rp, Name: ui.DisplayName(pool.Text("name"), rp),
							Detail:       fmt.Sprintf("%d members", len(pool.IDs("members"))),
							Provisioning: pool.Text("provisioning_status"), Operating: pool.Text("operating_status")}, d, nil)}
					}))
				}
				return idx
			}))
		}
		return idx
	})
	for _, r := range redirects {
		from, to := l.index(r[0]), l.index(r[1])
		if from >= 0 && to >= 0 {
			l.Edges = append(l.Edges, treeEdge{From: from, To: to, Redirect: true})
		}
	}
	l.Width = 2*treePad + (maxDepth+1)*treeNodeW + maxDepth*treeColGap
	l.Height = 2*treePad + row*treeNodeH + max(row-1, 0)*treeRowGap
	return l
}

// index is the first node of id, -1 when there is none.
func (l *treeLayout) index(id string) int {
	return slices.IndexFunc(l.Nodes, func(n treeNode) bool { return n.ID == id })
}

// l7Node is L7 policy p's node (its rules, nil until read) and the pool it
// redirects to ("" for another action).
func l7Node(p octavia.Object, rules []octavia.Object) (treeNode, string) {
	id := p.Text("id")
	n := treeNode{Kind: octavia.KindL7Policy, ID: id, Name: "#" + p.Text("position") + " " + ui.DisplayName(p.Text("name"), id),
		Action: l7ActionText(p), Detail: rulesText(rules, len(p.IDs("rules"))),
		Provisioning: p.Text("provisioning_status"), Operating: p.Text("operating_status")}
	if len(p.IDs("rules")) == 0 {
		n.Warn = noRuleNote
	}
	n.Target = p.Text("redirect_url") + p.Text("redirect_prefix") // at most one is set
	if p.Text("action") == "REDIRECT_TO_POOL" {
		return n, p.Text("redirect_pool_id")
	}
	return n, ""
}

// countsText sums up a load balancer's children for its node.
func countsText(t octavia.StatusLoadBalancer) string {
	pools, members := 0, 0
	for _, l := range t.Listeners {
		pools += len(l.Pools)
		for _, p := range l.Pools {
			members += len(p.Members)
		}
	}
	return fmt.Sprintf("%d listeners · %d pools · %d members", len(t.Listeners), pools, members)
}

// Shorten cuts s to at most n characters (runes), ending with "…" when cut.
func Shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
