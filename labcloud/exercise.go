// Exercises that check themselves: a JSON file of steps, each with a
// title, a hint and a declarative check over a trainee's project, which the
// lab evaluates. This file holds the check model: what a check says, how it
// is validated and how it holds over a project's objects.

package labcloud

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/octaview/octaview/app/serverapi"
)

// Exercise is a workshop exercise: steps a trainee does in their project,
// each checked by the lab. It is JSON on disk (LoadExercise); docs/workshops.md
// gives the format.
type Exercise struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
	// Setup is loaded into every trainee's project when the exercise is
	// started (load balancers, networks, quotas, faults scoped to that
	// project), e.g. the broken load balancers of a troubleshooting drill.
	Setup *Scenario `json:"setup,omitempty"`
	Steps []Step    `json:"steps"`
}

// Step is one step of an exercise: what the trainer's API shows of it (its
// title; Hint, the step done with the openstack CLI; Console, the same in
// the console, as the path a trainee clicks, "Load balancers › web ›
// Listeners › Create listener", optional) and its Check.
type Step struct {
	serverapi.Step
	Check Check `json:"check"`
}

// Check is a condition on a trainee's project: exactly one of Exists (at
// least Min objects match, default 1), None (no object matches), All (every
// check holds) or Any (one does).
type Check struct {
	Exists *Match  `json:"exists,omitempty"`
	None   *Match  `json:"none,omitempty"`
	All    []Check `json:"all,omitempty"`
	Any    []Check `json:"any,omitempty"`
}

// Match selects objects: of Kind (at the top of a check; a relation's kind
// is implied), whose attributes (Octavia's names, compared as Octavia's
// list filters do, case aside) equal Where, and for each relation of Has,
// with at least that match's Min related objects matching it.
//
//	{"kind": "listener", "where": {"protocol": "HTTP", "protocol_port": 80},
//	 "has": {"default_pool": {"has": {"members": {"where": {"operating_status": "ONLINE"}, "min": 2}}}}}
type Match struct {
	Kind  string            `json:"kind,omitempty"`
	Where map[string]any    `json:"where,omitempty"`
	Min   int               `json:"min,omitempty"`
	Has   map[string]*Match `json:"has,omitempty"`

	want map[string]string // Where as text, set by validate
}

// Kinds of objects a check names (Octavia's names, as in its URLs' and
// bodies' singular).
const (
	KindLoadBalancer  = "load_balancer"
	KindListener      = "listener"
	KindPool          = "pool"
	KindMember        = "member"
	KindHealthMonitor = "health_monitor"
	KindL7Policy      = "l7policy"
	KindL7Rule        = "l7rule"
)

// kindOf is the check kind of an object.
func kindOf(o object) string {
	switch o.(type) {
	case *loadBalancer:
		return KindLoadBalancer
	case *listener:
		return KindListener
	case *pool:
		return KindPool
	case *member:
		return KindMember
	case *healthMonitor:
		return KindHealthMonitor
	case *l7policy:
		return KindL7Policy
	case *l7rule:
		return KindL7Rule
	}
	return ""
}

// checkAttrs gives, per check kind, an attribute as text (the list
// filters' own functions), false when the kind has no such attribute.
var checkAttrs = map[string]func(name string) (func(object) string, bool){
	KindLoadBalancer:  typed(lbAttrs),
	KindListener:      typed(listenerAttrs),
	KindPool:          typed(poolAttrs),
	KindMember:        typed(memberAttrs),
	KindHealthMonitor: typed(hmAttrs),
	KindL7Policy:      typed(l7policyAttrs),
	KindL7Rule:        typed(l7ruleAttrs),
}

// attrFunc returns the attribute name of kind as text, or false when the
// kind has no such attribute.
func attrFunc(kind, name string) (func(object) string, bool) {
	if attr, ok := checkAttrs[kind]; ok {
		return attr(name)
	}
	return nil, false
}

