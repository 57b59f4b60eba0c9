package ui

import (
	"net/url"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Elements that many pages build alike. Each is one call where its builder
// chain would be several: in Go's wasm every call site of a chain costs
// code, so a shape repeated across the pages is built here once. The
// markup is the chain's, attribute for attribute.

// AlertError is an error announced as it appears: <div id class="alert
// alert-error" aria-live="assertive">text</div>.
func AlertError(id, text string) goapp.HTMLDiv {
	return goapp.Div().ID(id).Class("alert", "alert-error").Aria("live", "assertive").Text(text)
}

// The most frequent first links of the pages' chains: an element with its
// classes (goapp.Div().Class(…)) or its id (goapp.Button().ID(…)), one call
// each at the ~380 places that start a chain so.

func ClassDiv(classes ...string) goapp.HTMLDiv   { return goapp.Div().Class(classes...) }
func ClassSpan(classes ...string) goapp.HTMLSpan { return goapp.Span().Class(classes...) }
func ClassP(classes ...string) goapp.HTMLP       { return goapp.P().Class(classes...) }
func ClassTd(classes ...string) goapp.HTMLTd     { return goapp.Td().Class(classes...) }
func ClassA(classes ...string) goapp.HTMLA       { return goapp.A().Class(classes...) }

func IDDiv(id string) goapp.HTMLDiv       { return goapp.Div().ID(id) }
func IDSpan(id string) goapp.HTMLSpan     { return goapp.Span().ID(id) }
func IDP(id string) goapp.HTMLP           { return goapp.P().ID(id) }
func IDButton(id string) goapp.HTMLButton { return goapp.Button().ID(id) }
func IDInput(id string) goapp.HTMLInput   { return goapp.Input().ID(id) }

// ClassDivBody is goapp.Div().Class(class).Body(body...), at ~70 places.
func ClassDivBody(class string, body ...goapp.UI) goapp.HTMLDiv {
	return goapp.Div().Class(class).Body(body...)
}

// ClassSpanText is goapp.Span().Class(class).Text(text), at ~30 places;
// classDivText, classTdText and classPText the same for a div, td and p.
func ClassSpanText(class string, text any) goapp.HTMLSpan {
	return goapp.Span().Class(class).Text(text)
}
func ClassDivText(class string, text any) goapp.HTMLDiv { return goapp.Div().Class(class).Text(text) }
func ClassTdText(class string, text any) goapp.HTMLTd   { return goapp.Td().Class(class).Text(text) }
func ClassPText(class string, text any) goapp.HTMLP     { return goapp.P().Class(class).Text(text) }

// WindowURL is goapp.Window().URL(); windowGet is goapp.Window().Get(name).
func WindowURL() *url.URL               { return goapp.Window().URL() }
func WindowGet(name string) goapp.Value { return goapp.Window().Get(name) }

// TypedButton is goapp.Button().ID(id).Type(typ) ("button", "submit").
func TypedButton(id, typ string) goapp.HTMLButton { return goapp.Button().ID(id).Type(typ) }

// IDClassDiv is goapp.Div().ID(id).Class(classes...).
func IDClassDiv(id string, classes ...string) goapp.HTMLDiv {
	return goapp.Div().ID(id).Class(classes...)
}

// RangeSlice is goapp.Range(src).Slice(f).
func RangeSlice(src any, f func(int) goapp.UI) goapp.RangeLoop { return goapp.Range(src).Slice(f) }
