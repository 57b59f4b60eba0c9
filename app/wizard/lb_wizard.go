package wizard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/providers"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/ports"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/ui"
	model "github.com/octaview/octaview/app/internal/wizard"
	"github.com/octaview/octaview/octavia"
)

// wizardJSON is the request as the review shows it: the exact body sent
// ({"loadbalancer": …}), pretty-printed.
func wizardJSON(body console.Object) string {
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
type Page struct {
	goapp.Compo

	sess    *console.Session
	step    int
	visited [model.StepCount]bool
	w       *model.Model

	subnets   []console.SubnetChoice
	nets      []ui.Choice
	ports     []ui.Choice
	flavors   []ui.Choice
	zones     []ui.Choice
	providers []string // the cloud's (nil: unknown)
	netStatus ui.LoadStatus
	netErr    string
	vipCheck  vipCheck // the review's lookup of a typed VIP ID (lb_vip_typed.go)

	errs    map[string]string       // by input id
	checked [model.StepCount]bool   // the step was checked once: check again as the user types
	bad     [model.StepCount]bool   // the step's last check found something
	stepErr [model.StepCount]string // Octavia's refusal, on the step it concerns
	wr      console.Writer
	uctx    goapp.Context
	// gen changes with the steps' items (added, removed, reset): go-app
	// keeps an element's first handler of a closure, so every handler is
	// scoped by it to see the items of now.
	gen int
}

func (p *Page) OnNav(ctx goapp.Context) {
	if p.sess = console.RequireSession(ctx); p.sess == nil {
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
}

// reset starts a new wizard. UI goroutine.
func (p *Page) reset() {
	p.gen++
	if p.w == nil {
		p.w = model.New(wizardKinds())
	}
	p.w.Reset()
	if len(p.subnets) > 0 {
		p.w.LB["vip_subnet_id"] = p.subnets[0].ID
	}
	p.w.LB["provider"] = form.DefaultProvider(p.providers)
	p.w.Support(form.ForCreate(p.w.LB["provider"], p.providers))
	p.step, p.visited = model.StepLB, [model.StepCount]bool{model.StepLB: true}
	p.errs, p.checked, p.bad, p.stepErr = map[string]string{}, [model.StepCount]bool{}, [model.StepCount]bool{}, [model.StepCount]string{}
	p.wr = console.Writer{}
}

// loadNeutron reads what the first step picks from: subnets (needed),
// networks, free ports, flavors and availability zones (each optional:
// without them their picker is not shown). UI goroutine.
func (p *Page) loadNeutron(ctx goapp.Context) {
	if p.netStatus != ui.Loaded {
		p.netStatus, p.netErr = ui.Loading, "" // a reload keeps the pickers as they are until it is done
	}
	client := p.sess.Client
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		subs, err := octavia.Collect(client.Subnets(c, subnets.ListOpts{}))
		var nets []networks.Network
		var prts []ports.Port
		var flvs, azs []octavia.Object
		var provs []string
		for pr, e := range client.Providers(c, providers.ListOpts{}) {
			if e != nil {
				provs = nil // unknown: every choice, the driver's 501 says the rest
				break
			}
			provs = append(provs, pr.Name)
		}
		if err == nil {
			nets, _ = octavia.Collect(client.Networks(c, networks.ListOpts{}))
			prts, _ = octavia.Collect(client.Ports(c, ports.ListOpts{}))
			flvs, _ = octavia.Collect(client.List(c, octavia.KindFlavor, "", octavia.ListQuery{Fields: []string{"id", "name", "enabled"}}))
			azs, _ = octavia.Collect(client.List(c, octavia.KindAvailabilityZone, "", octavia.ListQuery{Fields: []string{"name", "enabled"}}))
		}
		ctx.Dispatch(func(ctx goapp.Context) {
			p.providers = provs
			if p.w.LB["provider"] == "" {
				p.w.LB["provider"] = form.DefaultProvider(provs)
			}
			p.w.Support(form.ForCreate(p.w.LB["provider"], provs)) // provider.go: the pool form's rule
			if err != nil {
				p.netStatus, p.netErr = ui.LoadFailed, octavia.Message(err)
				return
			}
			p.subnets, p.netStatus = console.SubnetChoices(subs, nets), ui.Loaded
			p.nets = nil
			for _, n := range nets {
				p.nets = append(p.nets, ui.Choice{ID: n.ID, Label: ui.DisplayName(n.Name, n.ID)})
			}
			p.ports = console.PortChoices(prts)
			p.flavors, p.zones = nil, nil
			for _, f := range flvs {
				if f.Text("enabled") == "true" {
					p.flavors = append(p.flavors, ui.Choice{ID: f.Text("id"), Label: f.Text("name")})
				}
			}
			for _, z := range azs {
				if z.Text("enabled") == "true" {
					p.zones = append(p.zones, ui.Choice{ID: z.Text("name"), Label: z.Text("name")})
				}
			}
			if p.w.LB["vip_subnet_id"] == "" && len(p.subnets) > 0 {
				p.w.LB["vip_subnet_id"] = p.subnets[0].ID
			}
		})
	})
}

