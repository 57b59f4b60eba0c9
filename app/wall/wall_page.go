package wall

import (
	"context"
	"errors"
	"net/http"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// WallPage is one wall of the server's -walls file (docs/walls.md), at
// serverapi.WallPagePath + name[/token]: its title, counts, notes and load
// balancers with their trees and timeline strips, live through the wall's
// events (wall_feed.go); in kiosk mode (?kiosk, or its button) full
// screen, large, rotating pages that do not fit (kiosk_view.go). Its
// fields are unexported: go-app copies a component's exported fields on
// update.
type WallPage struct {
	goapp.Compo

	ref     wallRef
	missing bool // the server has no such wall, or the URL names none
	status  ui.LoadStatus
	err     string // this screen's last failure to read the feed ("" = none)
	data    serverapi.Wall
	mode    string    // "live" (events) or "polling"
	lastMsg time.Time // when the last event or poll answer came
	now     time.Time // the page's clock, ticked every second
	cancel  context.CancelFunc
	session bool // the browser has a console session: notes may be pinned
	origin  string

	kiosk kioskState
	note  noteForm
	tip   struct{ lbID, text string } // the strip mark hovered or focused

	rt *tab.Runtime // the tab's (NewWallPage)
}

// NewWallPage is the configured wall page of the tab whose runtime is rt
// (its route's).
func NewWallPage(rt *tab.Runtime) *WallPage { return &WallPage{rt: rt} }

// OnNav starts following the wall the URL names, and its clock. UI
// goroutine.
func (p *WallPage) OnNav(ctx goapp.Context) {
	if goapp.IsServer {
		return
	}
	u := ctx.Page().URL()
	ref, ok := wallRefOf(u.EscapedPath())
	if p.cancel != nil {
		if ref == p.ref {
			return
		}
		p.stop()
	}
	p.ref, p.missing, p.now = ref, !ok, time.Now()
	p.data, p.err, p.mode, p.lastMsg, p.note = serverapi.Wall{}, "", "", time.Time{}, noteForm{}
	p.kiosk.on, p.kiosk.every = kioskOf(u)
	p.kiosk.began = p.now
	if !ok {
		return
	}
	boot, _ := p.rt.Startup().Boot()
	p.session = boot.Session
	c, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	p.status = ui.Loading
	p.origin = site.OriginOf(ui.WindowURL())
	origin := p.origin
	ctx.Async(func() {
		followWall(c, http.DefaultClient, origin, ref, func(w serverapi.Wall, err error, mode string) {
			p.deliver(ctx, ref, w, err, mode)
		})
	})
	ctx.Async(func() {
		for sleep(c, time.Second) {
			ctx.Dispatch(p.tick)
		}
	})
	if p.kiosk.on {
		requestFullscreen()
	}
}

// OnDismount stops the feed and the clock. UI goroutine.
func (p *WallPage) OnDismount() { p.stop() }

func (p *WallPage) stop() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
}

// deliver takes a Wall or an error of the feed of wall ref on the UI
// goroutine; a late one of a wall the page left is dropped. Any goroutine.
func (p *WallPage) deliver(ctx goapp.Context, ref wallRef, w serverapi.Wall, err error, mode string) {
	ctx.Dispatch(func(ctx goapp.Context) {
		if ref != p.ref {
			ctx.PreventUpdate()
			return
		}
		p.now = time.Now()
		ctx.Defer(func(goapp.Context) { p.showFresh() })
		if errors.Is(err, errNoWall) {
			p.missing, p.status = true, ui.Loaded
			ctx.Page().SetTitle("No such wall · " + tab.AppTitle)
			return
		}
		p.mode = mode
		if err != nil {
			if p.status != ui.Loaded {
				p.status = ui.LoadFailed
			}
			p.err = err.Error()
			return
		}
		p.lastMsg = p.now
		p.data, p.status, p.err = w, ui.Loaded, ""
		ctx.Page().SetTitle(wallTitle(w) + " · " + tab.AppTitle)
	})
}

// tick moves the page's clock and, in kiosk mode, its page; it renders
// the page only when the page turned (clock.go). UI goroutine.
func (p *WallPage) tick(ctx goapp.Context) {
	p.now = time.Now()
	p.showFresh()
	if !p.kiosk.on || !p.kiosk.turn(p.now) {
		ctx.PreventUpdate()
	}
}

// OnMount fills the clock once the page is on screen. UI goroutine.
func (p *WallPage) OnMount(ctx goapp.Context) {
	ctx.Defer(func(goapp.Context) { p.showFresh() })
}

// wallTitle is what a wall is called on screen: its title, else its name.
func wallTitle(w serverapi.Wall) string {
	if w.Title != "" {
		return w.Title
	}
	if w.Name != "" {
		return w.Name
	}
	return "Status wall"
}

// Render draws the wall: a plain notice for a wall the server does not
// have, else its head, notes and cards. UI goroutine.
func (p *WallPage) Render() goapp.UI {
	if p.missing {
		return ui.ClassDivBody("wall",
			ui.MainContent().Body(
				goapp.H1().Text("No such wall"),
				ui.IDClassDiv("wall-missing", "empty").Text("This server has no wall at this address. Ask whoever gave it to you for the wall's current URL."),
			))
	}
	classes := []string{"wall", "wall-live"}
	if p.kiosk.on {
		classes = append(classes, "wall-kiosk")
	}
	return goapp.Div().Class(classes...).OnClick(p.kioskClick).Body(
		goapp.If(!p.kiosk.on, ui.SkipLink),
		p.renderHead(),
		ui.MainContent().Body(
			goapp.If(!p.kiosk.on, func() goapp.UI { return &site.UpdateNotice{AutoReload: true} }),
			goapp.If(p.data.Error != "", func() goapp.UI {
				return ui.ClassDiv("alert", "alert-error").Text("The server's last poll of the cloud failed: " + p.data.Error)
			}),
			goapp.If(p.err != "", func() goapp.UI {
				return ui.ClassDiv("alert", "alert-error").Text("This screen could not read the wall: " + p.err)
			}),
			p.renderNotes(),
			goapp.If(p.status == ui.Loading, func() goapp.UI {
				return ui.ClassDiv("empty", "loading").Text("Connecting to the wall's feed…")
			}).ElseIf(p.status == ui.Loaded && len(p.data.LoadBalancers) == 0 && p.data.UpdatedAt != "", func() goapp.UI {
				return ui.ClassDivText("empty", "No load balancers on this wall.")
			}),
			p.renderCards(),
		))
}
