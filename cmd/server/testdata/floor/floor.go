// Command floor is the floor of Octaview's stack, for `make bench`
// (cmd/server's BenchmarkStartup): the smallest go-app v10 program whose text
// appears only once its wasm runs. go-app's server pre-renders pages, so the
// text is set in OnMount (which runs in the browser only): a text in the
// pre-rendered HTML would measure the server, not the app. It is test data,
// never shipped.
//
// The mandated stack calls OpenStack through gophercloud, which rides on
// net/http (fetch in the browser): the floor links net/http's client too (a
// button fetches the page again), as any console on this stack must; it
// never sends a request by itself.
//
// Built twice, as the console is: GOOS=js GOARCH=wasm gives app.wasm (floor_js.go
// runs it), the native build serves it (floor_server.go).
package main

import (
	"net/http"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// readyText is what the page shows once the wasm runs.
const readyText = "floor ready"

// floor is the one page: empty until mounted in the browser.
type floor struct {
	app.Compo
	text   string
	status string
}

func (f *floor) OnMount(ctx app.Context) { f.text = readyText }

func (f *floor) Render() app.UI {
	return app.Main().Body(
		app.P().ID("floor").Text(f.text),
		app.Button().ID("fetch").Text("Fetch").OnClick(f.fetch),
		app.P().ID("status").Text(f.status),
	)
}

// fetch GETs the page with net/http, as gophercloud would: never called at start.
func (f *floor) fetch(ctx app.Context, e app.Event) {
	url := app.Window().URL().String()
	ctx.Async(func() {
		status := ""
		resp, err := http.Get(url)
		if err != nil {
			status = err.Error()
		} else {
			status = resp.Status
			resp.Body.Close()
		}
		ctx.Dispatch(func(ctx app.Context) { f.status = status })
	})
}

func route() { app.Route("/", func() app.Composer { return &floor{} }) }
