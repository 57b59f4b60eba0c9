package export

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/octaview/octaview/octavia"
)

// AnsibleCollection is the collection the playbook is written for, as
// Debian's ansible package ships it; its modules' options are the ones
// export/codecheck checks the playbook against.
const AnsibleCollection = "openstack.cloud 1.10"

// Ansible writes t as an Ansible playbook of the openstack.cloud
// collection: one task per object, in dependency order
// (openstack.cloud.loadbalancer, lb_listener, lb_pool, lb_member,
// lb_health_monitor), each naming its parent by name (the collection finds
// objects by name or id), the clouds.yaml entry as the play's variable
// cloud (-e cloud=NAME). An object without a name, or whose name another
// of its kind has, is given its local name (LocalNames): the collection
// could not find it again otherwise.
//
// The collection has no module for L7 policies and rules, and its modules
// have no option for many attributes (tags, descriptions, TLS
// certificates, session persistence, a member's weight): each is written
// as a comment where it belongs, never dropped silently. A task whose
// object the collection cannot create as it is (a protocol or algorithm
// its module does not accept, a TERMINATED_HTTPS listener without its
// certificate) is left out with a comment, with the tasks that depend on
// it. Every string is double-quoted, with what is not plainly printable
// escaped (yamlQuote); strings with Jinja2's delimiters are tagged
// !unsafe so Ansible never renders them.
func Ansible(t Tree) (string, error) {
	if t.LoadBalancer == nil {
		return "", fmt.Errorf("no load balancer to export")
	}
	t = plainTree(t)
	a := ansibleWriter{t: t, names: ansibleNames(t), skipped: map[string]bool{}}
	tasks := yamlSeq()
	a.tasks = tasks
	if err := a.build(); err != nil {
		return "", err
	}
	tasks.foot = a.pending

	vars := yamlMap()
	vars.set("cloud", ystr("openstack"), "the clouds.yaml entry to use: ansible-playbook -e cloud=NAME")
	play := yamlMap()
	play.set("name", ystr("Load balancer "+a.name(t.LoadBalancer)))
	play.set("hosts", ystr("localhost"))
	play.set("gather_facts", yamlBool(false))
	play.set("vars", vars)
	play.set("tasks", tasks)
	plays := yamlSeq()
	plays.add(play)

	lb := t.LoadBalancer
	what := "a plan for load balancer " + strconv.Quote(lb.Text("name"))
	if t.Existing {
		what = "load balancer " + strconv.Quote(lb.Text("name")) + " (" + lb.Text("id") + ")"
	}
	return writeYAML([]string{
		"Octaview: " + what + " as an Ansible playbook",
		"for the " + AnsibleCollection + " collection, as Debian's ansible ships it (its 2.x renamed options).",
		"Run: ansible-playbook -e cloud=NAME this.yml (--check first to see what it would change).",
	}, plays), nil
}

// ansibleWriter builds the tasks of one playbook.
type ansibleWriter struct {
	t       Tree
	names   map[string]string // the name each object is given, by id
	skipped map[string]bool   // the ids of objects whose task is left out
	tasks   *yamlNode
	pending []string // comment lines for the head of the next task
}

// name is the name the playbook gives o (and refers to it by).
func (a *ansibleWriter) name(o octavia.Object) string { return a.names[o.Text("id")] }

// ansibleNames is, by id, each object's own name, or its local name when
// it has none or another object of its kind has the same.
func ansibleNames(t Tree) map[string]string {
	local := LocalNames(t)
	count := map[string]int{}
	Walk(t, func(k octavia.Kind, _ string, o octavia.Object) { count[string(k)+"\x00"+o.Text("name")]++ })
	names := map[string]string{}
	Walk(t, func(k octavia.Kind, _ string, o octavia.Object) {
		n := o.Text("name")
		if n == "" || count[string(k)+"\x00"+n] > 1 {
			n = local[o.Text("id")]
		}
		names[o.Text("id")] = n
	})
	return names
}

func (a *ansibleWriter) build() error {
	t := a.t
	a.task(octavia.KindLoadBalancer, t.LoadBalancer, nil)
	owners := poolOwners(t)
	lbRef := []yamlOpt{{"loadbalancer", a.name(t.LoadBalancer)}}
	for _, l := range t.Listeners {
		a.task(octavia.KindListener, l, lbRef)
	}
	for _, p := range t.Pools {
		pid := p.Text("id")
		refs := lbRef
		if owner := owners[pid]; owner != "" {
			if a.skipped[owner] {
				a.skip(octavia.KindPool, p, "its listener's task is left out")
				continue
			}
			refs = []yamlOpt{{"listener", a.names[owner]}}
		}
		a.task(octavia.KindPool, p, refs)
		for _, m := range t.Members[pid] {
			if a.skipped[pid] {
				a.skip(octavia.KindMember, m, "its pool's task is left out")
				continue
			}
			a.task(octavia.KindMember, m, []yamlOpt{{"pool", a.names[pid]}})
		}
	}
	for _, h := range t.Monitors {
		pools := h.IDs("pools")
		if len(pools) == 0 {
			return fmt.Errorf("health monitor %s names no pool", h.Text("id"))
		}
		if a.skipped[pools[0]] || a.names[pools[0]] == "" {
			a.skip(octavia.KindMonitor, h, "its pool's task is left out")
			continue
		}
		a.task(octavia.KindMonitor, h, []yamlOpt{{"pool", a.names[pools[0]]}})
	}
	for _, pol := range t.Policies {
		lines := []string{fmt.Sprintf("L7 policy %q on listener %q: %s has no L7 policy or rule module;",
			a.name(pol), a.names[pol.Text("listener_id")], AnsibleCollection),
			"create it with the openstack CLI export: " + attrLine(octavia.KindL7Policy, pol)}
		for _, r := range t.Rules[pol.Text("id")] {
			lines = append(lines, "  rule: "+attrLine(octavia.KindL7Rule, r))
		}
		a.comment(lines)
	}
	return nil
}

