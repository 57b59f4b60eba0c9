package console

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/octaview/octaview/octavia"
)

// L7 in the status tree (issue 30 §4): Octavia's status tree (GET
// …/status) leaves out the listeners' L7 policies, so an /api route does
// not appear in it; it lists a REDIRECT_TO_POOL policy's pool among its
// listener's pools only while the policy is enabled and has a rule (Zed's
// Listener.pools; labcloud/l7pools.go), not a pool whose policy has none. The tree's picture
// adds them from a read of its own, made at each read of the tree (so it is
// never older than one poll): the L7 policies of each listener (one GET a
// listener), their rules only when a policy says they changed (its
// updated_at, status or rules' ids: a rule's write moves its policy), and the
// load balancer's pools only when a policy redirects to a pool the tree
// does not hold.

// TreeL7 is what a load balancer's L7 routing adds to its status tree.
type TreeL7 struct {
	Policies map[string][]octavia.Object // by listener id, in Octavia's position order
	Rules    map[string][]octavia.Object // by L7 policy id
	Pools    map[string]octavia.Object   // the redirect pools the tree does not hold, by id
	// Changed are the policies whose provisioning or operating status is
	// not what the read before said: their node flashes once, as the
	// tree's nodes do.
	Changed map[string]bool
	sigs    map[string]string // by L7 policy id: what its rules were read for (rulesSig)
}

// statusOf is policy id's two statuses in l ("" when l does not hold it).
func (l *TreeL7) statusOf(id string) string {
	for _, ps := range l.Policies {
		for _, p := range ps {
			if p.Text("id") == id {
				return p.Text("provisioning_status") + "|" + p.Text("operating_status")
			}
		}
	}
	return ""
}

// rulesSig is what says that policy p's rules changed since a read: a
// rule's write moves its policy to PENDING_UPDATE and back (updated_at
// counts whole seconds: the status tells two writes of one second apart).
func rulesSig(p octavia.Object) string {
	return p.Text("updated_at") + "|" + p.Text("provisioning_status") + "|" + strings.Join(p.IDs("rules"), ",")
}

// treePools are the ids of the pools t holds.
func treePools(t octavia.StatusLoadBalancer) map[string]bool {
	in := map[string]bool{}
	for _, l := range t.Listeners {
		for _, p := range l.Pools {
			in[p.ID] = true
		}
	}
	return in
}

// ReadTreeL7 reads the L7 policies of the listeners of tree t, the rules
// of those whose rules changed since prev (nil: all), and the pools of t's
// load balancer when a policy redirects to one t does not hold. Blocks.
func ReadTreeL7(ctx context.Context, c *octavia.Client, t octavia.StatusLoadBalancer, prev *TreeL7) (*TreeL7, error) {
	out := &TreeL7{Policies: map[string][]octavia.Object{}, Rules: map[string][]octavia.Object{}, Pools: map[string]octavia.Object{}, Changed: map[string]bool{},
		sigs: map[string]string{}}
	var missing bool
	inTree := treePools(t)
	for _, l := range t.Listeners {
		q := octavia.ListQuery{Filters: url.Values{"listener_id": {l.ID}}}
		var ps []octavia.Object
		for o, err := range c.List(ctx, octavia.KindL7Policy, "", q) {
			if err != nil {
				return nil, err
			}
			ps = append(ps, o)
		}
		slices.SortStableFunc(ps, func(a, b octavia.Object) int { return position(a) - position(b) })
		out.Policies[l.ID] = ps
		for _, p := range ps {
			id, sig := p.Text("id"), rulesSig(p)
			if prev != nil {
				if was := prev.statusOf(id); was != "" && was != p.Text("provisioning_status")+"|"+p.Text("operating_status") {
					out.Changed[id] = true
				}
			}
			if prev != nil && prev.sigs[id] == sig {
				out.Rules[id], out.sigs[id] = prev.Rules[id], sig
			} else if len(p.IDs("rules")) == 0 {
				out.Rules[id], out.sigs[id] = nil, sig
			} else {
				var rs []octavia.Object
				for o, err := range c.List(ctx, octavia.KindL7Rule, id, octavia.ListQuery{}) {
					if err != nil {
						return nil, err
					}
					rs = append(rs, o)
				}
				out.Rules[id], out.sigs[id] = rs, sig
			}
			if rp := p.Text("redirect_pool_id"); rp != "" && !inTree[rp] {
				missing = true
			}
		}
	}
	if missing {
		q := octavia.ListQuery{Filters: url.Values{"loadbalancer_id": {t.ID}}}
		for o, err := range c.List(ctx, octavia.KindPool, "", q) {
			if err != nil {
				return nil, err
			}
			if id := o.Text("id"); !inTree[id] {
				out.Pools[id] = o
			}
		}
	}
	return out, nil
}

// position is an L7 policy's place in its listener's order (1 first).
func position(p octavia.Object) int {
	n, _ := strconv.Atoi(p.Text("position"))
	return n
}

// NoRuleWarning is what a page says of an L7 policy without a rule: Octavia
// accepts it, and it never matches.
const NoRuleWarning = "This L7 policy has no rule, so it never matches: its listener never applies it. Add a rule to it."

// noRuleNote is the same, on its node of the status tree.
const noRuleNote = "no rule: never matches"

// l7ActionText is an L7 policy's action in a few characters: "REJECT",
// "→ POOL", "→ URL", "→ PREFIX".
func l7ActionText(p octavia.Object) string {
	a := p.Text("action")
	if s, ok := strings.CutPrefix(a, "REDIRECT_"); ok {
		return "→ " + strings.TrimPrefix(s, "TO_")
	}
	return a
}

// RuleText is an L7 rule in words, the way the CLI's columns read:
// "PATH STARTS_WITH /api", "HEADER X-Env EQUAL_TO blue", "NOT HOST_NAME
// EQUAL_TO a.example".
func RuleText(r octavia.Object) string {
	parts := []string{r.Text("type")}
	if k := r.Text("key"); k != "" {
		parts = append(parts, k)
	}
	parts = append(parts, r.Text("compare_type"), r.Text("value"))
	s := strings.Join(parts, " ")
	if r.Text("invert") == "true" {
		s = "NOT " + s
	}
	return s
}

// rulesText sums up an L7 policy's rules for its node: the first in
// words and how many more; a policy with no rule says it never matches.
// rules is nil while they are not read; n is how many its answer names.
func rulesText(rules []octavia.Object, n int) string {
	switch {
	case n == 0:
		return noRuleNote
	case len(rules) == 0:
		return fmt.Sprintf("%d rules", n)
	case len(rules) == 1:
		return RuleText(rules[0])
	}
	return fmt.Sprintf("%s +%d more", RuleText(rules[0]), len(rules)-1)
}

// Any reports whether the tree's listeners have an L7 policy.
func (l *TreeL7) Any() bool {
	if l == nil {
		return false
	}
	for _, ps := range l.Policies {
		if len(ps) > 0 {
			return true
		}
	}
	return false
}
