package labcloud

import (
	"cmp"
	"encoding/json"
	"slices"
	"strings"
	"time"
)

// meta is what every Octavia object has. cache holds the encoded view and is
// dropped on every change, so a list page is mostly a copy of cached bytes.
type meta struct {
	id, projectID     string
	name, description string
	prov, oper        string
	enabled           bool
	created, updated  time.Time
	tags              []string
	cache             []byte
}

func (m *meta) base() *meta { return m }

// changed records a change made at now.
func (m *meta) changed(now time.Time) {
	m.updated = now
	m.cache = nil
}

// statusSince is when m's provisioning status was last set: its
// updated_at, or its created_at while it has none (Octavia leaves
// updated_at null until the first change after a create, so a new
// object's PENDING_CREATE began when it was created).
func (m *meta) statusSince() time.Time {
	if m.updated.IsZero() {
		return m.created
	}
	return m.updated
}

// setStatus sets the provisioning status at now.
func (m *meta) setStatus(prov string, now time.Time) {
	if m.prov != prov {
		m.prov = prov
		m.changed(now)
	}
}

// setOper sets the operating status (updated_at untouched, as the health
// manager does).
func (m *meta) setOper(oper string) {
	if m.oper != oper {
		m.oper = oper
		m.cache = nil
	}
}

// object is an Octavia resource held in a collection.
type object interface {
	base() *meta
	view() any
}

// encode returns o's JSON view, from the cache when it is fresh.
func encode(o object) []byte {
	m := o.base()
	if m.cache == nil {
		b, err := json.Marshal(o.view())
		if err != nil {
			panic(err)
		}
		m.cache = b
	}
	return m.cache
}

// collection holds objects by id and in Octavia's default order
// (created_at, id ascending), so the default page needs no sort.
type collection[T object] struct {
	byID  map[string]T
	order []T
}

func newCollection[T object]() *collection[T] {
	return &collection[T]{byID: map[string]T{}}
}

func defaultOrder[T object](a, b T) int {
	ma, mb := a.base(), b.base()
	if c := ma.created.Compare(mb.created); c != 0 {
		return c
	}
	return strings.Compare(ma.id, mb.id)
}

func (c *collection[T]) add(o T) {
	c.byID[o.base().id] = o
	i, _ := slices.BinarySearchFunc(c.order, o, defaultOrder[T])
	c.order = slices.Insert(c.order, i, o)
}

func (c *collection[T]) remove(o T) {
	if _, ok := c.byID[o.base().id]; !ok {
		return
	}
	delete(c.byID, o.base().id)
	if i, found := slices.BinarySearchFunc(c.order, o, defaultOrder[T]); found {
		c.order = slices.Delete(c.order, i, i+1)
	}
}

func (c *collection[T]) get(id string) (T, bool) {
	o, ok := c.byID[id]
	return o, ok
}

// countProject counts the objects of a project.
func (c *collection[T]) countProject(projectID string) int {
	n := 0
	for _, o := range c.order {
		if o.base().projectID == projectID {
			n++
		}
	}
	return n
}

// attrs maps a query attribute (filter or sort key) to its value as text.
type attrs[T any] map[string]func(T) string

// commonAttrs are the attributes of meta under Octavia's names.
func commonAttrs[T object](withStatus bool) attrs[T] {
	a := attrs[T]{
		"id":          func(o T) string { return o.base().id },
		"name":        func(o T) string { return o.base().name },
		"project_id":  func(o T) string { return o.base().projectID },
		"created_at":  func(o T) string { return deref(stamp(o.base().created)) },
		"updated_at":  func(o T) string { return deref(stamp(o.base().updated)) },
		"description": func(o T) string { return o.base().description },
	}
	if withStatus {
		a["provisioning_status"] = func(o T) string { return o.base().prov }
		a["operating_status"] = func(o T) string { return o.base().oper }
		a["admin_state_up"] = func(o T) string { return boolText(o.base().enabled) }
	}
	return a
}

func (a attrs[T]) with(more attrs[T]) attrs[T] {
	for k, v := range more {
		a[k] = v
	}
	return a
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// compareValues compares two attribute values, as numbers when both are.
func compareValues(a, b string) int {
	if na, ok := atoiOK(a); ok {
		if nb, ok := atoiOK(b); ok {
			return cmp.Compare(na, nb)
		}
	}
	return strings.Compare(a, b)
}

func atoiOK(s string) (int, bool) {
	if s == "" || len(s) > 18 {
		return 0, false
	}
	n := 0
	neg := false
	for i, r := range s {
		if i == 0 && r == '-' && len(s) > 1 {
			neg = true
			continue
		}
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}
