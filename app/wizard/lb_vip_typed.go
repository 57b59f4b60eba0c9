package wizard

import (
	"context"
	"time"

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

// The wizard's way forward when Neutron lists no subnet (its policy hides
// them from the user) or cannot be read: the VIP's subnet, network or
// port is typed as an ID (checked as a UUID on its step), looked up in
// Neutron on the review step (GET …/subnets?id=, …/networks?id=,
// …/ports?id=: found, not listed, or Neutron unreadable), and left for
// Octavia to check when it creates the load balancer.

// vipCheck is the review's lookup of the typed VIP ID.
type vipCheck struct {
	kind, id string // what was looked up
	status   ui.LoadStatus
	found    string // what Neutron says of it ("" = not listed)
	err      string
}

// typedVIPKey is the attribute the typed ID goes to, by the VIP's kind.
func typedVIPKey(kind string) string {
	switch kind {
	case "network":
		return "vip_network_id"
	case "port":
		return "vip_port_id"
	}
	return "vip_subnet_id"
}

// renderTypedVIP is the first step's VIP when it is typed: why, the kind
// (subnet, network, port) and the ID. UI goroutine.
func (sf stepForm) renderTypedVIP(it model.Item, radio func(val, label string) goapp.UI) []goapp.UI {
	v := sf.w.LB
	why := "Neutron lists no subnet for this project (its policy may hide them from you)."
	if sf.ch.status == ui.LoadFailed {
		why = "Neutron's subnets could not be listed: " + sf.ch.err
	}
	key := typedVIPKey(v["_vip"])
	var f form.Field
	for _, x := range it.Kind.Fields {
		if x.Key == key {
			f = x
		}
	}
	f.Type, f.Label = form.Text, map[string]string{"vip_subnet_id": "VIP subnet ID", "vip_network_id": "VIP network ID", "vip_port_id": "VIP port ID"}[key]
	f.Hint = "Its ID, as `openstack subnet list` (network, port) shows it."
	id := model.InputID(it.ID, key)
	grid := []goapp.UI{ui.FieldInput{ID: id, Field: f, Value: v[key], Err: sf.nav.errs[id], Required: true, Scope: []any{sf.nav.gen, key},
		Set: func(k, value string) { v[k] = value; sf.changed() }}.Render()}
	if key == "vip_subnet_id" {
		grid = append(grid, sf.renderField(it, "vip_address"))
	}
	return []goapp.UI{
		ui.IDClassDiv("subnet-error", "alert", "alert-info").Body(
			goapp.Text(why+" Type the ID of the VIP's subnet, network or port instead: the review step looks it up in Neutron, and Octavia checks it when it creates the load balancer. "),
			ui.TypedButton("subnet-retry", "button").Class("btn", "btn-small").
				OnClick(func(ctx goapp.Context, e goapp.Event) { sf.retry(ctx) }, sf.scope()).Text("List again"),
		),
		goapp.FieldSet().Class("wz-vip").Body(
			goapp.Legend().Text("Virtual IP (VIP)"),
			ui.ClassDivBody("wz-radios", radio("subnet", "A subnet"), radio("network", "A network"), radio("port", "A port")),
		),
		ui.ClassDiv("wz-grid").Body(grid...),
	}
}

// checkTypedVIP looks the typed VIP ID up in Neutron, once per ID. UI
// goroutine; the lookup in Async.
func (p *Page) checkTypedVIP(ctx goapp.Context) {
	kind := p.w.LB["_vip"]
	if kind == "" {
		kind = "subnet"
	}
	id := p.w.LB[typedVIPKey(kind)]
	if id == "" || p.vipCheck.kind == kind && p.vipCheck.id == id && p.vipCheck.status != ui.LoadFailed {
		return
	}
	p.vipCheck = vipCheck{kind: kind, id: id, status: ui.Loading}
	client := p.sess.Client
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		found, err := lookUpVIP(c, client, kind, id)
		ctx.Dispatch(func(ctx goapp.Context) {
			if p.vipCheck.kind != kind || p.vipCheck.id != id {
				return // typed again since
			}
			p.vipCheck.status, p.vipCheck.found = ui.Loaded, found
			if err != nil {
				p.vipCheck.status, p.vipCheck.err = ui.LoadFailed, octavia.Message(err)
			}
		})
	})
}

// lookUpVIP asks Neutron for the subnet, network or port id (a list
// filtered by id: what a user who may not list every one may still read)
// and says what it is, "" when Neutron does not list it. Blocks.
func lookUpVIP(ctx context.Context, client *octavia.Client, kind, id string) (string, error) {
	switch kind {
	case "network":
		nets, err := octavia.Collect(client.Network().Networks(ctx, networks.ListOpts{ID: id}))
		if err != nil || len(nets) == 0 {
			return "", err
		}
		return "network " + ui.DisplayName(nets[0].Name, nets[0].ID), nil
	case "port":
		prts, err := octavia.Collect(client.Network().Ports(ctx, ports.ListOpts{ID: id}))
		if err != nil || len(prts) == 0 {
			return "", err
		}
		return "port " + console.PortChoices(prts[:1])[0].Label, nil
	}
	subs, err := octavia.Collect(client.Network().Subnets(ctx, subnets.ListOpts{ID: id}))
	if err != nil || len(subs) == 0 {
		return "", err
	}
	return "subnet " + console.SubnetChoices(subs[:1], nil)[0].Label, nil
}

// render is the review's word on the typed VIP ID.
func (c vipCheck) render() goapp.UI {
	var class, text string
	switch {
	case c.id == "":
		return goapp.Div()
	case c.status == ui.Loading:
		class, text = "alert-info", "Looking up the VIP's "+c.kind+" "+c.id+" in Neutron…"
	case c.status == ui.LoadFailed:
		class, text = "alert-warn", "Neutron could not be asked about "+c.kind+" "+c.id+" ("+c.err+"): Octavia checks it when it creates the load balancer."
	case c.found == "":
		class, text = "alert-warn", "Neutron does not list "+c.kind+" "+c.id+" for you. If its policy hides it, Octavia may still take it; if the ID is wrong, Octavia refuses the create and says why."
	default:
		class, text = "alert-ok", "Neutron knows the VIP's "+c.found+"."
	}
	return ui.IDClassDiv("wz-vip-check", "alert", class).DataSet("found", c.found != "").Aria("live", "polite").Text(text)
}
