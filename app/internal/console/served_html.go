//go:build !js

package console

import (
	"errors"
	"html"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ServedHTML is the HTML of ui as the browser's DOM holds it once go-app
// mounted it: go-app's own encoding (goapp.HTMLString, v10.1.11), whose
// attribute values are Go-quoted (strconv.Quote: a `"` becomes `\"`,
// which HTML does not read as an escape, so a hostile name in a title
// would open an attribute of its own) and whose false boolean attributes
// are written as disabled="false" (which HTML reads as disabled), parsed
// and written again: each value HTML-escaped, each boolean attribute
// present only when true (as go-app sets it in the browser: a property).
// Text is go-app's, HTML-escaped already. Anything else in go-app's output
// (a raw element, a comment) is an error: nothing is served that was not
// parsed.
func ServedHTML(ui goapp.UI) (string, error) {
	return ReencodeHTML(goapp.HTMLString(ui))
}

// booleanAttrs are the attributes go-app sets as boolean properties in the
// browser (setJSAttribute, v10.1.11).
var booleanAttrs = map[string]bool{
	"async": true, "autofocus": true, "autoplay": true, "checked": true, "default": true, "defer": true,
	"disabled": true, "hidden": true, "loop": true, "multiple": true, "muted": true, "open": true,
	"required": true, "reversed": true, "selected": true, "ismap": true, "readonly": true,
}

var errGoappHTML = errors.New("go-app's HTML is not as expected")

// ReencodeHTML writes go-app's encoding s again (see servedHTML).
func ReencodeHTML(s string) (string, error) {
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	for s != "" {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		s = s[i:]
		if strings.HasPrefix(s, "</") {
			n := nameLen(s[2:], false)
			if n == 0 || len(s) <= 2+n || s[2+n] != '>' {
				return "", errGoappHTML
			}
			b.WriteString(s[:3+n])
			s = s[3+n:]
			continue
		}
		n := nameLen(s[1:], false)
		if n == 0 {
			return "", errGoappHTML
		}
		b.WriteString(s[:1+n])
		s = s[1+n:]
		for {
			if s == "" {
				return "", errGoappHTML
			}
			if s[0] == '>' {
				b.WriteByte('>')
				s = s[1:]
				break
			}
			if s[0] != ' ' {
				return "", errGoappHTML
			}
			n := nameLen(s[1:], true)
			if n == 0 {
				return "", errGoappHTML
			}
			// go-app writes an attribute of value "" or "true" bare: a
			// boolean's is true; an aria-* one's "true" (aria-hidden);
			// any other's "" (an empty value, alt="")
			name := s[1 : 1+n]
			value := ""
			if strings.HasPrefix(name, "aria-") {
				value = "true"
			}
			s = s[1+n:]
			if strings.HasPrefix(s, "=") {
				if !strings.HasPrefix(s, `="`) { // strconv.Quote's, not a rune or raw literal
					return "", errGoappHTML
				}
				q, err := strconv.QuotedPrefix(s[1:])
				if err != nil {
					return "", errGoappHTML
				}
				if value, err = strconv.Unquote(q); err != nil {
					return "", errGoappHTML
				}
				s = s[1+len(q):]
			}
			if booleanAttrs[name] {
				if on, _ := strconv.ParseBool(value); on || value == "" {
					b.WriteString(" " + name)
				}
				continue
			}
			b.WriteString(" " + name + `="` + html.EscapeString(value) + `"`)
		}
	}
	return b.String(), nil
}

// nameLen is the length of the tag (attr false) or attribute name at the
// start of s.
func nameLen(s string, attr bool) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-':
		case attr && (c == '_' || c == ':' || c == '.'):
		default:
			return i
		}
	}
	return len(s)
}
