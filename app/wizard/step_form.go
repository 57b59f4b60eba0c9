package wizard

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/ui"
	model "github.com/octaview/octaview/app/internal/wizard"
)

// stepForm draws the steps that hold the model's items (the load
// balancer, listeners, pools, members, monitors, L7) over the page's
// state: the model w, the way through it (nav) and the cloud's choices
// (ch). It is no component: the page makes one per render, and its
// handlers write through its pointers. UI goroutine.
type stepForm struct {
	w     *model.Model
	nav   *steps
	ch    *choices
	retry func(goapp.Context) // lists Neutron again (the typed VIP's "List again")

	tls tlsFields // the certificate and ticked-list fields (tls_fields.go)
}

// changed follows an input: the step is checked again once it was.
func (sf stepForm) changed() { sf.nav.changed(sf.w) }

// wizHint is a step's line of explanation.
// wizHint is a step's line of explanation.
func wizHint(text string) goapp.UI { return ui.ClassP("muted", "hint", "wz-intro").Text(text) }

func (sf stepForm) renderLB() []goapp.UI {
	v := sf.w.LB
	it := sf.w.Items(model.StepLB)[0]
	fieldOf := func(key string) goapp.UI { return sf.renderField(it, key) }
	out := []goapp.UI{fieldOf("name"), fieldOf("description")}
	switch sf.ch.status {
	case ui.LoadFailed, ui.Loaded:
	default:
		return append(out, ui.ClassDivText("muted", "Loading subnets…"))
	}
	radio := func(val, label string) goapp.UI {
		id := "create-vip-by-" + val
		return goapp.Label().For(id).Class("wz-radio").Body(
			goapp.Input().Type("radio").ID(id).Name("create-vip").Value(val).Checked(v["_vip"] == val).
				OnChange(func(ctx goapp.Context, e goapp.Event) { v["_vip"] = val; sf.changed() }, goapp.EventScope(sf.nav.gen, id)),
			goapp.Text(" "+label),
		)
	}
	if sf.ch.vipTyped() { // lb_vip_typed.go: no subnet to pick, the user types an ID
		out = append(out, sf.renderTypedVIP(it, radio)...)
	} else {
		out = append(out, goapp.FieldSet().Class("wz-vip").Body(
			goapp.Legend().Text("Virtual IP (VIP)"),
			ui.ClassDivBody("wz-radios", radio("subnet", "From a subnet"), radio("port", "An existing port")),
		))
		if console.LBVIPBySubnet(v) {
			nets := []goapp.UI{ui.Option("", "Any network", v["_network"] == "")}
			for _, n := range sf.ch.nets {
				nets = append(nets, ui.Option(n.ID, n.Label, n.ID == v["_network"]))
			}
			out = append(out, ui.ClassDivBody("wz-grid",
				ui.Field("create-network", "VIP network", goapp.Select().ID("create-network").OnChange(func(ctx goapp.Context, e goapp.Event) {
					v["_network"] = ui.SelectValue(ctx)
					if s := sf.ch.subnetsOf(v["_network"]); len(s) > 0 && !slices.ContainsFunc(s, func(c ui.Choice) bool { return c.ID == v["vip_subnet_id"] }) {
						v["vip_subnet_id"] = s[0].ID
					}
					sf.changed()
				}, sf.scope()).Body(nets...)),
				fieldOf("vip_subnet_id"),
				fieldOf("vip_address")))
		} else {
			out = append(out, fieldOf("vip_port_id"))
		}
	}
	out = append(out, wizHint("Clients reach the load balancer on its VIP."))
	var more []goapp.UI
	if len(sf.ch.flavors) > 0 {
		more = append(more, fieldOf("flavor_id"))
	}
	if len(sf.ch.zones) > 0 {
		more = append(more, fieldOf("availability_zone"))
	}
	if len(sf.ch.providers) > 0 {
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

// renderFields is item it's shown fields in a grid. UI goroutine.
func (sf stepForm) renderFields(it model.Item) goapp.UI {
	var fields []goapp.UI
	for _, f := range it.Kind.Fields {
		if f.Shown(true, it.V) {
			fields = append(fields, sf.renderField(it, f.Key))
		}
	}
	return ui.ClassDiv("wz-grid").Body(fields...)
}

// renderField is item it's field key, with its error (fieldInput, as the
// generic form draws it).
func (sf stepForm) renderField(it model.Item, key string) goapp.UI {
	i := slices.IndexFunc(it.Kind.Fields, func(f form.Field) bool { return f.Key == key })
	if i < 0 {
		return goapp.Div()
	}
	f, v := it.Kind.Fields[i], it.V
	id := model.InputID(it.ID, f.Key)
	if in := sf.tlsInput(it, f, id); in != nil {
		return in
	}
	return ui.FieldInput{ID: id, Field: f, Value: v[f.Key], Err: sf.nav.errs[id], Required: f.Required,
		Options: sf.ch.of(it, f, sf.w.LB["_network"]), OptionsErr: sf.ch.qos.errFor(f), Pick: f.Required, Scope: []any{sf.nav.gen},
		Set: func(key, value string) {
			v[key] = value
			switch {
			case it.Step == model.StepLB && key == "provider":
				sf.w.Support(form.ForCreate(value, sf.ch.providers)) // its children's choices follow it
			case it.Step == model.StepListeners && key == "protocol":
				sf.w.SetListenerProtocol(it, value) // 443 for TLS, 80 for HTTP, unless a port was typed
			case it.Step == model.StepListeners && key == "protocol_port":
				form.SetPort(v, value)
			}
			sf.tls.need()
			sf.changed()
		}}.Render()
}

// scope is the event scope of the handlers that read the items (gen).
func (sf stepForm) scope() goapp.EventOption { return goapp.EventScope(sf.nav.gen) }

// item is one item's fieldset: legend, fields, a Remove button.
func (sf stepForm) item(id, legend string, remove func(), body ...goapp.UI) goapp.UI {
	head := []goapp.UI{goapp.Legend().Body(
		goapp.Text(legend),
		goapp.Button().Type("button").ID(id+"-remove").Class("btn", "btn-small", "btn-ghost", "wz-remove").Aria("label", "Remove "+strings.ToLower(legend)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { remove(); sf.nav.gen++ }, sf.scope()).Text("Remove"),
	)}
	return goapp.FieldSet().ID(id).Class("wz-item").Body(append(head, body...)...)
}

// addButton is a step's "Add …" button.
func (sf stepForm) addButton(id, text string, disabled bool, add func()) goapp.UI {
	return goapp.Button().Type("button").ID(id).Class("btn", "btn-small").Disabled(disabled).
		OnClick(func(ctx goapp.Context, e goapp.Event) { add(); sf.nav.gen++ }, sf.scope()).Text(text)
}

// poolSelect picks a pool of the wizard by index (its "_pool").
func (sf stepForm) poolSelect(id, label string, v form.Values) goapp.UI {
	opts := []goapp.UI{ui.Option("", "— none —", v["_pool"] == "")}
	for i, pl := range sf.w.Pools {
		opts = append(opts, ui.Option(strconv.Itoa(i), ui.DisplayName(pl.V["name"], fmt.Sprintf("pool %d", i+1)), v["_pool"] == strconv.Itoa(i)))
	}
	msg := sf.nav.errs[id]
	return ui.ClassDivBody("field",
		goapp.Label().For(id).Text(label),
		goapp.Select().ID(id).OnChange(func(ctx goapp.Context, e goapp.Event) {
			v["_pool"] = ui.SelectValue(ctx)
			sf.changed()
		}, goapp.EventScope(sf.nav.gen, id)).Body(opts...),
		goapp.If(msg != "", func() goapp.UI {
			return ui.IDClassDiv(id+"-error", "field-error", "st-error-text").Aria("live", "polite").Text(msg)
		}))

}
