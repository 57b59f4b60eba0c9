package section

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/serverpick"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// The batch editor's server picker: the project's servers with their
// address on the VIP subnet of the pool's load balancer (a batch's new
// members get no subnet, so Octavia puts them on that one). A pick adds
// the line "address:port" to the box, with the port beside the picker.

// batchServers is the batch editor's picker state.
type batchServers struct {
	picker     serverpick.Picker
	subnetName string // the VIP subnet's name and CIDR, once read
	port       string // the port a picked server's line gets
	note       string // what the last pick did
}

// watchServers reads the VIP subnet of the pool's load balancer (and its
// name), then watches the servers on it. UI goroutine.
func (b *batchMembers) watchServers(ctx goapp.Context) {
	sess := b.sess()
	s := &b.servers
	s.note, s.port = "", strconv.Itoa(commonPort(b.current))
	client := sess.Client
	s.picker.Watch(ctx, client, s.picker.Subnet())
	if !client.Compute().Available() || s.picker.Subnet() != "" {
		return
	}
	lbs := b.Env.Obj.IDs("loadbalancers")
	if len(lbs) == 0 {
		return
	}
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		lb, err := client.Get(c, octavia.Ref{Kind: octavia.KindLoadBalancer, ID: lbs[0]})
		if err != nil {
			return // no picker: the lines are typed
		}
		sub := lb.Text("vip_subnet_id")
		name := "the VIP subnet"
		if sn, err := octavia.Collect(client.Network().Subnets(c, subnets.ListOpts{ID: sub})); err == nil && len(sn) == 1 {
			name = cmp.Or(sn[0].Name, sn[0].ID) + " (" + sn[0].CIDR + ")"
		}
		ctx.Dispatch(func(ctx goapp.Context) {
			if b.open {
				s.subnetName = name
				s.picker.Watch(ctx, client, sub)
			}
		})
	})
}

// commonPort is the port most of members use (the lowest of a tie), 80
// when there are none.
func commonPort(members []pools.Member) int {
	n := map[int]int{}
	for _, m := range members {
		n[m.ProtocolPort]++
	}
	best := 80
	for _, port := range slices.Sorted(maps.Keys(n)) {
		if n[port] > n[best] {
			best = port
		}
	}
	return best
}

// pickServer adds the picked server's line to the box, unless the box
// has its address:port already. UI goroutine.
func (b *batchMembers) pickServer(c serverpick.Choice) {
	s := &b.servers
	port, err := strconv.Atoi(strings.TrimSpace(s.port))
	if err != nil || port < 1 || port > 65535 {
		s.note = fmt.Sprintf("Port %q is not a number from 1 to 65535: set the port, then pick the server again.", s.port)
		return
	}
	line := hostPort(c.Address, port)
	lines, _ := ParseMemberLines(b.text)
	if slices.ContainsFunc(lines, func(l BatchLine) bool { return l.key() == memberKey(c.Address, port) }) {
		s.note = line + " (" + c.Name + ") is in the set already."
		return
	}
	if b.text != "" && !strings.HasSuffix(b.text, "\n") {
		b.text += "\n"
	}
	b.text += line + "\n"
	s.note = "Added " + line + " (" + c.Name + "). Preview, then apply."
	if c.Shutoff {
		s.note += " " + c.Name + " is SHUTOFF: its member stays offline until it starts."
	}
}

// renderServers is the picker and its port, above the box; nil without a
// compute service.
func (b *batchMembers) renderServers() goapp.UI {
	s := &b.servers
	pick := s.picker.Render(serverpick.View{ID: "batch-server", SubnetName: cmp.Or(s.subnetName, "the VIP subnet"),
		Waiting: "Reading the VIP subnet of the pool's load balancer…",
		Effect:  "Picking one adds its address:port line to the set, with the port set beside.",
		Pick:    func(ctx goapp.Context, c serverpick.Choice) { b.pickServer(c) }})
	if pick == nil {
		return nil
	}
	return ui.ClassDivBody("batch-servers",
		pick,
		ui.Field("batch-server-port", "Port of a picked server",
			goapp.Input().ID("batch-server-port").Type("number").Min(1).Max(65535).Value(s.port).
				OnInput(func(ctx goapp.Context, e goapp.Event) { s.port = ctx.JSSrc().Get("value").String() })),
		goapp.If(s.note != "", func() goapp.UI {
			return ui.IDP("batch-server-note").Class("muted").Aria("live", "polite").Text(s.note)
		}),
	)
}

// OnDismount ends the picker's poll: the pool's page is gone. UI goroutine.
func (b *batchMembers) OnDismount() { b.servers.picker.Stop() }
