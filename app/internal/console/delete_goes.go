package console

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// What a delete takes with it (issue 30 §4), as Octavia (Zed) does it and
// the lab copies (labcloud/cascade.go):
//   - a load balancer, with cascade: its listeners (and their L7 policies
//     and rules), its pools (and their members and health monitors);
//   - a listener: its L7 policies and their rules; its default pool stays;
//   - a pool: its members and its health monitor; a listener whose default
//     pool it is keeps none; refused (409) while an L7 policy redirects to it;
//   - an L7 policy: its rules.
// Members, health monitors and rules take nothing with them.

// GoesGroup is the children of one kind a delete takes with it.
type GoesGroup struct {
	Kind  octavia.Kind
	Names []string
	Count int // how many, for children not named one by one (a listener's policies' rules)
}

// goesMost is how many names a group shows before "and N more".
const goesMost = 6

// Text is the group in words: "2 L7 policies: api, static".
func (g GoesGroup) Text() string {
	r := ResourceOf(g.Kind)
	n := max(len(g.Names), g.Count)
	word := r.Plural
	if n == 1 {
		word = r.Singular
	}
	if len(g.Names) == 0 {
		return fmt.Sprintf("%d %s", n, word)
	}
	shown := g.Names
	if len(shown) > goesMost {
		shown = shown[:goesMost]
	}
	s := fmt.Sprintf("%d %s: %s", len(g.Names), word, strings.Join(shown, ", "))
	if more := len(g.Names) - len(shown); more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}

// DeleteGoes is what deleting an object does beyond it: the children
// deleted with it, by kind; what stays but changes; and why Octavia would
// refuse it ("" = it would not).
type DeleteGoes struct {
	Groups  []GoesGroup
	Stays   []string
	Refused string
	// FloatingIP is the floating IP of a load balancer's VIP port: Neutron
	// keeps it (allocated to the project, unassociated) when the port
	// goes; nil when there is none. FloatingIPErr says why it could not
	// be read ("" = it was).
	FloatingIP    *floatingips.FloatingIP
	FloatingIPErr string
}

// goesLists are the lists a delete's listing is made of (each read for
// the kinds that need it).
type goesLists struct {
	Listeners   []octavia.Object
	Pools       []octavia.Object
	Policies    []octavia.Object // the L7 policies of the listeners that go
	Rules       []octavia.Object // an L7 policy's rules
	Members     []octavia.Object // a pool's members
	Redirecting []octavia.Object // the L7 policies that redirect to a pool
}

// named is a name for id: the one names knows (the status tree's), else
// its stand-in.
func named(names func(id string) string, id string) string {
	if n := names(id); n != "" {
		return n
	}
	return ui.DisplayName("", id)
}

// objName is o's name or its stand-in.
func objName(o octavia.Object) string { return ui.DisplayName(o.Text("name"), o.Text("id")) }

