package tab

import (
	"fmt"
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/octavia"
)

// The name book stays bounded: past nameBookMax names the oldest read
// goes, and one ask reads at most nameBatch objects (a parent's children
// counting once: they come in one list).
func TestNameBookBounds(t *testing.T) {
	var b nameBook
	b.reset(nil)
	t0 := time.Now()
	for i := range nameBookMax + 10 {
		b.put(nameKey{octavia.KindPool, fmt.Sprint(i)}, nameEntry{name: "p", at: t0.Add(time.Duration(i) * time.Second)})
	}
	if len(b.entries) != nameBookMax {
		t.Fatalf("book holds %d names, want %d", len(b.entries), nameBookMax)
	}
	if _, ok := b.entries[nameKey{octavia.KindPool, "0"}]; ok {
		t.Error("the oldest name is still kept")
	}
	var refs []octavia.Ref
	for i := range 40 {
		refs = append(refs, octavia.Ref{Kind: octavia.KindListener, ID: fmt.Sprint("l", i)})
	}
	if got := b.due(refs, 3*time.Second, t0); len(got) != nameBatch {
		t.Errorf("one ask reads %d objects, want %d", len(got), nameBatch)
	}
	if got := b.due(refs[:3], 3*time.Second, t0); len(got) != 0 {
		t.Errorf("objects being read are asked again: %v", got)
	}
	var members []octavia.Ref
	for i := range 40 {
		members = append(members, octavia.Ref{Kind: octavia.KindMember, ID: fmt.Sprint("m", i), ParentID: "pool1"})
	}
	if got := b.due(members, 3*time.Second, t0); len(got) != 40 {
		t.Errorf("a pool's members: %d due, want all 40 (one list)", len(got))
	}
	b.reading = map[nameKey]bool{}
	b.put(nameKey{octavia.KindListener, "l0"}, nameEntry{name: "x", at: t0})
	if got := b.due(refs[:1], 3*time.Second, t0.Add(time.Second)); len(got) != 0 {
		t.Errorf("a name read 1 s ago is read again: %v", got)
	}
	if got := b.due(refs[:1], 3*time.Second, t0.Add(4*time.Second)); len(got) != 1 {
		t.Errorf("a name read 4 s ago (one poll) is not read again: %v", got)
	}
}

// readNames reads a pool's members' names in one list, a load balancer
// by a GET, and says which objects Octavia no longer has.
func TestReadNames(t *testing.T) {
	cloud := labtest.OneLB("shop", 0, "10.0.0.5", "10.0.0.6")
	c, rec := labtest.Record(t, cloud, "demo", "demo")
	lbs := labtest.IDs(t, c, octavia.KindLoadBalancer, "")
	pool := labtest.First(values(labtest.IDs(t, c, octavia.KindPool, "")))
	members := map[string]string{} // id -> name
	for o, err := range c.List(t.Context(), octavia.KindMember, pool, octavia.ListQuery{}) {
		if err != nil {
			t.Fatal(err)
		}
		members[o.Text("id")] = o.Text("name")
	}
	if len(members) != 2 {
		t.Fatalf("the scenario's pool has %d members, want 2", len(members))
	}
	refs := []octavia.Ref{{Kind: octavia.KindLoadBalancer, ID: lbs["shop"]}, {Kind: octavia.KindLoadBalancer, ID: "gone-lb"}}
	for id := range members {
		refs = append(refs, octavia.Ref{Kind: octavia.KindMember, ID: id, ParentID: pool})
	}
	refs = append(refs, octavia.Ref{Kind: octavia.KindMember, ID: "gone-member", ParentID: pool})
	rec.Reset()
	got := readNames(t.Context(), c, refs)
	if e := got[nameKey{octavia.KindLoadBalancer, lbs["shop"]}]; e.name != "shop" || e.gone {
		t.Errorf("load balancer: %+v, want shop", e)
	}
	for id, name := range members {
		if e := got[nameKey{octavia.KindMember, id}]; e.name != name {
			t.Errorf("member %s: %+v, want its name", id, e)
		}
	}
	for _, k := range []nameKey{{octavia.KindLoadBalancer, "gone-lb"}, {octavia.KindMember, "gone-member"}} {
		if !got[k].gone {
			t.Errorf("%v: %+v, want gone", k, got[k])
		}
	}
	if n := rec.Count("/members"); n != 1 {
		t.Errorf("%d reads of the members, want one list for all", n)
	}
}

func values(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
