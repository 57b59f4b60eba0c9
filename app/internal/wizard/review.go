package wizard

import (
	"fmt"
	"strings"

	"github.com/octaview/octaview/octavia"
)

// Names says what an id is called, for the texts that name objects the
// request refers to by id: a subnet's "private-subnet — 10.0.0.0/24" (""
// when unknown: the id alone).
type Names func(id string) string

// named is "name (id)", or the id alone when names does not know it.
func named(names Names, id string) string {
	if names != nil {
		if n := names(id); n != "" {
			return n + " (" + id + ")"
		}
	}
	return id
}

// Written says in words what the create writes, for its wait item and the
// review: `POST load balancer "web", VIP subnet private — 10.0.0.0/24 (…)
// with 1 listener, 1 pool, 2 members, …`.
func Written(body octavia.Object, names Names) string {
	s := fmt.Sprintf("POST load balancer %q", body.Text("name"))
	if d := body.Text("description"); d != "" {
		s += fmt.Sprintf(", description %q", d)
	}
	switch {
	case body.Text("vip_port_id") != "":
		s += ", VIP port " + named(names, body.Text("vip_port_id"))
	case body.Text("vip_network_id") != "":
		s += ", VIP network " + named(names, body.Text("vip_network_id"))
	case body.Text("vip_address") != "":
		s += ", VIP " + body.Text("vip_address") + " on subnet " + named(names, body.Text("vip_subnet_id"))
	default:
		s += ", VIP subnet " + named(names, body.Text("vip_subnet_id"))
	}
	c := Counts(body)
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

// Counts counts the objects a create body makes, by kind (pools given by
// name only are not counted again).
func Counts(body octavia.Object) map[string]int {
	c := map[string]int{}
	pool := func(p octavia.Object) {
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
		l, _ := x.(octavia.Object)
		c["listener"]++
		if dp, ok := l["default_pool"].(octavia.Object); ok {
			pool(dp)
		}
		policies, _ := l["l7policies"].([]any)
		for _, y := range policies {
			c["l7policy"]++
			p, _ := y.(octavia.Object)
			rules, _ := p["rules"].([]any)
			c["rule"] += len(rules)
		}
	}
	pools, _ := body["pools"].([]any)
	for _, x := range pools {
		p, _ := x.(octavia.Object)
		pool(p)
	}
	return c
}

// Tree is the review's outline of what the request creates, one line per
// listener and per pool no listener uses, each named: `Listener 1 "web":
// HTTP :80 → pool "pool-1" (ROUND_ROBIN, 2 members, HTTP monitor), 1 L7
// policy`.
func Tree(body octavia.Object) []string {
	var out []string
	poolText := func(p octavia.Object) string {
		s := fmt.Sprintf("pool %q", p.Text("name"))
		if _, full := p["protocol"]; !full {
			return s + " (above)"
		}
		members, _ := p["members"].([]any)
		detail := []string{p.Text("protocol"), p.Text("lb_algorithm"), fmt.Sprintf("%d members", len(members))}
		if h, ok := p["healthmonitor"].(octavia.Object); ok {
			detail = append(detail, h.Text("type")+" monitor")
		}
		if p["tls_enabled"] == true {
			detail = append(detail, "TLS to the members")
		}
		return s + " (" + strings.Join(detail, ", ") + ")"
	}
	listeners, _ := body["listeners"].([]any)
	for i, x := range listeners {
		l, _ := x.(octavia.Object)
		s := fmt.Sprintf("Listener %d", i+1)
		if n := l.Text("name"); n != "" {
			s += fmt.Sprintf(" %q", n)
		}
		s += fmt.Sprintf(": %s :%s", l.Text("protocol"), l.Text("protocol_port")) + tlsText(l)
		if dp, ok := l["default_pool"].(octavia.Object); ok {
			s += " → " + poolText(dp)
		}
		switch policies, _ := l["l7policies"].([]any); {
		case len(policies) == 1:
			s += ", 1 L7 policy"
		case len(policies) > 1:
			s += fmt.Sprintf(", %d L7 policies", len(policies))
		}
		out = append(out, s)
	}
	pools, _ := body["pools"].([]any)
	for _, x := range pools {
		p, _ := x.(octavia.Object)
		out = append(out, "No listener's default: "+poolText(p))
	}
	return out
}

// refCount is how many refs a list holds: a read object's []any or the
// form's []string (the wizard's body: form.Body splits a list field so).
func refCount(v any) int {
	switch x := v.(type) {
	case []any:
		return len(x)
	case []string:
		return len(x)
	}
	return 0
}

// tlsText is what a TLS listener's outline says of its certificates and
// client authentication: " (default certificate, 2 SNI, client
// authentication MANDATORY)"; "" for a listener without any.
func tlsText(l octavia.Object) string {
	var parts []string
	if l.Text("default_tls_container_ref") != "" {
		parts = append(parts, "default certificate")
	}
	if n := refCount(l["sni_container_refs"]); n > 0 {
		parts = append(parts, fmt.Sprintf("%d SNI", n))
	}
	if a := l.Text("client_authentication"); a != "" && a != "NONE" {
		parts = append(parts, "client authentication "+a)
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}
