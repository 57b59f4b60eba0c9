package export

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/octaview/octaview/octavia"
)

// TerraformProvider is the provider the Terraform writer writes for, as its
// required_providers block names it.
const (
	TerraformProvider        = "terraform-provider-openstack/openstack"
	TerraformProviderVersion = "~> 3.0"
)

// Terraform writes t as Terraform for terraform-provider-openstack v3: one
// openstack_lb_*_v2 resource per object (a member is an
// openstack_lb_member_v2 of its own: see below), the floating IP as an
// openstack_networking_floatingip_associate_v2 (and, for a plan that
// allocates one, an openstack_networking_floatingip_v2), each referring to
// the others by their local names (LocalNames), never by id.
//
// For an existing tree (t.Existing) each resource is preceded by an import
// block (Terraform 1.5 or later) with its real id in the provider's import
// format ("<pool id>/<member id>" for a member, "<policy id>/<rule id>" for
// a rule, "<monitor id>/<pool id>" for a monitor), and the code pins what
// the provider would otherwise change, so that the first `terraform plan`
// adopts the load balancer with no change.
//
// Members are openstack_lb_member_v2 rather than one
// openstack_lb_members_v2 per pool: _members_v2 is authoritative and would
// delete the members others add to the pool (an autoscaler, a second
// team), where a write must not change what its author did not touch; and
// each member gets its own name, address in the plan and import block.
//
// It writes what Settable keeps, plus what the provider requires and, for
// an existing tree, what it pins. An attribute the provider has no place
// for (a health monitor's tags) is written as a comment, never dropped
// silently. A certificate is its Barbican ref, never its content.
func Terraform(t Tree) (string, error) {
	if t.LoadBalancer == nil {
		return "", fmt.Errorf("no load balancer to export")
	}
	t = plainTree(t)
	w := tfWriter{t: t, names: LocalNames(t)}
	if err := w.build(); err != nil {
		return "", err
	}
	var sb strings.Builder
	w.header(&sb)
	for _, b := range w.blocks {
		sb.WriteString("\n")
		if err := b.write(&sb, ""); err != nil {
			return "", fmt.Errorf("%s %s: %w", b.typ, strings.Join(b.labels, "."), err)
		}
	}
	return sb.String(), nil
}

// tfWriter builds the blocks of one Terraform export.
type tfWriter struct {
	t      Tree
	names  map[string]string // local names by id
	blocks []hclBlock
}

func (w *tfWriter) header(sb *strings.Builder) {
	lb := w.t.LoadBalancer
	what := "a plan for load balancer " + strconv.Quote(lb.Text("name"))
	if w.t.Existing {
		what = "load balancer " + strconv.Quote(lb.Text("name")) + " (" + lb.Text("id") + ")"
	}
	sb.WriteString("# Octaview: " + hclComment(what) + " as Terraform.\n")
	if w.t.Existing {
		sb.WriteString("# The import blocks (Terraform 1.5 or later) adopt the existing objects:\n" +
			"# `terraform plan` shows them imported with no change; delete the blocks after the first apply.\n")
	}
	sb.WriteString("\nterraform {\n  required_providers {\n    openstack = {\n" +
		"      source  = " + hclString(TerraformProvider) + "\n" +
		"      version = " + hclString(TerraformProviderVersion) + "\n    }\n  }\n}\n")
}

// ref is the reference to attribute attr of the resource of kind k whose
// object has id.
func (w *tfWriter) ref(k octavia.Kind, id, attr string) (hclRef, error) {
	name, ok := w.names[id]
	if !ok {
		return "", fmt.Errorf("%s %s is not in the exported tree", k, id)
	}
	return hclRef(tfResources[k].typ + "." + name + "." + attr), nil
}

