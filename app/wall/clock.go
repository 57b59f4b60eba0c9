package wall

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
)

// The wall's clock and "last update N s ago" change every second; the
// rest of the page only when an event comes (every 3 s) or a kiosk page
// turns. Rendering a wall of a thousand load balancers costs the browser
// about 300 ms (e2e's BenchmarkBrowserWallBig: rendering every second
// took 6.1 s of long tasks in 15 s, this 1.9 s), so the second's tick does
// not render: it writes these few texts into elements that go-app renders
// empty and never touches again (showFresh).

// renderClock is the clock, the freshness and the live region that says
// when the feed stalls, empty: showFresh fills them.
func renderClock() goapp.UI {
	return ui.ClassSpan("wall-clock-box").Body(
		goapp.Time().ID("wall-clock").Class("wall-clock"),
		ui.IDSpan("wall-fresh").Class("wall-fresh"),
		ui.IDSpan("wall-feed-alert").Class("sr-only").Aria("live", "assertive"),
	)
}

// showFresh writes the clock and the feed's freshness at p.now into the
// page (renderClock): red, and said once to a screen reader, when the
// feed stalled. UI goroutine.
func (p *WallPage) showFresh() {
	doc := ui.WindowGet("document")
	clock, fresh, alert := doc.Call("getElementById", "wall-clock"), doc.Call("getElementById", "wall-fresh"), doc.Call("getElementById", "wall-feed-alert")
	if !clock.Truthy() || !fresh.Truthy() || !alert.Truthy() {
		return
	}
	clock.Set("textContent", p.now.UTC().Format("15:04:05")+" UTC")
	clock.Set("dateTime", p.now.UTC().Format(time.RFC3339))
	text, stalled := freshness(p.lastMsg, p.now, p.data.Error, p.err)
	fresh.Set("textContent", text)
	fresh.Set("title", wallUpdatedText(p.data.UpdatedAt, p.mode))
	classes := fresh.Get("classList")
	classes.Call("toggle", "wall-stalled", stalled)
	classes.Call("toggle", "st-error-text", stalled)
	say := ""
	if stalled {
		say = "The wall's feed stalled: what it shows may be old."
	}
	if alert.Get("textContent").String() != say {
		alert.Set("textContent", say)
	}
}
