package console

import (
	"cmp"
	"context"
	"fmt"
	"iter"
	"strings"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// quotaLimits are a quota's limits: Octavia's attribute, its other name
// (Octavia's list sends both; its GET of one project only the second, for
// two of them) and its label.
var QuotaLimits = []struct{ Key, Alias, Label string }{
	{"loadbalancer", "load_balancer", "Load balancers"}, {"listener", "", "Listeners"}, {"pool", "", "Pools"}, {"member", "", "Members"},
	{"healthmonitor", "health_monitor", "Health monitors"}, {"l7policy", "", "L7 policies"}, {"l7rule", "", "L7 rules"},
}

// QuotaRes: a project's quotas. An admin lists every project that has
// limits of its own (the others, and the cells marked "default", use the
// deployment's defaults) and sets or resets them; anyone else sees their
// own project's effective limits, read-only. Octavia applies a write at once.
// A quota's answer does not name its project: its page names it from its URL.
var QuotaRes = &Resource{
	Kind: octavia.KindQuota, Prefix: "quota", Singular: "quota", Plural: "quotas", Title: "Quotas",
	Path: "/quotas", ProjectNamed: true, WriteAdmin: true, Edit: true,
	Intro:    "A quota caps how many load balancers, listeners, pools… a project may have (-1 = unlimited).",
	Columns:  quotaColumns(),
	Fields:   quotaFields(),
	ShownBy:  quotaKeys(),
	Validate: form.ValidateQuota,
	ListRows: func(ctx context.Context, c *octavia.Client, _ ListQuery) iter.Seq2[tab.Row, error] {
		s := c.Session()
		res := ResourceOf(octavia.KindQuota)
		return func(yield func(tab.Row, error) bool) {
			if !s.HasRole("admin") {
				o, err := c.Get(ctx, octavia.Ref{Kind: octavia.KindQuota, ID: s.ProjectID})
				if err == nil {
					used, uerr := QuotaUsage(ctx, c, s.ProjectID)
					o = withUsage(quotaRow(s.ProjectID, o), used[s.ProjectID], uerr == nil)
				}
				yield(RowOfObject(res, "", o), err)
				return
			}
			var rows []octavia.Object
			own := false
			for o, err := range c.List(ctx, octavia.KindQuota, "", octavia.ListQuery{}) {
				if err != nil {
					yield(tab.Row{}, err)
					return
				}
				own = own || o.Text("project_id") == s.ProjectID
				rows = append(rows, storedQuota(o))
			}
			if !own {
				rows = append(rows, storedQuota(octavia.Object{"project_id": s.ProjectID}))
			}
			used, err := QuotaUsage(ctx, c, "") // when it fails, the limits alone
			for _, o := range rows {
				if !yield(RowOfObject(res, "", withUsage(o, used[o.Text("project_id")], err == nil)), nil) {
					return
				}
			}
		}
	},
	Sections: []Section{SectionQuota},
	Actions: []Action{{
		ID: "quota-reset", Label: "Reset to defaults", Admin: true,
		Confirm: "Every limit of this project goes back to the deployment's default.",
		Write: func(r octavia.Ref, o octavia.Object, ops []tab.Operation) Write {
			return Write{Op: tab.Operation{Kind: tab.OpOther, Verb: "Reset", Wait: tab.WaitNone, Ref: r,
				Written: "DELETE quota of project " + r.ID + " (every limit back to the default)"},
				Send: func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error) {
					acc, err := c.Delete(ctx, r, false)
					return nil, acc, err
				}}
		},
	}},
}

func quotaColumns() (out []Column) {
	for _, l := range QuotaLimits {
		out = append(out, Column{Title: l.Label, Key: l.Key, Width: "9%"})
	}
	return out
}

// quotaKeys are the attributes of a quota's answer the limits table shows.
func quotaKeys() (out []string) {
	for _, l := range QuotaLimits {
		out = append(out, l.Key)
		if l.Alias != "" {
			out = append(out, l.Alias)
		}
	}
	return out
}

