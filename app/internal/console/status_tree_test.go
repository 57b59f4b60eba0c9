package console

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/octaview/octaview/octavia"
)

func TestLayoutStatusTree(t *testing.T) {
	var body struct {
		LB octavia.StatusLoadBalancer `json:"loadbalancer"`
	}
	if err := json.Unmarshal(readStatusBody(t), &body); err != nil {
		t.Fatal(err)
	}
	l := LayoutStatusTree(body.LB, nil)

	type want struct {
		kind   octavia.Kind
		name   string
		detail string
		col    int
		row    float64 // in rows; parents sit between their children
	}
	wants := []want{
		{octavia.KindLoadBalancer, "web", "2 listeners · 1 pools · 2 members", 0, 2},
		{octavia.KindListener, "http", "", 1, 1},
		{octavia.KindPool, "web-pool", "2 members", 2, 1},
		{octavia.KindMonitor, "(no name) hm1", "HTTP", 3, 0},
		{octavia.KindMember, "(no name) m1", "10.0.0.11:80", 3, 1},
		{octavia.KindMember, "b", "[fd00::2]:8080", 3, 2},
		{octavia.KindListener, "(no name) l2", "", 1, 3},
	}
	if len(l.Nodes) != len(wants) {
		t.Fatalf("nodes: got %d, want %d", len(l.Nodes), len(wants))
	}
	for i, w := range wants {
		n := l.Nodes[i]
		if n.Kind != w.kind || n.Name != w.name || n.Detail != w.detail {
			t.Errorf("node %d: got %s %q %q, want %s %q %q", i, n.Kind, n.Name, n.Detail, w.kind, w.name, w.detail)
		}
		if x := treePad + w.col*(treeNodeW+treeColGap); n.X != x {
			t.Errorf("node %d (%s) x: got %d, want %d (column %d)", i, n.Name, n.X, x, w.col)
		}
		if y := treePad + int(w.row*float64(treeNodeH+treeRowGap)); n.Y != y {
			t.Errorf("node %d (%s) y: got %d, want %d (row %v)", i, n.Name, n.Y, y, w.row)
		}
	}
	wantEdges := []treeEdge{{2, 3, false}, {2, 4, false}, {2, 5, false}, {1, 2, false}, {0, 1, false}, {0, 6, false}}
	if len(l.Edges) != len(wantEdges) {
		t.Fatalf("edges: got %v, want %v", l.Edges, wantEdges)
	}
	for i := range wantEdges {
		if l.Edges[i] != wantEdges[i] {
			t.Errorf("edge %d: got %v, want %v", i, l.Edges[i], wantEdges[i])
		}
	}
	if w := 2*treePad + 4*treeNodeW + 3*treeColGap; l.Width != w {
		t.Errorf("width: got %d, want %d", l.Width, w)
	}
	if h := 2*treePad + 4*treeNodeH + 3*treeRowGap; l.Height != h {
		t.Errorf("height: got %d, want %d", l.Height, h)
	}
	if !body.LB.Pending() {
		t.Errorf("pending: got false, want true (member m2 is PENDING_UPDATE)")
	}
}

func TestLayoutStatusTreeLoneLoadBalancer(t *testing.T) {
	l := LayoutStatusTree(octavia.StatusLoadBalancer{ID: "lb", Name: "alone", ProvisioningStatus: octavia.StatusPendingCreate}, nil)
	if len(l.Nodes) != 1 || len(l.Edges) != 0 {
		t.Fatalf("got %d nodes, %d edges, want 1 and 0", len(l.Nodes), len(l.Edges))
	}
	if l.Width != 2*treePad+treeNodeW || l.Height != 2*treePad+treeNodeH {
		t.Errorf("size: got %dx%d, want %dx%d", l.Width, l.Height, 2*treePad+treeNodeW, 2*treePad+treeNodeH)
	}
	if n := l.Nodes[0]; n.X != treePad || n.Y != treePad {
		t.Errorf("position: got (%d,%d), want (%d,%d)", n.X, n.Y, treePad, treePad)
	}
}

func TestShorten(t *testing.T) {
	tests := []struct {
		name, s string
		n       int
		want    string
	}{
		{"fits", "web", 5, "web"},
		{"exact", "abcde", 5, "abcde"},
		{"cut", "abcdefgh", 5, "abcd…"},
		{"runes", "éééééé", 4, "ééé…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Shorten(tt.s, tt.n); got != tt.want {
				t.Errorf("shorten(%q, %d): got %q, want %q", tt.s, tt.n, got, tt.want)
			}
		})
	}
}

// TestTreeNodeLabel: a focused node of the picture says in words what its
// box shows (screen readers read the label, the keyboard reaches the node).
func TestTreeNodeLabel(t *testing.T) {
	tests := []struct {
		name string
		node treeNode
		want string
	}{
		{"member with its address", treeNode{Kind: octavia.KindMember, Name: "b", Detail: "fd00::2:8080", Provisioning: "PENDING_UPDATE", Operating: "ERROR"},
			"member b: provisioning PENDING_UPDATE, operating ERROR, fd00::2:8080"},
		{"listener without detail", treeNode{Kind: octavia.KindListener, Name: "http", Provisioning: "ACTIVE", Operating: "ONLINE"},
			"listener http: provisioning ACTIVE, operating ONLINE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := treeNodeLabel(tt.node); got != tt.want {
				t.Errorf("treeNodeLabel: got %q, want %q", got, tt.want)
			}
		})
	}
}

// readStatusBody is Octavia's GET .../status answer, "statuses" object
// (testdata/status.json).
func readStatusBody(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/status.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}