// goesOf is what deleting o, of kind k, does, from the lists read for it
// and names (the status tree's names by id, for members and monitors).
func goesOf(k octavia.Kind, o octavia.Object, ls goesLists, names func(id string) string) DeleteGoes {
	var g DeleteGoes
	add := func(k octavia.Kind, names []string) {
		if len(names) > 0 {
			g.Groups = append(g.Groups, GoesGroup{Kind: k, Names: names})
		}
	}
	policies := func() {
		var ps []string
		rules := 0
		for _, p := range ls.Policies {
			ps = append(ps, objName(p))
			rules += len(p.IDs("rules"))
		}
		add(octavia.KindL7Policy, ps)
		if rules > 0 {
			g.Groups = append(g.Groups, GoesGroup{Kind: octavia.KindL7Rule, Count: rules})
		}
	}
	switch k {
	case octavia.KindLoadBalancer:
		var lsn, ps, ms, hms []string
		for _, l := range ls.Listeners {
			lsn = append(lsn, objName(l))
		}
		for _, p := range ls.Pools {
			ps = append(ps, objName(p))
			for _, m := range p.IDs("members") {
				ms = append(ms, named(names, m))
			}
			if hm := p.Text("healthmonitor_id"); hm != "" {
				hms = append(hms, named(names, hm))
			}
		}
		add(octavia.KindListener, lsn)
		policies()
		add(octavia.KindPool, ps)
		add(octavia.KindMember, ms)
		add(octavia.KindMonitor, hms)
	case octavia.KindListener:
		policies()
		if p := o.Text("default_pool_id"); p != "" {
			g.Stays = append(g.Stays, "Its default pool "+named(names, p)+" is not deleted.")
		}
	case octavia.KindPool:
		var ms []string
		for _, m := range ls.Members {
			s := objName(m)
			if a := m.Text("address"); a != "" {
				s += " (" + a + ":" + m.Text("protocol_port") + ")"
			}
			ms = append(ms, s)
		}
		add(octavia.KindMember, ms)
		if hm := o.Text("healthmonitor_id"); hm != "" {
			add(octavia.KindMonitor, []string{named(names, hm)})
		}
		for _, l := range o.IDs("listeners") {
			g.Stays = append(g.Stays, "Listener "+named(names, l)+" uses it as its default pool: it will have none (a request no L7 policy routes then gets a 503) until you set one.")
		}
		if len(ls.Redirecting) > 0 {
			var ps []string
			for _, p := range ls.Redirecting {
				ps = append(ps, objName(p))
			}
			g.Refused = "Octavia refuses to delete this pool while an L7 policy redirects to it (" + strings.Join(ps, ", ") +
				"): delete that policy, or change its action or pool, first."
		}
	case octavia.KindL7Policy:
		var rs []string
		for _, r := range ls.Rules {
			rs = append(rs, RuleText(r))
		}
		add(octavia.KindL7Rule, rs)
	}
	return g
}

// HasDeleteGoes reports whether deleting an object of kind k may take
// anything with it (or be refused for what uses it).
func HasDeleteGoes(k octavia.Kind) bool {
	switch k {
	case octavia.KindLoadBalancer, octavia.KindListener, octavia.KindPool, octavia.KindL7Policy:
		return true
	}
	return false
}

// ReadDeleteGoes reads what deleting o, of kind k and id id, takes with it
// (goesOf); names are the status tree's names by id. Blocks.
func ReadDeleteGoes(ctx context.Context, c *octavia.Client, k octavia.Kind, id string, o octavia.Object, names func(id string) string) (DeleteGoes, error) {
	var ls goesLists
	var err error
	list := func(k octavia.Kind, parent, key, val string) []octavia.Object {
		var out []octavia.Object
		if err != nil {
			return nil
		}
		q := octavia.ListQuery{}
		if key != "" {
			q.Filters = url.Values{key: {val}}
		}
		for o, e := range c.List(ctx, k, parent, q) {
			if e != nil {
				err = e
				return nil
			}
			out = append(out, o)
		}
		return out
	}
	switch k {
	case octavia.KindLoadBalancer:
		ls.Listeners = list(octavia.KindListener, "", "loadbalancer_id", id)
		ls.Pools = list(octavia.KindPool, "", "loadbalancer_id", id)
		for _, l := range ls.Listeners {
			ls.Policies = append(ls.Policies, list(octavia.KindL7Policy, "", "listener_id", l.Text("id"))...)
		}
	case octavia.KindListener:
		ls.Policies = list(octavia.KindL7Policy, "", "listener_id", id)
	case octavia.KindPool:
		ls.Members = list(octavia.KindMember, id, "", "")
		ls.Redirecting = list(octavia.KindL7Policy, "", "redirect_pool_id", id)
	case octavia.KindL7Policy:
		ls.Rules = list(octavia.KindL7Rule, id, "", "")
	}
	if err != nil {
		return DeleteGoes{}, err
	}
	g := goesOf(k, o, ls, names)
	if port := o.Text("vip_port_id"); k == octavia.KindLoadBalancer && port != "" {
		g.FloatingIP, g.FloatingIPErr = readVIPFloatingIP(ctx, c, port)
	}
	return g, nil
}

// readVIPFloatingIP is the floating IP of VIP port port (nil: none) or,
// when Neutron could not say, why. Blocks.
func readVIPFloatingIP(ctx context.Context, c *octavia.Client, port string) (*floatingips.FloatingIP, string) {
	fips, err := octavia.Collect(c.Network().FloatingIPs(ctx, floatingips.ListOpts{PortID: port}))
	if err != nil {
		return nil, octavia.Message(err)
	}
	if len(fips) == 0 {
		return nil, ""
	}
	return &fips[0], ""
}
