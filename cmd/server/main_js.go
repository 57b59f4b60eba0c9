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
	goapp.RunWhenOnBrowser()
}
