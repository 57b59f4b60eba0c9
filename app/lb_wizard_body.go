package app

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The create wizard's steps, in order.
const (
	wizStepLB = iota
	wizStepListeners
	wizStepPools
	wizStepMembers
	wizStepMonitors
	wizStepL7
	wizStepReview
	wizStepCount
)

// wizStepTitles are the steps' names in the wizard's step list.
var wizStepTitles = [wizStepCount]string{"Load balancer", "Listeners", "Pools", "Members", "Health monitors", "L7 policies", "Review"}

// wizard is what the create wizard's steps hold, one part per step. Values
// are keyed by Octavia's attribute names (formValues, as every form and
// validate.go name them); keys starting with "_" are the wizard's own and
// never sent: "_vip" ("subnet" or "port") and "_network" on the load
// balancer, "_pool" (an index into pools) on a listener and a policy,
// "_listener" (an index into listeners) on a policy.
type wizard struct {
	lb        formValues
	listeners []formValues
	pools     []wizPool
	policies  []wizPolicy
}

// wizPool is a pool of the wizard with its members and its health monitor
// (nil: none).
type wizPool struct {
	v       formValues
	members []formValues
	monitor formValues
}

// wizPolicy is an L7 policy of the wizard with its rules.
type wizPolicy struct {
	v     formValues
	rules []formValues
}