func typed[T object](a attrs[T]) func(name string) (func(object) string, bool) {
	return func(name string) (func(object) string, bool) {
		f, ok := a[name]
		if !ok {
			return nil, false
		}
		return func(o object) string { return f(o.(T)) }, true
	}
}

func attrNames(kind string) []string {
	var names []string
	for _, n := range []string{"id", "name", "description", "provisioning_status", "operating_status", "admin_state_up",
		"protocol", "protocol_port", "lb_algorithm", "address", "weight", "backup", "type", "http_method", "url_path",
		"expected_codes", "action", "position", "redirect_url", "redirect_prefix", "compare_type", "key", "value",
		"invert", "connection_limit", "vip_address", "provider", "delay", "timeout", "max_retries"} {
		if _, ok := attrFunc(kind, n); ok {
			names = append(names, n)
		}
	}
	return names
}

// relation is one name of Has: the kind it leads to and the related
// objects of an object.
type relation struct {
	kind    string
	related func(object) []object
}

var relations = map[string]map[string]relation{
	KindLoadBalancer: {
		"listeners": {KindListener, func(o object) []object { return objects(o.(*loadBalancer).listeners) }},
		"pools":     {KindPool, func(o object) []object { return objects(o.(*loadBalancer).pools) }},
	},
	KindListener: {
		"load_balancer": {KindLoadBalancer, func(o object) []object { return []object{o.(*listener).lb} }},
		"default_pool": {KindPool, func(o object) []object {
			if p := o.(*listener).defaultPool; p != nil {
				return []object{p}
			}
			return nil
		}},
		"pools": {KindPool, func(o object) []object {
			return objects(listenerPools(o.(*listener)))
		}},
		"l7policies": {KindL7Policy, func(o object) []object { return objects(o.(*listener).l7policies) }},
	},
	KindPool: {
		"load_balancer":  {KindLoadBalancer, func(o object) []object { return []object{o.(*pool).lb} }},
		"listeners":      {KindListener, func(o object) []object { return objects(o.(*pool).listeners) }},
		"members":        {KindMember, func(o object) []object { return objects(o.(*pool).members) }},
		"health_monitor": {KindHealthMonitor, func(o object) []object { return optional(o.(*pool).hm) }},
	},
	KindMember: {
		"pool": {KindPool, func(o object) []object { return []object{o.(*member).pool} }},
	},
	KindHealthMonitor: {
		"pool": {KindPool, func(o object) []object { return []object{o.(*healthMonitor).pool} }},
	},
	KindL7Policy: {
		"listener":      {KindListener, func(o object) []object { return []object{o.(*l7policy).listener} }},
		"rules":         {KindL7Rule, func(o object) []object { return objects(o.(*l7policy).rules) }},
		"redirect_pool": {KindPool, func(o object) []object { return optional(o.(*l7policy).redirectPool) }},
	},
	KindL7Rule: {
		"policy": {KindL7Policy, func(o object) []object { return []object{o.(*l7rule).policy} }},
	},
}

func objects[T object](s []T) []object {
	out := make([]object, len(s))
	for i, o := range s {
		out[i] = o
	}
	return out
}

// optional is the one object p points to, none when p is nil.
func optional[P interface {
	*E
	object
}, E any](p P) []object {
	if p != nil {
		return []object{p}
	}
	return nil
}

// validate checks a check and prepares its matches; where says where it is
// ("check.exists.has.members").
func (ch *Check) validate(where string) error {
	n := 0
	for _, set := range []bool{ch.Exists != nil, ch.None != nil, ch.All != nil, ch.Any != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return fmt.Errorf("%s: want exactly one of exists, none, all, any", where)
	}
	switch {
	case ch.Exists != nil:
		return ch.Exists.validate(where+".exists", "")
	case ch.None != nil:
		if ch.None.Min != 0 {
			return fmt.Errorf("%s.none: min has no meaning here", where)
		}
		return ch.None.validate(where+".none", "")
	}
	list, name := ch.All, "all"
	if ch.Any != nil {
		list, name = ch.Any, "any"
	}
	if len(list) == 0 {
		return fmt.Errorf("%s.%s: want at least one check", where, name)
	}
	for i := range list {
		if err := list[i].validate(fmt.Sprintf("%s.%s[%d]", where, name, i)); err != nil {
			return err
		}
	}
	return nil
}

