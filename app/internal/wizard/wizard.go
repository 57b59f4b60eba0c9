// Package wizard is the create wizard's model, without a page: what its
// steps hold, the one request that creates the whole tree (Octavia's fully
// populated load balancer create), its checks before sending, and the step
// an Octavia refusal concerns. Its items' fields are the kinds' own form
// fields (Kinds, from the kinds' descriptions), with what the wizard must
// do otherwise said in New. No go-app: it tests natively.
//
// Its files: wizard.go (the steps, the model and the create request),
// items.go (a step's items and their fields), review.go (the review's
// words: what ids are called, what the request will create) and
// subnet_pref.go (the subnet the VIP is offered first).
package wizard

import (
	"slices"
	"strconv"
	"strings"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// The steps, in order.
const (
	StepLB = iota
	StepListeners
	StepPools
	StepMembers
	StepMonitors
	StepL7
	StepReview
	StepCount
)

// Titles are the steps' names in the wizard's step list.
var Titles = [StepCount]string{"Load balancer", "Listeners", "Pools", "Members", "Health monitors", "L7 policies", "Review"}

// Kind is a kind's form as the wizard uses it: its fields and its checks.
type Kind struct {
	Fields   []form.Field
	Validate func(form.Values, bool) form.Errs
}

// Kinds are the forms of the kinds the wizard creates.
type Kinds struct {
	LB, Listener, Pool, Member, Monitor, Policy, Rule Kind
}

// Model is what the wizard's steps hold, one part per step. Values are
// keyed by Octavia's attribute names (form.Values, as every form names
// them); keys starting with "_" are the wizard's own and never sent: "_vip"
// ("subnet" or "port") and "_network" on the load balancer, "_pool" (an
// index into Pools) on a listener and a policy, "_listener" (an index into
// Listeners) on a policy.
type Model struct {
	kinds     Kinds
	all       Kinds // the kinds before a provider narrowed them (Support)
	LB        form.Values
	Listeners []form.Values
	Pools     []Pool
	Policies  []Policy
	hsts      bool // the cloud speaks HSTS (SpeaksHSTS)
}

// Pool is a pool of the wizard with its members and its health monitor
// (nil: none).
type Pool struct {
	V       form.Values
	Members []form.Values
	Monitor form.Values
}

// Policy is an L7 policy of the wizard with its rules.
type Policy struct {
	V     form.Values
	Rules []form.Values
}

// New is an empty wizard over the kinds' forms. The wizard does with them
// what a tree created in one request needs:
//   - an item leaves out the fields its nesting gives (a listener's load
//     balancer, a pool's listener, a monitor's pool, a policy's listener),
//     and the references it makes itself by index ("_pool": a listener's
//     default pool, a policy's redirect pool);
//   - it leaves out admin_state_up: what it creates starts up, Octavia's
//     default (a change of mind is an edit afterwards);
//   - a pool's name is required: the request names pools used twice by it;
//   - a new L7 policy redirects to a URL (the generic form's default is
//     REJECT): the common first use of a policy in a new tree.
func New(k Kinds) *Model {
	drop := func(kd Kind, keys ...string) Kind {
		kd.Fields = form.Without(kd.Fields, append(keys, "admin_state_up")...)
		return kd
	}
	k.LB = drop(k.LB)
	k.Listener = drop(k.Listener, "loadbalancer_id", "default_pool_id")
	k.Pool = drop(k.Pool, "loadbalancer_id", "listener_id")
	for i, f := range k.Pool.Fields {
		if f.Key == "name" {
			k.Pool.Fields[i].Required, k.Pool.Fields[i].Hint = true, "Listeners and policies refer to it by name."
		}
	}
	k.Member = drop(k.Member)
	k.Monitor = drop(k.Monitor, "pool_id")
	k.Policy = drop(k.Policy, "listener_id", "redirect_pool_id")
	for i, f := range k.Policy.Fields {
		if f.Key == "action" {
			k.Policy.Fields[i].Default = "REDIRECT_TO_URL"
		}
	}
	k.Rule = drop(k.Rule)
	m := &Model{kinds: k, all: k}
	m.Reset()
	return m
}

// Support narrows the kinds' choices to what the provider driver takes
// (form.Support: a create that names no provider gets the deployment's
// default, so the wizard gives the union of the cloud's providers), and
// moves the values of the items already made that it does not take to
// its first choice.
func (m *Model) Support(s form.Support) {
	narrow := func(kind octavia.Kind, kd Kind) Kind {
		kd.Fields = s.Narrow(kind, kd.Fields)
		return kd
	}
	k := m.all
	k.Listener = narrow(octavia.KindListener, k.Listener)
	k.Pool = narrow(octavia.KindPool, k.Pool)
	k.Monitor = narrow(octavia.KindMonitor, k.Monitor)
	m.kinds = k
	for _, v := range m.Listeners {
		s.Fix(octavia.KindListener, k.Listener.Fields, v)
	}
	for _, p := range m.Pools {
		s.Fix(octavia.KindPool, k.Pool.Fields, p.V)
		if p.Monitor != nil {
			s.Fix(octavia.KindMonitor, k.Monitor.Fields, p.Monitor)
		}
	}
}

// SpeaksHSTS says whether the cloud speaks HSTS (Octavia API v2.27 or
// later; not Zed): the listeners, those made and to come, show its fields
// then only (form.HSTSKnown).
func (m *Model) SpeaksHSTS(yes bool) {
	m.hsts = yes
	for _, l := range m.Listeners {
		if yes {
			l[form.HSTSKnown] = "true"
		} else {
			delete(l, form.HSTSKnown)
		}
	}
}

// Kinds are the wizard's forms of the kinds (New's).
func (m *Model) Kinds() Kinds { return m.kinds }

// Reset empties the wizard: a load balancer with its defaults, on a subnet.
func (m *Model) Reset() {
	m.LB = form.Defaults(m.kinds.LB.Fields)
	m.LB["_vip"] = "subnet"
	m.Listeners, m.Pools, m.Policies = nil, nil, nil
}

// poolProtocolFor is the pool protocol that goes with a listener's: HTTP
// behind TERMINATED_HTTPS, the same protocol otherwise.
func poolProtocolFor(listener string) string {
	if listener == "TERMINATED_HTTPS" || listener == "" {
		return "HTTP"
	}
	return listener
}

// takesPool reports whether a listener of protocol takes a default pool (a
// PROMETHEUS listener serves metrics itself).
func takesPool(protocol string) bool { return protocol != "PROMETHEUS" }

// NewListener is a listener with the defaults: HTTP on port 80 (the next
// free port when 80 is taken by an earlier listener).
func (m *Model) NewListener() form.Values {
	v := form.Defaults(m.kinds.Listener.Fields)
	if m.hsts {
		v[form.HSTSKnown] = "true"
	}
	form.SetProtocol(v, v["protocol"], func(port string) bool {
		return slices.ContainsFunc(m.Listeners, func(l form.Values) bool { return l["protocol_port"] == port })
	})
	return v
}

// SetListenerProtocol sets the protocol of listener item it, moving its
// port to the protocol's usual one (HTTP 80; HTTPS, TERMINATED_HTTPS 443)
// unless the user typed the port, skipping the ports of the others
// (form.SetProtocol).
func (m *Model) SetListenerProtocol(it Item, protocol string) {
	items := m.Items(StepListeners)
	i := slices.IndexFunc(items, func(x Item) bool { return x.ID == it.ID })
	form.SetProtocol(it.V, protocol, func(port string) bool {
		for j, l := range m.Listeners {
			if j != i && l["protocol_port"] == port {
				return true
			}
		}
		return false
	})
}

// NewPool is a pool with the defaults (a unique name; the pool form's
// defaults, ROUND_ROBIN; a health monitor with the monitor form's
// defaults, HTTP GET / expecting 200), made the default pool of the first
// listener that has none (and takes one), with that listener's protocol.
func (m *Model) NewPool() Pool {
	v := form.Defaults(m.kinds.Pool.Fields)
	n := len(m.Pools) + 1
	for slices.ContainsFunc(m.Pools, func(p Pool) bool { return p.V["name"] == "pool-"+strconv.Itoa(n) }) {
		n++
	}
	v["name"] = "pool-" + strconv.Itoa(n)
	for _, l := range m.Listeners {
		if l["_pool"] == "" && takesPool(l["protocol"]) {
			l["_pool"] = strconv.Itoa(len(m.Pools))
			v["protocol"] = poolProtocolFor(l["protocol"])
			break
		}
	}
	return Pool{V: v, Monitor: m.NewMonitor()}
}

// NewMember, NewMonitor and NewRule are items with their form's defaults.
func (m *Model) NewMember() form.Values  { return form.Defaults(m.kinds.Member.Fields) }
func (m *Model) NewMonitor() form.Values { return form.Defaults(m.kinds.Monitor.Fields) }
func (m *Model) NewRule() form.Values    { return form.Defaults(m.kinds.Rule.Fields) }

// NewPolicy is an L7 policy on the first listener with one rule (the rule
// form's defaults: the path starts with …).
func (m *Model) NewPolicy() Policy {
	v := form.Defaults(m.kinds.Policy.Fields)
	v["_listener"] = "0"
	return Policy{V: v, Rules: []form.Values{m.NewRule()}}
}

// RemovePool drops pool i, and every reference to it (listeners' default
// pools, policies' redirect pools); later indexes shift down.
func (m *Model) RemovePool(i int) {
	m.Pools = slices.Delete(m.Pools, i, i+1)
	fix := func(v form.Values) {
		n, err := strconv.Atoi(v["_pool"])
		switch {
		case err != nil:
		case n == i:
			v["_pool"] = ""
		case n > i:
			v["_pool"] = strconv.Itoa(n - 1)
		}
	}
	for _, l := range m.Listeners {
		fix(l)
	}
	for _, p := range m.Policies {
		fix(p.V)
	}
}

// RemoveListener drops listener i and its policies.
func (m *Model) RemoveListener(i int) {
	m.Listeners = slices.Delete(m.Listeners, i, i+1)
	m.Policies = slices.DeleteFunc(m.Policies, func(p Policy) bool { return p.V["_listener"] == strconv.Itoa(i) })
	for _, p := range m.Policies {
		if n, err := strconv.Atoi(p.V["_listener"]); err == nil && n > i {
			p.V["_listener"] = strconv.Itoa(n - 1)
		}
	}
}

// PoolAt is the pool that index text s names, or nil.
func (m *Model) PoolAt(s string) *Pool {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n >= len(m.Pools) {
		return nil
	}
	return &m.Pools[n]
}

// Body is the one request that creates the whole tree: Octavia's fully
// populated load balancer create. A pool is given in full as the default
// pool of the first listener that uses it, by name everywhere else (other
// listeners, REDIRECT_TO_POOL policies); pools no listener uses go in the
// load balancer's "pools". Empty parts are left out: no listener gives a
// bare load balancer. Errors are numbers that are not numbers.
func (m *Model) Body() (octavia.Object, error) {
	k := m.kinds
	lb, err := form.Body(k.LB.Fields, m.LB, nil, true)
	if err != nil {
		return nil, err
	}
	pools := make([]octavia.Object, len(m.Pools))
	for i, p := range m.Pools {
		if pools[i], err = m.poolBody(p); err != nil {
			return nil, err
		}
	}
	inline := make([]bool, len(m.Pools)) // given in full under a listener
	var listeners []any
	for li, lv := range m.Listeners {
		l, err := form.Body(k.Listener.Fields, lv, nil, true)
		if err != nil {
			return nil, err
		}
		if n, err := strconv.Atoi(lv["_pool"]); err == nil && n >= 0 && n < len(pools) {
			if inline[n] {
				l["default_pool"] = octavia.Object{"name": pools[n]["name"]}
			} else {
				l["default_pool"], inline[n] = pools[n], true
			}
		}
		var policies []any
		for _, pol := range m.Policies {
			if pol.V["_listener"] != strconv.Itoa(li) {
				continue
			}
			o, err := form.Body(k.Policy.Fields, pol.V, nil, true)
			if err != nil {
				return nil, err
			}
			if p := m.PoolAt(pol.V["_pool"]); p != nil && o["action"] == "REDIRECT_TO_POOL" {
				o["redirect_pool"] = octavia.Object{"name": strings.TrimSpace(p.V["name"])}
			}
			rules, err := createBodies(k.Rule.Fields, pol.Rules)
			if err != nil {
				return nil, err
			}
			putList(o, "rules", rules)
			policies = append(policies, o)
		}
		putList(l, "l7policies", policies)
		listeners = append(listeners, l)
	}
	putList(lb, "listeners", listeners)
	var rest []any
	for i, p := range pools {
		if !inline[i] {
			rest = append(rest, p)
		}
	}
	putList(lb, "pools", rest)
	return lb, nil
}

// poolBody is a pool's body with its members and health monitor.
func (m *Model) poolBody(p Pool) (octavia.Object, error) {
	k := m.kinds
	o, err := form.Body(k.Pool.Fields, p.V, nil, true)
	if err != nil {
		return nil, err
	}
	members, err := createBodies(k.Member.Fields, p.Members)
	if err != nil {
		return nil, err
	}
	putList(o, "members", members)
	if p.Monitor != nil {
		h, err := form.Body(k.Monitor.Fields, p.Monitor, nil, true)
		if err != nil {
			return nil, err
		}
		o["healthmonitor"] = h
	}
	return o, nil
}

// createBodies are the create bodies of values vs of one kind, whose
// form has fields.
func createBodies(fields []form.Field, vs []form.Values) ([]any, error) {
	var out []any
	for _, v := range vs {
		b, err := form.Body(fields, v, nil, true)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// putList sets o[key] to list unless list is empty: the create leaves an
// empty part out.
func putList(o octavia.Object, key string, list []any) {
	if len(list) > 0 {
		o[key] = list
	}
}
