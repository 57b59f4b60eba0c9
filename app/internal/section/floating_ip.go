package section

import (
	"context"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// floatingIPCard is the card of a load balancer's page that shows the
// floating IP of its VIP port (Neutron's, read every 3 s while the page is
// open) and, unless the console is read-only, associates one (an
// unassociated floating IP of the project, or a new one allocated from an
// external network, in one request) or disassociates it (the address
// stays allocated to the project). Its inputs are exported (go-app copies
// them when the page renders it anew); its state is not.
type floatingIPCard struct {
	goapp.Compo

	PortID string // the load balancer's VIP port ("" while Octavia has none)
	VIP    string // the VIP address, for the words

	rt       *tab.Runtime
	writable bool // the session may write (not read-only)

	watching string // the port the poll follows ("" = none)
	stop     func() // leaves the poll (OnDismount, a new port)
	hub      *waiters.Hub[[]floatingips.FloatingIP]
	status   ui.LoadStatus
	err      string
	fip      *floatingips.FloatingIP // the one on the port; nil: none
	wroteAt  time.Time               // when the last write began: a poll begun before it is older than its answer

	form    fipForm // the associate form, open or not
	sending bool
	msg     string // what the last write did
	uctx    goapp.Context
}

// fipForm is the associate form: the choices read when it opened, the one
// picked, and the error at its field.
type fipForm struct {
	open     bool
	status   ui.LoadStatus
	spare    []floatingips.FloatingIP // the project's unassociated floating IPs
	nets     []networks.Network       // the external networks
	pick     string                   // a fipChoice's value
	fieldErr string
}

// newFloatingIPCard is the card of env's load balancer.
func newFloatingIPCard(env console.SectionEnv) goapp.UI {
	return &floatingIPCard{PortID: env.Obj.Text("vip_port_id"), VIP: env.Obj.Text("vip_address"), rt: env.Runtime,
		writable: console.LBResource.MayWrite(env.Sess)}
}

func (f *floatingIPCard) OnMount(ctx goapp.Context)  { f.uctx = ctx; f.follow(ctx) }
func (f *floatingIPCard) OnUpdate(ctx goapp.Context) { f.uctx = ctx; f.follow(ctx) }
func (f *floatingIPCard) OnDismount() {
	if f.stop != nil {
		f.stop()
		f.stop = nil
	}
}

// follow starts the poll of the VIP port's floating IPs, once per port
// (one GET every 3 s, the first at once). UI goroutine; the poll's answers
// are written in ctx.Dispatch.
func (f *floatingIPCard) follow(ctx goapp.Context) {
	sess := f.rt.CurrentSession()
	if f.PortID == f.watching || sess == nil {
		return
	}
	f.OnDismount()
	f.watching, f.status, f.fip, f.err, f.form = f.PortID, ui.Loading, nil, "", fipForm{}
	if f.PortID == "" {
		return
	}
	if f.hub == nil {
		f.hub = waiters.NewHub[[]floatingips.FloatingIP](0)
	}
	client, port := sess.Client, f.PortID
	f.stop = f.hub.Subscribe(port, func(c context.Context) ([]floatingips.FloatingIP, error) {
		return octavia.Collect(client.Network().FloatingIPs(c, floatingips.ListOpts{PortID: port}))
	}, func(u waiters.Update[[]floatingips.FloatingIP]) {
		ctx.Dispatch(func(goapp.Context) { f.take(port, u) })
	})
}

// take shows a poll of port's floating IPs. UI goroutine.
func (f *floatingIPCard) take(port string, u waiters.Update[[]floatingips.FloatingIP]) {
	if port != f.watching || f.sending || u.Start.Before(f.wroteAt) {
		return // another port's, or older than a write's answer (on its way, or shown)
	}
	if u.Err != nil {
		f.status, f.err = ui.LoadFailed, octavia.Message(u.Err)
		return
	}
	f.status, f.err, f.fip = ui.Loaded, "", nil
	if len(u.Value) > 0 {
		fip := u.Value[0]
		f.fip = &fip
	}
}

func (f *floatingIPCard) Render() goapp.UI {
	return goapp.Section().ID("lb-fip-card").Class("card").Aria("labelledby", "lb-fip-title").Body(
		ui.ClassDivBody("card-head", goapp.H2().ID("lb-fip-title").Text("Floating IP"), ui.ClassDiv("spacer"),
			goapp.If(f.stop != nil && f.status == ui.Loaded, func() goapp.UI {
				return ui.IDSpan("lb-fip-live").Class("live").Title("Neutron's floating IPs of the VIP port, read every 3 s").Text("live · every 3 s")
			})),
		f.renderBody(),
		goapp.If(f.msg != "", func() goapp.UI { return ui.IDP("lb-fip-msg").Class("muted").Aria("live", "polite").Text(f.msg) }),
	)
}

func (f *floatingIPCard) renderBody() goapp.UI {
	switch {
	case f.PortID == "":
		return ui.IDP("lb-fip-none").Class("muted").Text("Octavia has not made the VIP port yet.")
	case f.status == ui.LoadFailed && f.fip == nil:
		return ui.AlertError("lb-fip-error", "The floating IP could not be read from Neutron: "+f.err)
	case f.status != ui.Loaded && f.fip == nil:
		return ui.ClassDiv("empty", "loading").Text("Reading the floating IP…")
	case f.fip != nil:
		return f.renderAssociated()
	}
	return f.renderNone()
}

// renderAssociated shows the floating IP and its Disassociate.
func (f *floatingIPCard) renderAssociated() goapp.UI {
	ip := f.fip
	return goapp.Div().Body(
		goapp.Dl().ID("lb-fip-props").Class("props").Body(
			goapp.Dt().Text("Address"), goapp.Dd().Body(ui.IDSpan("lb-fip-address").Class("mono").Text(ip.FloatingIP)),
			goapp.Dt().Text("Forwards to"), goapp.Dd().Class("mono").Text(ui.OrDash(ip.FixedIP)+" (the VIP)"),
			goapp.Dt().Text("Status"), goapp.Dd().Body(console.Badge(ip.Status)),
			goapp.Dt().Text("Floating IP ID"), goapp.Dd().Class("mono").Text(ip.ID),
		),
		goapp.If(f.status == ui.LoadFailed, func() goapp.UI {
			return ui.ClassSpanText("st-error-text", "Last read failed: "+f.err)
		}),
		goapp.If(f.form.fieldErr != "", func() goapp.UI { return ui.AlertError("lb-fip-write-error", f.form.fieldErr) }),
		goapp.If(f.writable, func() goapp.UI {
			return ui.ClassDivBody("form-actions",
				ui.TypedButton("lb-fip-disassociate", "button").Class("btn").Disabled(f.sending).
					OnClick(f.onDisassociate).Text("Disassociate"),
				ui.ClassSpanText("muted", "The address stays allocated to the project (and billed) until it is released."),
			)
		}),
	)
}

// renderNone says the VIP has no public address and offers the form.
func (f *floatingIPCard) renderNone() goapp.UI {
	return goapp.Div().Body(
		ui.IDP("lb-fip-none").Class("muted").Text("No floating IP: the VIP "+ui.OrDash(f.VIP)+" is reachable only from its own network."),
		goapp.If(f.writable && !f.form.open, func() goapp.UI {
			return ui.TypedButton("lb-fip-open", "button").Class("btn").OnClick(f.onOpen).Text("Associate a floating IP…")
		}),
		goapp.If(f.writable && f.form.open, f.renderForm),
	)
}
