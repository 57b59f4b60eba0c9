package edit

import (
	"context"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/serverpick"
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

// picksServers reports whether the form is a member's create under a
// pool: the only form with a server picker.
func (p *Page) picksServers() bool {
	return p.create && p.pr.Res == console.MemberRes && p.pr.ParentID != ""
}

// watchServers points the picker at the member's subnet: the one typed or
// picked in the form, else the VIP subnet of the pool's load balancer
// (read once per pool: GET the pool, GET its load balancer). Called when
// the form opens and when its subnet changes. UI goroutine.
func (p *Page) watchServers(ctx goapp.Context) {
	s := &p.servers
	if !p.picksServers() {
		s.picker.Stop()
		return
	}
	client, pool := p.sess.Client, p.pr.ParentID
	if sub := p.v["subnet_id"]; sub != "" {
		s.picker.Watch(ctx, client, sub)
		return
	}
	if s.vipOf == pool {
		s.picker.Watch(ctx, client, s.vipSubnet)
		return
	}
	s.picker.Watch(ctx, client, "") // absent without a compute service; else waiting for the subnet
	if !client.HasCompute() {
		return
	}
	path := p.path
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		sub, err := vipSubnetOf(c, client, pool)
		ctx.Dispatch(func(ctx goapp.Context) {
			if p.path != path || err != nil {
				return // another form; or the subnet stays to be typed
			}
			s.vipSubnet, s.vipOf = sub, pool
			if p.v["subnet_id"] == "" {
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

// serverPicker is the picker above the member form's fields; nil on any
// other form, or without a compute service. A pick fills the address and
// the subnet, and the name when it is empty (or a server's name: an earlier pick's).
func (p *Page) serverPicker() goapp.UI {
	if !p.picksServers() {
		return nil
	}
	s := &p.servers
	return s.picker.Render(serverpick.View{ID: "f-server", SubnetName: p.subnetLabel(s.picker.Subnet()),
		Waiting: "Reading the pool's load balancer for its VIP subnet…", Current: p.v["address"],
		Effect: "Picking one fills the address and subnet, and the name when it is empty; a typed address works too.",
		Pick: func(ctx goapp.Context, c serverpick.Choice) {
			p.v["address"], p.v["subnet_id"] = c.Address, c.SubnetID
			if name := strings.TrimSpace(p.v["name"]); name == "" || s.picker.IsServerName(name) {
				p.v["name"] = c.Name
			}
			if p.submitted {
				p.errs = p.check()
			}
		}})
}

// subnetLabel is the subnet field's label of subnet id (its name and
// CIDR), or its id while the subnets are not read.
func (p *Page) subnetLabel(id string) string {
	for _, c := range p.picks.opts["subnet_id"] {
		if c.ID == id {
			return c.Label
		}
	}
	return "subnet " + console.Shorten(id, 13)
}

// OnDismount ends the server picker's poll: the form is gone. UI goroutine.
func (p *Page) OnDismount() { p.servers.picker.Stop() }
