package export

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/octaview/octaview/octavia"
)

// FromCreateBody is the Tree that body, Octavia's fully populated load
// balancer create (the wizard's Body), would create: a plan, not Existing,
// whose objects get ids of their own ("plan-pool-2") that relate them as
// Octavia's would (a listener's default_pool_id, a pool's listeners and
// healthmonitor_id, a monitor's pools, a policy's listener_id and
// redirect_pool_id), and each policy the position Octavia gives it (the
// body's policies placed one by one; Policies is in that order). A pool
// is given in full once (under a listener's default_pool or in the load
// balancer's pools) and by name elsewhere, as Octavia requires; a
// reference to a pool the body does not give is an error. body is not
// changed.
func FromCreateBody(body octavia.Object) (Tree, error) {
	if body == nil {
		return Tree{}, errors.New("no load balancer in the create body")
	}
	b := planBuilder{t: Tree{Members: map[string][]octavia.Object{}, Rules: map[string][]octavia.Object{}},
		byName: map[string]octavia.Object{}, ids: map[octavia.Kind]int{}}
	lb := without(body, "listeners", "pools")
	lbID := b.id(octavia.KindLoadBalancer)
	lb["id"] = lbID
	b.t.LoadBalancer = lb
	lbRef := []any{map[string]any{"id": lbID}}

	// the pools first: a listener or policy names one given further on
	for _, l := range objects(body["listeners"]) {
		if p, ok := asMap(l["default_pool"]); ok && p["protocol"] != nil { // in full, not by name
			if err := b.pool(p, lbRef); err != nil {
				return Tree{}, err
			}
		}
	}
	for _, p := range objects(body["pools"]) {
		if err := b.pool(p, lbRef); err != nil {
			return Tree{}, err
		}
	}
	for _, lv := range objects(body["listeners"]) {
		l := without(lv, "default_pool", "l7policies")
		lid := b.id(octavia.KindListener)
		l["id"], l["loadbalancers"] = lid, lbRef
		if dp, ok := asMap(lv["default_pool"]); ok {
			p, err := b.named(dp, "listener "+octavia.ValueText(lv["name"])+"'s default pool")
			if err != nil {
				return Tree{}, err
			}
			l["default_pool_id"] = p["id"]
			p["listeners"] = append(objectsAny(p["listeners"]), map[string]any{"id": lid})
		}
		b.t.Listeners = append(b.t.Listeners, l)
		var ordered []octavia.Object // the listener's policies in position order
		for _, pv := range objects(lv["l7policies"]) {
			pol := without(pv, "redirect_pool", "rules")
			pid := b.id(octavia.KindL7Policy)
			pol["id"], pol["listener_id"] = pid, lid
			if rp, ok := asMap(pv["redirect_pool"]); ok {
				p, err := b.named(rp, "L7 policy "+octavia.ValueText(pv["name"])+"'s redirect pool")
				if err != nil {
					return Tree{}, err
				}
				pol["redirect_pool_id"] = p["id"]
			}
			ordered = placePolicy(ordered, pol)
			for _, rv := range objects(pv["rules"]) {
				r := octavia.Object(maps.Clone(rv))
				r["id"] = b.id(octavia.KindL7Rule)
				b.t.Rules[pid] = append(b.t.Rules[pid], r)
			}
		}
		for i, pol := range ordered {
			pol["position"] = float64(i + 1)
		}
		b.t.Policies = append(b.t.Policies, ordered...)
	}
	return b.t, nil
}

// placePolicy puts pol among a listener's policies as Octavia does, one
// by one in the body's order: at its position (1 is first) when it has
// one within the list, else last; the others move down.
func placePolicy(ordered []octavia.Object, pol octavia.Object) []octavia.Object {
	if p := int(number(pol["position"])); p >= 1 && p <= len(ordered) {
		return slices.Insert(ordered, p-1, pol)
	}
	return append(ordered, pol)
}

// planBuilder is FromCreateBody's state: the tree so far, the pools by
// name, and the last id given per kind.
type planBuilder struct {
	t      Tree
	byName map[string]octavia.Object
	ids    map[octavia.Kind]int
}

// id is a new plan id of kind k: "plan-pool-1", "plan-pool-2"…
func (b *planBuilder) id(k octavia.Kind) string {
	b.ids[k]++
	return "plan-" + string(k) + "-" + strconv.Itoa(b.ids[k])
}

// pool adds the pool given in full by p, with its members and monitor.
func (b *planBuilder) pool(p map[string]any, lbRef []any) error {
	name := octavia.ValueText(p["name"])
	if _, dup := b.byName[name]; dup && name != "" {
		return fmt.Errorf("pool %q is given in full twice", name)
	}
	o := without(p, "members", "healthmonitor")
	id := b.id(octavia.KindPool)
	o["id"], o["loadbalancers"] = id, lbRef
	for _, mv := range objects(p["members"]) {
		m := octavia.Object(maps.Clone(mv))
		m["id"] = b.id(octavia.KindMember)
		b.t.Members[id] = append(b.t.Members[id], m)
	}
	if hv, ok := asMap(p["healthmonitor"]); ok {
		h := octavia.Object(maps.Clone(hv))
		h["id"], h["pools"] = b.id(octavia.KindMonitor), []any{map[string]any{"id": id}}
		o["healthmonitor_id"] = h["id"]
		b.t.Monitors = append(b.t.Monitors, h)
	}
	b.t.Pools = append(b.t.Pools, o)
	if name != "" {
		b.byName[name] = o
	}
	return nil
}

// named is the pool that ref, {"name": …} or a pool given in full, names.
func (b *planBuilder) named(ref map[string]any, what string) (octavia.Object, error) {
	name := octavia.ValueText(ref["name"])
	p, ok := b.byName[name]
	if !ok {
		return nil, fmt.Errorf("%s %q is not in the create body", what, name)
	}
	return p, nil
}

// without is a copy of o without keys.
func without(o map[string]any, keys ...string) octavia.Object {
	out := octavia.Object(maps.Clone(o))
	for _, k := range keys {
		delete(out, k)
	}
	return out
}

// asMap is an object attribute (a map or an octavia.Object) as a map.
func asMap(v any) (map[string]any, bool) {
	switch m := v.(type) {
	case map[string]any:
		return m, true
	case octavia.Object:
		return m, true
	}
	return nil, false
}

// objects is a list attribute of objects ([]any of maps, or Objects).
func objects(v any) []map[string]any {
	var out []map[string]any
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if m, ok := asMap(e); ok {
				out = append(out, m)
			}
		}
	case []octavia.Object:
		for _, m := range x {
			out = append(out, m)
		}
	}
	return out
}

// objectsAny is a list attribute as []any (nil when absent).
func objectsAny(v any) []any {
	x, _ := v.([]any)
	return x
}
