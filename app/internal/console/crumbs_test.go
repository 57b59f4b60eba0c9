package console

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

func testTreeRead(t *testing.T) *tab.TreeRead {
	t.Helper()
	var body struct {
		LB octavia.StatusLoadBalancer `json:"loadbalancer"`
	}
	if err := json.Unmarshal(readStatusBody(t), &body); err != nil {
		t.Fatal(err)
	}
	return tab.NewTreeRead(body.LB, time.Now(), nil)
}

func TestCrumbs(t *testing.T) {
	r := testTreeRead(t)
	lb := Crumb{Kind: octavia.KindLoadBalancer, ID: "lb1"}
	l1 := Crumb{Kind: octavia.KindListener, ID: "l1"}
	p1 := Crumb{Kind: octavia.KindPool, ID: "p1"}
	tests := []struct {
		name string
		path string
		o    octavia.Object
		want []Crumb
	}{
		{"a member: four parts", "/pools/p1/members/m2", octavia.Object{"id": "m2"},
			[]Crumb{lb, l1, p1, {Kind: octavia.KindMember, ID: "m2", ParentID: "p1"}}},
		{"a pool under a listener", "/pools/p1", octavia.Object{"id": "p1"}, []Crumb{lb, l1, p1}},
		{"a pool of the load balancer only", "/pools/p9", octavia.Object{"id": "p9"}, []Crumb{lb, {Kind: octavia.KindPool, ID: "p9"}}},
		{"a listener", "/listeners/l2", octavia.Object{"id": "l2"}, []Crumb{lb, {Kind: octavia.KindListener, ID: "l2"}}},
		{"a health monitor: its pool's path", "/health-monitors/hm1", octavia.Object{"id": "hm1", "pool_id": "p1"},
			[]Crumb{lb, l1, p1, {Kind: octavia.KindMonitor, ID: "hm1"}}},
		{"an L7 policy: its listener", "/l7-policies/po1", octavia.Object{"id": "po1", "listener_id": "l2"},
			[]Crumb{lb, {Kind: octavia.KindListener, ID: "l2"}, {Kind: octavia.KindL7Policy, ID: "po1"}}},
		{"a load balancer has none", "/load-balancers/lb1", octavia.Object{"id": "lb1"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pr, ok := ParsePage(tt.path)
			if !ok {
				t.Fatalf("no page at %s", tt.path)
			}
			if got := Crumbs(r, pr, tt.o, ""); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
	if got := (Crumb{Kind: octavia.KindMember, ID: "m2", ParentID: "p1"}).Path(); got != "/pools/p1/members/m2" {
		t.Errorf("a member crumb links to %s", got)
	}
}

// A pool's page names what it links to (the namer: its tree), an unnamed
// one by its short id, and asks the name book for exactly those objects.
func TestNamedRefsAndLabels(t *testing.T) {
	r := testTreeRead(t)
	names := func(k octavia.Kind, id string) (string, bool) {
		s, ok := r.Status(id)
		return s.Name, ok && s.Kind == k
	}
	pr, _ := ParsePage("/pools/p1")
	o := octavia.Object{"id": "p1", "name": "web-pool", "loadbalancers": []any{map[string]any{"id": "lb1"}},
		"listeners": []any{map[string]any{"id": "l1"}}, "healthmonitor_id": "hm1",
		"members": []any{map[string]any{"id": "m1"}, map[string]any{"id": "m2"}}, "project_id": "pr1", "tenant_id": "pr1"}
	want := []octavia.Ref{{Kind: octavia.KindLoadBalancer, ID: "lb1"}, {Kind: octavia.KindListener, ID: "l1"},
		{Kind: octavia.KindMonitor, ID: "hm1"}, {Kind: octavia.KindMember, ID: "m1", ParentID: "p1"}, {Kind: octavia.KindMember, ID: "m2", ParentID: "p1"}}
	if got := NamedRefs(pr, o); !reflect.DeepEqual(got, want) {
		t.Errorf("NamedRefs = %+v, want %+v", got, want)
	}
	for _, tt := range []struct {
		k        octavia.Kind
		id, want string
	}{
		{octavia.KindLoadBalancer, "lb1", "web"}, {octavia.KindListener, "l1", "http"}, {octavia.KindMember, "m2", "b"},
		{octavia.KindMember, "m1", "m1"}, {octavia.KindPool, "unknown-pool-id", "unknown-pool-id"},
		{octavia.KindMonitor, "hm1", "hm1"}, {octavia.KindListener, "l2aaaaaaaaaa", "l2aaaaaaaaaa"},
	} {
		if got := RefLabel(names, tt.k, tt.id); got != tt.want {
			t.Errorf("RefLabel(%s %s) = %q, want %q", tt.k, tt.id, got, tt.want)
		}
	}
	if got := RefName("", "0123456789abcdef"); got != "01234567" {
		t.Errorf("an unnamed object is called %q, want its short id", got)
	}
	rows := PropRows(pr, o, false)
	for _, row := range rows {
		if row.Key == "tenant_id" {
			t.Error("tenant_id repeats project_id: want one Project line")
		}
	}
	o["tenant_id"] = "other"
	if !containsKey(PropRows(pr, o, false), "tenant_id") {
		t.Error("a tenant_id that differs from project_id is not shown")
	}
}

func containsKey(rows []propRow, key string) bool {
	for _, r := range rows {
		if r.Key == key {
			return true
		}
	}
	return false
}
