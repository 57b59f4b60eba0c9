package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/flavors"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/ports"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/availabilityzones"
)

// subnetChoice is a VIP subnet as the picker offers it.
type subnetChoice struct {
	ID, Label, NetworkID string
}

// subnetChoices labels subnets for the VIP picker — "name — CIDR (network
// name)" — sorted by label; a subnet without a name shows its id.
func subnetChoices(subs []subnets.Subnet, nets []networks.Network) []subnetChoice {
	netName := make(map[string]string, len(nets))
	for _, n := range nets {
		netName[n.ID] = n.Name
	}
	out := make([]subnetChoice, 0, len(subs))
	for _, s := range subs {
		label := displayName(s.Name, s.ID) + " — " + s.CIDR
		if n := netName[s.NetworkID]; n != "" {
			label += " (network " + n + ")"
		}
		out = append(out, subnetChoice{ID: s.ID, Label: label, NetworkID: s.NetworkID})
	}
	idx := sortOrder(len(out), func(i, j int) int {
		return strings.Compare(strings.ToLower(out[i].Label), strings.ToLower(out[j].Label))
	})
	sorted := make([]subnetChoice, len(out))
	for k, i := range idx {
		sorted[k] = out[i]
	}
	return sorted
}

// portChoices are the ports a VIP may take: those no device uses, labelled
// "name — address".
func portChoices(list []ports.Port) []choice {
	var out []choice
	for _, p := range list {
		if p.DeviceOwner != "" {
			continue
		}
		label := displayName(p.Name, p.ID)
		if len(p.FixedIPs) > 0 {
			label += " — " + p.FixedIPs[0].IPAddress
		}
		out = append(out, choice{ID: p.ID, Label: label})
	}
	return out
}

// wizardJSON is the request as the review shows it: the exact body sent,
// pretty-printed.
func wizardJSON(rb requestBody) string {
	m, _ := rb.toMap()
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// lbWizard creates a load balancer and, if asked, its whole tree
// (listeners, pools, members, health monitors, L7 policies and rules) in
// one request: Octavia's fully populated create. One step per kind, each
// optional after the first; what was typed stays while going back and
// forth; the review shows the exact JSON sent. Its first step alone is the
// quick create (name, subnet, Create now).
type lbWizard struct {
	goapp.Compo

	sess    *session
	step    int
	visited [wizStepCount]bool
	w       wizard

	subnets   []subnetChoice
	nets      []choice
	ports     []choice
	flavors   []choice
	zones     []choice
	netStatus loadStatus
	netErr    string

	errs    map[string]string    // by input id
	checked [wizStepCount]bool   // the step was checked once: check again as the user types
	bad     [wizStepCount]bool   // the step's last check found something
	stepErr [wizStepCount]string // Octavia's refusal, on the step it concerns
	err     string
	sending bool
	// gen changes with the steps' items (added, removed, reset): go-app
	// keeps an element's first handler of a closure, so every handler is
	// scoped by it to see the items of now.
	gen int
}

func (p *lbWizard) OnNav(ctx goapp.Context) {
	if p.sess = requireSession(ctx); p.sess == nil {
		return
	}
	if p.sess.ReadOnly {
		ctx.Navigate(listPath)
		return
	}
	if p.w.lb == nil {
		p.reset()
	}
	p.loadNeutron(ctx) // afresh on every visit: ports get used, subnets made
}

// reset starts a new wizard. UI goroutine.
func (p *lbWizard) reset() {
	p.gen++
	p.w = wizard{lb: wizDefaults(wizLBFields)}
	p.w.lb["_vip"] = "subnet"
	if len(p.subnets) > 0 {
		p.w.lb["vip_subnet_id"] = p.subnets[0].ID
	}
	p.step, p.visited = wizStepLB, [wizStepCount]bool{wizStepLB: true}
	p.errs, p.checked, p.bad, p.stepErr, p.err = map[string]string{}, [wizStepCount]bool{}, [wizStepCount]bool{}, [wizStepCount]string{}, ""
}

// loadNeutron reads what the first step picks from: subnets (needed),
// networks, free ports, flavors and availability zones (each optional:
// without them their picker is not shown). UI goroutine.
func (p *lbWizard) loadNeutron(ctx goapp.Context) {
	if p.netStatus != loaded {
		p.netStatus, p.netErr = loading, "" // a reload keeps the pickers as they are until it is done
	}
	client := p.sess.Client
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		subs, err := octavia.Collect(client.Subnets(c, subnets.ListOpts{}))
		var nets []networks.Network
		var prts []ports.Port
		var flvs []flavors.Flavor
		var azs []availabilityzones.AvailabilityZone
		if err == nil {
			nets, _ = octavia.Collect(client.Networks(c, networks.ListOpts{}))
			prts, _ = octavia.Collect(client.Ports(c, ports.ListOpts{}))
			flvs, _ = octavia.Collect(client.Flavors(c, flavors.ListOpts{}))
			azs, _ = octavia.Collect(client.AvailabilityZones(c, availabilityzones.ListOpts{}))
		}
		ctx.Dispatch(func(ctx goapp.Context) {
			if err != nil {
				p.netStatus, p.netErr = loadFailed, octavia.Message(err)
				return
			}
			p.subnets, p.netStatus = subnetChoices(subs, nets), loaded
			p.nets = nil
			for _, n := range nets {
				p.nets = append(p.nets, choice{ID: n.ID, Label: displayName(n.Name, n.ID)})
			}
			p.ports = portChoices(prts)
			p.flavors, p.zones = nil, nil
			for _, f := range flvs {
				if f.Enabled {
					p.flavors = append(p.flavors, choice{ID: f.ID, Label: f.Name})
				}
			}
			for _, z := range azs {
				if z.Enabled {
					p.zones = append(p.zones, choice{ID: z.Name, Label: z.Name})
				}
			}
			if p.w.lb["vip_subnet_id"] == "" && len(p.subnets) > 0 {
				p.w.lb["vip_subnet_id"] = p.subnets[0].ID
			}
		})
	})
}

