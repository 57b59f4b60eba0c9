package wizard

import (
	"cmp"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/serverpick"
	model "github.com/octaview/octaview/app/internal/wizard"
)

// The members step's server picker: the project's servers with their
// address on the VIP subnet picked in the first step (a member without a
// subnet of its own is on it, as Octavia takes it), read every 3 s while
// the members step is shown. One picker over each member of the step; a
// pick fills that member's address and subnet, and its name when empty.

// watchServers starts the picker's poll when step s is the members step,
// and ends it on any other. UI goroutine.
func (p *Page) watchServers(s int) {
	if s != model.StepMembers || p.sess == nil {
		p.ch.servers.Stop()
		return
	}
	p.ch.servers.Watch(p.uctx, p.sess.Client, p.w.LB["vip_subnet_id"])
}

// OnMount starts the picker's poll again when the wizard comes back on
// its members step (what was typed stays). UI goroutine.
func (p *Page) OnMount(ctx goapp.Context) {
	if p.sess != nil && p.w != nil && p.nav.cur == model.StepMembers {
		p.ch.servers.Watch(ctx, p.sess.Client, p.w.LB["vip_subnet_id"])
	}
}

// OnDismount ends the picker's poll: the wizard is gone. UI goroutine.
func (p *Page) OnDismount() { p.ch.servers.Stop() }

// serverPicker is the picker over member it; nil without a compute
// service.
func (sf stepForm) serverPicker(it model.Item) goapp.UI {
	sub := sf.w.LB["vip_subnet_id"]
	name := cmp.Or(sf.ch.subnetName(sub), "the VIP subnet")
	return sf.ch.servers.Render(serverpick.View{ID: it.ID + "-server", SubnetName: name,
		Waiting: "Step 1 names no VIP subnet (a VIP port or a typed VIP), so no server addresses can be listed: type them.", Current: it.V["address"],
		Effect: "Picking one fills this member's address and subnet, and its name when it is empty; a typed address works too.",
		Pick: func(ctx goapp.Context, c serverpick.Choice) {
			it.V["address"], it.V["subnet_id"] = c.Address, c.SubnetID
			if name := strings.TrimSpace(it.V["name"]); name == "" || sf.ch.servers.IsServerName(name) {
				it.V["name"] = c.Name
			}
			sf.changed()
		}, Scope: []goapp.EventOption{sf.scope()}})
}
