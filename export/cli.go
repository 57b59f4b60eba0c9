package export

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/octaview/octaview/octavia"
)

// CLI writes t as a bash script of python-octaviaclient commands that
// create it, in dependency order (Walk's: the load balancer, its pools
// with their members and monitors, the listeners, their L7 policies and
// rules), each with --wait so the next finds its parent ACTIVE (an L7
// rule waits with a shell function: the CLI's own wait fails), then the
// floating IP on the new VIP port (a plan's picked address as it is; an
// existing tree's anew from the same external network, as Neutron lets
// only an admin choose the address). An object
// is named in later commands by its name when no other object of its
// kind in t has that name, else by the id its create printed, captured
// with -f value -c id into a shell variable named after LocalNames (always
// so in another project's tree: an admin's CLI finds names in every
// project, and the load balancer is created there with --project). Only
// Settable attributes are written; every value is shell-quoted, and
// options take their value after "=" so that a value starting with "-"
// stays a value. The script stops at the first failing command (set -e).
func CLI(t Tree) (string, error) {
	if t.LoadBalancer == nil {
		return "", errors.New("no load balancer to export")
	}
	w := cliWriter{t: t, names: LocalNames(t), refs: map[string]string{}, uses: map[string]int{}}
	Walk(t, func(k octavia.Kind, _ string, o octavia.Object) { w.uses[string(k)+"\x00"+o.Text("name")]++ })
	w.header()
	var err error
	Walk(t, func(k octavia.Kind, parentID string, o octavia.Object) {
		if err == nil {
			err = w.create(k, parentID, o)
		}
	})
	if err != nil {
		return "", err
	}
	w.floatingIP()
	return w.b.String(), nil
}

// cliWriter is CLI's state: the script so far, and how each object
// created so far is named in later commands (refs, by id).
type cliWriter struct {
	t     Tree
	names map[string]string // LocalNames
	refs  map[string]string // id → the argument that names it
	uses  map[string]int    // kind + "\x00" + name → objects of that kind with that name
	b     strings.Builder
}

func (w *cliWriter) header() {
	name := w.names[w.t.LoadBalancer.Text("id")]
	what := "Load balancer " + name
	if !w.t.Existing {
		what = "The plan of load balancer " + name
	}
	fmt.Fprintf(&w.b, `#!/usr/bin/env bash
# %s: the openstack CLI commands (python-octaviaclient)
# that create it, written by Octaview. Run it with the CLI logged in to the
# project that is to hold it (OS_CLOUD, or the OS_* variables of an openrc):
#   bash %s.sh
# Objects are named by their names where the tree's names are unique: those
# names must not be taken in the project. Certificates are their Barbican
# refs (the secrets themselves are not in this file).
set -euo pipefail
`, what, name)
	if slices.ContainsFunc(slices.Collect(maps.Values(w.t.Rules)), func(r []octavia.Object) bool { return len(r) > 0 }) {
		w.b.WriteString(`
# wait_active waits while load balancer $1 is PENDING_*, as --wait does:
# python-octaviaclient 3.1.0's "l7rule create --wait" fails after its wait
# (it shows the rule with its arguments swapped), so rules are created
# without it and waited for with this.
wait_active() {
    local s
    while s=$(openstack loadbalancer show -f value -c provisioning_status "$1") && [[ $s == PENDING_* ]]; do
        sleep 3
    done
    [[ $s == ACTIVE ]] || { echo "load balancer $1 is $s" >&2; return 1; }
}
`)
	}
}