// The fields of each step's items: their attributes, types, defaults and
// when they apply. Selects whose options come from the cloud (VIP subnet,
// port, flavor, zone, a member's subnet) are typed fRef and filled by the
// page.
var (
	wizLBFields = []formField{
		{Key: "name", Label: "Name", Required: true},
		{Key: "description", Label: "Description (optional)"},
		{Key: "vip_subnet_id", Label: "VIP subnet", Type: fRef, Required: true, Show: wizVIPBySubnet},
		{Key: "vip_address", Label: "Fixed VIP address (optional)", Hint: "Empty: Neutron picks a free address of the subnet.", Show: wizVIPBySubnet},
		{Key: "vip_port_id", Label: "Existing port", Type: fRef, Required: true, Show: func(v formValues) bool { return !wizVIPBySubnet(v) }},
		{Key: "flavor_id", Label: "Flavor (optional)", Type: fRef},
		{Key: "availability_zone", Label: "Availability zone (optional)", Type: fRef},
		{Key: "tags", Label: "Tags (optional)", Type: fList, Hint: "One per line or comma-separated."},
	}
	wizListenerFields = []formField{
		{Key: "name", Label: "Name"},
		{Key: "protocol", Label: "Protocol", Type: fChoice, Required: true, Default: "HTTP",
			Choices: []string{"HTTP", "HTTPS", "TCP", "TERMINATED_HTTPS", "UDP", "SCTP"}},
		{Key: "protocol_port", Label: "Port", Type: fInt, Required: true, Default: "80"},
		{Key: "default_tls_container_ref", Label: "TLS certificate (Barbican container URL)", Required: true, Show: wizTLS},
		{Key: "sni_container_refs", Label: "SNI certificates (Barbican URLs)", Type: fList, Hint: "One per line.", Show: wizTLS},
		{Key: "connection_limit", Label: "Connection limit", Type: fInt, Hint: "Empty or -1: no limit."},
		{Key: "timeout_client_data", Label: "Client inactivity timeout (ms)", Type: fInt},
		{Key: "timeout_member_connect", Label: "Member connect timeout (ms)", Type: fInt},
		{Key: "timeout_member_data", Label: "Member inactivity timeout (ms)", Type: fInt},
		{Key: "timeout_tcp_inspect", Label: "TCP inspect timeout (ms)", Type: fInt},
		{Key: "allowed_cidrs", Label: "Allowed CIDRs", Type: fList, Hint: "One per line; empty = everyone."},
	}
	wizPoolFields = []formField{
		{Key: "name", Label: "Name", Required: true, Hint: "Listeners and policies refer to it by name."},
		{Key: "protocol", Label: "Protocol", Type: fChoice, Required: true, Default: "HTTP",
			Choices: []string{"HTTP", "HTTPS", "PROXY", "PROXYV2", "TCP", "UDP", "SCTP"}},
		{Key: "lb_algorithm", Label: "Algorithm", Type: fChoice, Required: true, Default: "ROUND_ROBIN",
			Choices: []string{"ROUND_ROBIN", "LEAST_CONNECTIONS", "SOURCE_IP", "SOURCE_IP_PORT"}},
		{Key: "session_persistence.type", Label: "Session persistence", Type: fChoice,
			Choices: []string{"SOURCE_IP", "HTTP_COOKIE", "APP_COOKIE"}},
		{Key: "session_persistence.cookie_name", Label: "Cookie name", Required: true,
			Show: func(v formValues) bool { return v["session_persistence.type"] == "APP_COOKIE" }},
	}
	wizMemberFields = []formField{
		{Key: "address", Label: "Address", Required: true},
		{Key: "protocol_port", Label: "Port", Type: fInt, Required: true, Default: "80"},
		{Key: "weight", Label: "Weight", Type: fInt, Default: "1", Hint: "0 to 256; 0 takes no new connections."},
		{Key: "subnet_id", Label: "Subnet (optional)", Type: fRef},
		{Key: "name", Label: "Name"},
	}
	wizMonitorFields = []formField{
		{Key: "type", Label: "Type", Type: fChoice, Required: true, Default: "HTTP",
			Choices: []string{"HTTP", "HTTPS", "PING", "TCP", "TLS-HELLO", "UDP-CONNECT", "SCTP"}},
		{Key: "delay", Label: "Delay (s)", Type: fInt, Required: true, Default: "5"},
		{Key: "timeout", Label: "Timeout (s)", Type: fInt, Required: true, Default: "3"},
		{Key: "max_retries", Label: "Retries", Type: fInt, Required: true, Default: "3"},
		{Key: "max_retries_down", Label: "Retries before down", Type: fInt},
		{Key: "http_method", Label: "HTTP method", Type: fChoice, Default: "GET", Show: wizHTTPMonitor,
			Choices: []string{"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"}},
		{Key: "url_path", Label: "URL path", Default: "/", Show: wizHTTPMonitor},
		{Key: "expected_codes", Label: "Expected codes", Default: "200", Hint: "e.g. 200, 200,202 or 200-204", Show: wizHTTPMonitor},
	}
	wizPolicyFields = []formField{
		{Key: "name", Label: "Name"},
		{Key: "action", Label: "Action", Type: fChoice, Required: true, Default: "REDIRECT_TO_URL",
			Choices: []string{"REJECT", "REDIRECT_TO_URL", "REDIRECT_PREFIX", "REDIRECT_TO_POOL"}},
		{Key: "redirect_url", Label: "Redirect URL", Required: true, Show: wizPolicyAction("REDIRECT_TO_URL")},
		{Key: "redirect_prefix", Label: "Redirect prefix", Required: true, Show: wizPolicyAction("REDIRECT_PREFIX")},
		{Key: "redirect_http_code", Label: "Redirect HTTP code", Type: fInt, Hint: "301, 302, 303, 307 or 308; empty = 302.",
			Show: func(v formValues) bool { return v["action"] == "REDIRECT_TO_URL" || v["action"] == "REDIRECT_PREFIX" }},
		{Key: "position", Label: "Position", Type: fInt, Hint: "1 is evaluated first; empty = last."},
	}
	wizRuleFields = []formField{
		{Key: "type", Label: "Type", Type: fChoice, Required: true, Default: "PATH",
			Choices: []string{"PATH", "HOST_NAME", "HEADER", "COOKIE", "FILE_TYPE", "SSL_CONN_HAS_CERT", "SSL_VERIFY_RESULT", "SSL_DN_FIELD"}},
		{Key: "compare_type", Label: "Compare", Type: fChoice, Required: true, Default: "STARTS_WITH",
			Choices: []string{"EQUAL_TO", "STARTS_WITH", "ENDS_WITH", "CONTAINS", "REGEX"}},
		{Key: "key", Label: "Key", Required: true, Show: func(v formValues) bool {
			return v["type"] == "HEADER" || v["type"] == "COOKIE" || v["type"] == "SSL_DN_FIELD"
		}},
		{Key: "value", Label: "Value", Required: true},
		{Key: "invert", Label: "Invert (match when the rule does not)", Type: fBool},
	}
)

