package section

import (
	"context"
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// quotaPair is one limit of a project beside the deployment's default.
type quotaPair struct {
	Key, Label, Value, Default string
	Own                        bool // the project's value differs from the default
}

// QuotaPairs pairs a project's effective limits with the defaults (nil:
// not read); -1 reads "unlimited".
func QuotaPairs(values, defaults octavia.Object) []quotaPair {
	text := func(o octavia.Object, k, alias string) string {
		if o == nil {
			return "—"
		}
		if s := octavia.ValueText(console.QuotaLimit(o, k, alias)); s != "-1" {
			return ui.OrDash(s)
		}
		return "unlimited"
	}
	out := make([]quotaPair, 0, len(console.QuotaLimits))
	for _, l := range console.QuotaLimits {
		p := quotaPair{Key: l.Key, Label: l.Label, Value: text(values, l.Key, l.Alias), Default: text(defaults, l.Key, l.Alias)}
		p.Own = defaults != nil && p.Value != p.Default
		out = append(out, p)
	}
	return out
}

// quotaDefaults is the quota page's table of the project's limits beside
// what it uses and the deployment's defaults, read once when shown.
type quotaDefaults struct {
	goapp.Compo
	Project string // the quota's project
	Values  octavia.Object

	rt       *tab.Runtime // the tab's (the section's SectionEnv)
	defaults octavia.Object
	err      string
	used     map[string]int // nil until read
	usedErr  string
}

func (d *quotaDefaults) OnMount(ctx goapp.Context) {
	sess := d.rt.CurrentSession()
	if sess == nil {
		return
	}
	project := d.Project
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		q, err := sess.Client.Get(c, octavia.Ref{Kind: octavia.KindQuota, ID: "defaults"})
		used, uerr := console.QuotaUsage(c, sess.Client, project)
		ctx.Dispatch(func(ctx goapp.Context) {
			if uerr != nil {
				d.usedErr = octavia.Message(uerr)
			} else {
				d.used = used[project]
				if d.used == nil {
					d.used = map[string]int{}
				}
			}
			if err != nil {
				d.err = octavia.Message(err)
				return
			}
			d.defaults = q
		})
	})
}

func (d *quotaDefaults) Render() goapp.UI {
	var rows []goapp.UI
	for _, p := range QuotaPairs(d.Values, d.defaults) {
		used := "…"
		switch {
		case d.usedErr != "":
			used = "—"
		case d.used != nil:
			used = strconv.Itoa(d.used[p.Key])
		}
		rows = append(rows, goapp.Tr().DataSet("key", p.Key).Body(
			goapp.Td().Text(p.Label), ui.ClassTd("num", "quota-used").Text(used), ui.ClassTd("num", "quota-value").Text(p.Value),
			ui.ClassTd("num", "quota-default").Text(p.Default),
			goapp.Td().Body(goapp.If(p.Own, func() goapp.UI { return ui.ClassSpanText("chip", "own value") }).
				ElseIf(d.defaults != nil, func() goapp.UI { return ui.ClassSpanText("muted", "default") })),
		))
	}
	return goapp.Section().Class("card").Body(
		ui.ClassDivBody("card-head", goapp.H2().Text("Usage, limits and defaults")),
		goapp.If(d.usedErr != "", func() goapp.UI {
			return ui.IDP("quota-used-error").Class("muted").Text("What the project uses could not be counted: " + d.usedErr)
		}),
		goapp.If(d.err != "", func() goapp.UI { // a 403 for some roles (the lab's policy is stricter than Octavia's)
			return ui.IDP("quota-defaults-error").Class("muted").Text("The defaults could not be read: " + d.err)
		}),
		// a Tab stop: on a phone the table scrolls sideways in it (keyboard users too)
		ui.ClassDiv("table-wrap").TabIndex(0).Role("region").Aria("label", "Usage, limits and defaults").Body(goapp.Table().ID("quota-defaults").Class("table", "table-compact").Body(
			goapp.THead().Body(goapp.Tr().Body(goapp.Th().Text("Limit"), goapp.Th().Text("In use"), goapp.Th().Text("This project's limit"), goapp.Th().Text("Default"), goapp.Th().Text("Source"))),
			goapp.TBody().Body(rows...),
		)),
	)
}
