//go:build js && wasm

package main

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "github.com/octaview/octaview/app"
)

func main() {
	ui.Register()
	ui.Boot()
	goapp.RunWhenOnBrowser()
}
