package app_test

import (
	"fmt"

	"github.com/octaview/octaview/app"
)

// The server registers the routes and serves the app described by Handler;
// everything it names is local.
func Example() {
	app.Register()
	h := app.Handler()
	fmt.Println(h.Name)
	fmt.Println(h.Icon.Default, h.Icon.SVG)
	fmt.Println(h.Styles)
	// Output:
	// Octaview
	// /web/icon-192.png /web/icon.svg
	// [/web/octaview.css]
}
