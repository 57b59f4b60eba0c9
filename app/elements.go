package app

import (
	"net/url"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Elements that many pages build alike. Each is one call where its builder
// chain would be several: in Go's wasm every call site of a chain costs
// code, so a shape repeated across the pages is built here once. The
// markup is the chain's, attribute for attribute.

// alertError is an error announced as it appears: <div id class="alert
// alert-error" aria-live="assertive">text</div>.
func alertError(id, text string) goapp.HTMLDiv {
	return goapp.Div().ID(id).Class("alert", "alert-error").Aria("live", "assertive").Text(text)
}

// The most frequent first links of the pages' chains: an element with its
// classes (goapp.Div().Class(…)) or its id (goapp.Button().ID(…)), one call
// each at the ~380 places that start a chain so.

func classDiv(classes ...string) goapp.HTMLDiv   { return goapp.Div().Class(classes...) }
func classSpan(classes ...string) goapp.HTMLSpan { return goapp.Span().Class(classes...) }
func classP(classes ...string) goapp.HTMLP       { return goapp.P().Class(classes...) }
func classTd(classes ...string) goapp.HTMLTd     { return goapp.Td().Class(classes...) }
func classA(classes ...string) goapp.HTMLA       { return goapp.A().Class(classes...) }

func idDiv(id string) goapp.HTMLDiv       { return goapp.Div().ID(id) }
func idSpan(id string) goapp.HTMLSpan     { return goapp.Span().ID(id) }
func idP(id string) goapp.HTMLP           { return goapp.P().ID(id) }
func idButton(id string) goapp.HTMLButton { return goapp.Button().ID(id) }
func idInput(id string) goapp.HTMLInput   { return goapp.Input().ID(id) }

// classDivBody is goapp.Div().Class(class).Body(body...), at ~70 places.
func classDivBody(class string, body ...goapp.UI) goapp.HTMLDiv {
	return goapp.Div().Class(class).Body(body...)
}

// classSpanText is goapp.Span().Class(class).Text(text), at ~30 places;
// classDivText, classTdText and classPText the same for a div, td and p.
func classSpanText(class string, text any) goapp.HTMLSpan {
	return goapp.Span().Class(class).Text(text)
}
func classDivText(class string, text any) goapp.HTMLDiv { return goapp.Div().Class(class).Text(text) }
func classTdText(class string, text any) goapp.HTMLTd   { return goapp.Td().Class(class).Text(text) }
func classPText(class string, text any) goapp.HTMLP     { return goapp.P().Class(class).Text(text) }

// windowURL is goapp.Window().URL(); windowGet is goapp.Window().Get(name).
func windowURL() *url.URL               { return goapp.Window().URL() }
func windowGet(name string) goapp.Value { return goapp.Window().Get(name) }

// typedButton is goapp.Button().ID(id).Type(typ) ("button", "submit").
func typedButton(id, typ string) goapp.HTMLButton { return goapp.Button().ID(id).Type(typ) }

// idClassDiv is goapp.Div().ID(id).Class(classes...).
func idClassDiv(id string, classes ...string) goapp.HTMLDiv {
	return goapp.Div().ID(id).Class(classes...)
}

// rangeSlice is goapp.Range(src).Slice(f).
func rangeSlice(src any, f func(int) goapp.UI) goapp.RangeLoop { return goapp.Range(src).Slice(f) }