func quotaFields() (out []form.Field) {
	for _, l := range QuotaLimits {
		// the name a project's quota is read with (and Octavia's PUT takes)
		out = append(out, form.Field{Key: cmp.Or(l.Alias, l.Key), Label: l.Label, Type: form.Int, Null: true, Hint: "-1 = unlimited; empty = the default."})
	}
	return out
}

// quotaRow is a project's effective quota as a list's row: its limits and
// its project (the answer does not name it).
func quotaRow(project string, o octavia.Object) octavia.Object {
	r := octavia.Object{"project_id": project}
	for _, l := range QuotaLimits {
		r[l.Key] = QuotaLimit(o, l.Key, l.Alias)
	}
	return r
}

// storedQuota is a quota list entry: the limits the project has of its
// own, "default" where it has none (null).
func storedQuota(o octavia.Object) octavia.Object {
	r := octavia.Object{"project_id": o.Text("project_id")}
	for _, l := range QuotaLimits {
		r[l.Key] = "default"
		if v := QuotaLimit(o, l.Key, l.Alias); v != nil {
			r[l.Key] = v
		}
	}
	return r
}

// quotaLimit is limit key of o, under its other name when Octavia sent
// only that one.
func QuotaLimit(o octavia.Object, key, alias string) any {
	if v := o[key]; v != nil || alias == "" {
		return v
	}
	return o[alias]
}

// quotaUsage counts, by project, what each holds of every limit: its load
// balancers, listeners, pools, health monitors and L7 policies (one list
// of each, asking Octavia only for project_id), the members its pools name
// and the rules its policies name. Octavia has no usage API; its quota
// check counts the same objects. project "" counts every project's (an
// admin's list), else that project's only. Blocks.
func QuotaUsage(ctx context.Context, c *octavia.Client, project string) (map[string]map[string]int, error) {
	used := map[string]map[string]int{}
	add := func(p, key string, n int) {
		if used[p] == nil {
			used[p] = map[string]int{}
		}
		used[p][key] += n
	}
	for _, k := range []struct {
		kind     octavia.Kind
		key, sub string // the limit, and the one counted by the ids a list attribute names
		subAttr  string
	}{
		{octavia.KindLoadBalancer, "loadbalancer", "", ""}, {octavia.KindListener, "listener", "", ""},
		{octavia.KindPool, "pool", "member", "members"}, {octavia.KindMonitor, "healthmonitor", "", ""},
		{octavia.KindL7Policy, "l7policy", "l7rule", "rules"},
	} {
		q := octavia.ListQuery{Fields: []string{"project_id"}}
		if k.subAttr != "" {
			q.Fields = append(q.Fields, k.subAttr)
		}
		if project != "" {
			q.Filters = map[string][]string{"project_id": {project}}
		}
		for r, err := range c.Rows(ctx, k.kind, "", q) {
			if err != nil {
				return nil, err
			}
			add(r[0], k.key, 1)
			if k.subAttr != "" && r[1] != "" {
				add(r[0], k.sub, len(strings.Split(r[1], ", ")))
			}
		}
	}
	return used, nil
}

// withUsage is quota row o with each limit's cell saying what is in use
// beside it, when it is known: "2 / 5", "0 / default", "3 / unlimited";
// else the limit alone ("unlimited" for -1).
func withUsage(o octavia.Object, used map[string]int, known bool) octavia.Object {
	out := octavia.Object{"project_id": o.Text("project_id")}
	for _, l := range QuotaLimits {
		limit := octavia.ValueText(o[l.Key])
		if limit == "-1" {
			limit = "unlimited"
		}
		if known {
			limit = fmt.Sprintf("%d / %s", used[l.Key], ui.OrDash(limit))
		}
		out[l.Key] = limit
	}
	return out
}
