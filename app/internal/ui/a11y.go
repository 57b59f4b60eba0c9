package ui

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ContentID is the id of every page's main content: the target of the
// skip link. It takes the focus (tabindex -1) without being a Tab stop.
const ContentID = "content"

// SkipLink is the first Tab stop of every page: "Skip to content" moves the
// keyboard focus to the page's main content (contentID), past the header.
// It is off screen until it has the focus (web/octaview.css .skip-link).
func SkipLink() goapp.UI {
	return ClassA("skip-link").Href("#" + ContentID).OnClick(skipToContent).Text("Skip to content")
}

// skipToContent focuses the main content. It stops the click before
// go-app's own link handling, which would navigate to the fragment (and run
// every page's OnNav again) without moving the focus. UI goroutine.
func skipToContent(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	e.Call("stopPropagation")
	FocusID(ContentID)
}

// FocusID moves the keyboard focus to the element with this id, if any.
func FocusID(id string) {
	if el := goapp.Window().GetElementByID(id); el.Truthy() {
		el.Call("focus")
	}
}

// Decorative marks an image as decoration for assistive technologies (go-app
// drops an empty alt attribute, so alt="" cannot say it).
func Decorative(img goapp.HTMLImg) goapp.HTMLImg {
	return img.Attr("role", "presentation")
}

// MainContent is a page's main landmark, the target of skipLink.
func MainContent() goapp.HTMLMain {
	return goapp.Main().ID(ContentID).TabIndex(-1)
}

// ShowModal opens the <dialog> with this id as a modal dialog, once it is
// rendered: the browser moves the focus into it, keeps Tab inside it, and
// closes it on Escape (its "close" event says so). UI goroutine.
func ShowModal(ctx goapp.Context, id string) {
	ctx.Defer(func(goapp.Context) {
		if el := goapp.Window().GetElementByID(id); el.Truthy() && !el.Get("open").Bool() {
			el.Call("showModal")
		}
	})
}

// CloseDialog closes the <dialog> with this id, which fires its "close"
// event.
func CloseDialog(id string) {
	if el := goapp.Window().GetElementByID(id); el.Truthy() && el.Get("open").Bool() {
		el.Call("close")
	}
}

// focusable selects the elements of a dialog that Tab stops at.
const focusable = `a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])`

// TrapTab keeps Tab and Shift+Tab inside the element that handles this
// keydown (a modal dialog): from its last Tab stop to its first, and back.
// A modal <dialog> makes the rest of the page inert, but the browser still
// lets Tab leave the page for its own toolbar. UI goroutine.
func TrapTab(ctx goapp.Context, e goapp.Event) {
	if e.Get("key").String() != "Tab" {
		return
	}
	stops := ctx.JSSrc().Call("querySelectorAll", focusable)
	n := stops.Length()
	if n == 0 {
		return
	}
	first, last := stops.Index(0), stops.Index(n-1)
	active := WindowGet("document").Get("activeElement")
	switch back := e.Get("shiftKey").Bool(); {
	case back && (active.Equal(first) || active.Equal(ctx.JSSrc())):
		e.PreventDefault()
		last.Call("focus")
	case !back && active.Equal(last):
		e.PreventDefault()
		first.Call("focus")
	}
}
