package app

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// Elements that many pages build alike. Each is one call where its builder
// chain would be several: in Go's wasm every call site of a chain costs
// code, so a shape repeated across the pages is built here once. The
// markup is the chain's, attribute for attribute.

// alertError is an error announced as it appears: <div id class="alert
// alert-error" aria-live="assertive">text</div>.
func alertError(id, text string) goapp.HTMLDiv {
	return goapp.Div().ID(id).Class("alert", "alert-error").Aria("live", "assertive").Text(text)
}
