package section

import (
	"context"
	"sync/atomic"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// statusTreeCard is a load balancer's status tree (GET …/status) drawn as
// a picture, its own component. It polls no tree: its page follows the
// tree every 3 s (liveTree) and gives it each read, the same read its
// badges, properties and tables show, so the picture never disagrees with
// them. A node whose status changed at the last read flashes once. What
// the tree leaves out, the listeners' L7 policies (console.TreeL7), it
// reads every 3 s while it is shown (followL7), so that part is never
// older than one poll either.
type statusTreeCard struct {
	goapp.Compo

	Read *tab.TreeRead // the page's last read of the tree; nil until the first
	Live tab.LiveState // the state of the page's poll

	rt     *tab.Runtime    // the tab's (the section's SectionEnv)
	l7     *console.TreeL7 // the L7 policies of the tree's listeners; nil until the first read
	l7Err  string          // the last L7 read's failure
	l7LB   string          // the load balancer whose L7 policies are followed
	tree   *atomic.Pointer[octavia.StatusLoadBalancer]
	stopL7 func()
}

func (t *statusTreeCard) OnMount(ctx goapp.Context) { t.followL7(ctx) }

func (t *statusTreeCard) OnDismount() { t.leaveL7() }

// OnUpdate takes the page's new read of the tree. UI goroutine.
func (t *statusTreeCard) OnUpdate(ctx goapp.Context) { t.followL7(ctx) }

// followL7 keeps the L7 read on the tree's load balancer: a poll every 3 s
// (a Hub of the card's own, whose reads the browser's other tabs share,
// as they share the tree's), each read of the listeners of the newest
// tree the page has. UI goroutine; the poll's answers land through ctx.
func (t *statusTreeCard) followL7(ctx goapp.Context) {
	r := t.Read
	if r == nil || t.rt == nil {
		return
	}
	if t.tree != nil {
		tree := r.Tree
		t.tree.Store(&tree)
	}
	if t.stopL7 != nil && t.l7LB == r.Tree.ID {
		return
	}
	t.leaveL7()
	sess := t.rt.CurrentSession()
	if sess == nil || !console.L7policyRes.MayRead(sess) {
		return
	}
	tree := r.Tree
	latest := &atomic.Pointer[octavia.StatusLoadBalancer]{}
	latest.Store(&tree)
	t.tree, t.l7LB, t.l7, t.l7Err = latest, r.Tree.ID, nil, ""
	c := sess.Client
	var prev *console.TreeL7 // the loop's last read (only the loop's goroutine touches it)
	hub := waiters.NewHub[*console.TreeL7](waiters.DefaultInterval)
	key := tab.HubKey(sess, tab.LBRef(r.Tree.ID))
	stop := hub.Subscribe(key, tab.SharedHubFetch(sess, "l7", hub, key, func(cc context.Context) (*console.TreeL7, error) {
		l7, err := console.ReadTreeL7(cc, c, *latest.Load(), prev)
		if err == nil {
			prev = l7
		}
		return l7, err
	}), func(u waiters.Update[*console.TreeL7]) {
		ctx.Dispatch(func(goapp.Context) {
			if t.tree != latest {
				return // left since
			}
			if u.Err != nil {
				t.l7Err = octavia.Message(u.Err)
				return
			}
			t.l7, t.l7Err = u.Value, ""
			at := u.Start
			if at.IsZero() {
				at = time.Now()
			}
			for _, ps := range u.Value.Policies { // how long a policy has been PENDING_* or in ERROR, as for the tree's nodes
				for _, p := range ps {
					tab.NoteStatus(sess, p.Text("id"), p.Text("provisioning_status"), p.Text("operating_status"), at)
				}
			}
		})
	})
	t.stopL7 = stop
}

// leaveL7 ends the L7 poll. UI goroutine.
func (t *statusTreeCard) leaveL7() {
	if t.stopL7 != nil {
		t.stopL7()
		t.stopL7 = nil
	}
	t.tree = nil
}

func (t *statusTreeCard) Render() goapp.UI {
	var body goapp.UI
	switch {
	case t.Read != nil:
		body = console.RenderStatusTreeRead(t.Read, t.l7, t.rt.CurrentSession())
	case t.Live.Err != "":
		body = ui.IDClassDiv("tree-error", "alert", "alert-error").Text("The status tree could not be read: " + t.Live.Err)
	default:
		body = ui.ClassDiv("empty", "loading").Text("Reading the status tree…")
	}
	return goapp.Section().Class("card").Body(
		ui.ClassDivBody("card-head",
			goapp.H2().Text("Status tree"),
			ui.ClassDiv("spacer"),
			tab.RenderLive("tree-live", t.Live, "The status tree")),

		body,
		goapp.If(t.l7Err != "", func() goapp.UI {
			return ui.IDClassDiv("tree-l7-error", "st-error-text").Text("The L7 policies could not be read: " + t.l7Err)
		}),
		goapp.If(t.Read != nil, console.RenderTreeLegend),
		goapp.If(t.Read != nil, func() goapp.UI { return console.RenderTreeL7Legend(t.l7) }),
	)
}