// The conditions of conditional fields (formField.Show).
func wizVIPBySubnet(v formValues) bool { return v["_vip"] != "port" }
func wizTLS(v formValues) bool         { return v["protocol"] == "TERMINATED_HTTPS" }
func wizHTTPMonitor(v formValues) bool { return v["type"] == "HTTP" || v["type"] == "HTTPS" }
func wizPolicyAction(a string) func(formValues) bool {
	return func(v formValues) bool { return v["action"] == a }
}

// wizDefaults are a new item's values: its fields' defaults.
func wizDefaults(fields []formField) formValues {
	v := formValues{}
	for _, f := range fields {
		if f.Default != "" {
			v[f.Key] = f.Default
		}
	}
	return v
}

// poolProtocolFor is the pool protocol that goes with a listener's: HTTP
// behind TERMINATED_HTTPS, the same protocol otherwise.
func poolProtocolFor(listener string) string {
	if listener == "TERMINATED_HTTPS" || listener == "" {
		return "HTTP"
	}
	return listener
}

// newListener is a listener with the wizard's defaults: HTTP on port 80
// (the next free port when 80 is taken by an earlier listener).
func (w *wizard) newListener() formValues {
	v := wizDefaults(wizListenerFields)
	port := 80
	for slices.ContainsFunc(w.listeners, func(l formValues) bool { return l["protocol_port"] == strconv.Itoa(port) }) {
		if port == 80 {
			port = 8080
		} else {
			port++
		}
	}
	v["protocol_port"] = strconv.Itoa(port)
	return v
}

// newPool is a pool with the wizard's defaults (ROUND_ROBIN, a unique
// name, an HTTP monitor GET / expecting 200 every 5 s), made the default
// pool of the first listener that has none, with that listener's protocol.
func (w *wizard) newPool() wizPool {
	v := wizDefaults(wizPoolFields)
	n := len(w.pools) + 1
	for slices.ContainsFunc(w.pools, func(p wizPool) bool { return p.v["name"] == "pool-"+strconv.Itoa(n) }) {
		n++
	}
	v["name"] = "pool-" + strconv.Itoa(n)
	for _, l := range w.listeners {
		if l["_pool"] == "" {
			l["_pool"] = strconv.Itoa(len(w.pools))
			v["protocol"] = poolProtocolFor(l["protocol"])
			break
		}
	}
	return wizPool{v: v, monitor: wizDefaults(wizMonitorFields)}
}

// newPolicy is an L7 policy on the first listener with one rule (path
// starts with /).
func (w *wizard) newPolicy() wizPolicy {
	v := wizDefaults(wizPolicyFields)
	v["_listener"] = "0"
	return wizPolicy{v: v, rules: []formValues{wizDefaults(wizRuleFields)}}
}

// removePool drops pool i, and every reference to it (listeners' default
// pools, policies' redirect pools); later indexes shift down.
func (w *wizard) removePool(i int) {
	w.pools = slices.Delete(w.pools, i, i+1)
	fix := func(v formValues) {
		n, err := strconv.Atoi(v["_pool"])
		switch {
		case err != nil:
		case n == i:
			v["_pool"] = ""
		case n > i:
			v["_pool"] = strconv.Itoa(n - 1)
		}
	}
	for _, l := range w.listeners {
		fix(l)
	}
	for _, p := range w.policies {
		fix(p.v)
	}
}

