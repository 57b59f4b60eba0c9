package section

import (
	"context"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// statusTreeCard is a load balancer's status tree (GET …/status) drawn as
// a picture, its own component. It polls no tree: its page follows the
// tree every 3 s (liveTree) and gives it each read, the same read its
// badges, properties and tables show, so the picture never disagrees with
// them. A node whose status changed at the last read flashes once. What
// the tree leaves out, the listeners' L7 policies (console.TreeL7), it
// reads again at each read of the tree it is given, so that part is never
// older than one poll either.
type statusTreeCard struct {
	goapp.Compo

	Read *tab.TreeRead // the page's last read of the tree; nil until the first
	Live tab.LiveState // the state of the page's poll

	rt      *tab.Runtime    // the tab's (the section's SectionEnv)
	l7      *console.TreeL7 // the L7 policies read with the tree; nil until the first read
	l7For   time.Time       // the tree read (its At) that l7 was read for, or is being read for
	l7Err   string          // the last L7 read's failure
	reading bool            // an L7 read runs
	mounted bool
}

func (t *statusTreeCard) OnMount(ctx goapp.Context) {
	t.mounted = true
	t.readL7(ctx)
}

func (t *statusTreeCard) OnDismount() { t.mounted = false }

// OnUpdate takes the page's new read of the tree. UI goroutine.
func (t *statusTreeCard) OnUpdate(ctx goapp.Context) { t.readL7(ctx) }

// readL7 reads the L7 policies of the tree's listeners once for each read
// of the tree (one read at a time: a read that lands finds the newest tree
// and reads again if it is newer). UI goroutine; the GETs in ctx.Async.
func (t *statusTreeCard) readL7(ctx goapp.Context) {
	r := t.Read
	if r == nil || t.reading || !r.At.After(t.l7For) || t.rt == nil {
		return
	}
	sess := t.rt.CurrentSession()
	if sess == nil || !console.L7policyRes.MayRead(sess) {
		return
	}
	t.reading, t.l7For = true, r.At
	c, tree, prev := sess.Client, r.Tree, t.l7
	ctx.Async(func() {
		began := time.Now()
		cc, cancel := context.WithTimeout(context.Background(), time.Minute)
		l7, err := console.ReadTreeL7(cc, c, tree, prev)
		cancel()
		ctx.Dispatch(func(ctx goapp.Context) {
			t.reading = false
			if !t.mounted {
				return
			}
			if err != nil {
				t.l7Err = octavia.Message(err)
			} else {
				t.l7, t.l7Err = l7, ""
				for _, ps := range l7.Policies { // how long a policy has been PENDING_* or in ERROR, as for the tree's nodes
					for _, p := range ps {
						tab.NoteStatus(sess, p.Text("id"), p.Text("provisioning_status"), p.Text("operating_status"), began)
					}
				}
			}
			t.readL7(ctx) // a newer tree came meanwhile
		})
	})
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