func (w *tfWriter) build() error {
	t := w.t
	lbID := t.LoadBalancer.Text("id")
	var lbRefs []hclAttr
	if t.Project != "" {
		// another project's load balancer (an admin's export): created
		// there; Octavia puts its children in the load balancer's project
		lbRefs = append(lbRefs, hclAttr{"tenant_id", t.Project})
	}
	if err := w.resource(octavia.KindLoadBalancer, t.LoadBalancer, lbID, lbRefs); err != nil {
		return err
	}
	if err := w.floatingIP(); err != nil {
		return err
	}
	owners := poolOwners(t)
	for _, l := range t.Listeners {
		refs := []hclAttr{}
		r, err := w.ref(octavia.KindLoadBalancer, lbID, "id")
		if err != nil {
			return err
		}
		refs = append(refs, hclAttr{"loadbalancer_id", r})
		if p := l.Text("default_pool_id"); p != "" && owners[p] != l.Text("id") {
			r, err := w.ref(octavia.KindPool, p, "id")
			if err != nil {
				return err
			}
			refs = append(refs, hclAttr{"default_pool_id", r})
		}
		if err := w.resource(octavia.KindListener, l, l.Text("id"), refs); err != nil {
			return err
		}
	}
	for _, p := range t.Pools {
		pid := p.Text("id")
		var r hclRef
		var err error
		name := "loadbalancer_id"
		if owner := owners[pid]; owner != "" {
			name = "listener_id"
			r, err = w.ref(octavia.KindListener, owner, "id")
		} else {
			r, err = w.ref(octavia.KindLoadBalancer, lbID, "id")
		}
		if err != nil {
			return err
		}
		if err := w.resource(octavia.KindPool, p, pid, []hclAttr{{name, r}}); err != nil {
			return err
		}
		for _, m := range t.Members[pid] {
			r, err := w.ref(octavia.KindPool, pid, "id")
			if err != nil {
				return err
			}
			if err := w.resource(octavia.KindMember, m, pid+"/"+m.Text("id"), []hclAttr{{"pool_id", r}}); err != nil {
				return err
			}
		}
	}
	for _, h := range t.Monitors {
		pools := h.IDs("pools")
		if len(pools) == 0 {
			return fmt.Errorf("health monitor %s names no pool", h.Text("id"))
		}
		r, err := w.ref(octavia.KindPool, pools[0], "id")
		if err != nil {
			return err
		}
		if err := w.resource(octavia.KindMonitor, h, h.Text("id")+"/"+pools[0], []hclAttr{{"pool_id", r}}); err != nil {
			return err
		}
	}
	position := map[string]int{} // the next position per listener
	for _, pol := range t.Policies {
		lid := pol.Text("listener_id")
		r, err := w.ref(octavia.KindListener, lid, "id")
		if err != nil {
			return err
		}
		refs := []hclAttr{{"listener_id", r}}
		if p := pol.Text("redirect_pool_id"); p != "" {
			r, err := w.ref(octavia.KindPool, p, "id")
			if err != nil {
				return err
			}
			refs = append(refs, hclAttr{"redirect_pool_id", r})
		}
		// Terraform creates a listener's policies at once, in no order:
		// the position keeps the order Octavia evaluates them in.
		position[lid]++
		pos := any(float64(position[lid]))
		if v, ok := pol["position"]; ok && v != nil {
			pos = v
		}
		refs = append(refs, hclAttr{"position", pos})
		if err := w.resource(octavia.KindL7Policy, pol, pol.Text("id"), refs); err != nil {
			return err
		}
		for _, rule := range t.Rules[pol.Text("id")] {
			r, err := w.ref(octavia.KindL7Policy, pol.Text("id"), "id")
			if err != nil {
				return err
			}
			if err := w.resource(octavia.KindL7Rule, rule, pol.Text("id")+"/"+rule.Text("id"), []hclAttr{{"l7policy_id", r}}); err != nil {
				return err
			}
		}
	}
	return nil
}

// poolOwners maps each pool's id to the listener it is created under (its
// listener_id): the first listener Octavia lists for it (the one the
// provider's import reads), else the first listener of the tree whose
// default pool it is; a pool of none is created under the load balancer.
func poolOwners(t Tree) map[string]string {
	owners := map[string]string{}
	for _, p := range t.Pools {
		if ls := p.IDs("listeners"); len(ls) > 0 {
			owners[p.Text("id")] = ls[0]
		}
	}
	for _, l := range t.Listeners {
		if p := l.Text("default_pool_id"); p != "" && owners[p] == "" {
			owners[p] = l.Text("id")
		}
	}
	return owners
}