// removeListener drops listener i and its policies.
func (w *wizard) removeListener(i int) {
	w.listeners = slices.Delete(w.listeners, i, i+1)
	w.policies = slices.DeleteFunc(w.policies, func(p wizPolicy) bool { return p.v["_listener"] == strconv.Itoa(i) })
	for _, p := range w.policies {
		if n, err := strconv.Atoi(p.v["_listener"]); err == nil && n > i {
			p.v["_listener"] = strconv.Itoa(n - 1)
		}
	}
}

// poolAt is the pool that index text s names, or nil.
func (w *wizard) poolAt(s string) *wizPool {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n >= len(w.pools) {
		return nil
	}
	return &w.pools[n]
}

// body is the one request that creates the whole tree: Octavia's fully
// populated load balancer create. A pool is given in full as the default
// pool of the first listener that uses it, by name everywhere else (other
// listeners, REDIRECT_TO_POOL policies); pools no listener uses go in the
// load balancer's "pools". Empty parts are left out: no listener gives a
// bare load balancer. Errors are numbers that are not numbers.
func (w *wizard) body() (object, error) {
	lb, err := buildBody(wizLBFields, w.lb, nil, true)
	if err != nil {
		return nil, err
	}
	pools := make([]object, len(w.pools))
	for i, p := range w.pools {
		if pools[i], err = wizPoolBody(p); err != nil {
			return nil, err
		}
	}
	inline := make([]bool, len(w.pools)) // given in full under a listener
	var listeners []any
	for li, lv := range w.listeners {
		l, err := buildBody(wizListenerFields, lv, nil, true)
		if err != nil {
			return nil, err
		}
		if n, err := strconv.Atoi(lv["_pool"]); err == nil && n >= 0 && n < len(pools) {
			if inline[n] {
				l["default_pool"] = object{"name": pools[n]["name"]}
			} else {
				l["default_pool"], inline[n] = pools[n], true
			}
		}
		var policies []any
		for _, pol := range w.policies {
			if pol.v["_listener"] != strconv.Itoa(li) {
				continue
			}
			o, err := buildBody(wizPolicyFields, pol.v, nil, true)
			if err != nil {
				return nil, err
			}
			if p := w.poolAt(pol.v["_pool"]); p != nil && o["action"] == "REDIRECT_TO_POOL" {
				o["redirect_pool"] = object{"name": strings.TrimSpace(p.v["name"])}
			}
			var rules []any
			for _, rv := range pol.rules {
				r, err := buildBody(wizRuleFields, rv, nil, true)
				if err != nil {
					return nil, err
				}
				rules = append(rules, r)
			}
			if len(rules) > 0 {
				o["rules"] = rules
			}
			policies = append(policies, o)
		}
		if len(policies) > 0 {
			l["l7policies"] = policies
		}
		listeners = append(listeners, l)
	}
	if len(listeners) > 0 {
		lb["listeners"] = listeners
	}
	var rest []any
	for i, p := range pools {
		if !inline[i] {
			rest = append(rest, p)
		}
	}
	if len(rest) > 0 {
		lb["pools"] = rest
	}
	return lb, nil
}

// wizPoolBody is a pool's body with its members and health monitor.
func wizPoolBody(p wizPool) (object, error) {
	o, err := buildBody(wizPoolFields, p.v, nil, true)
	if err != nil {
		return nil, err
	}
	var members []any
	for _, mv := range p.members {
		m, err := buildBody(wizMemberFields, mv, nil, true)
		if err != nil {
			return nil, err
		}
		members = append(members, m)
	}
	if len(members) > 0 {
		o["members"] = members
	}
	if p.monitor != nil {
		h, err := buildBody(wizMonitorFields, p.monitor, nil, true)
		if err != nil {
			return nil, err
		}
		o["healthmonitor"] = h
	}
	return o, nil
}

// wizItem is one item of a step (a listener, a pool's monitor, a rule):
// its fields, values, validator and the prefix of its inputs' DOM ids.
type wizItem struct {
	step     int
	fields   []formField
	v        formValues
	validate func(formValues, bool) fieldErrs
	id       string // "wz-listener-0": inputs are id+"-"+key
}