// yamlOpt is one option of a task, a reference to another object by name.
type yamlOpt struct{ key, value string }

// task adds the task that creates o, of kind k, with refs (the options
// that name its parents) first; or, when the collection cannot create it
// as it is, a comment in its place.
func (a *ansibleWriter) task(k octavia.Kind, o octavia.Object, refs []yamlOpt) {
	mod := ansibleModules[k]
	opts := yamlMap()
	opts.set("cloud", yexpr("{{ cloud }}"))
	for _, r := range refs {
		opts.set(r.key, ystr(r.value))
	}
	opts.set("name", ystr(a.name(o)), a.renamed(o)...)
	settable := Settable(k, o)
	done := map[string]bool{"name": true}
	for _, opt := range mod.opts {
		done[opt.key] = true
		v, ok := o[opt.key]
		if !slices.Contains(settable, opt.key) && !opt.always || !ok || v == nil {
			continue
		}
		if len(opt.choices) > 0 && !slices.Contains(opt.choices, octavia.ValueText(v)) {
			a.skip(k, o, fmt.Sprintf("its %s %s is not one the collection's %s accepts (%v)",
				opt.key, octavia.ValueText(v), mod.name, opt.choices))
			return
		}
		opts.set(opt.name, yvalue(v))
	}
	for _, need := range mod.needs {
		if need.when(o) && !done[need.key] {
			a.skip(k, o, fmt.Sprintf("Octavia requires its %s, for which the collection's %s has no option", need.key, mod.name))
			return
		}
	}
	var notes []string
	for _, key := range settable {
		if !done[key] && !tfRelations[key] {
			notes = append(notes, fmt.Sprintf("%s = %s: %s has no such option; set it after",
				key, octavia.ValueText(o[key]), mod.name))
		}
	}
	if k == octavia.KindLoadBalancer {
		a.floatingIP(opts)
		if a.t.Project != "" {
			notes = append(notes, "project_id = "+a.t.Project+": "+mod.name+
				" creates in the project of the clouds.yaml entry: use an entry scoped to that project")
		}
	}
	task := yamlMap()
	task.set("name", ystr(words(k)+" "+a.name(o)), notes...)
	task.set(mod.name, opts)
	a.add(task)
}

// floatingIP adds the load balancer's floating IP options: an existing
// address to associate, or a new one from the external network.
func (a *ansibleWriter) floatingIP(opts *yamlNode) {
	switch {
	case a.t.FloatingIP != "":
		opts.set("public_ip_address", ystr(a.t.FloatingIP))
	case a.t.FloatingNetwork != "":
		opts.set("auto_public_ip", yamlBool(true))
		opts.set("public_network", ystr(a.t.FloatingNetwork))
	}
}

// renamed is the comment on a name the playbook gives an object that had
// none, or shared its name.
func (a *ansibleWriter) renamed(o octavia.Object) []string {
	switch n := o.Text("name"); {
	case n == "":
		return []string{"unnamed in Octavia: the collection finds objects by name, so it gets one here"}
	case n != a.name(o):
		return []string{fmt.Sprintf("named %q in Octavia, as another of its kind: renamed so the collection tells them apart", n)}
	}
	return nil
}

// skip leaves o's task out, with a comment that says why.
func (a *ansibleWriter) skip(k octavia.Kind, o octavia.Object, why string) {
	a.skipped[o.Text("id")] = true
	a.comment([]string{fmt.Sprintf("%s %q is left out: %s.", words(k), a.name(o), why),
		"Create it with the openstack CLI or Terraform export: " + attrLine(k, o)})
}

// comment adds comment lines among the tasks, as the head of the next
// task or, at the end, of nothing (an empty mapping would be a task).
func (a *ansibleWriter) comment(lines []string) {
	a.pending = append(a.pending, lines...)
}

// add adds a task, after the pending comment lines.
func (a *ansibleWriter) add(task *yamlNode) {
	a.tasks.add(task, a.pending...)
	a.pending = nil
}

// attrLine is o's written attributes on one line: "protocol=HTTP ...".
func attrLine(k octavia.Kind, o octavia.Object) string {
	var s string
	for _, key := range Settable(k, o) {
		if s != "" {
			s += " "
		}
		s += key + "=" + strconv.Quote(octavia.ValueText(o[key]))
	}
	return s
}

// words is kind k in words as a task's name starts, capitalized: "Load
// balancer", "Health monitor".
func words(k octavia.Kind) string {
	w := k.String()
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}
