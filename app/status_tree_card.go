package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// statusTreeCard is a load balancer's status tree (GET …/status) drawn as
// a picture, its own component: it reads the tree through the shared poll
// of trees (treeHub, which the waits of fully populated creates read too),
// follows it every 3 s while anything in it is pending, and reads it again
// when its load balancer changes (LBState). The page gives it nothing but
// the load balancer.
type statusTreeCard struct {
	goapp.Compo

	LBID    string
	LBState string // objState of the load balancer, as the page last read it

	readFor string // the LBID/LBState the tree was last read for
	tree    octavia.StatusLoadBalancer
	status  loadStatus
	err     string
	pollErr string
	stop    func()
	uctx    goapp.Context
}

func (t *statusTreeCard) OnMount(ctx goapp.Context) { t.uctx = ctx; t.sync() }
func (t *statusTreeCard) OnUpdate(ctx goapp.Context) {
	t.uctx = ctx
	t.sync()
}
func (t *statusTreeCard) OnDismount() { t.leave() }

// sync follows the tree's shared poll when the load balancer is not the
// one (or not in the state) it was read for. UI goroutine.
func (t *statusTreeCard) sync() {
	sess := currentSession()
	key := t.LBID + "|" + t.LBState
	if sess == nil || key == t.readFor {
		return
	}
	t.readFor = key
	t.leave()
	if t.status != loaded {
		t.status = loading
	}
	ctx, id := t.uctx, t.LBID
	t.stop = watchTree(sess, id, func(u waiters.Update[*octavia.StatusTree]) {
		ctx.Dispatch(func(goapp.Context) {
			if t.stop == nil || id != t.LBID {
				return
			}
			t.take(u)
		})
	})
}

// take shows a poll of the tree, and leaves the poll once nothing in the
// tree is pending. UI goroutine.
func (t *statusTreeCard) take(u waiters.Update[*octavia.StatusTree]) {
	switch {
	case u.Err != nil && t.status == loaded:
		t.pollErr = octavia.Message(u.Err)
	case u.Err != nil:
		t.status, t.err = loadFailed, octavia.Message(u.Err)
		t.leave()
	case u.Value != nil:
		t.tree, t.status, t.pollErr = u.Value.LoadBalancer, loaded, ""
		if !t.tree.Pending() {
			t.leave()
		}
	}
}

func (t *statusTreeCard) leave() {
	if t.stop != nil {
		t.stop()
		t.stop = nil
	}
}

func (t *statusTreeCard) Render() goapp.UI {
	var body goapp.UI
	switch t.status {
	case loaded:
		body = renderStatusTree(t.tree, true)
	case loadFailed:
		body = goapp.Div().ID("tree-error").Class("alert", "alert-error").Text("The status tree could not be read: " + t.err)
	default:
		body = goapp.Div().Class("empty", "loading").Text("Reading the status tree…")
	}
	return goapp.Section().Class("card").Body(
		goapp.Div().Class("card-head").Body(
			goapp.H2().Text("Status tree"),
			goapp.Div().Class("spacer"),
			goapp.If(t.stop != nil && t.status == loaded, func() goapp.UI {
				return goapp.Span().ID("tree-live").Class("live").Title("Polled every 3 s while anything in it is pending").Text("live · every 3 s")
			}),
			goapp.If(t.pollErr != "", func() goapp.UI {
				return goapp.Span().Class("st-error-text").Text("Last poll failed: " + t.pollErr)
			}),
		),
		body,
		goapp.If(t.status == loaded, renderTreeLegend),
	)
}
