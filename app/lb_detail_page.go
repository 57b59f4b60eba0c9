package app

import (
	"context"
	"strings"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// detail is what the detail page shows of a load balancer: its properties
// and its status tree, fetched together.
type detail struct {
	LB   *loadbalancers.LoadBalancer
	Tree octavia.StatusLoadBalancer
}

// fetchTree reads a load balancer's status tree (health monitors
// included). Blocks.
func fetchTree(c *octavia.Client, id string) func(ctx context.Context) (octavia.StatusLoadBalancer, error) {
	return func(ctx context.Context) (octavia.StatusLoadBalancer, error) {
		t, err := c.LoadBalancerStatusTree(ctx, id)
		if err != nil {
			return octavia.StatusLoadBalancer{}, err
		}
		return t.LoadBalancer, nil
	}
}

// lbDetailPage shows one load balancer: properties, the status tree drawn
// as a picture (live while anything in it is pending), and delete.
type lbDetailPage struct {
	goapp.Compo

	sess     *session
	id       string
	status   loadStatus
	err      string
	gone     bool
	d        detail
	stopPoll func()
	polls    int
	pollErr  string
	treeDue  bool // read the status tree with the next answer of the poll
	treeBusy bool // a read of the status tree is in flight: no second one beside it

	confirming bool
	cascade    bool
	deleting   bool
	deleteErr  string
}

func (p *lbDetailPage) OnNav(ctx goapp.Context) {
	if p.sess = requireSession(ctx); p.sess == nil {
		return
	}
	id := strings.TrimPrefix(ctx.Page().URL().Path, detailRoot)
	if id != p.id {
		p.stopPolling()
		p.id, p.d, p.gone, p.confirming, p.deleteErr = id, detail{}, false, false, ""
		p.status, p.treeBusy = neverLoaded, false
	}
	p.load(ctx)
}

func (p *lbDetailPage) OnDismount() { p.stopPolling() }

// load reads the load balancer through its shared poll (lbHub): a fresh GET,
// or the latest answer of a poll that already runs for it (an operation
// wait, another view), then its status tree. UI goroutine.
func (p *lbDetailPage) load(ctx goapp.Context) {
	if p.stopPoll != nil {
		return // the poll runs: its next answer refreshes the page
	}
	if p.status != loaded {
		p.status, p.err = loading, ""
	}
	p.treeDue = true
	p.watch(ctx)
}

// watch joins the shared poll of this load balancer; syncPoll leaves it
// once nothing is pending. UI goroutine.
func (p *lbDetailPage) watch(ctx goapp.Context) {
	id := p.id
	p.stopPoll = watchLB(p.sess, id, func(u waiters.Update[*loadbalancers.LoadBalancer]) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if p.stopPoll == nil || id != p.id {
				return
			}
			p.polls++
			p.applyLB(ctx, u.Value, u.Err)
		})
	})
}

// applyLB takes a poll of the load balancer. The status tree is read again
// only when it may have changed: a new visit of the page, a status of the
// load balancer changed, or something in the tree is still pending. UI
// goroutine.
func (p *lbDetailPage) applyLB(ctx goapp.Context, lb *loadbalancers.LoadBalancer, err error) {
	if err != nil || lb == nil {
		p.fail(err)
		return
	}
	needTree := p.treeDue || p.status != loaded || lbChanged(p.d.LB, lb) || p.d.Tree.Pending()
	p.d.LB, p.pollErr, p.treeDue = lb, "", false
	if !needTree {
		p.syncPoll()
		return
	}
	if p.treeBusy { // one read at a time, in order: the next poll reads it again
		p.treeDue = true
		return
	}
	p.treeBusy = true
	id, fetch := p.id, fetchTree(p.sess.Client, p.id)
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		t, err := fetch(c)
		ctx.Dispatch(func(ctx goapp.Context) {
			if id != p.id {
				return
			}
			p.treeBusy = false
			if err != nil {
				p.fail(err)
				return
			}
			p.d.Tree, p.status, p.pollErr = t, loaded, ""
			p.syncPoll()
		})
	})
}

// fail takes a failed read: 404 means gone; before the first load the page
// shows the error, afterwards the poll goes on and says its last one failed.
func (p *lbDetailPage) fail(err error) {
	switch {
	case octavia.ErrorCodeOf(err) == octavia.ENOTFOUND:
		p.gone, p.status = true, loaded
		p.stopPolling()
	case p.status == loaded:
		p.pollErr = octavia.Message(err)
	default:
		p.status, p.err = loadFailed, octavia.Message(err)
		p.stopPolling()
	}
}

