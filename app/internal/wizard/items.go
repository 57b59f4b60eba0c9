package wizard

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/octaview/octaview/app/internal/form"
)

// Item is one item of a step (a listener, a pool's monitor, a rule): its
// kind's form, its values and the prefix of its inputs' DOM ids.
type Item struct {
	Step int
	Kind Kind
	V    form.Values
	ID   string // "wz-listener-0": inputs are InputID(ID, key)
}

// Items are every item of step s, in the page's order.
func (m *Model) Items(s int) []Item {
	k := m.kinds
	var out []Item
	switch s {
	case StepLB:
		out = append(out, Item{StepLB, k.LB, m.LB, "create"})
	case StepListeners:
		for i, l := range m.Listeners {
			out = append(out, Item{s, k.Listener, l, fmt.Sprintf("wz-listener-%d", i)})
		}
	case StepPools:
		for i, p := range m.Pools {
			out = append(out, Item{s, k.Pool, p.V, fmt.Sprintf("wz-pool-%d", i)})
		}
	case StepMembers:
		for i, p := range m.Pools {
			for j, mv := range p.Members {
				out = append(out, Item{s, k.Member, mv, MemberID(i, j)})
			}
		}
	case StepMonitors:
		for i, p := range m.Pools {
			if p.Monitor != nil {
				out = append(out, Item{s, k.Monitor, p.Monitor, fmt.Sprintf("wz-monitor-%d", i)})
			}
		}
	case StepL7:
		for i, p := range m.Policies {
			out = append(out, Item{s, k.Policy, p.V, fmt.Sprintf("wz-policy-%d", i)})
			for j, r := range p.Rules {
				out = append(out, Item{s, k.Rule, r, RuleID(i, j)})
			}
		}
	}
	return out
}

// MemberID and RuleID are the DOM id prefixes of member j of pool i and
// of rule j of policy i.
func MemberID(i, j int) string { return fmt.Sprintf("wz-member-%d-%d", i, j) }
func RuleID(i, j int) string   { return fmt.Sprintf("wz-rule-%d-%d", i, j) }

// InputID is the DOM id of item id's input for attribute key:
// "create-name", "wz-listener-0-protocol-port". The load balancer's VIP
// subnet keeps the quick create's id, "create-subnet".
func InputID(item, key string) string {
	if item == "create" && key == "vip_subnet_id" {
		return "create-subnet"
	}
	return item + "-" + strings.NewReplacer(".", "-", "_", "-").Replace(key)
}

// Check is what the wizard says of step s before sending, by input id: its
// items' form checks (form.Check: required fields, numbers, Octavia's
// rules on the values that would be sent), plus the wizard's own: a
// listener's default pool and a policy's redirect pool must exist, pool
// names must be unique, a PROMETHEUS listener takes no pool.
func (m *Model) Check(s int) map[string]string {
	errs := map[string]string{}
	for _, it := range m.Items(s) {
		maps.Copy(errs, it.Check())
	}
	switch s {
	case StepListeners:
		for i, l := range m.Listeners {
			if !takesPool(l["protocol"]) && m.PoolAt(l["_pool"]) != nil {
				errs[fmt.Sprintf("wz-listener-%d-pool", i)] = "Listeners of protocol " + l["protocol"] + " take no pool."
			}
		}
	case StepPools:
		seen := map[string]bool{}
		for i, p := range m.Pools {
			n := strings.TrimSpace(p.V["name"])
			if n != "" && seen[n] {
				errs[InputID(fmt.Sprintf("wz-pool-%d", i), "name")] = "Another pool has this name: Octavia needs them unique."
			}
			seen[n] = true
		}
	case StepL7:
		for i, p := range m.Policies {
			if p.V["action"] == "REDIRECT_TO_POOL" && m.PoolAt(p.V["_pool"]) == nil {
				errs[fmt.Sprintf("wz-policy-%d-pool", i)] = "Pick the pool to redirect to."
			}
		}
	}
	return errs
}

// Check is what item it's form says, by input id (form.Check). A rule's
// complaint about an attribute the item has no field for (the nesting
// gives it) is not the user's to fix and is left out.
func (it Item) Check() map[string]string {
	errs := map[string]string{}
	for k, e := range form.Check(it.Kind.Fields, it.V, nil, true, it.Kind.Validate) {
		if i := slices.IndexFunc(it.Kind.Fields, func(f form.Field) bool { return f.Key == k }); i >= 0 && it.Kind.Fields[i].Shown(true, it.V) {
			errs[InputID(it.ID, k)] = e
		}
	}
	return errs
}

// ItemOfRef is the item and field holding a ref that Octavia's
// certificate fault names (form.RefField: "Could not retrieve
// certificate: ['…']"); ok is false for any other fault.
func (m *Model) ItemOfRef(fault string) (it Item, key string, ok bool) {
	for s := range StepReview {
		for _, it := range m.Items(s) {
			if k := form.RefField(fault, form.Keys(it.Kind.Fields), it.V); k != "" {
				return it, k, true
			}
		}
	}
	return Item{}, "", false
}

// StepOfFault is the step a refused create concerns, from Octavia's
// faultstring: the kind it names, else the step with the attribute
// form.FaultField finds in it, else the review.
func (m *Model) StepOfFault(fault string) int {
	low := strings.ToLower(fault)
	for _, k := range []struct {
		words []string
		step  int
	}{
		{[]string{"l7rule", "l7 rule", "l7policy", "l7 policy", "redirect", "rule"}, StepL7},
		{[]string{"member"}, StepMembers},
		{[]string{"monitor", "delay", "http_method", "expected_codes", "url_path"}, StepMonitors},
		{[]string{"pool", "session_persistence", "lb_algorithm", "cookie"}, StepPools},
		{[]string{"listener", "cidr", "certificate", "terminated_https", "sni", "tls", "protocol_port"}, StepListeners},
		{[]string{"vip", "flavor", "availability", "subnet", "network", "port", "provider", "load balancer", "loadbalancer", "name", "description", "tag"}, StepLB},
	} {
		for _, word := range k.words {
			if strings.Contains(low, word) {
				return k.step
			}
		}
	}
	for s := range StepReview {
		for _, it := range m.Items(s) {
			if form.FaultField(fault, form.Keys(it.Kind.Fields)) != "" {
				return s
			}
		}
	}
	return StepReview
}
