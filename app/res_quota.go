package app

import (
	"context"
	"iter"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/quotas"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/lbaasquotas"
)

// quotaLimits are a quota's limits: Octavia's attribute and its label.
var quotaLimits = []struct{ Key, Label string }{
	{"loadbalancer", "Load balancers"}, {"listener", "Listeners"}, {"pool", "Pools"}, {"member", "Members"},
	{"healthmonitor", "Health monitors"}, {"l7policy", "L7 policies"}, {"l7rule", "L7 rules"},
}

// quotaRes: a project's quotas. An admin lists every project that has
// limits of its own (the others, and the cells marked "default", use the
// deployment's defaults) and sets or resets them; anyone else sees their
// own project's effective limits, read-only. Octavia applies a write at once.
var quotaRes = register(&resource{
	Kind: octavia.KindQuota, Prefix: "quota", Singular: "quota", Plural: "quotas", Title: "Quotas",
	Path: "/quotas", IDKey: "project_id", WriteAdmin: true, Envelope: "quota",
	Intro:    "A quota caps how many load balancers, listeners, pools… a project may have (-1 = unlimited).",
	Columns:  quotaColumns(),
	Props:    append([]property{{Label: "Project", Key: "project_id", Mono: true}}, quotaProps()...),
	Fields:   quotaFields(),
	Validate: validateQuota,
	List: func(ctx context.Context, c *octavia.Client, _ listQuery) iter.Seq2[object, error] {
		s := c.Session()
		return func(yield func(object, error) bool) {
			if !s.HasRole("admin") {
				yield(quotaOf(s.ProjectID)(c.GetQuota(ctx, s.ProjectID)))
				return
			}
			own := false
			for q, err := range c.Quotas(ctx, lbaasquotas.ListOpts{}) {
				if err != nil {
					yield(nil, err)
					return
				}
				own = own || q.ProjectID == s.ProjectID
				if !yield(storedQuota(q), nil) {
					return
				}
			}
			if !own {
				yield(storedQuota(lbaasquotas.Quota{ProjectID: s.ProjectID}), nil)
			}
		}
	},
	Get: func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error) {
		return quotaOf(r.ID)(c.GetQuota(ctx, r.ID))
	},
	Update: func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error) {
		q, acc, err := c.UpdateQuota(ctx, r.ID, b)
		o, err := quotaOf(r.ID)(q, err)
		return o, acc, err
	},
	Sections: []func(p *detailPage, o object) goapp.UI{func(p *detailPage, o object) goapp.UI { return &quotaDefaults{Values: o} }},
	Actions: []action{{
		ID: "quota-reset", Label: "Reset to defaults", Admin: true,
		Confirm: "Every limit of this project goes back to the deployment's default.",
		Run: func(ctx context.Context, sess *session, r octavia.Ref, o object) (operation, octavia.Accepted, error) {
			acc, err := sess.Client.ResetQuota(ctx, r.ID)
			return operation{Kind: opOther, Verb: "Reset", Wait: waitNone,
				Written: "DELETE quota of project " + r.ID + " (every limit back to the default)"}, acc, err
		},
	}},
})

func quotaColumns() (out []column) {
	for _, l := range quotaLimits {
		out = append(out, column{Title: l.Label, Key: l.Key, Width: "9%"})
	}
	return out
}

func quotaProps() (out []property) {
	for _, l := range quotaLimits {
		out = append(out, property{Label: l.Label, Key: l.Key, Hide: true}) // in the table beside the defaults
	}
	return out
}

func quotaFields() (out []formField) {
	for _, l := range quotaLimits {
		out = append(out, formField{Key: l.Key, Label: l.Label, Type: fInt, Null: true, Hint: "-1 = unlimited; empty = the default."})
	}
	return out
}

// quotaOf turns the client's answer for project into an object (Octavia's
// quota body does not name its project).
func quotaOf(project string) func(q *quotas.Quota, err error) (object, error) {
	return func(q *quotas.Quota, err error) (object, error) {
		if err != nil || q == nil {
			return nil, err
		}
		o := toObject(q)
		o["project_id"] = project
		return o, nil
	}
}

// storedQuota is a quota list entry: the limits the project has of its
// own, "default" where it has none.
func storedQuota(q lbaasquotas.Quota) object {
	o := object{"project_id": q.ProjectID}
	for i, v := range []*int{q.Loadbalancer, q.Listener, q.Pool, q.Member, q.Healthmonitor, q.L7Policy, q.L7Rule} {
		o[quotaLimits[i].Key] = "default"
		if v != nil {
			o[quotaLimits[i].Key] = float64(*v)
		}
	}
	return o
}

// quotaPair is one limit of a project beside the deployment's default.
type quotaPair struct {
	Key, Label, Value, Default string
	Own                        bool // the project's value differs from the default
}

// quotaPairs pairs a project's effective limits with the defaults (nil:
// not read); -1 reads "unlimited".
func quotaPairs(values, defaults object) []quotaPair {
	text := func(o object, k string) string {
		if o == nil {
			return "—"
		}
		if s := o.str(k); s != "-1" {
			return orDash(s)
		}
		return "unlimited"
	}
	out := make([]quotaPair, 0, len(quotaLimits))
	for _, l := range quotaLimits {
		p := quotaPair{Key: l.Key, Label: l.Label, Value: text(values, l.Key), Default: text(defaults, l.Key)}
		p.Own = defaults != nil && p.Value != p.Default
		out = append(out, p)
	}
	return out
}

// quotaDefaults is the quota page's table of the project's limits beside
// the deployment's defaults, read once when shown.
type quotaDefaults struct {
	goapp.Compo
	Values object

	defaults object
	err      string
}

func (d *quotaDefaults) OnMount(ctx goapp.Context) {
	sess := currentSession()
	if sess == nil {
		return
	}
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		q, err := sess.Client.GetQuotaDefaults(c)
		ctx.Dispatch(func(ctx goapp.Context) {
			if err != nil {
				d.err = octavia.Message(err)
				return
			}
			d.defaults = toObject(q)
		})
	})
}

func (d *quotaDefaults) Render() goapp.UI {
	var rows []goapp.UI
	for _, p := range quotaPairs(d.Values, d.defaults) {
		rows = append(rows, goapp.Tr().DataSet("key", p.Key).Body(
			goapp.Td().Text(p.Label), goapp.Td().Class("num", "quota-value").Text(p.Value),
			goapp.Td().Class("num", "quota-default").Text(p.Default),
			goapp.Td().Body(goapp.If(p.Own, func() goapp.UI { return goapp.Span().Class("chip").Text("own value") }).
				ElseIf(d.defaults != nil, func() goapp.UI { return goapp.Span().Class("muted").Text("default") })),
		))
	}
	return goapp.Section().Class("card").Body(
		goapp.Div().Class("card-head").Body(goapp.H2().Text("Limits and defaults")),
		goapp.If(d.err != "", func() goapp.UI { // a 403 for some roles (the lab's policy is stricter than Octavia's)
			return goapp.P().ID("quota-defaults-error").Class("muted").Text("The defaults could not be read: " + d.err)
		}),
		goapp.Div().Class("table-wrap").Body(goapp.Table().ID("quota-defaults").Class("table", "table-compact").Body(
			goapp.THead().Body(goapp.Tr().Body(goapp.Th().Text("Limit"), goapp.Th().Text("This project"), goapp.Th().Text("Default"), goapp.Th().Text("Source"))),
			goapp.TBody().Body(rows...),
		)),
	)
}
