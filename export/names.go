package export

import (
	"slices"
	"strconv"
	"strings"

	"github.com/octaview/octaview/octavia"
)

// LocalNames gives every object of t a local name, unique in the tree,
// for the writers' references (a Terraform resource's name, an Ansible
// variable, a shell variable): its Octavia name slugged to lower-case
// letters, digits and "_", starting with a letter (a name that does not
// gets its kind before it: "pool_2024"); an unnamed object is described
// ("listener_https_443", "member_10_0_0_5_80"). A name already given gets
// "_2", "_3"… in Walk's order, so the same tree always gets the same
// names. The map is keyed by id.
func LocalNames(t Tree) map[string]string {
	names := map[string]string{}
	taken := map[string]bool{}
	give := func(k octavia.Kind, o octavia.Object) {
		id := o.Text("id")
		if _, done := names[id]; done || id == "" {
			return
		}
		base := slug(o.Text("name"))
		if base == "" {
			base = describe(k, o)
		} else if base[0] < 'a' || base[0] > 'z' {
			base = kindWord(k) + "_" + base
		}
		name := base
		for n := 2; taken[name]; n++ {
			name = base + "_" + strconv.Itoa(n)
		}
		taken[name], names[id] = true, name
	}
	Walk(t, func(k octavia.Kind, _ string, o octavia.Object) { give(k, o) })
	return names
}

// Walk calls f on every object of t in dependency order: the load
// balancer, its pools, each pool's members and monitor, the listeners, each
// listener's policies and each policy's rules; parentID is a member's
// pool or a rule's policy, "" otherwise. It is the order in which a
// script creates them (a listener names its default pool, a policy its
// redirect pool).
func Walk(t Tree, f func(k octavia.Kind, parentID string, o octavia.Object)) {
	if t.LoadBalancer != nil {
		f(octavia.KindLoadBalancer, "", t.LoadBalancer)
	}
	for _, p := range t.Pools {
		f(octavia.KindPool, "", p)
		for _, m := range t.Members[p.Text("id")] {
			f(octavia.KindMember, p.Text("id"), m)
		}
		for _, h := range t.Monitors {
			if slices.Contains(h.IDs("pools"), p.Text("id")) {
				f(octavia.KindMonitor, "", h)
			}
		}
	}
	for _, l := range t.Listeners {
		f(octavia.KindListener, "", l)
		for _, pol := range t.Policies {
			if pol.Text("listener_id") != l.Text("id") {
				continue
			}
			f(octavia.KindL7Policy, "", pol)
			for _, r := range t.Rules[pol.Text("id")] {
				f(octavia.KindL7Rule, pol.Text("id"), r)
			}
		}
	}
}

// kindWord is kind k as a name's first word: "loadbalancer", "monitor",
// "l7policy", "l7rule".
func kindWord(k octavia.Kind) string {
	switch k {
	case octavia.KindMonitor:
		return "monitor"
	case octavia.KindL7Rule:
		return "l7rule"
	}
	return string(k)
}

// describe is the local name of an unnamed object: its kind and what
// tells it apart.
func describe(k octavia.Kind, o octavia.Object) string {
	var parts []string
	switch k {
	case octavia.KindListener:
		parts = []string{o.Text("protocol"), o.Text("protocol_port")}
	case octavia.KindPool:
		parts = []string{o.Text("protocol")}
	case octavia.KindMember:
		parts = []string{o.Text("address"), o.Text("protocol_port")}
	case octavia.KindMonitor:
		parts = []string{o.Text("type")}
	case octavia.KindL7Policy:
		parts = []string{o.Text("action")}
	case octavia.KindL7Rule:
		parts = []string{o.Text("type")}
	}
	s := kindWord(k)
	if p := slug(strings.Join(parts, "_")); p != "" {
		s += "_" + p
	}
	return s
}

// slug is s in lower case with every run of characters other than ASCII
// letters and digits as one "_", none at either end.
func slug(s string) string {
	var b strings.Builder
	gap := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
			gap = false
			continue
		}
		gap = true
	}
	return b.String()
}