// goTo shows step s; the first visit of the listeners and pools steps
// brings one item with the defaults (HTTP :80; ROUND_ROBIN with an HTTP
// monitor), which the user may remove. UI goroutine.
func (p *lbWizard) goTo(s int) {
	if !p.visited[s] {
		p.gen++
		switch {
		case s == wizStepListeners && len(p.w.listeners) == 0:
			p.w.listeners = append(p.w.listeners, p.w.newListener())
		case s == wizStepPools && len(p.w.pools) == 0 && len(p.w.listeners) > 0:
			p.w.pools = append(p.w.pools, p.w.newPool())
		}
	}
	p.visited[s], p.step = true, s
}

// checkStep checks step s and keeps its errors. UI goroutine.
func (p *lbWizard) checkStep(s int) bool {
	for _, it := range p.w.items(s) {
		for _, f := range it.fields {
			delete(p.errs, wizInputID(it.id, f.Key))
		}
	}
	for k := range p.errs {
		if strings.HasPrefix(k, "wz-policy-") && strings.HasSuffix(k, "-pool") && s == wizStepL7 {
			delete(p.errs, k)
		}
	}
	errs := p.w.check(s)
	for k, v := range errs {
		p.errs[k] = v
	}
	p.checked[s], p.bad[s] = true, len(errs) > 0
	return len(errs) == 0
}

// changed follows an input: the step is checked again once it was.
func (p *lbWizard) changed() {
	if p.checked[p.step] {
		p.checkStep(p.step)
	}
}

func (p *lbWizard) next(ctx goapp.Context, e goapp.Event) {
	if p.checkStep(p.step) && p.step < wizStepReview {
		p.goTo(p.step + 1)
	}
}

func (p *lbWizard) back(ctx goapp.Context, e goapp.Event) {
	if p.step > wizStepLB {
		p.goTo(p.step - 1)
	}
}

// request is the create's one request and its JSON as shown; err when a
// step's values cannot be sent.
func (p *lbWizard) request() (requestBody, error) {
	body, err := p.w.body()
	return requestBody{Envelope: "loadbalancer", Body: body}, err
}

