package wizard

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
)

// fipStep is the review's "Floating IP": none (the default), a new
// address allocated from an external network, or an unassociated one of
// the project. It is done after the create, on the VIP port Octavia's
// answer names (Octavia makes the port before it answers): one more
// request, to Neutron. UI goroutine.
type fipStep struct {
	status ui.LoadStatus
	err    string // why the choices could not be read
	spare  []floatingips.FloatingIP
	nets   []networks.Network
	pick   string // a console.FIPChoice's value; "" = none
}

// fipPickID is the review's floating IP <select>.
const fipPickID = "wz-fip"

// load reads the choices (with the first step's, on every visit). UI
// goroutine; the reads in ctx.Async.
func (s *fipStep) load(ctx goapp.Context, sess *tab.Session) {
	if s.status != ui.Loaded {
		s.status = ui.Loading
	}
	console.LoadFIPChoices(ctx, sess.Client, sess.Info.ProjectID, func(spare []floatingips.FloatingIP, nets []networks.Network, err error) {
		if err != nil {
			s.status, s.err = ui.LoadFailed, octavia.Message(err)
			return
		}
		s.status, s.err, s.spare, s.nets = ui.Loaded, "", spare, nets
		if console.PickFIP(console.FIPChoices(spare, nets), s.pick) == nil {
			s.pick = "" // taken since: none, rather than another address than the one picked
		}
	})
}

// render is the review's floating IP field (scope: the step form's).
func (s *fipStep) render(scope goapp.EventOption) goapp.UI {
	cs := console.FIPChoices(s.spare, s.nets)
	opts := []goapp.UI{ui.Option("", "None: the VIP is reachable only from its network", s.pick == "")}
	for _, c := range cs {
		opts = append(opts, ui.Option(c.Value, c.Text, c.Value == s.pick))
	}
	return ui.ClassDivBody("field",
		goapp.Label().For(fipPickID).Text("Floating IP"),
		goapp.Select().ID(fipPickID).OnChange(func(ctx goapp.Context, e goapp.Event) { s.pick = ui.SelectValue(ctx) }, scope).Body(opts...),
		goapp.If(s.status == ui.LoadFailed, func() goapp.UI {
			return ui.ClassSpanText("st-error-text", "The floating IPs could not be read from Neutron: "+s.err)
		}),
		ui.ClassDiv("muted", "hint").Text("Associated with the VIP port once Octavia has accepted the load balancer (one more request, to Neutron)."),
	)
}

// then runs next once the floating IP picked (if any) is on the VIP port
// of lb, Octavia's answer to the create; next gets the words of a refusal
// ("" when there was none or nothing to do). UI goroutine; the write in
// ctx.Async.
func (s *fipStep) then(ctx goapp.Context, sess *tab.Session, lb octavia.Object, next func(ctx goapp.Context, fipErr string)) {
	choice := console.PickFIP(console.FIPChoices(s.spare, s.nets), s.pick)
	port := lb.Text("vip_port_id")
	if choice == nil {
		next(ctx, "")
		return
	}
	name := ui.DisplayName(lb.Text("name"), lb.Text("id"))
	if port == "" {
		next(ctx, "Load balancer "+name+" was created, but Octavia's answer names no VIP port: associate a floating IP on its page.")
		return
	}
	client, c := sess.Client, *choice
	s.pick = "" // used: the next create starts with none
	ctx.Async(func() {
		cc, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		_, why := console.AssociateFIP(cc, client, c, port)
		ctx.Dispatch(func(ctx goapp.Context) {
			if why != "" {
				why = "Load balancer " + name + " was created; its floating IP was not: " + why + " Associate one on its page."
			}
			next(ctx, why)
		})
	})
}

// created leaves the wizard for what it created: the load balancer's page
// (a tree: its status tree shows every child), else the list; or stays,
// anew, saying why the floating IP picked is not on it (fipErr). UI
// goroutine.
func (p *Page) created(ctx goapp.Context, s console.Sent, tree bool, fipErr string) {
	p.reset()
	switch {
	case fipErr != "":
		p.wr.Err = fipErr
	case tree:
		ctx.Navigate(tab.DetailPathOf(s.Op.Ref.ID)) // its status tree shows every child
	default:
		ctx.Navigate(tab.ListPath)
	}
}