// create writes the command that creates o, of kind k (under parentID: a
// member's pool, a rule's policy).
func (w *cliWriter) create(k octavia.Kind, parentID string, o octavia.Object) error {
	cmd, ok := commandOf(k)
	if !ok {
		return fmt.Errorf("no CLI command creates a %s", k)
	}
	id := o.Text("id")
	args := slices.Clone(cmd.words)
	set := Written(k, o)
	var unsaid []string
	for _, f := range cmd.flags {
		if v, ok := set[f.key]; ok {
			a, u, err := flagArgs(f, v)
			if err != nil {
				return fmt.Errorf("%s %s: %w", k, w.names[id], err)
			}
			args, unsaid = append(args, a...), append(unsaid, u...)
			delete(set, f.key)
		}
	}
	if len(set) > 0 {
		return fmt.Errorf("%s %s: no CLI option for %v", k, w.names[id], slices.Sorted(maps.Keys(set)))
	}
	links, parent, err := w.links(k, parentID, o)
	if err != nil {
		return fmt.Errorf("%s %s: %w", k, w.names[id], err)
	}
	args = append(args, links...)
	if k != octavia.KindL7Rule {
		args = append(args, flagWait)
	}
	if parent != "" {
		args = append(args, parent)
	}
	fmt.Fprintf(&w.b, "\n# %s %s\n", k, w.names[id])
	for _, u := range unsaid {
		fmt.Fprintf(&w.b, "# not set here: %s (the CLI sends it as text, Octavia takes a number): set it through the API\n", u)
	}
	if byName := w.nameRef(k, o); byName != "" || !referred(k) {
		w.refs[id] = byName
		w.line("openstack", args)
		if k == octavia.KindL7Rule {
			w.line("wait_active", []string{w.refs[w.t.LoadBalancer.Text("id")]})
		}
		return nil
	}
	v := w.names[id] + "_id"
	w.refs[id] = `"$` + v + `"`
	w.line(v+"=$(openstack", append(args, "-f value -c id)"))
	return nil
}

// links are the options of o's create that name other objects (its load
// balancer, its default or redirect pool) and the positional argument
// that names its parent ("" for a load balancer and a pool).
func (w *cliWriter) links(k octavia.Kind, parentID string, o octavia.Object) (args []string, parent string, err error) {
	opt := func(flag, id string) {
		if err == nil {
			var r string
			r, err = w.ref(id)
			args = append(args, flag+"="+r)
		}
	}
	switch k {
	case octavia.KindLoadBalancer:
		if w.t.Project != "" {
			args = append(args, flagProject+"="+shellQuote(w.t.Project))
		}
		return args, "", nil
	case octavia.KindPool:
		opt(flagLoadBalancer, first(o.IDs("loadbalancers")))
		return args, "", err
	case octavia.KindListener:
		if id := o.Text("default_pool_id"); id != "" {
			opt(flagDefaultPool, id)
		}
		parentID = first(o.IDs("loadbalancers"))
	case octavia.KindL7Policy:
		if id := o.Text("redirect_pool_id"); id != "" {
			opt(flagRedirectPool, id)
		}
		parentID = o.Text("listener_id")
	case octavia.KindMonitor:
		parentID = first(o.IDs("pools"))
	}
	if err != nil {
		return nil, "", err
	}
	parent, err = w.ref(parentID)
	return args, parent, err
}

// referred says whether later commands may name objects of kind k (those
// of the other kinds are never captured).
func referred(k octavia.Kind) bool {
	switch k {
	case octavia.KindLoadBalancer, octavia.KindPool, octavia.KindListener, octavia.KindL7Policy:
		return true
	}
	return false
}

// ref is how a later command names object id, created earlier.
func (w *cliWriter) ref(id string) (string, error) {
	if r, ok := w.refs[id]; ok {
		return r, nil
	}
	return "", fmt.Errorf("it names %q, which is not in the tree", id)
}

// nameRef is o's name as a command's argument when it names o alone
// among the tree's objects of kind k (and cannot be taken for an option:
// no leading "-"), else "". In another project's tree (Tree.Project), an
// admin's, it is always "": an admin's CLI finds names in every project.
func (w *cliWriter) nameRef(k octavia.Kind, o octavia.Object) string {
	name := o.Text("name")
	if name == "" || w.t.Project != "" || strings.HasPrefix(name, "-") || w.uses[string(k)+"\x00"+name] != 1 {
		return ""
	}
	return shellQuote(name)
}