// submit is the form's submit: Next (the default button, so Enter in a
// field goes to the next step) or Create (the create-submit button).
func (p *lbWizard) submit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	if by := e.Get("submitter"); by.Truthy() && by.Get("id").String() == "wz-next" {
		p.next(ctx, e)
		return
	}
	if p.sending || p.netStatus != loaded {
		return
	}
	p.err = ""
	first := -1
	for s := range wizStepReview {
		if !p.checkStep(s) && first < 0 {
			first = s
		}
	}
	if first >= 0 {
		p.goTo(first)
		p.err = "Some fields need a change; see below."
		return
	}
	rb, err := p.request()
	if err != nil {
		p.err = err.Error()
		return
	}
	p.sending, p.stepErr = true, [wizStepCount]string{}
	sess := p.sess
	written := wizardWritten(rb.Body)
	tree := rb.Body["listeners"] != nil || rb.Body["pools"] != nil
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		lb, acc, err := sess.Client.CreateLoadBalancer(c, rb)
		ctx.Dispatch(func(ctx goapp.Context) {
			p.sending = false
			if err != nil {
				p.showError(err)
				return
			}
			operations.start(ctx, sess, operation{Kind: opCreate, Wait: waitActive, Ref: lbRef(lb.ID), Name: lb.Name,
				VIPAddress: lb.VipAddress, Written: written, Status: lb.ProvisioningStatus}, acc)
			p.reset()
			if tree {
				ctx.Navigate(detailPathOf(lb.ID)) // its status tree shows every child
				return
			}
			ctx.Navigate(listPath)
		})
	})
}

// showError puts a refused create on the step it concerns (a 400, or a
// 409 conflict such as a member given twice, with Octavia's faultstring),
// every step's input kept; else (401, 403 quota, a busy 409, 5xx, the
// network) above the steps.
// UI goroutine.
func (p *lbWizard) showError(err error) {
	var e *octavia.Error
	if errors.As(err, &e) && e.Fault != "" && (e.StatusCode == 400 || e.StatusCode == 409 && !busy(err)) {
		s := p.w.stepOfFault(e.Fault)
		p.stepErr[s] = "Octavia refused the create: " + e.Fault
		if items := p.w.items(s); len(items) == 1 { // the attribute it names, when the step has one item
			names := make([]string, 0, len(items[0].fields))
			for _, f := range items[0].fields {
				names = append(names, f.Key)
			}
			if k := faultField(e.Fault, names); k != "" {
				p.errs[wizInputID(items[0].id, k)] = "Octavia: " + e.Fault
			}
		}
		p.goTo(s)
		return
	}
	p.err = writeErrorText(err, "")
}

func (p *lbWizard) Render() goapp.UI {
	return &shell{
		Nav:   navCreate,
		Title: "Create a load balancer",
		Content: []goapp.UI{
			goapp.Form().ID("create-form").Class("form", "wz").OnSubmit(p.submit).Body(
				p.renderSteps(),
				goapp.If(p.err != "", func() goapp.UI {
					return goapp.Div().ID("create-error").Class("alert", "alert-error").Aria("live", "assertive").Text(p.err)
				}),
				p.renderStep(),
				p.renderActions(),
			),
		},
	}
}