// lbChanged reports whether a poll shows a load balancer in another state
// than before (nil before: changed).
func lbChanged(was, now *loadbalancers.LoadBalancer) bool {
	return was == nil || was.ProvisioningStatus != now.ProvisioningStatus ||
		was.OperatingStatus != now.OperatingStatus || !was.UpdatedAt.Equal(now.UpdatedAt)
}

// pending reports whether the load balancer or anything under it is pending.
func (d detail) pending() bool {
	return d.LB != nil && isPending(d.LB.ProvisioningStatus) || d.Tree.Pending()
}

// syncPoll leaves the shared poll once nothing in the load balancer is
// pending (and it is loaded). UI goroutine.
func (p *lbDetailPage) syncPoll() {
	if p.status == loaded && (!p.d.pending() || p.gone) {
		p.stopPolling()
	}
}

func (p *lbDetailPage) stopPolling() {
	if p.stopPoll != nil {
		p.stopPoll()
		p.stopPoll = nil
	}
}

// hasChildren reports whether Octavia would refuse a delete without cascade.
func hasChildren(lb *loadbalancers.LoadBalancer) bool {
	return lb != nil && (len(lb.Listeners) > 0 || len(lb.Pools) > 0)
}

// deleteDialogID is the delete confirmation's modal <dialog>.
const deleteDialogID = "delete-confirm"

func (p *lbDetailPage) askDelete(ctx goapp.Context, e goapp.Event) {
	p.confirming, p.deleteErr = true, ""
	p.cascade = hasChildren(p.d.LB)
	showModal(ctx, deleteDialogID)
}

// dialogClosed takes the close of the delete dialog (Keep it, Escape): the
// focus goes back to the Delete button that opened it. UI goroutine.
func (p *lbDetailPage) dialogClosed(ctx goapp.Context, e goapp.Event) {
	p.confirming = false
	ctx.Defer(func(goapp.Context) { focusID("lb-delete") })
}

func (p *lbDetailPage) confirmDelete(ctx goapp.Context, e goapp.Event) {
	lb := p.d.LB
	if lb == nil || p.deleting {
		return
	}
	p.deleting, p.deleteErr = true, ""
	sess, cascade := p.sess, p.cascade && hasChildren(lb)
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		acc, err := sess.Client.DeleteLoadBalancer(c, lb.ID, cascade)
		ctx.Dispatch(func(ctx goapp.Context) {
			p.deleting = false
			if err != nil {
				p.deleteErr = writeErrorText(err, lb.ProvisioningStatus)
				return
			}
			p.confirming = false
			operations.startDelete(ctx, sess, lb, cascade, acc)
			ctx.Navigate(listPath)
		})
	})
}

func (p *lbDetailPage) Render() goapp.UI {
	title := "Load balancer"
	if lb := p.d.LB; lb != nil {
		title = "Load balancer " + displayName(lb.Name, lb.ID)
	}
	readOnly := p.sess == nil || p.sess.ReadOnly
	return &shell{
		Nav:   navList,
		Title: title,
		Actions: goapp.Div().Class("head-actions").Body(
			goapp.A().Class("btn", "btn-ghost").Href(listPath).Text("← All load balancers"),
			goapp.If(!readOnly && p.d.LB != nil && !p.gone, func() goapp.UI {
				return goapp.Button().ID("lb-delete").Class("btn", "btn-danger").OnClick(p.askDelete).Text("Delete…")
			}),
		),
		Content: []goapp.UI{p.renderBody()},
	}
}

