package ui

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

const svgNS = "http://www.w3.org/2000/svg"

// SvgEl makes an SVG element: go-app creates it with createElementNS only
// when the element itself carries the namespace, so every one does.
func SvgEl(tag string) goapp.HTMLElem {
	return goapp.Elem(tag).XMLNS(svgNS)
}
