package app

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
)

// subnetChoice is a VIP subnet as the picker offers it.
type subnetChoice struct {
	ID, Label string
}

// subnetChoices labels subnets for the VIP picker — "name — CIDR (network
// name)" — sorted by label; a subnet without a name shows its id.
func subnetChoices(subs []subnets.Subnet, nets []networks.Network) []subnetChoice {
	netName := make(map[string]string, len(nets))
	for _, n := range nets {
		netName[n.ID] = n.Name
	}
	out := make([]subnetChoice, 0, len(subs))
	for _, s := range subs {
		label := displayName(s.Name, s.ID) + " — " + s.CIDR
		if n := netName[s.NetworkID]; n != "" {
			label += " (network " + n + ")"
		}
		out = append(out, subnetChoice{ID: s.ID, Label: label})
	}
	slices.SortStableFunc(out, func(a, b subnetChoice) int {
		return strings.Compare(strings.ToLower(a.Label), strings.ToLower(b.Label))
	})
	return out
}

// createWritten says in words what a create writes, for its wait item.
func createWritten(name, description, subnetLabel string) string {
	s := fmt.Sprintf("POST load balancer name %q", name)
	if description != "" {
		s += fmt.Sprintf(", description %q", description)
	}
	return s + ", VIP subnet " + subnetLabel
}

// lbCreatePage creates a load balancer: name, description and a VIP subnet
// picked from Neutron's subnets by name and CIDR.
type lbCreatePage struct {
	goapp.Compo

	sess *session

	name, description, subnetID string

	subnets    []subnetChoice
	subStatus  loadStatus
	subErr     string
	submitting bool
	err        string
}

func (p *lbCreatePage) OnNav(ctx goapp.Context) {
	if p.sess = requireSession(ctx); p.sess == nil {
		return
	}
	if p.sess.ReadOnly {
		ctx.Navigate(listPath)
		return
	}
	p.loadSubnets(ctx)
}

func (p *lbCreatePage) loadSubnets(ctx goapp.Context) {
	p.subStatus, p.subErr = loading, ""
	client := p.sess.Client
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		subs, err := octavia.Collect(client.Subnets(c, subnets.ListOpts{}))
		var nets []networks.Network
		if err == nil {
			// Network names only label the choices: without them the picker still works.
			nets, _ = octavia.Collect(client.Networks(c, networks.ListOpts{}))
		}
		ctx.Dispatch(func(ctx goapp.Context) {
			if err != nil {
				p.subStatus, p.subErr = loadFailed, octavia.Message(err)
				return
			}
			p.subnets, p.subStatus = subnetChoices(subs, nets), loaded
			if p.subnetID == "" && len(p.subnets) > 0 {
				p.subnetID = p.subnets[0].ID
			}
		})
	})
}

func (p *lbCreatePage) submit(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	if p.submitting {
		return
	}
	name := strings.TrimSpace(p.name)
	label := ""
	for _, s := range p.subnets {
		if s.ID == p.subnetID {
			label = s.Label
		}
	}
	switch {
	case name == "":
		p.err = "Give the load balancer a name."
		return
	case label == "":
		p.err = "Pick the subnet its VIP (virtual IP) will live on."
		return
	}
	p.submitting, p.err = true, ""
	sess := p.sess
	opts := loadbalancers.CreateOpts{Name: name, Description: p.description, VipSubnetID: p.subnetID}
	written := createWritten(name, p.description, label)
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		lb, acc, err := sess.Client.CreateLoadBalancer(c, opts)
		ctx.Dispatch(func(ctx goapp.Context) {
			p.submitting = false
			if err != nil {
				p.err = writeErrorText(err, "")
				return
			}
			operations.start(ctx, sess, operation{Kind: opCreate, Wait: waitActive, Ref: lbRef(lb.ID), Name: lb.Name,
				VIPAddress: lb.VipAddress, Written: written, Status: lb.ProvisioningStatus}, acc)
			ctx.Navigate(listPath)
		})
	})
}

func (p *lbCreatePage) Render() goapp.UI {
	return &shell{
		Nav:   navCreate,
		Title: "Create a load balancer",
		Content: []goapp.UI{
			goapp.Form().ID("create-form").Class("form", "card", "form-narrow").OnSubmit(p.submit).Body(
				field("create-name", "Name", goapp.Input().ID("create-name").Required(true).MaxLength(255).
					Placeholder("e.g. web-frontend").Value(p.name).OnInput(p.ValueTo(&p.name))),
				field("create-description", "Description (optional)", goapp.Input().ID("create-description").MaxLength(255).
					Value(p.description).OnInput(p.ValueTo(&p.description))),
				field("create-subnet", "VIP subnet", p.renderSubnets()),
				goapp.P().Class("muted", "hint").Text("The VIP (virtual IP) is taken from this subnet; clients reach the load balancer on it."),
				goapp.If(p.err != "", func() goapp.UI {
					return goapp.Div().ID("create-error").Class("alert", "alert-error").Text(p.err)
				}),
				goapp.Div().Class("confirm-actions").Body(
					goapp.Button().ID("create-submit").Type("submit").Class("btn", "btn-primary").
						Disabled(p.submitting || p.subStatus != loaded).
						Text(map[bool]string{true: "Creating…", false: "Create"}[p.submitting]),
					goapp.A().Class("btn", "btn-ghost").Href(listPath).Text("Cancel"),
				),
			),
		},
	}
}

func (p *lbCreatePage) renderSubnets() goapp.UI {
	switch p.subStatus {
	case loadFailed:
		return goapp.Div().ID("subnet-error").Class("alert", "alert-error").Body(
			goapp.Text("Neutron's subnets could not be listed: "+p.subErr+" "),
			goapp.Button().Type("button").Class("btn", "btn-small").OnClick(func(ctx goapp.Context, e goapp.Event) { p.loadSubnets(ctx) }).Text("Try again"),
		)
	case loaded:
		if len(p.subnets) == 0 {
			return goapp.Div().Class("alert", "alert-info").Text("Neutron lists no subnet for this project: a VIP needs one.")
		}
		return goapp.Select().ID("create-subnet").OnChange(p.ValueTo(&p.subnetID)).Body(
			goapp.Range(p.subnets).Slice(func(i int) goapp.UI {
				s := p.subnets[i]
				return goapp.Option().Value(s.ID).Selected(s.ID == p.subnetID).Text(s.Label)
			}),
		)
	}
	return goapp.Div().Class("muted").Text("Loading subnets…")
}