func (p *lbDetailPage) renderBody() goapp.UI {
	switch {
	case p.gone:
		return goapp.Div().ID("lb-gone").Class("empty").Body(
			goapp.P().Class("empty-title").Text("This load balancer does not exist (any more): Octavia answers 404."),
			goapp.A().Class("btn").Href(listPath).Text("Back to the list"),
		)
	case p.status == loadFailed:
		return goapp.Div().ID("lb-error").Class("alert", "alert-error").Body(
			goapp.Strong().Text("The load balancer could not be read. "), goapp.Text(p.err),
		)
	case p.d.LB == nil || p.status != loaded: // the tree comes after the load balancer
		return goapp.Div().Class("empty", "loading").Text("Loading the load balancer…")
	}
	lb := p.d.LB
	return goapp.Div().Class("detail").Body(
		goapp.If(p.confirming, p.renderConfirm),
		goapp.Section().Class("card").Body(
			goapp.H2().Text("Properties"),
			goapp.Dl().ID("lb-props").Class("props").Body(
				prop("Name", goapp.Text(displayName(lb.Name, lb.ID))),
				prop("ID", goapp.Span().Class("mono").Text(lb.ID)),
				prop("Description", goapp.Text(orDash(lb.Description))),
				prop("Provisioning status", badge(lb.ProvisioningStatus)),
				prop("Operating status", badge(lb.OperatingStatus)),
				prop("VIP address", goapp.Span().Class("mono").Text(orDash(lb.VipAddress))),
				prop("VIP subnet", goapp.Span().Class("mono").Text(orDash(lb.VipSubnetID))),
				prop("VIP network", goapp.Span().Class("mono").Text(orDash(lb.VipNetworkID))),
				prop("VIP port", goapp.Span().Class("mono").Text(orDash(lb.VipPortID))),
				prop("Provider", goapp.Text(orDash(lb.Provider))),
				prop("Flavor", goapp.Span().Class("mono").Text(orDash(lb.FlavorID))),
				prop("Availability zone", goapp.Text(orDash(lb.AvailabilityZone))),
				prop("Admin state", goapp.Text(map[bool]string{true: "up", false: "down"}[lb.AdminStateUp])),
				prop("Listeners / pools", goapp.Textf("%d / %d", len(lb.Listeners), len(lb.Pools))),
				prop("Tags", goapp.Text(orDash(strings.Join(lb.Tags, ", ")))),
				prop("Created (UTC)", goapp.Text(formatTime(lb.CreatedAt))),
				prop("Updated (UTC)", goapp.Text(formatTime(lb.UpdatedAt))),
				prop("Project", goapp.Span().Class("mono").Text(orDash(lb.ProjectID))),
			),
		),
		goapp.Section().Class("card").Body(
			goapp.Div().Class("card-head").Body(
				goapp.H2().Text("Status tree"),
				goapp.Div().Class("spacer"),
				goapp.If(p.stopPoll != nil, func() goapp.UI {
					return goapp.Span().ID("tree-live").Class("live").Title("Polled every 3 s while anything in it is pending").Text("live · every 3 s")
				}),
				goapp.If(p.pollErr != "", func() goapp.UI {
					return goapp.Span().Class("st-error-text").Text("Last poll failed: " + p.pollErr)
				}),
			),
			renderStatusTree(p.d.Tree),
			renderTreeLegend(),
		),
		goapp.Section().Class("card").Body(goapp.H2().Text("Live stats"), &statsPanel{Kind: octavia.KindLoadBalancer, ID: lb.ID}),
	)
}

func (p *lbDetailPage) renderConfirm() goapp.UI {
	lb := p.d.LB
	children := hasChildren(lb)
	return goapp.Dialog().ID(deleteDialogID).Class("card", "confirm").Aria("labelledby", "delete-title").
		On("close", p.dialogClosed).OnKeyDown(trapTab).Body(
		goapp.H2().ID("delete-title").Text("Delete this load balancer?"),
		goapp.P().Body(
			goapp.Text("Load balancer "),
			goapp.Strong().Text(displayName(lb.Name, lb.ID)),
			goapp.Textf(" (VIP %s) will be deleted. This cannot be undone.", orDash(lb.VipAddress)),
		),
		goapp.If(children, func() goapp.UI {
			return goapp.Div().Class("cascade").Body(
				goapp.P().Textf("It has %d listeners and %d pools. Octavia refuses to delete a load balancer that has children, unless the delete cascades.", len(lb.Listeners), len(lb.Pools)),
				goapp.Label().Class("check").Body(
					goapp.Input().ID("delete-cascade").Type("checkbox").Checked(p.cascade).
						OnChange(func(ctx goapp.Context, e goapp.Event) { p.cascade = ctx.JSSrc().Get("checked").Bool() }),
					goapp.Text(" Cascade: also delete its listeners, pools, members and health monitors"),
				),
			)
		}),
		goapp.If(p.deleteErr != "", func() goapp.UI {
			return goapp.Div().ID("delete-error").Class("alert", "alert-error").Aria("live", "assertive").Text(p.deleteErr)
		}),
		goapp.Div().Class("confirm-actions").Body(
			goapp.Button().ID("delete-confirm-btn").Class("btn", "btn-danger").
				Disabled(p.deleting || (children && !p.cascade)).OnClick(p.confirmDelete).
				Text(map[bool]string{true: "Deleting…", false: "Delete"}[p.deleting]),
			goapp.Button().ID("delete-keep").Class("btn", "btn-ghost").OnClick(func(ctx goapp.Context, e goapp.Event) { closeDialog(deleteDialogID) }).Text("Keep it"),
		),
	)
}

func prop(label string, value goapp.UI) goapp.UI {
	return goapp.Div().Class("prop").Body(goapp.Dt().Text(label), goapp.Dd().Body(value))
}
