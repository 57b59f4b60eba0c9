package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestOptionValues: every choice of a <select> carries a value attribute,
// the empty one included, and reads back as it was given: go-app leaves
// out an empty value attribute, and the browser then takes the option's
// text ("Any status") as its value.
func TestOptionValues(t *testing.T) {
	if html := goapp.HTMLString(goapp.Option().Value("").Text("Any status")); strings.Contains(html, "value=") {
		t.Logf("go-app now writes an empty value attribute (%s): noChoice may go", html)
	}
	for _, tt := range []struct{ name, value, text string }{
		{"empty choice", "", "Any status"},
		{"dash", "", "—"},
		{"a status class", "st-error", "Error"},
		{"an id", "5bd4e5c0-0d5f-4a8c-9c1e-1d2a4f8b9e10", "web"},
		{"an index", "0", "pool-1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			html := goapp.HTMLString(Option(tt.value, tt.text, true))
			dom := attrValue(html, "value")
			if dom == "" {
				t.Fatalf("%s: no value attribute: the browser would read %q", html, tt.text)
			}
			if got := choiceValue(dom); got != tt.value {
				t.Errorf("value %q reads back %q, want %q", dom, got, tt.value)
			}
		})
	}
}

// attrValue is the value of attribute name in the first tag of html.
func attrValue(html, name string) string {
	_, rest, ok := strings.Cut(html, " "+name+"=\"")
	if !ok {
		return ""
	}
	v, _, _ := strings.Cut(rest, "\"")
	return v
}

// TestEveryOptionThroughOption: the console makes its <option>s only with
// option (a go-app Option with an empty Value has no value at all).
func TestEveryOptionThroughOption(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "options.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "goapp.Option()") {
			t.Errorf("%s makes an <option> without option(): its empty choice would have no value", f)
		}
	}
}
