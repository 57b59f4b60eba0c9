package export

import (
	"context"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	code "github.com/octaview/octaview/export"
)

// readTimeout bounds one read of a load balancer's tree.
const readTimeout = time.Minute

// Panel is "Export as code": a modal dialog with one tab per format
// (Formats), each showing the tree as that format's code, with Copy and
// Download. It is not a go-app component but a part of the page that
// holds it (a field of the detail or wizard page, drawn by Render), so its
// state lives in that page and nothing is copied between renders.
//
// On a load balancer's page (OpenLoadBalancer) it reads the tree afresh
// when it opens and on Refresh (export.Fetch, with the tab's client, in
// ctx.Async: reads only, so it works in read-only mode too) and says when
// it read it; a failed read says why and keeps the code last read. In the
// wizard's review (OpenPlan) it writes what is about to be created
// (export.FromCreateBody), on every render, with no request at all.
//
// Its methods run on the UI goroutine; the answers land through the
// context of the page that opened it (its OnNav's), so a read outlives
// the button that asked for it.
type Panel struct {
	opener string // the id of the button that opened it: the focus goes back there
	open   bool
	cur    int // the tab shown: an index of Formats

	plan func() (code.Tree, error) // the wizard's: what is about to be created; nil for a load balancer

	sess   *tab.Session
	lbID   string
	status ui.LoadStatus
	tree   code.Tree
	at     time.Time // when tree was read (its read began); zero before the first
	err    string    // why the last read failed
	seq    int       // reads asked for: an answer to an older one is dropped
	texts  []written // tree written in each format, as asked (the detail page renders every 3 s)

	said string        // the last Copy's or Download's outcome, announced
	uctx goapp.Context // the opening page's own context
}

// DialogID is the panel's modal <dialog>.
const DialogID = "export-dialog"

// OpenLoadBalancer opens the panel on load balancer id, read with sess's
// client, from the button whose element id is opener. ctx is the page's
// own (OnNav's). UI goroutine.
func (p *Panel) OpenLoadBalancer(ctx goapp.Context, sess *tab.Session, id, opener string) {
	if p.plan != nil || p.lbID != id || p.sess != sess {
		*p = Panel{cur: p.cur}
	}
	p.sess, p.lbID = sess, id
	p.show(ctx, opener)
	p.read()
}

// OpenPlan opens the panel on what plan says is about to be created, from
// the button whose element id is opener; plan runs on every render. UI
// goroutine.
func (p *Panel) OpenPlan(ctx goapp.Context, plan func() (code.Tree, error), opener string) {
	*p = Panel{cur: p.cur, plan: plan}
	p.show(ctx, opener)
}

// Close closes the panel (its dialog's close event ends it): the page
// goes away or shows another object. UI goroutine.
func (p *Panel) Close() {
	if p.open {
		ui.CloseDialog(DialogID)
	}
	p.open = false
	p.seq++ // a read under way lands nowhere
}

// show opens the dialog once it is rendered. UI goroutine.
func (p *Panel) show(ctx goapp.Context, opener string) {
	p.uctx, p.opener, p.open, p.said = ctx, opener, true, ""
	ui.ShowModal(ctx, DialogID)
}

// closed takes the dialog's close (its Close button, Escape): the focus
// goes back to the button that opened it. UI goroutine.
func (p *Panel) closed(ctx goapp.Context) {
	p.open, p.said = false, ""
	p.seq++
	opener := p.opener
	ctx.Defer(func(goapp.Context) { ui.FocusID(opener) })
}

// read reads the load balancer's tree, in ctx.Async; its answer replaces
// the tree shown, or says why it failed and keeps it. UI goroutine.
func (p *Panel) read() {
	p.seq++
	seq, client, id := p.seq, p.sess.Client, p.lbID
	p.status, p.said = ui.Loading, ""
	started := time.Now()
	p.uctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), readTimeout)
		defer cancel()
		t, err := code.Fetch(c, client, id)
		p.uctx.Dispatch(func(goapp.Context) {
			if seq != p.seq {
				return // closed, or read again since
			}
			if err != nil {
				p.status, p.err = ui.LoadFailed, ReadError(err, p.at)
				return
			}
			p.status, p.err, p.tree, p.at, p.texts = ui.Loaded, "", t, started, nil
		})
	})
}

// shown is the tree the panel writes and whether there is one: the plan's
// now, or the last read of the load balancer's.
func (p *Panel) shown() (code.Tree, bool, error) {
	if p.plan != nil {
		t, err := p.plan()
		return t, err == nil, err
	}
	return p.tree, !p.at.IsZero(), nil
}

// written is a tree written in one format: its code, or why there is none.
type written struct {
	text string
	err  error
	done bool
}

// text is the tree shown written in format i (a load balancer's, written
// once per read).
func (p *Panel) text(t code.Tree, i int) (string, error) {
	fs := Formats()
	if p.plan != nil {
		return fs[i].Write(t)
	}
	if p.texts == nil {
		p.texts = make([]written, len(fs))
	}
	if w := &p.texts[i]; !w.done {
		w.text, w.err = fs[i].Write(t)
		w.done = true
	}
	return p.texts[i].text, p.texts[i].err
}

// fileName is the name format f's Download gives t's code: its load
// balancer's name, else its id (an existing one's: a plan's is made up).
func fileName(t code.Tree, f Format) string {
	lb, id := t.LoadBalancer, ""
	if t.Existing {
		id = lb.Text("id")
	}
	return FileName(lb.Text("name"), id, f.Ext)
}