// goTo shows step s; the first visit of the listeners and pools steps
// brings one item with the defaults (HTTP :80; ROUND_ROBIN with an HTTP
// monitor), which the user may remove. UI goroutine.
func (p *Page) goTo(s int) {
	if !p.visited[s] {
		p.gen++
		switch {
		case s == model.StepListeners && len(p.w.Listeners) == 0:
			p.w.Listeners = append(p.w.Listeners, p.w.NewListener())
		case s == model.StepPools && len(p.w.Pools) == 0 && len(p.w.Listeners) > 0:
			p.w.Pools = append(p.w.Pools, p.w.NewPool())
		}
	}
	p.visited[s], p.step = true, s
	if s == model.StepReview && p.vipTyped() {
		p.checkTypedVIP(p.uctx)
	}
}

// checkStep checks step s and keeps its errors. UI goroutine.
func (p *Page) checkStep(s int) bool {
	prefix := map[int][]string{model.StepLB: {"create-"}, model.StepListeners: {"wz-listener-"}, model.StepPools: {"wz-pool-"},
		model.StepMembers: {"wz-member-"}, model.StepMonitors: {"wz-monitor-"}, model.StepL7: {"wz-policy-", "wz-rule-"}}[s]
	for k := range p.errs {
		if slices.ContainsFunc(prefix, func(pre string) bool { return strings.HasPrefix(k, pre) }) {
			delete(p.errs, k)
		}
	}
	errs := p.w.Check(s)
	for k, v := range errs {
		p.errs[k] = v
	}
	p.checked[s], p.bad[s] = true, len(errs) > 0
	return len(errs) == 0
}

// changed follows an input: the step is checked again once it was.
func (p *Page) changed() {
	if p.checked[p.step] {
		p.checkStep(p.step)
	}
}

