package wizard

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/export"
	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/shell"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	model "github.com/octaview/octaview/app/internal/wizard"
	"github.com/octaview/octaview/octavia"
)

// wizardJSON is the request as the review shows it: the exact body sent
// ({"loadbalancer": …}), pretty-printed.
func wizardJSON(body octavia.Object) string {
	b, err := json.MarshalIndent(map[string]any{"loadbalancer": map[string]any(body)}, "", "  ")
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// wizardKinds are the forms of the kinds the wizard creates: each kind's
// own (its description's fields and checks).
func wizardKinds() model.Kinds {
	k := func(r *console.Resource) model.Kind { return model.Kind{Fields: r.Fields, Validate: r.Validate} }
	return model.Kinds{LB: k(console.LBResource), Listener: k(console.ListenerRes), Pool: k(console.PoolRes), Member: k(console.MemberRes),
		Monitor: k(console.MonitorRes), Policy: k(console.L7policyRes), Rule: k(console.L7ruleRes)}
}

// Page creates a load balancer and, if asked, its whole tree
// (listeners, pools, members, health monitors, L7 policies and rules) in
// one request: Octavia's fully populated create. One step per kind, each
// optional after the first, whose items are the kinds' own form fields
// (the model, internal/wizard); what was typed stays while going back and
// forth; the review shows the exact JSON sent. Its first step alone is the
// quick create (name, subnet, Create now). The create is a write (write.go).
// Its parts: the way through the steps (steps.go), the cloud's choices
// (neutron.go), the steps' forms (step_form.go, step_items.go) and the
// typed VIP's lookup (lb_vip_typed.go).
type Page struct {
	goapp.Compo

	rt       *tab.Runtime // the tab's (New)
	sess     *tab.Session
	w        *model.Model
	nav      steps
	ch       choices
	vipCheck vipCheck     // the review's lookup of a typed VIP ID (lb_vip_typed.go)
	fip      fipStep      // the review's floating IP, done after the create (floating_ip_step.go)
	exp      export.Panel // the review's "Export as code" (export_plan.go)
	wr       console.Writer
	uctx     goapp.Context

	certs console.CertPicks // the certificate fields' options (certs.go)
}

// New is a create wizard of the tab whose runtime is rt (its route's).
func New(rt *tab.Runtime) *Page { return &Page{rt: rt} }

func (p *Page) OnNav(ctx goapp.Context) {
	if p.sess = p.rt.RequireSession(ctx); p.sess == nil {
		return
	}
	p.uctx = ctx
	if p.sess.ReadOnly {
		return // Render says why nothing can be created here
	}
	if p.w == nil {
		p.reset()
	}
	p.loadNeutron(ctx) // afresh on every visit: ports get used, subnets made
	p.certs.Reset()    // afresh on every visit too: certificates get uploaded
	p.needCerts()
	p.loadHSTS(ctx)
}

// reset starts a new wizard. UI goroutine.
func (p *Page) reset() {
	if p.w == nil {
		p.w = model.New(wizardKinds())
	}
	p.w.Reset()
	if len(p.ch.subnets) > 0 {
		p.w.LB["vip_subnet_id"] = p.ch.preferredSubnet(p.sess)
	}
	p.w.LB["provider"] = form.DefaultProvider(p.ch.providers)
	p.w.Support(form.ForCreate(p.w.LB["provider"], p.ch.providers))
	p.nav.reset()
	p.wr = console.Writer{}
}

// loadNeutron reads what the first step picks from: subnets (needed),
// networks, free ports, flavors and availability zones (each optional:
// without them their picker is not shown). UI goroutine; the read in
// Async.
func (p *Page) loadNeutron(ctx goapp.Context) {
	p.ch.loading()
	p.fip.load(ctx, p.sess)
	client := p.sess.Client
	ctx.Async(func() {
		l := readCloud(client)
		ctx.Dispatch(func(ctx goapp.Context) {
			p.ch.take(l)
			if p.w.LB["provider"] == "" {
				p.w.LB["provider"] = form.DefaultProvider(l.providers)
			}
			p.w.Support(form.ForCreate(p.w.LB["provider"], l.providers)) // provider.go: the pool form's rule
			if l.err == nil && p.w.LB["vip_subnet_id"] == "" && len(p.ch.subnets) > 0 {
				p.w.LB["vip_subnet_id"] = p.ch.preferredSubnet(p.sess)
			}
		})
	})
}

// goTo shows step s (steps.goTo); the review looks a typed VIP up. UI
// goroutine.
func (p *Page) goTo(s int) {
	p.nav.goTo(p.w, s)
	p.watchServers(s) // member_servers.go
	if s == model.StepReview && p.ch.vipTyped() {
		p.checkTypedVIP(p.uctx)
	}
}

// form is the steps' form over the page's state.
func (p *Page) form() stepForm {
	return stepForm{w: p.w, nav: &p.nav, ch: &p.ch, retry: p.loadNeutron, tls: tlsFields{certs: &p.certs, need: p.needCerts}}
}

func (p *Page) next(ctx goapp.Context, e goapp.Event) {
	if !p.nav.check(p.w, p.nav.cur) {
		focusFirstFieldError(ctx)
		return
	}
	if p.nav.cur < model.StepReview {
		p.goTo(p.nav.cur + 1)
	}
}

// focusFirstFieldError moves the keyboard focus, once the errors are
// drawn, to the input of the first field error on the page (in the
// page's order): the field to fix first. UI goroutine.
func focusFirstFieldError(ctx goapp.Context) {
	ctx.Defer(func(goapp.Context) {
		el := ui.WindowGet("document").Call("querySelector", ".field-error[id$='-error']")
		if el.Truthy() {
			id := el.Get("id").String()
			ui.FocusID(strings.TrimSuffix(id, "-error"))
		}
	})
}

// back shows the step before; the click does nothing else. Its default
// action is cancelled: the first step has no Back, so go-app (which
// reuses elements by position) makes Back's element that step's Next, a
// submit. A frame due during the click (go-app's window click listener
// lets it run, on a busy machine) makes that change before the click
// ends, and the browser's default action, taken after the listeners,
// then submitted the form as Next: the wizard came back to the step it
// had left. UI goroutine, within the click's dispatch.
func (p *Page) back(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	if p.nav.cur > model.StepLB {
		p.goTo(p.nav.cur - 1)
	}
}

// submit is the form's submit: Next (the default button, so Enter in a
// field goes to the next step) or Create (the create-submit button).
func (p *Page) submit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	if by := e.Get("submitter"); by.Truthy() && by.Get("id").String() == "wz-next" {
		p.next(ctx, e)
		return
	}
	if p.wr.Sending || !p.ch.ready() {
		return
	}
	p.wr.Err = ""
	if first := p.nav.checkAll(p.w); first >= 0 {
		p.goTo(first)
		p.wr.Err = "Some fields need a change; see below."
		return
	}
	body, err := p.w.Body()
	if err != nil {
		p.wr.Err = err.Error()
		return
	}
	p.nav.refused = [model.StepCount]string{}
	tree := body["listeners"] != nil || body["pools"] != nil
	wr := console.Write{Op: tab.Operation{Kind: tab.OpCreate, Wait: tab.WaitActive, Ref: octavia.Ref{Kind: octavia.KindLoadBalancer},
		Name: body.Text("name"), Written: model.Written(body, p.ch.subnetName)},
		Send: func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error) {
			return c.Create(ctx, octavia.KindLoadBalancer, "", body)
		}}
	p.wr.Send(p.uctx, p.sess, wr, func(ctx goapp.Context, s console.Sent) {
		p.fip.then(ctx, p.sess, s.Obj, func(ctx goapp.Context, fipErr string) { p.created(ctx, s, tree, fipErr) })
	}, p.showError)
}

