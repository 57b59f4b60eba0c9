package app

import "testing"

// TestHTMLStringAttributes (Octaview patch, node.go's encodeHTMLAttribute):
// the server writes each attribute as the browser holds it once go-app
// mounted the element: values HTML-escaped (a Go-quoted `\"` did not end
// an HTML attribute: a hostile title opened attributes of its own),
// booleans present only when true, other values written as they are.
func TestHTMLStringAttributes(t *testing.T) {
	for _, tt := range []struct {
		name string
		ui   UI
		want string
	}{
		{"hostile title", Td().Title(`x" onmouseover=alert(1) y="<`).Text("a <b>"), `<td title="x&#34; onmouseover=alert(1) y=&#34;&lt;">a &lt;b&gt;</td>`},
		{"false boolean dropped", Option().Value("a").Selected(false).Text("A"), `<option value="a">A</option>`},
		{"false boolean dropped, true kept", Button().Disabled(false).Hidden(true).Text("B"), `<button hidden>B</button>`},
		{"true boolean bare", Input().Disabled(true), `<input disabled>`},
		{"boolean set as a property of another name", Input().ReadOnly(true), `<input readonly>`},
		{"aria true written", Div().Aria("hidden", true), `<div aria-hidden="true"></div>`},
		{"true written", Div().Attr("inert", true), `<div inert="true"></div>`},
		{"Go escapes are not HTML's", A().Title("tab\there é").Text("é"), "<a title=\"tab\there é\">é</a>"},
		{"ampersand", A().Href("/pools?a=1&b=2"), `<a href="/pools?a=1&amp;b=2"></a>`},
		{"empty id left out", Div().ID(""), `<div></div>`},
		{"value", Input().Value("v"), `<input value="v">`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := HTMLString(tt.ui); got != tt.want {
				t.Errorf("HTMLString = %s, want %s", got, tt.want)
			}
		})
	}
}
