package section

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// fipChoice is one choice of the associate form: an unassociated floating
// IP of the project (use), or an external network to allocate a new one
// from (allocate).
type fipChoice struct {
	value, text string
	fip         *floatingips.FloatingIP // use this one
	network     string                  // allocate from this network
}

// fipChoices are the form's choices, Horizon's order: the unassociated
// floating IPs first (nothing new is billed), then a new address from each
// external network.
func fipChoices(spare []floatingips.FloatingIP, nets []networks.Network) []fipChoice {
	names := map[string]string{}
	for _, n := range nets {
		names[n.ID] = ui.DisplayName(n.Name, n.ID)
	}
	var out []fipChoice
	for i := range spare {
		f := &spare[i]
		out = append(out, fipChoice{value: "fip:" + f.ID, text: fmt.Sprintf("Use %s (unassociated, %s)", f.FloatingIP, ui.DisplayName(names[f.FloatingNetworkID], f.FloatingNetworkID)), fip: f})
	}
	for _, n := range nets {
		out = append(out, fipChoice{value: "net:" + n.ID, text: "Allocate a new address from " + names[n.ID], network: n.ID})
	}
	return out
}

// picked is the choice of value among cs, or the first; nil when there is
// none.
func picked(cs []fipChoice, value string) *fipChoice {
	for i := range cs {
		if cs[i].value == value {
			return &cs[i]
		}
	}
	if len(cs) > 0 {
		return &cs[0]
	}
	return nil
}

// onOpen opens the form and reads its choices: the project's floating IPs
// (the unassociated ones are offered) and the external networks. UI
// goroutine; the reads run in ctx.Async.
func (f *floatingIPCard) onOpen(ctx goapp.Context, _ goapp.Event) {
	sess := f.rt.CurrentSession()
	if sess == nil {
		return
	}
	f.form, f.msg = fipForm{open: true, status: ui.Loading}, ""
	client := sess.Client
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		all, err := octavia.Collect(client.FloatingIPs(c, floatingips.ListOpts{ProjectID: sess.Info.ProjectID}))
		var nets []networks.Network
		if err == nil {
			nets, err = octavia.Collect(client.ExternalNetworks(c, networks.ListOpts{}))
		}
		ctx.Dispatch(func(goapp.Context) {
			if !f.form.open {
				return
			}
			if err != nil {
				f.form.status, f.form.fieldErr = ui.LoadFailed, "The floating IPs could not be read from Neutron: "+octavia.Message(err)
				return
			}
			f.form.status, f.form.spare, f.form.nets = ui.Loaded, nil, nets
			for _, ip := range all {
				if ip.PortID == "" {
					f.form.spare = append(f.form.spare, ip)
				}
			}
		})
	})
}

// renderForm is the associate form: one <select> of the choices, its
// error at the field, Associate and Cancel.
func (f *floatingIPCard) renderForm() goapp.UI {
	const id = "lb-fip-pick"
	if f.form.status == ui.Loading {
		return ui.ClassDiv("empty", "loading").Text("Reading the project's floating IPs and external networks…")
	}
	cs := fipChoices(f.form.spare, f.form.nets)
	cur := picked(cs, f.form.pick)
	opts := make([]goapp.UI, len(cs))
	for i, c := range cs {
		opts[i] = ui.Option(c.value, c.text, cur != nil && c.value == cur.value)
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
// allocates one from the picked network already associated (one request
// either way). An existing floating IP is sent with the revision it was
// listed with: one that another user associated meanwhile is refused by
// Neutron (412) and nothing changes; the error says so at the field. UI
// goroutine; the write runs in ctx.Async.
func (f *floatingIPCard) onAssociate(ctx goapp.Context) {
	sess := f.rt.CurrentSession()
	cur := picked(fipChoices(f.form.spare, f.form.nets), f.form.pick)
	if sess == nil || cur == nil || f.sending {
		return
	}
	f.sending, f.form.fieldErr, f.msg = true, "", ""
	client, port, choice := sess.Client, f.PortID, *cur
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		var got *floatingips.FloatingIP
		var err error
		if choice.fip != nil {
			rev := choice.fip.RevisionNumber
			got, err = client.AssociateFloatingIP(c, choice.fip.ID, port, &rev)
		} else {
			got, err = client.CreateFloatingIP(c, floatingips.CreateOpts{FloatingNetworkID: choice.network, PortID: port})
		}
		why := ""
		if err != nil {
			why = associateError(c, client, choice, err)
		}
		ctx.Dispatch(func(goapp.Context) {
			f.sending = false
			if err != nil {
				f.form.fieldErr = why
				return
			}
			f.fip, f.form, f.status = got, fipForm{}, ui.Loaded
			f.msg = "Floating IP " + got.FloatingIP + " now forwards to the VIP " + got.FixedIP + "."
			f.hub.Poke(port)
		})
	})
}

// associateError is what the field says about a refused association: a
// floating IP that changed since it was listed is read again to say where
// it went. Runs in ctx.Async.
func associateError(ctx context.Context, client *octavia.Client, choice fipChoice, err error) string {
	e, ok := err.(*octavia.Error)
	if !ok || e.StatusCode != http.StatusPreconditionFailed || choice.fip == nil {
		return octavia.Message(err)
	}
	now, rerr := octavia.Collect(client.FloatingIPs(ctx, floatingips.ListOpts{ID: choice.fip.ID}))
	switch {
	case rerr == nil && len(now) == 0:
		return "Floating IP " + choice.fip.FloatingIP + " was released since the list was read: nothing changed. Pick another."
	case rerr == nil && now[0].PortID != "":
		return "Floating IP " + choice.fip.FloatingIP + " is already associated with port " + now[0].PortID +
			" (associated elsewhere since the list was read): nothing changed. Pick another."
	}
	return "Floating IP " + choice.fip.FloatingIP + " changed since the list was read (" + strings.TrimSuffix(octavia.Message(err), ".") + "): nothing changed. Open the form again."
}

// onDisassociate takes the floating IP off the VIP port (port_id null);
// the address stays allocated to the project. UI goroutine; the write in
// ctx.Async.
func (f *floatingIPCard) onDisassociate(ctx goapp.Context, _ goapp.Event) {
	sess := f.rt.CurrentSession()
	if sess == nil || f.fip == nil || f.sending {
		return
	}
	f.sending, f.form.fieldErr, f.msg = true, "", ""
	client, port, ip := sess.Client, f.PortID, *f.fip
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		_, err := client.DisassociateFloatingIP(c, ip.ID)
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