// showError puts a refused create on the step it concerns (a 400, or a
// 409 conflict such as a member given twice, with Octavia's faultstring),
// every step's input kept; else (401, 403 quota, a busy 409, 5xx, the
// network) above the steps, in the writer's words. UI goroutine.
func (p *Page) showError(err error) {
	if s, ok := p.nav.refuse(p.w, err); ok {
		p.wr.Err = ""
		p.goTo(s)
	}
}

func (p *Page) Render() goapp.UI {
	if p.w == nil { // go-app renders before OnNav
		p.reset()
	}
	if p.sess != nil && p.sess.ReadOnly {
		return shell.New(p.rt, &shell.Frame{Nav: shell.NavCreate, Title: "Create a load balancer", Content: []goapp.UI{
			ui.IDClassDiv("create-refused", "alert", "alert-info").Body(
				goapp.P().Text(console.ReadOnlyWhy(p.sess, "create a load balancer")),
				ui.ClassA("btn").Href(tab.ListPath).Text("See the load balancers"),
			),
		}})
	}
	return shell.New(p.rt, &shell.Frame{
		Nav:   shell.NavCreate,
		Title: "Create a load balancer",
		Content: []goapp.UI{
			goapp.Form().ID("create-form").Class("form", "wz").OnSubmit(p.submit).Body(
				p.renderSteps(),
				goapp.If(p.wr.Err != "", func() goapp.UI {
					return ui.AlertError("create-error", p.wr.Err)
				}),
				goapp.If(p.wr.Refused != nil, func() goapp.UI { return p.wr.Retry("create-retry") }),
				p.renderStep(),
				p.renderActions(),
			),
		},
	})
}