// validate checks a match; implied is the kind a relation leads to ("" at
// the top, where kind is required).
func (m *Match) validate(where, implied string) error {
	switch {
	case implied == "" && m.Kind == "":
		return fmt.Errorf("%s: kind is missing (one of %s)", where, strings.Join(checkKinds(), ", "))
	case implied != "" && m.Kind != "" && m.Kind != implied:
		return fmt.Errorf("%s: kind %q, but this relation leads to %s", where, m.Kind, implied)
	case implied != "":
		m.Kind = implied
	}
	if _, ok := relations[m.Kind]; !ok {
		return fmt.Errorf("%s: unknown kind %q (one of %s)", where, m.Kind, strings.Join(checkKinds(), ", "))
	}
	if m.Min < 0 {
		return fmt.Errorf("%s: min %d is negative", where, m.Min)
	}
	m.want = map[string]string{}
	for name, v := range m.Where {
		if _, ok := attrFunc(m.Kind, name); !ok {
			return fmt.Errorf("%s.where: %s has no attribute %q (known: %s)", where, m.Kind, name, strings.Join(attrNames(m.Kind), ", "))
		}
		switch x := v.(type) {
		case string:
			m.want[name] = x
		case json.Number:
			m.want[name] = x.String()
		case float64: // a state file decodes numbers so
			m.want[name] = strconv.FormatFloat(x, 'f', -1, 64)
		case bool:
			m.want[name] = boolText(x)
		default:
			return fmt.Errorf("%s.where.%s: want a string, a number or true/false", where, name)
		}
	}
	for name, sub := range m.Has {
		rel, ok := relations[m.Kind][name]
		if !ok {
			var known []string
			for k := range relations[m.Kind] {
				known = append(known, k)
			}
			sort.Strings(known)
			return fmt.Errorf("%s.has: %s has no relation %q (known: %s)", where, m.Kind, name, strings.Join(known, ", "))
		}
		if sub == nil {
			return fmt.Errorf("%s.has.%s: want a match object", where, name)
		}
		if err := sub.validate(where+".has."+name, rel.kind); err != nil {
			return err
		}
	}
	return nil
}

func checkKinds() []string {
	return []string{KindLoadBalancer, KindListener, KindPool, KindMember, KindHealthMonitor, KindL7Policy, KindL7Rule}
}

// matches reports whether o satisfies m. Caller holds c.mu.
func (m *Match) matches(o object) bool {
	for name, want := range m.want {
		f, _ := attrFunc(m.Kind, name)
		if !strings.EqualFold(f(o), want) {
			return false
		}
	}
	for name, sub := range m.Has {
		if count(sub, relations[m.Kind][name].related(o)) < max(sub.Min, 1) {
			return false
		}
	}
	return true
}

func count(m *Match, objs []object) int {
	n := 0
	for _, o := range objs {
		if m.matches(o) {
			n++
		}
	}
	return n
}

// holds evaluates the check over a project's objects (every object of
// its load balancers' trees). Caller holds c.mu.
func (ch *Check) holds(objs []object) bool {
	of := func(m *Match) int {
		n := 0
		for _, o := range objs {
			if kindOf(o) == m.Kind && m.matches(o) {
				n++
			}
		}
		return n
	}
	switch {
	case ch.Exists != nil:
		return of(ch.Exists) >= max(ch.Exists.Min, 1)
	case ch.None != nil:
		return of(ch.None) == 0
	case ch.All != nil:
		for i := range ch.All {
			if !ch.All[i].holds(objs) {
				return false
			}
		}
		return true
	case ch.Any != nil:
		for i := range ch.Any {
			if ch.Any[i].holds(objs) {
				return true
			}
		}
	}
	return false
}