// items are every item of step s, in the page's order.
func (w *wizard) items(s int) []wizItem {
	var out []wizItem
	switch s {
	case wizStepLB:
		out = append(out, wizItem{wizStepLB, wizLBFields, w.lb, validateLoadBalancer, "create"})
	case wizStepListeners:
		for i, l := range w.listeners {
			out = append(out, wizItem{s, wizListenerFields, l, validateListener, fmt.Sprintf("wz-listener-%d", i)})
		}
	case wizStepPools:
		for i, p := range w.pools {
			out = append(out, wizItem{s, wizPoolFields, p.v, validatePool, fmt.Sprintf("wz-pool-%d", i)})
		}
	case wizStepMembers:
		for i, p := range w.pools {
			for j, m := range p.members {
				out = append(out, wizItem{s, wizMemberFields, m, validateMember, fmt.Sprintf("wz-member-%d-%d", i, j)})
			}
		}
	case wizStepMonitors:
		for i, p := range w.pools {
			if p.monitor != nil {
				out = append(out, wizItem{s, wizMonitorFields, p.monitor, validateMonitor, fmt.Sprintf("wz-monitor-%d", i)})
			}
		}
	case wizStepL7:
		for i, p := range w.policies {
			out = append(out, wizItem{s, wizPolicyFields, p.v, validateL7Policy, fmt.Sprintf("wz-policy-%d", i)})
			for j, r := range p.rules {
				out = append(out, wizItem{s, wizRuleFields, r, validateL7Rule, fmt.Sprintf("wz-rule-%d-%d", i, j)})
			}
		}
	}
	return out
}

// wizInputID is the DOM id of item id's input for attribute key:
// "create-name", "wz-listener-0-protocol-port". The load balancer's VIP
// subnet keeps the quick create's id, "create-subnet".
func wizInputID(item, key string) string {
	if item == "create" && key == "vip_subnet_id" {
		return "create-subnet"
	}
	return item + "-" + strings.NewReplacer(".", "-", "_", "-").Replace(key)
}

// check is what the wizard says of step s before sending, by input id:
// required fields, numbers, and Octavia's own checks (validate.go) with
// the values that would be sent; plus the wizard's own: a listener's
// default pool or a policy's redirect pool must exist, pool names unique.
func (w *wizard) check(s int) map[string]string {
	errs := map[string]string{}
	for _, it := range w.items(s) {
		maps.Copy(errs, it.check())
	}
	if s == wizStepPools {
		seen := map[string]bool{}
		for i, p := range w.pools {
			n := strings.TrimSpace(p.v["name"])
			if n != "" && seen[n] {
				errs[wizInputID(fmt.Sprintf("wz-pool-%d", i), "name")] = "Another pool has this name: Octavia needs them unique."
			}
			seen[n] = true
		}
	}
	if s == wizStepL7 {
		for i, p := range w.policies {
			if p.v["action"] == "REDIRECT_TO_POOL" && w.poolAt(p.v["_pool"]) == nil {
				errs[fmt.Sprintf("wz-policy-%d-pool", i)] = "Pick the pool to redirect to."
			}
		}
	}
	return errs
}

// check is what item it's fields say, by input id: required fields,
// numbers, then Octavia's rules (it.validate) on the values that would be
// sent. A rule's complaint about an attribute the item has no field for
// (loadbalancer_id, pool_id, listener_id: the one-request create gives
// them by nesting) is not the user's to fix and is left out.
func (it wizItem) check() map[string]string {
	errs := map[string]string{}
	sent := formValues{}
	shown := map[string]bool{}
	for _, f := range it.fields {
		if !f.shown(true, it.v) {
			continue
		}
		shown[f.Key] = true
		id := wizInputID(it.id, f.Key)
		val := strings.TrimSpace(it.v[f.Key])
		switch {
		case val == "" && f.Required:
			errs[id] = f.Label + " is required."
			continue
		case val == "":
			continue
		case f.Type == fInt:
			if _, err := strconv.Atoi(val); err != nil {
				errs[id] = fmt.Sprintf("%q is not a whole number.", val)
				continue
			}
		}
		sent[f.Key] = val
	}
	if it.validate == nil {
		return errs
	}
	for k, e := range it.validate(sent, true) {
		if id := wizInputID(it.id, k); shown[k] && errs[id] == "" {
			errs[id] = e
		}
	}
	return errs
}