// resource adds the resource of object o of kind k, after its import block
// for an existing tree (importID in the provider's format), with refs (its
// references to other resources) first.
func (w *tfWriter) resource(k octavia.Kind, o octavia.Object, importID string, refs []hclAttr) error {
	res := tfResources[k]
	name := w.names[o.Text("id")]
	if name == "" {
		return fmt.Errorf("%s %s has no id", k, o.Text("name"))
	}
	b := hclBlock{typ: "resource", labels: []string{res.typ, name}}
	if o.Text("name") != "" {
		b.comments = append(b.comments, string(k)+" "+strconv.Quote(o.Text("name")))
	}
	b.attrs = append(b.attrs, refs...)
	settable := Settable(k, o)
	done := map[string]bool{}
	for _, a := range res.attrs {
		done[a.key] = true
		v, ok := o[a.key]
		write := slices.Contains(settable, a.key) || a.req ||
			w.t.Existing && a.pin && ok && !tfZero(v, a.def)
		if !write {
			continue
		}
		if !ok || v == nil {
			return fmt.Errorf("%s %s has no %s, which the provider requires", k, o.Text("id"), a.key)
		}
		if c := b.conflict(a.conflicts); c != "" {
			b.comments = append(b.comments, fmt.Sprintf("%s = %s: provider v3 refuses it beside %s; set it after",
				a.name, octavia.ValueText(v), c))
			continue
		}
		b.set(a.name, v)
	}
	if k == octavia.KindPool {
		if block, ok := w.persistence(o, slices.Contains(settable, "session_persistence")); ok {
			b.blocks = append(b.blocks, block)
		}
		done["session_persistence"] = true
	}
	for _, key := range settable {
		if !done[key] && !tfRelations[key] {
			b.comments = append(b.comments, fmt.Sprintf("%s = %s: %s has no such attribute in provider v3",
				key, octavia.ValueText(o[key]), res.typ))
		}
	}
	if w.t.Existing {
		w.blocks = append(w.blocks, hclBlock{typ: "import", attrs: []hclAttr{
			{"to", hclRef(res.typ + "." + name)}, {"id", importID},
		}})
	}
	w.blocks = append(w.blocks, b)
	return nil
}

// persistence is a pool's session_persistence as the provider's
// persistence block, when it is set (or, for an existing pool, present:
// the block is Optional and not Computed). Octavia's persistence_timeout
// and persistence_granularity have no place in it and become comments.
func (w *tfWriter) persistence(o octavia.Object, settable bool) (hclBlock, bool) {
	sp, _ := o["session_persistence"].(map[string]any)
	if len(sp) == 0 || !settable && !w.t.Existing {
		return hclBlock{}, false
	}
	b := hclBlock{typ: "persistence"}
	for _, key := range tfPersistence {
		if v, ok := sp[key]; ok && v != nil && v != "" {
			b.set(key, v)
		}
	}
	for _, key := range []string{"persistence_timeout", "persistence_granularity"} {
		if v, ok := sp[key]; ok && v != nil && v != "" {
			b.comments = append(b.comments, fmt.Sprintf("%s = %s: the provider's persistence block has no such attribute",
				key, octavia.ValueText(v)))
		}
	}
	return b, true
}

// tfZero says whether v is what the provider holds when the code leaves
// the attribute out: its Default, else null, "", false, 0 or empty.
func tfZero(v, def any) bool {
	if def != nil {
		return v == def
	}
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case bool:
		return !x
	case float64:
		return x == 0
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// floatingIP adds the floating IP: an existing address is associated with
// the VIP's port (looked up by its address, for the import block of an
// existing tree: the provider imports the association by the floating
// IP's id); a plan's new one is allocated on the external network first.
func (w *tfWriter) floatingIP() error {
	t := w.t
	if t.FloatingIP == "" && t.FloatingNetwork == "" {
		return nil
	}
	lbName := w.names[t.LoadBalancer.Text("id")]
	port := hclRef("openstack_lb_loadbalancer_v2." + lbName + ".vip_port_id")
	assoc := hclBlock{typ: "resource", labels: []string{"openstack_networking_floatingip_associate_v2", lbName}}
	switch {
	case t.FloatingIP != "":
		assoc.set("floating_ip", t.FloatingIP)
		if t.Existing {
			w.blocks = append(w.blocks,
				hclBlock{typ: "data", labels: []string{"openstack_networking_floatingip_v2", lbName},
					attrs: []hclAttr{{"address", t.FloatingIP}}},
				hclBlock{typ: "import", attrs: []hclAttr{
					{"to", hclRef("openstack_networking_floatingip_associate_v2." + lbName)},
					{"id", hclRef("data.openstack_networking_floatingip_v2." + lbName + ".id")},
				}})
		}
	default:
		w.blocks = append(w.blocks,
			hclBlock{typ: "data", labels: []string{"openstack_networking_network_v2", lbName + "_external"},
				attrs: []hclAttr{{"network_id", t.FloatingNetwork}}},
			hclBlock{typ: "resource", labels: []string{"openstack_networking_floatingip_v2", lbName},
				attrs: []hclAttr{{"pool", hclRef("data.openstack_networking_network_v2." + lbName + "_external.name")}}})
		assoc.set("floating_ip", hclRef("openstack_networking_floatingip_v2."+lbName+".address"))
	}
	assoc.set("port_id", port)
	w.blocks = append(w.blocks, assoc)
	return nil
}
