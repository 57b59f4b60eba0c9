package app

import (
	"fmt"
	"strings"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
)

// statusTree is a load balancer's status tree as Octavia's
// GET /v2/lbaas/loadbalancers/{id}/status sends it under "statuses" (and as
// the server's /api/status carries it under "tree"). It has its own types
// because Octavia names a pool's monitor "health_monitor" there, where
// gophercloud's pools.Pool reads "healthmonitor".
type statusTree struct {
	ID                 string           `json:"id"`
	Name               string           `json:"name"`
	ProvisioningStatus string           `json:"provisioning_status"`
	OperatingStatus    string           `json:"operating_status"`
	Listeners          []statusListener `json:"listeners"`
}

type statusListener struct {
	ID                 string       `json:"id"`
	Name               string       `json:"name"`
	ProvisioningStatus string       `json:"provisioning_status"`
	OperatingStatus    string       `json:"operating_status"`
	Pools              []statusPool `json:"pools"`
}

type statusPool struct {
	ID                 string         `json:"id"`
	Name               string         `json:"name"`
	ProvisioningStatus string         `json:"provisioning_status"`
	OperatingStatus    string         `json:"operating_status"`
	HealthMonitor      *statusMonitor `json:"health_monitor,omitempty"`
	Members            []statusMember `json:"members"`
}

type statusMonitor struct {
	ID                 string `json:"id"`
	Name               string `json:"name"`
	Type               string `json:"type"`
	ProvisioningStatus string `json:"provisioning_status"`
	OperatingStatus    string `json:"operating_status"`
}

type statusMember struct {
	ID                 string `json:"id"`
	Name               string `json:"name"`
	Address            string `json:"address"`
	ProtocolPort       int    `json:"protocol_port"`
	ProvisioningStatus string `json:"provisioning_status"`
	OperatingStatus    string `json:"operating_status"`
}

// statusTreeOf converts the client's status tree (gophercloud types) to a
// statusTree. A nil tree gives the zero statusTree.
func statusTreeOf(t *loadbalancers.StatusTree) statusTree {
	if t == nil || t.Loadbalancer == nil {
		return statusTree{}
	}
	lb := t.Loadbalancer
	out := statusTree{ID: lb.ID, Name: lb.Name, ProvisioningStatus: lb.ProvisioningStatus, OperatingStatus: lb.OperatingStatus}
	for _, l := range lb.Listeners {
		sl := statusListener{ID: l.ID, Name: l.Name, ProvisioningStatus: l.ProvisioningStatus, OperatingStatus: l.OperatingStatus}
		for _, p := range l.Pools {
			sp := statusPool{ID: p.ID, Name: p.Name, ProvisioningStatus: p.ProvisioningStatus, OperatingStatus: p.OperatingStatus}
			if m := p.Monitor; m.ID != "" {
				sp.HealthMonitor = &statusMonitor{ID: m.ID, Name: m.Name, Type: m.Type, ProvisioningStatus: m.ProvisioningStatus, OperatingStatus: m.OperatingStatus}
			}
			for _, m := range p.Members {
				sp.Members = append(sp.Members, statusMember{ID: m.ID, Name: m.Name, Address: m.Address, ProtocolPort: m.ProtocolPort, ProvisioningStatus: m.ProvisioningStatus, OperatingStatus: m.OperatingStatus})
			}
			sl.Pools = append(sl.Pools, sp)
		}
		out.Listeners = append(out.Listeners, sl)
	}
	return out
}

// pending reports whether anything in the tree is in a PENDING_* state:
// while it is, the detail page keeps polling.
func (t statusTree) pending() bool {
	if isPending(t.ProvisioningStatus) {
		return true
	}
	for _, l := range t.Listeners {
		if isPending(l.ProvisioningStatus) {
			return true
		}
		for _, p := range l.Pools {
			if isPending(p.ProvisioningStatus) || (p.HealthMonitor != nil && isPending(p.HealthMonitor.ProvisioningStatus)) {
				return true
			}
			for _, m := range p.Members {
				if isPending(m.ProvisioningStatus) {
					return true
				}
			}
		}
	}
	return false
}

