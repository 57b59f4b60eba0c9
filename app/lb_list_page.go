package app

import (
	"context"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// listHub is the one poller of load balancer lists: every view of a
// project's list shares one paged list poll per 3 s (not one per row).
var listHub = waiters.NewHub[[]loadbalancers.LoadBalancer](waiters.DefaultInterval)

// listKey is the listHub key of a project's load balancer list.
func listKey(projectID string) string { return "loadbalancers/" + projectID }

// fetchList reads every page of the project's load balancers through the
// client's streaming pager (which follows next links on our own endpoint,
// whatever host they name). Blocks: call it off the UI goroutine.
func fetchList(c *octavia.Client) func(ctx context.Context) ([]loadbalancers.LoadBalancer, error) {
	return func(ctx context.Context) ([]loadbalancers.LoadBalancer, error) {
		return octavia.Collect(c.LoadBalancers(ctx, loadbalancers.ListOpts{}))
	}
}

// listBatch is how many streamed load balancers are shown at a time while
// the first load runs.
const listBatch = 200

// rowsShown is how many rows the table renders at first, and how many more
// each "Show more" adds: the count, the search and the poll cover them all.
const rowsShown = 250

// lbListPage lists the project's load balancers; rows in PENDING_* follow
// the shared list poll until nothing is pending.
type lbListPage struct {
	goapp.Compo

	sess   *session
	status loadStatus
	err    string
	lbs    []loadbalancers.LoadBalancer
	query  string
	limit  int // rows rendered; 0 = rowsShown
	ops    []operation

	cancelLoad context.CancelFunc
	stopPoll   func()
	polls      int
	pollErr    string
	lastPoll   time.Time
}

func (p *lbListPage) OnNav(ctx goapp.Context) {
	if p.sess = requireSession(ctx); p.sess == nil {
		return
	}
	p.ops = operations.snapshot()
	ctx.ObserveState(stateOperations, &p.ops).OnChange(func() { p.syncPoll(ctx) })
	p.load(ctx)
}

func (p *lbListPage) OnDismount() {
	if p.cancelLoad != nil {
		p.cancelLoad()
		p.cancelLoad = nil
	}
	p.stopPolling()
}

// load streams every page of the list, showing rows as they come.
func (p *lbListPage) load(ctx goapp.Context) {
	if p.cancelLoad != nil {
		p.cancelLoad()
	}
	c, cancel := context.WithCancel(context.Background())
	p.cancelLoad = cancel
	p.status, p.err = loading, ""
	client := p.sess.Client
	ctx.Async(func() {
		var all []loadbalancers.LoadBalancer
		for lb, err := range client.LoadBalancers(c, loadbalancers.ListOpts{}) {
			if err != nil {
				if c.Err() != nil {
					return
				}
				ctx.Dispatch(func(ctx goapp.Context) { p.status, p.err = loadFailed, octavia.Message(err) })
				return
			}
			all = append(all, lb)
			if len(all)%listBatch == 0 {
				batch := append([]loadbalancers.LoadBalancer(nil), all...)
				ctx.Dispatch(func(ctx goapp.Context) { p.setRows(batch) })
			}
		}
		ctx.Dispatch(func(ctx goapp.Context) {
			p.setRows(all)
			p.status = loaded
			p.syncPoll(ctx)
		})
	})
}

func (p *lbListPage) setRows(lbs []loadbalancers.LoadBalancer) {
	sortLoadBalancers(lbs)
	p.lbs = lbs
}

// waitingOps reports whether an operation of this project still waits.
func (p *lbListPage) waitingOps() bool {
	for _, op := range p.ops {
		if op.State == opWaiting && op.ProjectID == p.sess.Info.ProjectID {
			return true
		}
	}
	return false
}

// syncPoll joins the shared list poll while a row is pending or an
// operation waits, and leaves it otherwise. UI goroutine.
func (p *lbListPage) syncPoll(ctx goapp.Context) {
	if p.sess == nil || p.status != loaded {
		return
	}
	want := anyPending(p.lbs) || p.waitingOps() || len(opRows(p.ops, p.lbs, p.sess.Info.ProjectID)) > 0
	switch {
	case want && p.stopPoll == nil:
		p.stopPoll = listHub.Subscribe(listKey(p.sess.Info.ProjectID), fetchList(p.sess.Client), func(u waiters.Update[[]loadbalancers.LoadBalancer]) {
			ctx.Dispatch(func(ctx goapp.Context) {
				if p.stopPoll == nil {
					return
				}
				p.polls++
				p.lastPoll = time.Now()
				if u.Err != nil {
					p.pollErr = octavia.Message(u.Err)
					return
				}
				p.pollErr = ""
				p.setRows(u.Value)
				p.syncPoll(ctx)
			})
		})
	case !want && p.stopPoll != nil:
		p.stopPolling()
	}
}

func (p *lbListPage) stopPolling() {
	if p.stopPoll != nil {
		p.stopPoll()
		p.stopPoll = nil
	}
}

// opRows are rows for load balancers that an operation of this project
// just created and that the list has not shown yet: a new load balancer
// appears at once, before the next list poll.
func opRows(ops []operation, lbs []loadbalancers.LoadBalancer, projectID string) []loadbalancers.LoadBalancer {
	seen := make(map[string]bool, len(lbs))
	for _, lb := range lbs {
		seen[lb.ID] = true
	}
	var out []loadbalancers.LoadBalancer
	for _, op := range ops {
		if op.Kind != opCreate || op.State != opWaiting || op.ProjectID != projectID || seen[op.LBID] {
			continue
		}
		out = append(out, loadbalancers.LoadBalancer{ID: op.LBID, Name: op.LBName, VipAddress: op.VIPAddress,
			ProvisioningStatus: op.Status, OperatingStatus: string(octavia.OperatingOffline), CreatedAt: op.StartedAt})
	}
	return out
}

func (p *lbListPage) Render() goapp.UI {
	readOnly := p.sess == nil || p.sess.ReadOnly
	var rows []loadbalancers.LoadBalancer
	if p.sess != nil {
		rows = append(opRows(p.ops, p.lbs, p.sess.Info.ProjectID), p.lbs...)
	}
	shown := filterLoadBalancers(rows, p.query)
	active, pending, failed, _ := countByStatus(rows)
	return &shell{
		Nav:   navList,
		Title: "Load balancers",
		Actions: goapp.Div().Class("head-actions").Body(
			goapp.Input().ID("lb-search").Type("search").Class("search").Placeholder("Search by name").
				Aria("label", "Search load balancers by name").Value(p.query).OnInput(p.ValueTo(&p.query)),
			goapp.Button().ID("lb-refresh").Class("btn").Disabled(p.status == loading).
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.load(ctx) }).Text("Refresh"),
			goapp.If(!readOnly, func() goapp.UI {
				return goapp.A().ID("lb-create").Class("btn", "btn-primary").Href(createPath).Text("Create load balancer")
			}),
		),
		Content: []goapp.UI{
			goapp.Div().Class("summary").Body(
				goapp.Span().ID("lb-count").Textf("%d load balancers", len(rows)),
				goapp.Span().Class("sum-item", "st-ok-text").Textf("%d active", active),
				goapp.If(pending > 0, func() goapp.UI { return goapp.Span().Class("sum-item", "st-pending-text").Textf("%d pending", pending) }),
				goapp.If(failed > 0, func() goapp.UI { return goapp.Span().Class("sum-item", "st-error-text").Textf("%d in error", failed) }),
				goapp.If(p.query != "", func() goapp.UI {
					return goapp.Span().Class("sum-item").Textf("%d match the search", len(shown))
				}),
				goapp.Div().Class("spacer"),
				goapp.If(p.stopPoll != nil, func() goapp.UI {
					return goapp.Span().ID("live").Class("live").Title("One list poll every 3 s while a row is pending").Text("live · every 3 s")
				}),
				goapp.If(p.pollErr != "", func() goapp.UI {
					return goapp.Span().Class("st-error-text").Text("Last poll failed: " + p.pollErr)
				}),
			),
			p.renderBody(shown, len(rows)),
		},
	}
}

