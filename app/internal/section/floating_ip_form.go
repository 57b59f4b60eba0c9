package section

import (
	"context"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// onOpen opens the form and reads its choices. UI goroutine.
func (f *floatingIPCard) onOpen(goapp.Context, goapp.Event) {
	if f.rt.CurrentSession() == nil {
		return
	}
	f.form, f.msg = fipForm{open: true, status: ui.Loading}, ""
	f.readChoices()
}

// readChoices reads the form's choices: the project's floating IPs (the
// unassociated ones are offered) and the external networks; the field's
// error stays (a refusal reads them again: what was taken is no longer
// offered). UI goroutine; the reads run in ctx.Async, on the card's
// context (the button that asked goes away with the form's opening, and
// a Dispatch with it).
func (f *floatingIPCard) readChoices() {
	sess, ctx := f.rt.CurrentSession(), f.uctx
	if sess == nil {
		return
	}
	console.LoadFIPChoices(ctx, sess.Client, sess.Info.ProjectID, func(spare []floatingips.FloatingIP, nets []networks.Network, err error) {
		if !f.form.open {
			return
		}
		if err != nil {
			f.form.status, f.form.fieldErr = ui.LoadFailed, "The floating IPs could not be read from Neutron: "+octavia.Message(err)
			return
		}
		f.form.status, f.form.spare, f.form.nets = ui.Loaded, spare, nets
		if console.PickFIP(console.FIPChoices(spare, nets), f.form.pick) == nil {
			f.form.pick = "" // taken since: the first choice, shown as picked
		}
	})
}

// picked is the form's choice among cs: the one picked, else the first
// (nil: none).
func (f *floatingIPCard) picked(cs []console.FIPChoice) *console.FIPChoice {
	if c := console.PickFIP(cs, f.form.pick); c != nil {
		return c
	}
	if len(cs) > 0 {
		return &cs[0]
	}
	return nil
}

// renderForm is the associate form: one <select> of the choices, its
// error at the field, Associate and Cancel.
func (f *floatingIPCard) renderForm() goapp.UI {
	const id = "lb-fip-pick"
	if f.form.status == ui.Loading {
		return ui.ClassDiv("empty", "loading").Text("Reading the project's floating IPs and external networks…")
	}
	cs := console.FIPChoices(f.form.spare, f.form.nets)
	cur := f.picked(cs)
	opts := make([]goapp.UI, len(cs))
	for i, c := range cs {
		opts[i] = ui.Option(c.Value, c.Text, cur != nil && c.Value == cur.Value)
	}
	sel := goapp.Select().ID(id).Disabled(f.sending || len(cs) == 0).
		OnChange(func(ctx goapp.Context, e goapp.Event) { f.form.pick, f.form.fieldErr = ui.SelectValue(ctx), "" }).Body(opts...)
	if f.form.fieldErr != "" {
		sel = sel.Aria("invalid", "true").Aria("describedby", id+"-error")
	}
	return goapp.Form().ID("lb-fip-form").OnSubmit(func(ctx goapp.Context, e goapp.Event) {
		e.PreventDefault()
		f.onAssociate(ctx)
	}).Body(
		ui.ClassDivBody("field",
			goapp.Label().For(id).Text("Floating IP"),
			sel,
			goapp.If(len(cs) == 0 && f.form.status == ui.Loaded, func() goapp.UI {
				return ui.ClassPText("muted", "Neutron lists no unassociated floating IP of this project and no external network to allocate one from.")
			}),
			goapp.If(f.form.fieldErr != "", func() goapp.UI {
				return ui.IDClassDiv(id+"-error", "field-error", "st-error-text").Aria("live", "polite").Text(f.form.fieldErr)
			}),
		),
		ui.ClassDivBody("form-actions",
			ui.TypedButton("lb-fip-associate", "submit").Class("btn", "btn-primary").Disabled(f.sending || cur == nil).Text("Associate"),
			ui.TypedButton("lb-fip-cancel", "button").Class("btn", "btn-ghost").Disabled(f.sending).
				OnClick(func(ctx goapp.Context, e goapp.Event) { f.form = fipForm{} }).Text("Cancel"),
		),
	)
}

// onAssociate associates the picked floating IP with the VIP port, or
// allocates one from the picked network already associated
// (console.AssociateFIP: one request either way; one associated elsewhere
// since the form opened is refused and said at the field). UI goroutine;
// the write runs in ctx.Async.
func (f *floatingIPCard) onAssociate(goapp.Context) {
	sess, ctx := f.rt.CurrentSession(), f.uctx // the card's: the form goes away on success
	cur := f.picked(console.FIPChoices(f.form.spare, f.form.nets))
	if sess == nil || cur == nil || f.sending {
		return
	}
	f.sending, f.wroteAt, f.form.fieldErr, f.msg = true, time.Now(), "", ""
	client, port, choice := sess.Client, f.PortID, *cur
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		got, why := console.AssociateFIP(c, client, choice, port)
		ctx.Dispatch(func(goapp.Context) {
			f.sending = false
			if why != "" {
				f.form.fieldErr = why
				f.readChoices()
				return
			}
			f.fip, f.form, f.status = got, fipForm{}, ui.Loaded
			f.msg = "Floating IP " + got.FloatingIP + " now forwards to the VIP " + got.FixedIP + "."
			f.hub.Poke(port)
		})
	})
}

// onDisassociate takes the floating IP off the VIP port (port_id null);
// the address stays allocated to the project. UI goroutine; the write in
// ctx.Async.
func (f *floatingIPCard) onDisassociate(goapp.Context, goapp.Event) {
	sess, ctx := f.rt.CurrentSession(), f.uctx // the card's: the button goes away on success
	if sess == nil || f.fip == nil || f.sending {
		return
	}
	f.sending, f.wroteAt, f.form.fieldErr, f.msg = true, time.Now(), "", ""
	client, port, ip := sess.Client, f.PortID, *f.fip
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		_, err := client.Network().DisassociateFloatingIP(c, ip.ID)
		ctx.Dispatch(func(goapp.Context) {
			f.sending = false
			if err != nil {
				f.form.fieldErr = "Disassociate " + ip.FloatingIP + ": " + octavia.Message(err)
				return
			}
			f.fip = nil
			f.msg = "Floating IP " + ip.FloatingIP + " is no longer associated; it stays allocated to the project."
			f.hub.Poke(port)
		})
	})
}
