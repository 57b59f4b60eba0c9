package edit

import (
	"context"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/serverpick"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// serverPick is the member create form's server picker: the project's
// servers with their address on the member's subnet (the subnet field's,
// else the VIP subnet of the pool's load balancer, which Octavia gives a
// member without one), read every 3 s while the form is shown.
type serverPick struct {
	picker    serverpick.Picker
	vipSubnet string // the pool's load balancer's VIP subnet, once read
	vipOf     string // the pool it was read for
}

// watch points the picker at the member's subnet: the one typed or picked
// in the form's values v, else the VIP subnet of the load balancer of
// pool, the member's (read once per pool: GET the pool, GET its load
// balancer), kept only while current says the form is still the one
// shown. Called when the form opens and when its subnet changes. UI
// goroutine.
func (s *serverPick) watch(ctx goapp.Context, client *octavia.Client, pool string, v form.Values, current func() bool) {
	if sub := v["subnet_id"]; sub != "" {
		s.picker.Watch(ctx, client, sub)
		return
	}
	if s.vipOf == pool {
		s.picker.Watch(ctx, client, s.vipSubnet)
		return
	}
	s.picker.Watch(ctx, client, "") // absent without a compute service; else waiting for the subnet
	if !client.Compute().Available() {
		return
	}
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		sub, err := vipSubnetOf(c, client, pool)
		ctx.Dispatch(func(ctx goapp.Context) {
			if !current() || err != nil {
				return // another form; or the subnet stays to be typed
			}
			s.vipSubnet, s.vipOf = sub, pool
			if v["subnet_id"] == "" {
				s.picker.Watch(ctx, client, sub)
			}
		})
	})
}

// vipSubnetOf is the VIP subnet of pool's load balancer. Any goroutine.
func vipSubnetOf(ctx context.Context, client *octavia.Client, pool string) (string, error) {
	o, err := client.Get(ctx, octavia.Ref{Kind: octavia.KindPool, ID: pool})
	if err != nil {
		return "", err
	}
	lbs := o.IDs("loadbalancers")
	if len(lbs) == 0 {
		return "", nil
	}
	lb, err := client.Get(ctx, octavia.Ref{Kind: octavia.KindLoadBalancer, ID: lbs[0]})
	if err != nil {
		return "", err
	}
	return lb.Text("vip_subnet_id"), nil
}

// view is the picker above the member form's fields, over the form's
// values v; nil without a compute service. A pick fills the address and
// the subnet, and the name when it is empty (or a server's name: an
// earlier pick's), then calls picked. subnets are the subnet field's
// options, which name the subnet.
func (s *serverPick) view(v form.Values, subnets []ui.Choice, picked func()) goapp.UI {
	return s.picker.Render(serverpick.View{ID: "f-server", SubnetName: subnetLabel(subnets, s.picker.Subnet()),
		Waiting: "Reading the pool's load balancer for its VIP subnet…", Current: v["address"],
		Effect: "Picking one fills the address and subnet, and the name when it is empty; a typed address works too.",
		Pick: func(ctx goapp.Context, c serverpick.Choice) {
			v["address"], v["subnet_id"] = c.Address, c.SubnetID
			if name := strings.TrimSpace(v["name"]); name == "" || s.picker.IsServerName(name) {
				v["name"] = c.Name
			}
			picked()
		}})
}

// subnetLabel is the label of subnet id among the subnet field's options
// (its name and CIDR), or its id while they are not read.
func subnetLabel(subnets []ui.Choice, id string) string {
	for _, c := range subnets {
		if c.ID == id {
			return c.Label
		}
	}
	return "subnet " + console.Shorten(id, 13)
}

// picksServers reports whether the form is a member's create under a
// pool: the only form with a server picker.
func (p *Page) picksServers() bool {
	return p.create && p.pr.Res == console.MemberRes && p.pr.ParentID != ""
}

// watchServers points the server picker at the member's subnet, or stops
// it on any other form. Called when the form opens and when its subnet
// changes. UI goroutine.
func (p *Page) watchServers(ctx goapp.Context) {
	if !p.picksServers() {
		p.servers.picker.Stop()
		return
	}
	p.servers.watch(ctx, p.sess.Client, p.pr.ParentID, p.v, p.current())
}

// serverPicker is the server picker above the member form's fields; nil
// on any other form.
func (p *Page) serverPicker() goapp.UI {
	if !p.picksServers() {
		return nil
	}
	return p.servers.view(p.v, p.picks.opts["subnet_id"], p.recheck)
}

// OnDismount ends the server picker's poll: the form is gone. UI goroutine.
func (p *Page) OnDismount() { p.servers.picker.Stop() }