func (p *lbListPage) renderBody(shown []loadbalancers.LoadBalancer, total int) goapp.UI {
	switch {
	case p.status == loadFailed:
		return goapp.Div().ID("lb-error").Class("alert", "alert-error").Body(
			goapp.Strong().Text("The load balancers could not be listed. "),
			goapp.Text(p.err),
		)
	case (p.status == loading || p.status == neverLoaded) && total == 0:
		return goapp.Div().ID("lb-loading").Class("empty", "loading").Text("Loading load balancers…")
	case total == 0:
		return goapp.Div().ID("lb-empty").Class("empty").Body(
			goapp.P().Class("empty-title").Text("This project has no load balancers yet."),
			goapp.P().Class("muted").Text("A load balancer spreads traffic over a pool of members behind one virtual IP (VIP)."),
			goapp.If(p.sess != nil && !p.sess.ReadOnly, func() goapp.UI {
				return goapp.A().Class("btn", "btn-primary").Href(createPath).Text("Create the first load balancer")
			}),
		)
	case len(shown) == 0:
		return goapp.Div().ID("lb-nomatch").Class("empty").Body(
			goapp.P().Class("empty-title").Text("No load balancer name matches this search."),
			goapp.Button().Class("btn").OnClick(func(ctx goapp.Context, e goapp.Event) { p.query = "" }).Text("Clear the search"),
		)
	}
	now := time.Now()
	limit := p.limit
	if limit == 0 {
		limit = rowsShown
	}
	hidden := 0
	if len(shown) > limit {
		shown, hidden = shown[:limit], len(shown)-limit
	}
	return goapp.Div().Class("table-wrap").Body(
		goapp.Table().ID("lb-table").Class("table").Body(
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Text("Name"),
				goapp.Th().Text("VIP address"),
				goapp.Th().Text("Provisioning"),
				goapp.Th().Text("Operating"),
				goapp.Th().Text("Provider"),
				goapp.Th().Text("Created (UTC)"),
				goapp.Th().Text("ID"),
			)),
			goapp.TBody().Body(goapp.Range(shown).Slice(func(i int) goapp.UI {
				lb := shown[i]
				return goapp.Tr().Class("lb-row").DataSet("id", lb.ID).DataSet("status", lb.ProvisioningStatus).Body(
					goapp.Td().Class("name").Body(goapp.A().Href(detailPathOf(lb.ID)).Text(displayName(lb.Name, lb.ID))),
					goapp.Td().Class("mono").Text(orDash(lb.VipAddress)),
					goapp.Td().Body(badge(lb.ProvisioningStatus)),
					goapp.Td().Body(badge(lb.OperatingStatus)),
					goapp.Td().Text(orDash(lb.Provider)),
					goapp.Td().Class("nowrap").Title("%s", formatAgo(lb.CreatedAt, now)).Text(formatTime(lb.CreatedAt)),
					goapp.Td().Class("mono", "muted", "id").Title("%s", lb.ID).Text(shorten(lb.ID, 13)),
				)
			})),
		),
		goapp.If(hidden > 0, func() goapp.UI {
			return goapp.Div().ID("lb-more").Class("more").Body(
				goapp.Span().Textf("%d more not shown: search by name, or ", hidden),
				goapp.Button().Class("btn", "btn-small").OnClick(func(ctx goapp.Context, e goapp.Event) { p.limit = limit + rowsShown }).
					Textf("show %d more", min(hidden, rowsShown)),
			)
		}),
	)
}