// nodeKind is what a status-tree node stands for.
type nodeKind string

const (
	kindLoadBalancer nodeKind = "load balancer"
	kindListener     nodeKind = "listener"
	kindPool         nodeKind = "pool"
	kindMonitor      nodeKind = "health monitor"
	kindMember       nodeKind = "member"
)

// label is the short upper-case word a node's box starts with.
func (k nodeKind) label() string {
	switch k {
	case kindLoadBalancer:
		return "LB"
	case kindMonitor:
		return "MONITOR"
	}
	return strings.ToUpper(string(k))
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
	Kind         nodeKind
	ID           string
	Name         string // full name (or a stand-in); the box shows it shortened
	Detail       string // second line: e.g. "10.0.0.5:80" for a member
	Provisioning string
	Operating    string
	X, Y         int
}

// treeEdge joins parent Nodes[From] to child Nodes[To].
type treeEdge struct{ From, To int }

// treeLayout is a status tree placed on a plane: columns by depth (load
// balancer, listeners, pools, then monitors and members), one row per leaf,
// each parent centred on its children.
type treeLayout struct {
	Nodes         []treeNode
	Edges         []treeEdge
	Width, Height int
}

// layoutStatusTree places every node of t. It is a plain function so that
// the picture's geometry is tested natively.
func layoutStatusTree(t statusTree) treeLayout {
	var l treeLayout
	row, maxDepth := 0, 0
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
	place(treeNode{Kind: kindLoadBalancer, ID: t.ID, Name: displayName(t.Name, t.ID), Detail: countsText(t),
		Provisioning: t.ProvisioningStatus, Operating: t.OperatingStatus}, 0, func(d int) []int {
		var idx []int
		for _, ls := range t.Listeners {
			idx = append(idx, place(treeNode{Kind: kindListener, ID: ls.ID, Name: displayName(ls.Name, ls.ID),
				Provisioning: ls.ProvisioningStatus, Operating: ls.OperatingStatus}, d, func(d int) []int {
				var idx []int
				for _, p := range ls.Pools {
					idx = append(idx, place(treeNode{Kind: kindPool, ID: p.ID, Name: displayName(p.Name, p.ID),
						Detail:       fmt.Sprintf("%d members", len(p.Members)),
						Provisioning: p.ProvisioningStatus, Operating: p.OperatingStatus}, d, func(d int) []int {
						var idx []int
						if m := p.HealthMonitor; m != nil {
							idx = append(idx, place(treeNode{Kind: kindMonitor, ID: m.ID, Name: displayName(m.Name, m.ID),
								Detail: m.Type, Provisioning: m.ProvisioningStatus, Operating: m.OperatingStatus}, d, nil))
						}
						for _, m := range p.Members {
							idx = append(idx, place(treeNode{Kind: kindMember, ID: m.ID, Name: displayName(m.Name, m.ID),
								Detail: memberAddress(m), Provisioning: m.ProvisioningStatus, Operating: m.OperatingStatus}, d, nil))
						}
						return idx
					}))
				}
				return idx
			}))
		}
		return idx
	})
	l.Width = 2*treePad + (maxDepth+1)*treeNodeW + maxDepth*treeColGap
	l.Height = 2*treePad + row*treeNodeH + max(row-1, 0)*treeRowGap
	return l
}

// countsText sums up a load balancer's children for its node.
func countsText(t statusTree) string {
	pools, members := 0, 0
	for _, l := range t.Listeners {
		pools += len(l.Pools)
		for _, p := range l.Pools {
			members += len(p.Members)
		}
	}
	return fmt.Sprintf("%d listeners · %d pools · %d members", len(t.Listeners), pools, members)
}

// memberAddress is "address:port" (IPv6 in brackets), or "" without an address.
func memberAddress(m statusMember) string {
	if m.Address == "" {
		return ""
	}
	if strings.Contains(m.Address, ":") {
		return fmt.Sprintf("[%s]:%d", m.Address, m.ProtocolPort)
	}
	return fmt.Sprintf("%s:%d", m.Address, m.ProtocolPort)
}

// shorten cuts s to at most n characters (runes), ending with "…" when cut.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
