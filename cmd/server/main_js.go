//go:build js && wasm

package main

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "github.com/octaview/octaview/app"
)

func main() {
	// the start's performance marks (docs/startup.md): Go's runtime and
	// package init ran before this one, the first page after it
	goapp.Window().Get("performance").Call("mark", "octaview:main")
	ui.Register().Boot()
	// Boot may have waited (a served session's restore), and app.js's
	// "octaview:go-started" then came before go-app ran; from this mark
	// on, go-app runs: it renders the first page and takes over the
	// served one before any script runs again.
	goapp.Window().Get("performance").Call("mark", "octaview:go-app")
	goapp.RunWhenOnBrowser()
}