// floatingIP writes the commands that put a floating IP on the new VIP
// port: a plan's picked address, the project's and unassociated, as it
// is; otherwise (a plan's new one, or an existing tree's, whose address is
// the original's) a new one allocated from the external network.
func (w *cliWriter) floatingIP() {
	t := w.t
	if t.FloatingNetwork == "" && (t.Existing || t.FloatingIP == "") {
		return
	}
	lb := w.refs[t.LoadBalancer.Text("id")]
	v := w.names[t.LoadBalancer.Text("id")]
	fip := shellQuote(t.FloatingIP)
	switch {
	case !t.Existing && t.FloatingIP != "":
		fmt.Fprintf(&w.b, "\n# floating IP %s (the project's), on the VIP port\n", fip)
	case t.Existing:
		fmt.Fprintf(&w.b, "\n# floating IP (it was %s; a new address is allocated, as only an admin may choose one)\n", fip)
	default:
		w.b.WriteString("\n# floating IP, a new one, on the VIP port\n")
	}
	w.line(v+"_vip_port=$(openstack", []string{"loadbalancer", "show", "-f value -c vip_port_id", lb + ")"})
	if t.Existing || t.FloatingIP == "" {
		w.line(v+"_fip=$(openstack", []string{"floating", "ip", "create", "-f value -c id", shellQuote(t.FloatingNetwork) + ")"})
		fip = `"$` + v + `_fip"`
	}
	w.line("openstack", []string{"floating", "ip", "set", `--port="$` + v + `_vip_port"`, fip})
}

// line writes one command: its words, wrapped before 80 columns with "\".
func (w *cliWriter) line(command string, args []string) {
	w.b.WriteString(command)
	col := len(command)
	for _, a := range args {
		if col+1+len(a) > 78 && col > 4 {
			w.b.WriteString(" \\\n   ")
			col = 3
		}
		w.b.WriteString(" " + a)
		col += 1 + len(a)
	}
	w.b.WriteString("\n")
}

// flagArgs are the arguments that give attribute value v with option f,
// and what of v they cannot give (unsaid, "key.member=value").
func flagArgs(f cliFlag, v any) (args, unsaid []string, err error) {
	switch f.form {
	case one:
		return []string{f.flag + "=" + shellQuote(octavia.ValueText(v))}, nil, nil
	case ifTrue, ifFalse:
		if v == (f.form == ifTrue) {
			return []string{f.flag}, nil, nil
		}
		return nil, nil, nil
	case each, many:
		list, ok := normal(v).([]any) // a plan's lists may be []string
		if !ok {
			return nil, nil, fmt.Errorf("%s: want a list, got %T", f.key, v)
		}
		for _, e := range list {
			s := shellQuote(octavia.ValueText(e))
			if f.form == many {
				args = append(args, s)
			} else {
				args = append(args, f.flag+"="+s)
			}
		}
		if f.form == many {
			args = append([]string{f.flag}, args...)
		}
		return args, nil, nil
	case keyValue:
		m, ok := asMap(v)
		if !ok {
			return nil, nil, fmt.Errorf("%s: want an object, got %T", f.key, v)
		}
		s, unsaid, err := keyValues(f.key, m)
		if err != nil {
			return nil, nil, err
		}
		return []string{f.flag + "=" + shellQuote(s)}, unsaid, nil
	case vips:
		for _, m := range objects(v) {
			s := "subnet-id=" + octavia.ValueText(m["subnet_id"])
			if ip := octavia.ValueText(m["ip_address"]); ip != "" {
				s += ",ip-address=" + ip
			}
			args = append(args, f.flag+"="+shellQuote(s))
		}
		return args, nil, nil
	}
	return nil, nil, fmt.Errorf("%s: unknown option form", f.key)
}

// keyValues is m as the CLI's k1=v1,k2=v2 (keys sorted, null values left
// out). The CLI splits on "," and "=": a key or value holding one cannot
// be said, an error. It sends every value as text, which Octavia refuses
// for a number (a pool's persistence_timeout): those are unsaid, as
// "key.member=value".
func keyValues(key string, m map[string]any) (s string, unsaid []string, err error) {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if m[k] == nil {
			continue
		}
		v := octavia.ValueText(m[k])
		if _, text := m[k].(string); !text {
			unsaid = append(unsaid, printable(key+"."+k+"="+v))
			continue
		}
		if strings.ContainsAny(k+v, ",=") {
			return "", nil, fmt.Errorf("%s: the CLI cannot say %s=%s (it splits on \",\" and \"=\")", key, k, v)
		}
		parts = append(parts, k+"="+v)
	}
	return strings.Join(parts, ","), unsaid, nil
}

// printable is s without its control characters, for a comment.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}

// shellQuote is s as one bash word: as it is when it holds only
// characters bash takes literally, else in single quotes (a ' in s as
// '\”).
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// first is the first of ids, "" when there is none.
func first(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return ids[0]
}
