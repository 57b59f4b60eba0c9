package wall

import (
	"slices"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
)

// kioskState is a wall's kiosk mode: on or not, how long a page shows,
// when rotation began, the pages as last measured (kioskPages) and the
// page shown.
type kioskState struct {
	on     bool
	every  time.Duration
	began  time.Time
	starts []int
	page   int
}

// turn measures the cards on screen (the grid's height is the page's),
// splits them into pages and shows the page due at now, scrolling the grid
// to its first card; it reports whether the page or the pages changed
// (the wall must render). UI goroutine.
func (k *kioskState) turn(now time.Time) bool {
	doc := ui.WindowGet("document")
	grid := doc.Call("getElementById", "wall-grid")
	if !grid.Truthy() {
		return false
	}
	cards := grid.Call("querySelectorAll", ".wall-card")
	n := cards.Length()
	boxes := make([]box, n)
	for i := range n {
		c := cards.Index(i)
		top := c.Get("offsetTop").Float()
		boxes[i] = box{Top: top, Bottom: top + c.Get("offsetHeight").Float()}
	}
	starts := kioskPages(boxes, grid.Get("clientHeight").Float())
	changed := !slices.Equal(starts, k.starts)
	k.starts = starts // the rotation goes on: a card grown by a row does not send it back to page 1
	page := kioskPageAt(len(starts), now.Sub(k.began), k.every)
	changed = changed || page != k.page
	k.page = page
	top := 0.0
	if first := starts[k.page]; first < n {
		top = boxes[first].Top
	}
	grid.Set("scrollTop", top)
	return changed
}

// renderKioskButton is the button that enters kiosk mode or, in it, the
// small one that leaves it.
func (p *WallPage) renderKioskButton() goapp.UI {
	if p.kiosk.on {
		return ui.TypedButton("wall-kiosk-exit", "button").Class("btn", "btn-small", "wall-kiosk-exit").
			OnClick(p.exitKiosk).Text("Exit kiosk")
	}
	return ui.TypedButton("wall-kiosk", "button").Class("btn").OnClick(p.enterKiosk).Text("Kiosk mode")
}

// enterKiosk goes full screen (where the browser allows it) with large
// type and rotating pages, and says so in the URL (?kiosk), so a reload
// stays in kiosk mode. UI goroutine.
func (p *WallPage) enterKiosk(ctx goapp.Context, e goapp.Event) {
	p.kiosk.on, p.kiosk.began, p.kiosk.starts, p.kiosk.page = true, time.Now(), nil, 0
	requestFullscreen()
	setKioskQuery(true)
}

// exitKiosk leaves kiosk mode and full screen. UI goroutine.
func (p *WallPage) exitKiosk(ctx goapp.Context, e goapp.Event) {
	p.kiosk.on = false
	if doc := ui.WindowGet("document"); doc.Get("fullscreenElement").Truthy() {
		catchRejection(doc.Call("exitFullscreen"))
	}
	setKioskQuery(false)
	ui.FocusID("wall-kiosk")
}

// kioskClick asks for full screen again at a click on a kiosk that is not
// (a URL's ?kiosk alone may not: the browser wants a gesture). UI
// goroutine.
func (p *WallPage) kioskClick(ctx goapp.Context, e goapp.Event) {
	if p.kiosk.on && !ui.WindowGet("document").Get("fullscreenElement").Truthy() {
		requestFullscreen()
	}
}

// requestFullscreen asks the browser for full screen; a refusal (no user
// gesture, a policy) leaves the page as it is. UI goroutine.
func requestFullscreen() {
	el := ui.WindowGet("document").Get("documentElement")
	if !el.Get("requestFullscreen").Truthy() {
		return
	}
	catchRejection(el.Call("requestFullscreen"))
}

// catchRejection swallows promise's rejection, which would otherwise be
// reported as uncaught (its handler is released once the promise settles).
func catchRejection(promise goapp.Value) {
	if !promise.Truthy() || !promise.Get("then").Truthy() {
		return
	}
	var f goapp.Func
	f = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		f.Release()
		return nil
	})
	promise.Call("then", f, f)
}

// setKioskQuery adds ?kiosk to the page's URL, or takes it away, without
// a navigation. UI goroutine.
func setKioskQuery(on bool) {
	u := ui.WindowURL()
	q := u.Query()
	if on == q.Has("kiosk") {
		return
	}
	if on {
		q.Set("kiosk", "")
	} else {
		q.Del("kiosk")
	}
	u.RawQuery = q.Encode()
	ui.WindowGet("history").Call("replaceState", nil, "", u.String())
}