// renderSteps is the list of steps; the current one has aria-current.
func (p *lbWizard) renderSteps() goapp.UI {
	items := make([]goapp.UI, 0, wizStepCount)
	for s := range wizStepCount {
		title := fmt.Sprintf("%d. %s", s+1, wizStepTitles[s])
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
func (p *lbWizard) count(s int) int {
	switch s {
	case wizStepListeners:
		return len(p.w.listeners)
	case wizStepPools:
		return len(p.w.pools)
	case wizStepMembers, wizStepMonitors, wizStepL7:
		n := 0
		for _, it := range p.w.items(s) {
			if !strings.HasPrefix(it.id, "wz-rule-") {
				n++
			}
		}
		return n
	}
	return 0
}

func (p *lbWizard) renderActions() goapp.UI {
	create := "Create now"
	if p.step == wizStepReview {
		create = "Create"
	}
	if p.sending {
		create = "Creating…"
	}
	return goapp.Div().Class("confirm-actions", "wz-actions").Body(
		goapp.If(p.step > wizStepLB, func() goapp.UI {
			return goapp.Button().ID("wz-back").Type("button").Class("btn").OnClick(p.back).Text("Back")
		}),
		goapp.If(p.step < wizStepReview, func() goapp.UI {
			return goapp.Button().ID("wz-next").Type("submit").Class("btn", "btn-primary").
				Text("Next: " + wizStepTitles[p.step+1])
		}),
		p.createButton(create),
		goapp.A().Class("btn", "btn-ghost").Href(listPath).Text("Cancel"),
	)
}

// createButton sends the create from any step (the quick create from the
// first); the primary button on the review only.
func (p *lbWizard) createButton(text string) goapp.UI {
	b := goapp.Button().ID("create-submit").Type("submit").Class("btn").Disabled(p.sending || p.netStatus != loaded).Text(text)
	if p.step == wizStepReview {
		b = b.Class("btn-primary")
	}
	return b
}

// renderStep is the current step: a fieldset with its legend.
func (p *lbWizard) renderStep() goapp.UI {
	var body []goapp.UI
	switch p.step {
	case wizStepLB:
		body = p.renderLB()
	case wizStepListeners:
		body = p.renderListeners()
	case wizStepPools:
		body = p.renderPools()
	case wizStepMembers:
		body = p.renderMembers()
	case wizStepMonitors:
		body = p.renderMonitors()
	case wizStepL7:
		body = p.renderL7()
	case wizStepReview:
		body = p.renderReview()
	}
	head := []goapp.UI{goapp.Legend().Text(fmt.Sprintf("Step %d of %d: %s", p.step+1, wizStepCount, wizStepTitles[p.step]))}
	if msg := p.stepErr[p.step]; msg != "" {
		head = append(head, goapp.Div().ID("wz-step-error").Class("alert", "alert-error").Aria("live", "assertive").Text(msg))
	}
	return goapp.FieldSet().ID(fmt.Sprintf("wz-panel-%d", p.step)).Class("card", "wz-panel").Body(append(head, body...)...)
}

// wizHint is a step's line of explanation.
func wizHint(text string) goapp.UI { return goapp.P().Class("muted", "hint", "wz-intro").Text(text) }

func (p *lbWizard) renderLB() []goapp.UI {
	v := p.w.lb
	it := p.w.items(wizStepLB)[0]
	out := []goapp.UI{
		p.renderField(it, wizLBFields[0]),
		p.renderField(it, wizLBFields[1]),
	}
	switch p.netStatus {
	case loadFailed:
		return append(out, goapp.Div().ID("subnet-error").Class("alert", "alert-error").Body(
			goapp.Text("Neutron's subnets could not be listed: "+p.netErr+" "),
			goapp.Button().Type("button").Class("btn", "btn-small").OnClick(func(ctx goapp.Context, e goapp.Event) { p.loadNeutron(ctx) }).Text("Try again"),
		))
	case loaded:
	default:
		return append(out, goapp.Div().Class("muted").Text("Loading subnets…"))
	}
	if len(p.subnets) == 0 {
		return append(out, goapp.Div().Class("alert", "alert-info").Text("Neutron lists no subnet for this project: a VIP needs one."))
	}
	radio := func(val, label string) goapp.UI {
		id := "create-vip-by-" + val
		return goapp.Label().For(id).Class("wz-radio").Body(
			goapp.Input().Type("radio").ID(id).Name("create-vip").Value(val).Checked(v["_vip"] == val).
				OnChange(func(ctx goapp.Context, e goapp.Event) { v["_vip"] = val; p.changed() }, goapp.EventScope(p.gen, id)),
			goapp.Text(" "+label),
		)
	}
	out = append(out, goapp.FieldSet().Class("wz-vip").Body(
		goapp.Legend().Text("Virtual IP (VIP)"),
		goapp.Div().Class("wz-radios").Body(radio("subnet", "From a subnet"), radio("port", "An existing port")),
	))
	if wizVIPBySubnet(v) {
		nets := []goapp.UI{goapp.Option().Value("").Selected(v["_network"] == "").Text("Any network")}
		for _, n := range p.nets {
			nets = append(nets, goapp.Option().Value(n.ID).Selected(n.ID == v["_network"]).Text(n.Label))
		}
		out = append(out, goapp.Div().Class("wz-grid").Body(
			field("create-network", "VIP network", goapp.Select().ID("create-network").OnChange(func(ctx goapp.Context, e goapp.Event) {
				v["_network"] = ctx.JSSrc().Get("value").String()
				if s := p.subnetsOf(v["_network"]); len(s) > 0 && !slices.ContainsFunc(s, func(c choice) bool { return c.ID == v["vip_subnet_id"] }) {
					v["vip_subnet_id"] = s[0].ID
				}
				p.changed()
			}, p.scope()).Body(nets...)),
			p.renderField(it, wizLBFields[2]),
			p.renderField(it, wizLBFields[3]),
		))
	} else {
		out = append(out, p.renderField(it, wizLBFields[4]))
	}
	out = append(out, wizHint("Clients reach the load balancer on its VIP."))
	var more []goapp.UI
	if len(p.flavors) > 0 {
		more = append(more, p.renderField(it, wizLBFields[5]))
	}
	if len(p.zones) > 0 {
		more = append(more, p.renderField(it, wizLBFields[6]))
	}
	more = append(more, p.renderField(it, wizLBFields[7]))
	out = append(out, goapp.Div().Class("wz-grid").Body(more...))
	return append(out, wizHint("That is enough for a load balancer: Create now makes it bare, or go on to give it listeners, pools and members in the same request."))
}

// subnetsOf are the subnets of network id ("" = every network).
func (p *lbWizard) subnetsOf(network string) []choice {
	var out []choice
	for _, s := range p.subnets {
		if network == "" || s.NetworkID == network {
			out = append(out, choice{ID: s.ID, Label: s.Label})
		}
	}
	return out
}

// choices are the options of a picked field (fRef): the cloud's subnets,
// free ports, flavors, zones.
func (p *lbWizard) choices(key string) (opts []choice, required bool) {
	switch key {
	case "vip_subnet_id":
		return p.subnetsOf(p.w.lb["_network"]), true
	case "vip_port_id":
		return p.ports, true
	case "flavor_id":
		return p.flavors, false
	case "availability_zone":
		return p.zones, false
	case "subnet_id":
		return p.subnetsOf(""), false
	}
	return nil, false
}

// renderFields is item it's shown fields in a grid. UI goroutine.
func (p *lbWizard) renderFields(it wizItem) goapp.UI {
	var fields []goapp.UI
	for _, f := range it.fields {
		if f.shown(true, it.v) {
			fields = append(fields, p.renderField(it, f))
		}
	}
	return goapp.Div().Class("wz-grid").Body(fields...)
}

// renderField is one input of item it, with its error.
func (p *lbWizard) renderField(it wizItem, f formField) goapp.UI {
	id := wizInputID(it.id, f.Key)
	v := it.v
	val := v[f.Key]
	set := func(ctx goapp.Context, e goapp.Event) {
		v[f.Key] = ctx.JSSrc().Get("value").String()
		p.changed()
	}
	var in goapp.UI
	switch f.Type {
	case fBool:
		in = goapp.Input().ID(id).Type("checkbox").Checked(val == "true").OnChange(func(ctx goapp.Context, e goapp.Event) {
			v[f.Key] = strconv.FormatBool(ctx.JSSrc().Get("checked").Bool())
			p.changed()
		}, goapp.EventScope(p.gen, id))
	case fChoice:
		var opts []goapp.UI
		if !f.Required {
			opts = append(opts, goapp.Option().Value("").Selected(val == "").Text("—"))
		}
		for _, c := range f.Choices {
			opts = append(opts, goapp.Option().Value(c).Selected(c == val).Text(c))
		}
		in = goapp.Select().ID(id).OnChange(set, goapp.EventScope(p.gen, id)).Body(opts...)
	case fRef:
		list, required := p.choices(f.Key)
		var opts []goapp.UI
		if !required || val == "" {
			opts = append(opts, goapp.Option().Value("").Selected(val == "").Text("—"))
		}
		for _, c := range list {
			opts = append(opts, goapp.Option().Value(c.ID).Selected(c.ID == val).Text(c.Label))
		}
		in = goapp.Select().ID(id).OnChange(set, goapp.EventScope(p.gen, id)).Body(opts...)
	case fList:
		in = goapp.Textarea().ID(id).Rows(2).Text(val).OnInput(set, goapp.EventScope(p.gen, id))
	case fInt:
		in = goapp.Input().ID(id).Type("text").Attr("inputmode", "numeric").Value(val).OnInput(set, goapp.EventScope(p.gen, id))
	default:
		in = goapp.Input().ID(id).Value(val).MaxLength(255).OnInput(set, goapp.EventScope(p.gen, id))
	}
	label := f.Label
	if f.Required {
		label += " *"
	}
	msg := p.errs[id]
	return goapp.Div().Class("field").DataSet("key", f.Key).Body(
		goapp.Label().For(id).Text(label),
		in,
		goapp.If(f.Hint != "", func() goapp.UI { return goapp.Div().Class("muted", "hint").Text(f.Hint) }),
		goapp.If(msg != "", func() goapp.UI {
			return goapp.Div().ID(id+"-error").Class("field-error", "st-error-text").Aria("live", "polite").Text(msg)
		}),
	)
}

// scope is the event scope of the handlers that read the items (gen).
func (p *lbWizard) scope() goapp.EventOption { return goapp.EventScope(p.gen) }

// item is one item's fieldset: legend, fields, a Remove button.
func (p *lbWizard) item(id, legend string, remove func(), body ...goapp.UI) goapp.UI {
	head := []goapp.UI{goapp.Legend().Body(
		goapp.Text(legend),
		goapp.Button().Type("button").ID(id+"-remove").Class("btn", "btn-small", "btn-ghost", "wz-remove").Aria("label", "Remove "+strings.ToLower(legend)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { remove(); p.gen++ }, p.scope()).Text("Remove"),
	)}
	return goapp.FieldSet().ID(id).Class("wz-item").Body(append(head, body...)...)
}

// addButton is a step's "Add …" button.
func (p *lbWizard) addButton(id, text string, disabled bool, add func()) goapp.UI {
	return goapp.Button().Type("button").ID(id).Class("btn", "btn-small").Disabled(disabled).
		OnClick(func(ctx goapp.Context, e goapp.Event) { add(); p.gen++ }, p.scope()).Text(text)
}

// poolSelect picks a pool of the wizard by index (its "_pool").
func (p *lbWizard) poolSelect(id, label string, v formValues) goapp.UI {
	opts := []goapp.UI{goapp.Option().Value("").Selected(v["_pool"] == "").Text("— none —")}
	for i, pl := range p.w.pools {
		opts = append(opts, goapp.Option().Value(strconv.Itoa(i)).Selected(v["_pool"] == strconv.Itoa(i)).
			Text(displayName(pl.v["name"], fmt.Sprintf("pool %d", i+1))))
	}
	msg := p.errs[id]
	return goapp.Div().Class("field").Body(
		goapp.Label().For(id).Text(label),
		goapp.Select().ID(id).OnChange(func(ctx goapp.Context, e goapp.Event) {
			v["_pool"] = ctx.JSSrc().Get("value").String()
			p.changed()
		}, goapp.EventScope(p.gen, id)).Body(opts...),
		goapp.If(msg != "", func() goapp.UI {
			return goapp.Div().ID(id+"-error").Class("field-error", "st-error-text").Aria("live", "polite").Text(msg)
		}),
	)
}

func (p *lbWizard) renderListeners() []goapp.UI {
	out := []goapp.UI{wizHint("A listener takes the VIP's traffic on one protocol and port and hands it to its default pool (made in the next step). Optional: without one, the load balancer takes no traffic yet.")}
	for i, it := range p.w.items(wizStepListeners) {
		out = append(out, p.item(it.id, fmt.Sprintf("Listener %d", i+1), func() { p.w.removeListener(i); p.changed() },
			p.renderFields(it),
			goapp.Div().Class("wz-grid").Body(p.poolSelect(it.id+"-pool", "Default pool", it.v)),
		))
	}
	return append(out, p.addButton("wz-add-listener", "Add a listener", false, func() {
		p.w.listeners = append(p.w.listeners, p.w.newListener())
	}))
}

func (p *lbWizard) renderPools() []goapp.UI {
	out := []goapp.UI{wizHint("A pool is the group of members a listener sends traffic to, with its balancing algorithm. A new pool becomes the default pool of the first listener without one.")}
	for i, it := range p.w.items(wizStepPools) {
		var users []string
		for li, l := range p.w.listeners {
			if l["_pool"] == strconv.Itoa(i) {
				users = append(users, fmt.Sprintf("listener %d (%s :%s)", li+1, l["protocol"], l["protocol_port"]))
			}
		}
		use := "The default pool of no listener (an L7 policy may send traffic to it)."
		if len(users) > 0 {
			use = "The default pool of " + strings.Join(users, ", ") + "."
		}
		out = append(out, p.item(it.id, fmt.Sprintf("Pool %d", i+1), func() { p.w.removePool(i); p.changed() },
			goapp.P().ID(it.id+"-use").Class("muted", "hint", "wz-intro").Text(use), p.renderFields(it)))
	}
	return append(out, p.addButton("wz-add-pool", "Add a pool", false, func() { p.w.pools = append(p.w.pools, p.w.newPool()) }))
}

// poolName is pool i's name for headings.
func (p *lbWizard) poolName(i int) string {
	return displayName(strings.TrimSpace(p.w.pools[i].v["name"]), fmt.Sprintf("pool %d", i+1))
}

func (p *lbWizard) renderMembers() []goapp.UI {
	out := []goapp.UI{wizHint("Members are the servers behind a pool: their address and port.")}
	if len(p.w.pools) == 0 {
		return append(out, goapp.P().Class("muted").Text("No pool yet: members belong to a pool (step 3)."))
	}
	for i := range p.w.pools {
		var body []goapp.UI
		for j, m := range p.w.pools[i].members {
			it := wizItem{wizStepMembers, wizMemberFields, m, validateMember, fmt.Sprintf("wz-member-%d-%d", i, j)}
			body = append(body, p.item(it.id, fmt.Sprintf("Member %d", j+1), func() {
				p.w.pools[i].members = slices.Delete(p.w.pools[i].members, j, j+1)
				p.changed()
			}, p.renderFields(it)))
		}
		body = append(body, p.addButton(fmt.Sprintf("wz-add-member-%d", i), "Add a member", false, func() {
			p.w.pools[i].members = append(p.w.pools[i].members, wizDefaults(wizMemberFields))
		}))
		out = append(out, goapp.FieldSet().Class("wz-group").Body(
			append([]goapp.UI{goapp.Legend().Text("Members of " + p.poolName(i))}, body...)...))
	}
	return out
}

func (p *lbWizard) renderMonitors() []goapp.UI {
	out := []goapp.UI{wizHint("A health monitor checks each member and takes the failing ones out of rotation.")}
	if len(p.w.pools) == 0 {
		return append(out, goapp.P().Class("muted").Text("No pool yet: a health monitor belongs to a pool (step 3)."))
	}
	for i := range p.w.pools {
		pl := &p.w.pools[i]
		id := fmt.Sprintf("wz-monitor-%d", i)
		if pl.monitor == nil {
			out = append(out, goapp.FieldSet().Class("wz-group").Body(
				goapp.Legend().Text("Health monitor of "+p.poolName(i)),
				goapp.P().Class("muted").Text("None."),
				p.addButton("wz-add-monitor-"+strconv.Itoa(i), "Add a health monitor", false, func() { pl.monitor = wizDefaults(wizMonitorFields) }),
			))
			continue
		}
		it := wizItem{wizStepMonitors, wizMonitorFields, pl.monitor, validateMonitor, id}
		out = append(out, p.item(id, "Health monitor of "+p.poolName(i), func() { pl.monitor = nil; p.changed() }, p.renderFields(it)))
	}
	return out
}

func (p *lbWizard) renderL7() []goapp.UI {
	out := []goapp.UI{wizHint("Optional: L7 policies act on a listener's HTTP requests that match all their rules (reject, redirect, or send to another pool).")}
	for i := range p.w.policies {
		pol := &p.w.policies[i]
		id := fmt.Sprintf("wz-policy-%d", i)
		it := wizItem{wizStepL7, wizPolicyFields, pol.v, validateL7Policy, id}
		lopts := make([]goapp.UI, 0, len(p.w.listeners))
		for li, l := range p.w.listeners {
			lopts = append(lopts, goapp.Option().Value(strconv.Itoa(li)).Selected(pol.v["_listener"] == strconv.Itoa(li)).
				Text(fmt.Sprintf("Listener %d — %s :%s", li+1, l["protocol"], l["protocol_port"])))
		}
		head := []goapp.UI{field(id+"-listener", "Listener", goapp.Select().ID(id+"-listener").OnChange(func(ctx goapp.Context, e goapp.Event) {
			pol.v["_listener"] = ctx.JSSrc().Get("value").String()
		}, p.scope()).Body(lopts...))}
		if pol.v["action"] == "REDIRECT_TO_POOL" {
			head = append(head, p.poolSelect(id+"-pool", "Redirect to pool *", pol.v))
		}
		body := []goapp.UI{goapp.Div().Class("wz-grid").Body(head...), p.renderFields(it)}
		for j, r := range pol.rules {
			rit := wizItem{wizStepL7, wizRuleFields, r, validateL7Rule, fmt.Sprintf("wz-rule-%d-%d", i, j)}
			body = append(body, p.item(rit.id, fmt.Sprintf("Rule %d", j+1), func() {
				pol.rules = slices.Delete(pol.rules, j, j+1)
				p.changed()
			}, p.renderFields(rit)))
		}
		body = append(body, p.addButton(fmt.Sprintf("wz-add-rule-%d", i), "Add a rule", false, func() {
			pol.rules = append(pol.rules, wizDefaults(wizRuleFields))
		}))
		out = append(out, p.item(id, fmt.Sprintf("L7 policy %d", i+1), func() {
			p.w.policies = slices.Delete(p.w.policies, i, i+1)
			p.changed()
		}, body...))
	}
	if len(p.w.listeners) == 0 {
		out = append(out, goapp.P().Class("muted").Text("No listener yet: a policy belongs to a listener (step 2)."))
	}
	return append(out, p.addButton("wz-add-policy", "Add an L7 policy", len(p.w.listeners) == 0, func() {
		p.w.policies = append(p.w.policies, p.w.newPolicy())
	}))
}

func (p *lbWizard) renderReview() []goapp.UI {
	rb, err := p.request()
	if err != nil {
		return []goapp.UI{goapp.Div().Class("alert", "alert-error").Text(err.Error())}
	}
	var bad []goapp.UI
	for s := range wizStepReview {
		if p.bad[s] {
			bad = append(bad, goapp.Li().Body(goapp.Button().Type("button").Class("btn", "btn-small").
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.goTo(s) }, p.scope()).Text(wizStepTitles[s])))
		}
	}
	return []goapp.UI{
		goapp.P().ID("wz-summary").Text(wizardWritten(rb.Body) + "."),
		goapp.If(len(bad) > 0, func() goapp.UI {
			return goapp.Div().Class("alert", "alert-error").Body(goapp.Text("These steps need a change:"), goapp.Ul().Body(bad...))
		}),
		wizHint("Octavia creates all of it from this one request (POST /v2/lbaas/loadbalancers), exactly as shown:"),
		goapp.Pre().ID("wz-json").Class("wz-json", "mono").TabIndex(0).Aria("label", "The request body").Text(wizardJSON(rb)),
	}
}