// renderSteps is the list of steps; the current one has aria-current.
func (p *Page) renderSteps() goapp.UI {
	items := make([]goapp.UI, 0, model.StepCount)
	for s := range model.StepCount {
		title := fmt.Sprintf("%d. %s", s+1, model.Titles[s])
		if n := count(p.w, s); n > 0 {
			title += fmt.Sprintf(" (%d)", n)
		}
		b := goapp.Button().Type("button").ID(fmt.Sprintf("wz-step-%d", s)).Class("wz-step").
			OnClick(func(ctx goapp.Context, e goapp.Event) { p.goTo(s) }, p.form().scope()).Text(title)
		if s == p.nav.cur {
			b = b.Aria("current", "step").Class("wz-current")
		}
		if p.nav.bad[s] || p.nav.refused[s] != "" {
			b = b.Class("wz-bad").Title("This step needs a change")
		}
		items = append(items, goapp.Li().Body(b))
	}
	return goapp.Nav().Aria("label", "Create steps").Body(goapp.Ol().ID("wz-steps").Class("wz-steps").Body(items...))
}

func (p *Page) renderActions() goapp.UI {
	create := "Create now"
	if p.nav.cur == model.StepReview {
		create = "Create"
	}
	if p.wr.Sending {
		create = "Creating…"
	}
	return ui.ClassDiv("confirm-actions", "wz-actions").Body(
		goapp.If(p.nav.cur > model.StepLB, func() goapp.UI {
			return ui.TypedButton("wz-back", "button").Class("btn").OnClick(p.back).Text("Back")
		}),
		goapp.If(p.nav.cur < model.StepReview, func() goapp.UI {
			return ui.TypedButton("wz-next", "submit").Class("btn", "btn-primary").
				Text("Next: " + model.Titles[p.nav.cur+1])
		}),
		p.createButton(create),
		ui.ClassA("btn", "btn-ghost").Href(tab.ListPath).Text("Cancel"),
	)
}

// createButton sends the create from any step (the quick create from the
// first); the primary button on the review only.
func (p *Page) createButton(text string) goapp.UI {
	b := ui.TypedButton("create-submit", "submit").Class("btn").Disabled(p.wr.Sending || !p.ch.ready()).Text(text)
	if p.nav.cur == model.StepReview {
		b = b.Class("btn-primary")
	}
	return b
}

// renderStep is the current step: a fieldset with its legend.
func (p *Page) renderStep() goapp.UI {
	f := p.form()
	render := [model.StepCount]func() []goapp.UI{
		model.StepLB: f.renderLB, model.StepListeners: f.renderListeners, model.StepPools: f.renderPools,
		model.StepMembers: f.renderMembers, model.StepMonitors: f.renderMonitors, model.StepL7: f.renderL7,
		model.StepReview: p.renderReview,
	}
	body := render[p.nav.cur]()
	head := []goapp.UI{goapp.Legend().Text(fmt.Sprintf("Step %d of %d: %s", p.nav.cur+1, model.StepCount, model.Titles[p.nav.cur]))}
	if msg := p.nav.refused[p.nav.cur]; msg != "" {
		head = append(head, ui.AlertError("wz-step-error", msg))
	}
	return goapp.FieldSet().ID(fmt.Sprintf("wz-panel-%d", p.nav.cur)).Class("card", "wz-panel").Body(append(head, body...)...)
}

func (p *Page) renderReview() []goapp.UI {
	body, err := p.w.Body()
	if err != nil {
		return []goapp.UI{ui.ClassDiv("alert", "alert-error").Text(err.Error())}
	}
	var bad []goapp.UI
	for s := range model.StepReview {
		if p.nav.bad[s] {
			bad = append(bad, goapp.Li().Body(goapp.Button().Type("button").Class("btn", "btn-small").
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.goTo(s) }, p.form().scope()).Text(model.Titles[s])))
		}
	}
	var tree []goapp.UI
	for _, line := range model.Tree(body) {
		tree = append(tree, goapp.Li().Text(line))
	}
	return []goapp.UI{
		goapp.If(p.ch.vipTyped(), p.vipCheck.render),
		p.fip.render(p.form().scope()), // floating_ip_step.go
		ui.IDP("wz-summary").Text(model.Written(body, p.ch.subnetName) + "."),
		goapp.If(len(tree) > 0, func() goapp.UI { return goapp.Ul().ID("wz-tree").Class("wz-tree").Body(tree...) }),
		goapp.If(len(bad) > 0, func() goapp.UI {
			return ui.ClassDiv("alert", "alert-error").Body(goapp.Text("These steps need a change:"), goapp.Ul().Body(bad...))
		}),
		p.renderExport(), // export_plan.go
		wizHint("Octavia creates all of it from this one request (POST /v2/lbaas/loadbalancers), exactly as shown:"),
		goapp.Pre().ID("wz-json").Class("wz-json", "mono").TabIndex(0).Aria("label", "The request body").Text(wizardJSON(body)),
	}
}
