// Command handlers is test data for e2e's TestBrowserEventHandlerOfLatestRender:
// a go-app page whose buttons get, at each render, a handler made by one
// helper (record) for the page's current form, "A" then "B". The helper is
// never inlined, so every handler it returns is a closure of the same code
// that differs only by what it captured: stock go-app v10.1.11 compares the
// code (eventHandler.Equal) and keeps the first render's handler; the patched
// copy (third_party/go-app, PATCH.md) runs the latest render's.
//
// Built twice: GOOS=js GOARCH=wasm gives app.wasm (handlers_js.go runs it),
// the native build serves it (handlers_server.go). Never shipped.
package main

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// page is the one page. #act is served and hydrated; #late appears only once
// the app runs (OnMount), so go-app mounts it: both mounting paths. #passive
// is #late with a passive listener.
type page struct {
	app.Compo
	form   string // what the buttons act on: "A", then "B" after #switch
	got    string // the form the last click acted on
	clicks int    // how many clicks the buttons took
	ready  bool
}

func (p *page) OnMount(ctx app.Context) { p.ready = true }

func (p *page) Render() app.UI {
	body := []app.UI{
		app.Button().ID("act").Text("act on " + p.form).OnClick(record(p, p.form)),
		app.Button().ID("switch").Text("switch to B").OnClick(p.toB),
		app.P().ID("got").Text(p.got),
		app.P().ID("clicks").Text(strconv.Itoa(p.clicks)),
	}
	if p.ready {
		body = append(body,
			app.Button().ID("late").Text("late act on "+p.form).OnClick(record(p, p.form)),
			app.Button().ID("passive").Text("passive act on "+p.form).OnClick(record(p, p.form), app.PassiveEvent()),
			app.P().ID("ready").Text("ready "+p.form),
		)
	}
	return app.Main().Body(body...)
}

func (p *page) toB(ctx app.Context, e app.Event) { p.form = "B" }

// record is the handler that notes a click on form: one closure code for
// every form, as a helper (func onInput(field string) app.EventHandler) makes.
//
//go:noinline
func record(p *page, form string) app.EventHandler {
	return func(ctx app.Context, e app.Event) { p.got, p.clicks = form, p.clicks+1 }
}

func route() { app.Route("/", func() app.Composer { return &page{form: "A"} }) }