// stepOfFault is the step a refused create concerns, from Octavia's
// faultstring: the kind it names, else the step with the attribute
// faultField finds in it, else the review.
func (w *wizard) stepOfFault(fault string) int {
	low := strings.ToLower(fault)
	for _, k := range []struct {
		words []string
		step  int
	}{
		{[]string{"l7rule", "l7 rule", "l7policy", "l7 policy", "redirect", "rule"}, wizStepL7},
		{[]string{"member"}, wizStepMembers},
		{[]string{"monitor", "delay", "http_method", "expected_codes", "url_path"}, wizStepMonitors},
		{[]string{"pool", "session_persistence", "lb_algorithm", "cookie"}, wizStepPools},
		{[]string{"listener", "cidr", "certificate", "terminated_https", "sni", "tls", "protocol_port"}, wizStepListeners},
		{[]string{"vip", "flavor", "availability", "subnet", "network", "port", "provider", "load balancer", "loadbalancer", "name", "description", "tag"}, wizStepLB},
	} {
		for _, word := range k.words {
			if strings.Contains(low, word) {
				return k.step
			}
		}
	}
	for s := range wizStepReview {
		for _, it := range w.items(s) {
			names := make([]string, 0, len(it.fields))
			for _, f := range it.fields {
				names = append(names, f.Key)
			}
			if faultField(fault, names) != "" {
				return s
			}
		}
	}
	return wizStepReview
}

// wizardWritten says in words what the create writes, for its wait item:
// `POST load balancer "web" with 1 listener, 1 pool, 2 members, …`.
func wizardWritten(body object) string {
	s := fmt.Sprintf("POST load balancer %q", body.str("name"))
	if d := body.str("description"); d != "" {
		s += fmt.Sprintf(", description %q", d)
	}
	switch {
	case body.str("vip_port_id") != "":
		s += ", VIP port " + body.str("vip_port_id")
	case body.str("vip_address") != "":
		s += ", VIP " + body.str("vip_address") + " on subnet " + body.str("vip_subnet_id")
	default:
		s += ", VIP subnet " + body.str("vip_subnet_id")
	}
	c := wizTreeCounts(body)
	var parts []string
	for _, k := range []struct{ key, one, many string }{
		{"listener", "listener", "listeners"}, {"pool", "pool", "pools"}, {"member", "member", "members"},
		{"healthmonitor", "health monitor", "health monitors"}, {"l7policy", "L7 policy", "L7 policies"}, {"rule", "rule", "rules"},
	} {
		switch n := c[k.key]; {
		case n == 1:
			parts = append(parts, "1 "+k.one)
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", n, k.many))
		}
	}
	if len(parts) > 0 {
		s += " with " + strings.Join(parts, ", ")
	}
	return s
}

// wizTreeCounts counts the objects a create body makes, by kind (pools given
// by name only are not counted again).
func wizTreeCounts(body object) map[string]int {
	c := map[string]int{}
	pool := func(p object) {
		if _, full := p["protocol"]; !full {
			return
		}
		c["pool"]++
		members, _ := p["members"].([]any)
		c["member"] += len(members)
		if p["healthmonitor"] != nil {
			c["healthmonitor"]++
		}
	}
	listeners, _ := body["listeners"].([]any)
	for _, x := range listeners {
		l, _ := x.(object)
		c["listener"]++
		if dp, ok := l["default_pool"].(object); ok {
			pool(dp)
		}
		policies, _ := l["l7policies"].([]any)
		for _, y := range policies {
			c["l7policy"]++
			p, _ := y.(object)
			rules, _ := p["rules"].([]any)
			c["rule"] += len(rules)
		}
	}
	pools, _ := body["pools"].([]any)
	for _, x := range pools {
		p, _ := x.(object)
		pool(p)
	}
	return c
}