func (p *Page) next(ctx goapp.Context, e goapp.Event) {
	if !p.checkStep(p.step) {
		focusFirstFieldError(ctx)
		return
	}
	if p.step < model.StepReview {
		p.goTo(p.step + 1)
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

func (p *Page) back(ctx goapp.Context, e goapp.Event) {
	if p.step > model.StepLB {
		p.goTo(p.step - 1)
	}
}

// subnetName is what the wizard knows a subnet by ("" = unknown).
func (p *Page) subnetName(id string) string {
	for _, s := range p.subnets {
		if s.ID == id {
			return s.Label
		}
	}
	return ""
}

// submit is the form's submit: Next (the default button, so Enter in a
// field goes to the next step) or Create (the create-submit button).
func (p *Page) submit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	if by := e.Get("submitter"); by.Truthy() && by.Get("id").String() == "wz-next" {
		p.next(ctx, e)
		return
	}
	if p.wr.Sending || !p.netReady() {
		return
	}
	p.wr.Err = ""
	first := -1
	for s := range model.StepReview {
		if !p.checkStep(s) && first < 0 {
			first = s
		}
	}
	if first >= 0 {
		p.goTo(first)
		p.wr.Err = "Some fields need a change; see below."
		return
	}
	body, err := p.w.Body()
	if err != nil {
		p.wr.Err = err.Error()
		return
	}
	p.stepErr = [model.StepCount]string{}
	tree := body["listeners"] != nil || body["pools"] != nil
	wr := console.Write{Op: console.Operation{Kind: console.OpCreate, Wait: console.WaitActive, Ref: octavia.Ref{Kind: octavia.KindLoadBalancer},
		Name: body.Text("name"), Written: model.Written(body, p.subnetName)},
		Send: func(ctx context.Context, c *octavia.Client) (console.Object, octavia.Accepted, error) {
			return c.Create(ctx, octavia.KindLoadBalancer, "", body)
		}}
	p.wr.Send(p.uctx, p.sess, wr, func(ctx goapp.Context, s console.Sent) {
		p.reset()
		if tree {
			ctx.Navigate(console.DetailPathOf(s.Op.Ref.ID)) // its status tree shows every child
			return
		}
		ctx.Navigate(console.ListPath)
	}, p.showError)
}

// showError puts a refused create on the step it concerns (a 400, or a
// 409 conflict such as a member given twice, with Octavia's faultstring),
// every step's input kept; else (401, 403 quota, a busy 409, 5xx, the
// network) above the steps, in the writer's words. UI goroutine.
func (p *Page) showError(err error) {
	var e *octavia.Error
	if !errors.As(err, &e) || e.Fault == "" || e.Code != octavia.EINVALID && e.Code != octavia.ECONFLICT {
		return
	}
	p.wr.Err = ""
	if it, k, ok := p.w.ItemOfRef(e.Fault); ok { // a certificate Barbican could not give: at its field
		p.stepErr[it.Step] = "Octavia refused the create: " + e.Fault
		p.errs[model.InputID(it.ID, k)] = "Octavia: " + e.Fault
		p.goTo(it.Step)
		return
	}
	s := p.w.StepOfFault(e.Fault)
	p.stepErr[s] = "Octavia refused the create: " + e.Fault
	if items := p.w.Items(s); len(items) == 1 { // the attribute it names, when the step has one item
		if k := form.FaultField(e.Fault, form.Keys(items[0].Kind.Fields)); k != "" {
			p.errs[model.InputID(items[0].ID, k)] = "Octavia: " + e.Fault
		}
	}
	p.goTo(s)
}

func (p *Page) Render() goapp.UI {
	if p.w == nil { // go-app renders before OnNav
		p.reset()
	}
	if p.sess != nil && p.sess.ReadOnly {
		return &console.Shell{Nav: console.NavCreate, Title: "Create a load balancer", Content: []goapp.UI{
			ui.IDClassDiv("create-refused", "alert", "alert-info").Body(
				goapp.P().Text(console.ReadOnlyWhy(p.sess, "create a load balancer")),
				ui.ClassA("btn").Href(console.ListPath).Text("See the load balancers"),
			),
		}}
	}
	return &console.Shell{
		Nav:   console.NavCreate,
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
	}
}

// renderSteps is the list of steps; the current one has aria-current.
func (p *Page) renderSteps() goapp.UI {
	items := make([]goapp.UI, 0, model.StepCount)
	for s := range model.StepCount {
		title := fmt.Sprintf("%d. %s", s+1, model.Titles[s])
		if n := p.count(s); n > 0 {
			title += fmt.Sprintf(" (%d)", n)
		}
		b := goapp.Button().Type("button").ID(fmt.Sprintf("wz-step-%d", s)).Class("wz-step").
			OnClick(func(ctx goapp.Context, e goapp.Event) { p.goTo(s) }, p.scope()).Text(title)
		if s == p.step {
			b = b.Aria("current", "step").Class("wz-current")
		}
		if p.bad[s] || p.stepErr[s] != "" {
			b = b.Class("wz-bad").Title("This step needs a change")
		}
		items = append(items, goapp.Li().Body(b))
	}
	return goapp.Nav().Aria("label", "Create steps").Body(goapp.Ol().ID("wz-steps").Class("wz-steps").Body(items...))
}

// count is how many items step s holds (0 for the first and the review).
func (p *Page) count(s int) int {
	switch s {
	case model.StepListeners:
		return len(p.w.Listeners)
	case model.StepPools:
		return len(p.w.Pools)
	case model.StepMembers, model.StepMonitors, model.StepL7:
		n := 0
		for _, it := range p.w.Items(s) {
			if !strings.HasPrefix(it.ID, "wz-rule-") {
				n++
			}
		}
		return n
	}
	return 0
}

func (p *Page) renderActions() goapp.UI {
	create := "Create now"
	if p.step == model.StepReview {
		create = "Create"
	}
	if p.wr.Sending {
		create = "Creating…"
	}
	return ui.ClassDiv("confirm-actions", "wz-actions").Body(
		goapp.If(p.step > model.StepLB, func() goapp.UI {
			return ui.TypedButton("wz-back", "button").Class("btn").OnClick(p.back).Text("Back")
		}),
		goapp.If(p.step < model.StepReview, func() goapp.UI {
			return ui.TypedButton("wz-next", "submit").Class("btn", "btn-primary").
				Text("Next: " + model.Titles[p.step+1])
		}),
		p.createButton(create),
		ui.ClassA("btn", "btn-ghost").Href(console.ListPath).Text("Cancel"),
	)
}

// createButton sends the create from any step (the quick create from the
// first); the primary button on the review only.
func (p *Page) createButton(text string) goapp.UI {
	b := ui.TypedButton("create-submit", "submit").Class("btn").Disabled(p.wr.Sending || !p.netReady()).Text(text)
	if p.step == model.StepReview {
		b = b.Class("btn-primary")
	}
	return b
}

// renderStep is the current step: a fieldset with its legend.
func (p *Page) renderStep() goapp.UI {
	var body []goapp.UI
	switch p.step {
	case model.StepLB:
		body = p.renderLB()
	case model.StepListeners:
		body = p.renderListeners()
	case model.StepPools:
		body = p.renderPools()
	case model.StepMembers:
		body = p.renderMembers()
	case model.StepMonitors:
		body = p.renderMonitors()
	case model.StepL7:
		body = p.renderL7()
	case model.StepReview:
		body = p.renderReview()
	}
	head := []goapp.UI{goapp.Legend().Text(fmt.Sprintf("Step %d of %d: %s", p.step+1, model.StepCount, model.Titles[p.step]))}
	if msg := p.stepErr[p.step]; msg != "" {
		head = append(head, ui.AlertError("wz-step-error", msg))
	}
	return goapp.FieldSet().ID(fmt.Sprintf("wz-panel-%d", p.step)).Class("card", "wz-panel").Body(append(head, body...)...)
}

// wizHint is a step's line of explanation.
func wizHint(text string) goapp.UI { return ui.ClassP("muted", "hint", "wz-intro").Text(text) }

func (p *Page) renderLB() []goapp.UI {
	v := p.w.LB
	it := p.w.Items(model.StepLB)[0]
	fieldOf := func(key string) goapp.UI { return p.renderField(it, key) }
	out := []goapp.UI{fieldOf("name"), fieldOf("description")}
	switch p.netStatus {
	case ui.LoadFailed, ui.Loaded:
	default:
		return append(out, ui.ClassDivText("muted", "Loading subnets…"))
	}
	radio := func(val, label string) goapp.UI {
		id := "create-vip-by-" + val
		return goapp.Label().For(id).Class("wz-radio").Body(
			goapp.Input().Type("radio").ID(id).Name("create-vip").Value(val).Checked(v["_vip"] == val).
				OnChange(func(ctx goapp.Context, e goapp.Event) { v["_vip"] = val; p.changed() }, goapp.EventScope(p.gen, id)),
			goapp.Text(" "+label),
		)
	}
	if p.vipTyped() { // lb_vip_typed.go: no subnet to pick, the user types an ID
		out = append(out, p.renderTypedVIP(it, radio)...)
	} else {
		out = append(out, goapp.FieldSet().Class("wz-vip").Body(
			goapp.Legend().Text("Virtual IP (VIP)"),
			ui.ClassDivBody("wz-radios", radio("subnet", "From a subnet"), radio("port", "An existing port")),
		))
		if console.LBVIPBySubnet(v) {
			nets := []goapp.UI{ui.Option("", "Any network", v["_network"] == "")}
			for _, n := range p.nets {
				nets = append(nets, ui.Option(n.ID, n.Label, n.ID == v["_network"]))
			}
			out = append(out, ui.ClassDivBody("wz-grid",
				ui.Field("create-network", "VIP network", goapp.Select().ID("create-network").OnChange(func(ctx goapp.Context, e goapp.Event) {
					v["_network"] = ui.SelectValue(ctx)
					if s := p.subnetsOf(v["_network"]); len(s) > 0 && !slices.ContainsFunc(s, func(c ui.Choice) bool { return c.ID == v["vip_subnet_id"] }) {
						v["vip_subnet_id"] = s[0].ID
					}
					p.changed()
				}, p.scope()).Body(nets...)),
				fieldOf("vip_subnet_id"),
				fieldOf("vip_address")))
		} else {
			out = append(out, fieldOf("vip_port_id"))
		}
	}
	out = append(out, wizHint("Clients reach the load balancer on its VIP."))
	var more []goapp.UI
	if len(p.flavors) > 0 {
		more = append(more, fieldOf("flavor_id"))
	}
	if len(p.zones) > 0 {
		more = append(more, fieldOf("availability_zone"))
	}
	if len(p.providers) > 0 {
		more = append(more, fieldOf("provider"))
	}
	for _, f := range it.Kind.Fields {
		if !slices.Contains([]string{"name", "description", "vip_subnet_id", "vip_address", "vip_port_id", "vip_network_id", "flavor_id", "availability_zone", "provider"}, f.Key) &&
			f.Shown(true, v) {
			more = append(more, fieldOf(f.Key))
		}
	}
	out = append(out, ui.ClassDiv("wz-grid").Body(more...))
	return append(out, wizHint("That is enough for a load balancer: Create now makes it bare, or go on to give it listeners, pools and members in the same request."))
}

// subnetsOf are the subnets of network id ("" = every network).
func (p *Page) subnetsOf(network string) []ui.Choice {
	var out []ui.Choice
	for _, s := range p.subnets {
		if network == "" || s.NetworkID == network {
			out = append(out, ui.Choice{ID: s.ID, Label: s.Label})
		}
	}
	return out
}

// choices are the options of a picked field: the cloud's subnets (those
// of the VIP's network for the VIP), free ports, flavors, zones.
func (p *Page) choices(it model.Item, f form.Field) []ui.Choice {
	switch {
	case f.Type == form.Subnet && it.Step == model.StepLB:
		return p.subnetsOf(p.w.LB["_network"])
	case f.Type == form.Subnet:
		return p.subnetsOf("")
	case f.Type == form.Port:
		return p.ports
	case f.Ref == octavia.KindFlavor:
		return p.flavors
	case f.Ref == octavia.KindAvailabilityZone:
		return p.zones
	case f.Ref == octavia.KindProvider:
		out := make([]ui.Choice, 0, len(p.providers))
		for _, name := range p.providers {
			out = append(out, ui.Choice{ID: name, Label: name})
		}
		return out
	}
	return nil
}

// renderFields is item it's shown fields in a grid. UI goroutine.
func (p *Page) renderFields(it model.Item) goapp.UI {
	var fields []goapp.UI
	for _, f := range it.Kind.Fields {
		if f.Shown(true, it.V) {
			fields = append(fields, p.renderField(it, f.Key))
		}
	}
	return ui.ClassDiv("wz-grid").Body(fields...)
}

// renderField is item it's field key, with its error (fieldInput, as the
// generic form draws it).
func (p *Page) renderField(it model.Item, key string) goapp.UI {
	i := slices.IndexFunc(it.Kind.Fields, func(f form.Field) bool { return f.Key == key })
	if i < 0 {
		return goapp.Div()
	}
	f, v := it.Kind.Fields[i], it.V
	id := model.InputID(it.ID, f.Key)
	return ui.FieldInput{ID: id, Field: f, Value: v[f.Key], Err: p.errs[id], Required: f.Required,
		Options: p.choices(it, f), Pick: f.Required, Scope: []any{p.gen},
		Set: func(key, value string) {
			v[key] = value
			switch {
			case it.Step == model.StepLB && key == "provider":
				p.w.Support(form.ForCreate(value, p.providers)) // its children's choices follow it
			case it.Step == model.StepListeners && key == "protocol":
				p.w.SetListenerProtocol(it, value) // 443 for TLS, 80 for HTTP, unless a port was typed
			case it.Step == model.StepListeners && key == "protocol_port":
				form.SetPort(v, value)
			}
			p.changed()
		}}.Render()
}

// scope is the event scope of the handlers that read the items (gen).
func (p *Page) scope() goapp.EventOption { return goapp.EventScope(p.gen) }

// item is one item's fieldset: legend, fields, a Remove button.
func (p *Page) item(id, legend string, remove func(), body ...goapp.UI) goapp.UI {
	head := []goapp.UI{goapp.Legend().Body(
		goapp.Text(legend),
		goapp.Button().Type("button").ID(id+"-remove").Class("btn", "btn-small", "btn-ghost", "wz-remove").Aria("label", "Remove "+strings.ToLower(legend)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { remove(); p.gen++ }, p.scope()).Text("Remove"),
	)}
	return goapp.FieldSet().ID(id).Class("wz-item").Body(append(head, body...)...)
}

// addButton is a step's "Add …" button.
func (p *Page) addButton(id, text string, disabled bool, add func()) goapp.UI {
	return goapp.Button().Type("button").ID(id).Class("btn", "btn-small").Disabled(disabled).
		OnClick(func(ctx goapp.Context, e goapp.Event) { add(); p.gen++ }, p.scope()).Text(text)
}

// poolSelect picks a pool of the wizard by index (its "_pool").
func (p *Page) poolSelect(id, label string, v form.Values) goapp.UI {
	opts := []goapp.UI{ui.Option("", "— none —", v["_pool"] == "")}
	for i, pl := range p.w.Pools {
		opts = append(opts, ui.Option(strconv.Itoa(i), ui.DisplayName(pl.V["name"], fmt.Sprintf("pool %d", i+1)), v["_pool"] == strconv.Itoa(i)))
	}
	msg := p.errs[id]
	return ui.ClassDivBody("field",
		goapp.Label().For(id).Text(label),
		goapp.Select().ID(id).OnChange(func(ctx goapp.Context, e goapp.Event) {
			v["_pool"] = ui.SelectValue(ctx)
			p.changed()
		}, goapp.EventScope(p.gen, id)).Body(opts...),
		goapp.If(msg != "", func() goapp.UI {
			return ui.IDClassDiv(id+"-error", "field-error", "st-error-text").Aria("live", "polite").Text(msg)
		}))

}

func (p *Page) renderListeners() []goapp.UI {
	out := []goapp.UI{wizHint("A listener takes the VIP's traffic on one protocol and port and hands it to its default pool (made in the next step). Optional: without one, the load balancer takes no traffic yet.")}
	for i, it := range p.w.Items(model.StepListeners) {
		out = append(out, p.item(it.ID, fmt.Sprintf("Listener %d", i+1), func() { p.w.RemoveListener(i); p.changed() },
			p.renderFields(it),
			ui.ClassDivBody("wz-grid", p.poolSelect(it.ID+"-pool", "Default pool", it.V)),
		))
	}
	return append(out, p.addButton("wz-add-listener", "Add a listener", false, func() {
		p.w.Listeners = append(p.w.Listeners, p.w.NewListener())
	}))
}

func (p *Page) renderPools() []goapp.UI {
	out := []goapp.UI{wizHint("A pool is the group of members a listener sends traffic to, with its balancing algorithm. A new pool becomes the default pool of the first listener without one.")}
	for i, it := range p.w.Items(model.StepPools) {
		var users []string
		for li, l := range p.w.Listeners {
			if l["_pool"] == strconv.Itoa(i) {
				users = append(users, fmt.Sprintf("listener %d (%s :%s)", li+1, l["protocol"], l["protocol_port"]))
			}
		}
		use := "The default pool of no listener (an L7 policy may send traffic to it)."
		if len(users) > 0 {
			use = "The default pool of " + strings.Join(users, ", ") + "."
		}
		out = append(out, p.item(it.ID, fmt.Sprintf("Pool %d", i+1), func() { p.w.RemovePool(i); p.changed() },
			ui.IDP(it.ID+"-use").Class("muted", "hint", "wz-intro").Text(use), p.renderFields(it)))
	}
	return append(out, p.addButton("wz-add-pool", "Add a pool", false, func() { p.w.Pools = append(p.w.Pools, p.w.NewPool()) }))
}

// poolName is pool i's name for headings.
func (p *Page) poolName(i int) string {
	return ui.DisplayName(strings.TrimSpace(p.w.Pools[i].V["name"]), fmt.Sprintf("pool %d", i+1))
}

func (p *Page) renderMembers() []goapp.UI {
	out := []goapp.UI{wizHint("Members are the servers behind a pool: their address and port.")}
	if len(p.w.Pools) == 0 {
		return append(out, ui.ClassPText("muted", "No pool yet: members belong to a pool (step 3)."))
	}
	kind := p.w.Kinds().Member
	for i := range p.w.Pools {
		var body []goapp.UI
		for j, m := range p.w.Pools[i].Members {
			it := model.Item{Step: model.StepMembers, Kind: kind, V: m, ID: model.MemberID(i, j)}
			body = append(body, p.item(it.ID, fmt.Sprintf("Member %d", j+1), func() {
				p.w.Pools[i].Members = slices.Delete(p.w.Pools[i].Members, j, j+1)
				p.changed()
			}, p.renderFields(it)))
		}
		body = append(body, p.addButton(fmt.Sprintf("wz-add-member-%d", i), "Add a member", false, func() {
			p.w.Pools[i].Members = append(p.w.Pools[i].Members, p.w.NewMember())
		}))
		out = append(out, goapp.FieldSet().Class("wz-group").Body(
			append([]goapp.UI{goapp.Legend().Text("Members of " + p.poolName(i))}, body...)...))
	}
	return out
}

func (p *Page) renderMonitors() []goapp.UI {
	out := []goapp.UI{wizHint("A health monitor checks each member and takes the failing ones out of rotation.")}
	if len(p.w.Pools) == 0 {
		return append(out, ui.ClassPText("muted", "No pool yet: a health monitor belongs to a pool (step 3)."))
	}
	kind := p.w.Kinds().Monitor
	for i := range p.w.Pools {
		pl := &p.w.Pools[i]
		id := fmt.Sprintf("wz-monitor-%d", i)
		if pl.Monitor == nil {
			out = append(out, goapp.FieldSet().Class("wz-group").Body(
				goapp.Legend().Text("Health monitor of "+p.poolName(i)),
				ui.ClassPText("muted", "None."),
				p.addButton("wz-add-monitor-"+strconv.Itoa(i), "Add a health monitor", false, func() { pl.Monitor = p.w.NewMonitor() }),
			))
			continue
		}
		it := model.Item{Step: model.StepMonitors, Kind: kind, V: pl.Monitor, ID: id}
		out = append(out, p.item(id, "Health monitor of "+p.poolName(i), func() { pl.Monitor = nil; p.changed() }, p.renderFields(it)))
	}
	return out
}

func (p *Page) renderL7() []goapp.UI {
	out := []goapp.UI{wizHint("Optional: L7 policies act on a listener's HTTP requests that match all their rules (reject, redirect, or send to another pool).")}
	kinds := p.w.Kinds()
	for i := range p.w.Policies {
		pol := &p.w.Policies[i]
		id := fmt.Sprintf("wz-policy-%d", i)
		it := model.Item{Step: model.StepL7, Kind: kinds.Policy, V: pol.V, ID: id}
		lopts := make([]goapp.UI, 0, len(p.w.Listeners))
		for li, l := range p.w.Listeners {
			lopts = append(lopts, ui.Option(strconv.Itoa(li), fmt.Sprintf("Listener %d — %s :%s", li+1, l["protocol"], l["protocol_port"]),
				pol.V["_listener"] == strconv.Itoa(li)))
		}
		head := []goapp.UI{ui.Field(id+"-listener", "Listener", goapp.Select().ID(id+"-listener").OnChange(func(ctx goapp.Context, e goapp.Event) {
			pol.V["_listener"] = ui.SelectValue(ctx)
		}, p.scope()).Body(lopts...))}
		if pol.V["action"] == "REDIRECT_TO_POOL" {
			head = append(head, p.poolSelect(id+"-pool", "Redirect to pool *", pol.V))
		}
		body := []goapp.UI{ui.ClassDiv("wz-grid").Body(head...), p.renderFields(it)}
		for j, r := range pol.Rules {
			rit := model.Item{Step: model.StepL7, Kind: kinds.Rule, V: r, ID: model.RuleID(i, j)}
			body = append(body, p.item(rit.ID, fmt.Sprintf("Rule %d", j+1), func() {
				pol.Rules = slices.Delete(pol.Rules, j, j+1)
				p.changed()
			}, p.renderFields(rit)))
		}
		body = append(body, p.addButton(fmt.Sprintf("wz-add-rule-%d", i), "Add a rule", false, func() {
			pol.Rules = append(pol.Rules, p.w.NewRule())
		}))
		out = append(out, p.item(id, fmt.Sprintf("L7 policy %d", i+1), func() {
			p.w.Policies = slices.Delete(p.w.Policies, i, i+1)
			p.changed()
		}, body...))
	}
	if len(p.w.Listeners) == 0 {
		out = append(out, ui.ClassPText("muted", "No listener yet: a policy belongs to a listener (step 2)."))
	}
	return append(out, p.addButton("wz-add-policy", "Add an L7 policy", len(p.w.Listeners) == 0, func() {
		p.w.Policies = append(p.w.Policies, p.w.NewPolicy())
	}))
}

func (p *Page) renderReview() []goapp.UI {
	body, err := p.w.Body()
	if err != nil {
		return []goapp.UI{ui.ClassDiv("alert", "alert-error").Text(err.Error())}
	}
	var bad []goapp.UI
	for s := range model.StepReview {
		if p.bad[s] {
			bad = append(bad, goapp.Li().Body(goapp.Button().Type("button").Class("btn", "btn-small").
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.goTo(s) }, p.scope()).Text(model.Titles[s])))
		}
	}
	var tree []goapp.UI
	for _, line := range model.Tree(body) {
		tree = append(tree, goapp.Li().Text(line))
	}
	return []goapp.UI{
		goapp.If(p.vipTyped(), p.renderVIPCheck),
		ui.IDP("wz-summary").Text(model.Written(body, p.subnetName) + "."),
		goapp.If(len(tree) > 0, func() goapp.UI { return goapp.Ul().ID("wz-tree").Class("wz-tree").Body(tree...) }),
		goapp.If(len(bad) > 0, func() goapp.UI {
			return ui.ClassDiv("alert", "alert-error").Body(goapp.Text("These steps need a change:"), goapp.Ul().Body(bad...))
		}),
		wizHint("Octavia creates all of it from this one request (POST /v2/lbaas/loadbalancers), exactly as shown:"),
		goapp.Pre().ID("wz-json").Class("wz-json", "mono").TabIndex(0).Aria("label", "The request body").Text(wizardJSON(body)),
	}
}
