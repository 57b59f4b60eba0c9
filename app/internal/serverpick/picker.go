package serverpick

import (
	"context"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// pollEvery is how often a shown picker reads the servers again: a page is
// never older than one poll.
const pollEvery = 3 * time.Second

// readTimeout bounds one read of the servers and their ports.
const readTimeout = 30 * time.Second

// Picker is a member form's server picker: which subnet it lists
// addresses on, the servers last read, and the poll that reads them. A
// component holds one (a field of its own, never exported) and calls Watch
// when the subnet is known or changes, Stop when the form goes (its
// OnDismount, or another form). Every method runs on the UI goroutine.
type Picker struct {
	absent  bool // the catalog has no compute service: no picker
	subnet  string
	servers []octavia.ServerOnSubnet
	read    bool // servers is an answer for subnet
	err     string
	stop    context.CancelFunc
}

// Watch reads the project's servers with their addresses on subnet now and
// every 3 s until Stop (or a Watch of another subnet). A client whose
// catalog has no compute service makes the picker absent. UI goroutine; the
// reads in ctx.Async, their answers taken in ctx.Dispatch.
func (p *Picker) Watch(ctx goapp.Context, client *octavia.Client, subnet string) {
	if client == nil || !client.Compute().Available() {
		p.Stop()
		p.absent = true
		return
	}
	p.absent = false
	if subnet == p.subnet && (p.stop != nil || subnet == "") {
		return
	}
	p.Stop()
	p.subnet, p.servers, p.read, p.err = subnet, nil, false, ""
	if subnet == "" {
		return
	}
	c, cancel := context.WithCancel(context.Background())
	p.stop = cancel
	ctx.Async(func() {
		for {
			rc, done := context.WithTimeout(c, readTimeout)
			servers, err := client.Compute().ServersOnSubnet(rc, subnet)
			done()
			if c.Err() != nil {
				return
			}
			ctx.Dispatch(func(goapp.Context) {
				if c.Err() != nil || p.subnet != subnet {
					return // stopped, or another subnet since
				}
				if err != nil {
					p.err = octavia.Message(err)
					return
				}
				p.servers, p.read, p.err = servers, true, ""
			})
			select {
			case <-c.Done():
				return
			case <-time.After(pollEvery):
			}
		}
	})
}

// Stop ends the poll (the servers read stay shown until the next Watch).
func (p *Picker) Stop() {
	if p.stop != nil {
		p.stop()
		p.stop = nil
	}
}

// IsServerName reports whether name is one of the servers' names: a
// member's name a pick filled in, which another pick may replace.
func (p *Picker) IsServerName(name string) bool {
	for _, s := range p.servers {
		if s.Name == name {
			return true
		}
	}
	return false
}

// Subnet is the subnet the picker lists addresses on ("" = none yet).
func (p *Picker) Subnet() string { return p.subnet }

// View is how a form shows its picker.
type View struct {
	ID         string // the <select>'s DOM id
	SubnetName string // the subnet listed, as the form names it
	Waiting    string // what makes the subnet known, while it is not
	Current    string // the member's address: its option is selected
	Effect     string // what a pick does, in words
	// Pick gets the choice made; its handler has the event options Scope
	// (a list's EventScope).
	Pick  func(ctx goapp.Context, c Choice)
	Scope []goapp.EventOption
}

// Render is the picker as a labelled <select> drawn as v says; nil when
// the catalog has no compute service.
func (p *Picker) Render(v View) goapp.UI {
	if p.absent {
		return nil
	}
	id, subnetName, current, pick := v.ID, v.SubnetName, v.Current, v.Pick
	hint := "The project's servers (Nova) with their address on " + subnetName + ". " + v.Effect
	selected := ""
	for _, o := range Options(p.servers, subnetName) {
		if _, addr, _ := strings.Cut(o.Value, " "); !o.Disabled && addr == current && selected == "" {
			selected = o.Value
		}
	}
	opts := []goapp.UI{ui.Option("", "— Pick a server —", selected == "")}
	var status goapp.UI
	switch {
	case p.subnet == "":
		hint = v.Waiting
	case p.err != "" && !p.read:
		status = ui.IDClassDiv(id+"-error", "alert", "alert-error").Text("The servers could not be read: " + p.err + " Type the address instead.")
	case p.err != "":
		status = ui.IDClassDiv(id+"-error", "alert", "alert-error").Text("The servers could not be read again: " + p.err +
			" The list is from the last read; check an address before you use it.")
	case !p.read:
		opts = append(opts, goapp.Option().Value("(reading)").Disabled(true).Text("Reading the servers…"))
	case len(p.servers) == 0:
		opts = append(opts, goapp.Option().Value("(none)").Disabled(true).Text("The project has no servers."))
	}
	for _, o := range Options(p.servers, subnetName) {
		if o.Disabled {
			opts = append(opts, goapp.Option().Value("(no address)").Disabled(true).Class("pick-disabled").Text(o.Label))
			continue
		}
		opt := ui.Option(o.Value, o.Label, selected == o.Value)
		if o.Shutoff {
			opt = opt.Class("pick-shutoff")
		}
		opts = append(opts, opt)
	}
	sel := goapp.Select().ID(id).Aria("describedby", id+"-hint").Disabled(p.subnet == "").Body(opts...).
		OnChange(func(ctx goapp.Context, e goapp.Event) {
			v := ui.SelectValue(ctx)
			c, ok := Pick(p.servers, p.subnet, v)
			if !ok {
				ctx.JSSrc().Set("selectedIndex", 0) // not an address on the subnet: back to "Pick a server"
				return
			}
			pick(ctx, c)
		}, v.Scope...)
	return ui.ClassDivBody("server-pick",
		ui.Field(id, "Pick from the project's servers", sel),
		ui.IDClassDiv(id+"-hint", "muted", "hint").Text(hint),
		status,
	)
}
