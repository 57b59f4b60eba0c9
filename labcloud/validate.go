package labcloud

import (
	"maps"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// What Octavia's API layer (pecan + wsme) checks before a controller runs,
// with its answers, as measured against a real Octavia (Zed):
//
//   - the body's media type: none, application/json or text/javascript
//     is JSON; a form is "Unknown argument"; anything else is 415;
//   - bytes that are not UTF-8: webob's empty 400;
//   - the attribute types of the body: see wsmeTypes.

// checkMediaType answers as Octavia does for a request body that is not
// JSON. The media type is compared as sent (Octavia's is case-sensitive).
func checkMediaType(r *http.Request, body []byte) *apiError {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return nil
	}
	mt, _, _ := strings.Cut(ct, ";")
	mt = strings.TrimSpace(mt)
	switch mt {
	case "application/json", "text/javascript":
		return nil
	case "application/x-www-form-urlencoded":
		first, _, _ := strings.Cut(string(body), "&")
		first, _, _ = strings.Cut(first, "=")
		if k, err := url.QueryUnescape(first); err == nil {
			first = k
		}
		return errorf(http.StatusBadRequest, "Unknown argument: \"%s\"", first)
	}
	return errorf(http.StatusUnsupportedMediaType, "Unknown mimetype: %s", mt)
}

// errNotUTF8 is webob's answer to a body that does not decode as UTF-8:
// a 400 with an empty description.
var errNotUTF8 = &apiError{code: http.StatusBadRequest, html: true}

func checkUTF8(body []byte) *apiError {
	if !utf8.Valid(body) {
		return errNotUTF8
	}
	return nil
}

// maxNameLength is wsme's max_length of Octavia's name and description
// attributes, in characters.
const maxNameLength = 255

// wsmeTypes are the attribute types Octavia declares beyond JSON's, by
// attribute name; checkTypes applies them at every level of a body (a load
// balancer created with its listeners, pools and policies too).
var wsmeTypes = map[string]func(field string, v any) *apiError{
	"name":            maxLength,
	"description":     maxLength,
	"allowed_cidrs":   cidrList,
	"expected_codes":  expectedCodes,
	"redirect_url":    httpURL,
	"redirect_prefix": httpURL,
}

// maxJSONDepth is the deepest nesting of objects and arrays a body may
// have, the top object counting as 1. A real Octavia (Zed) answers a body
// 943 levels deep as any other and a deeper one with a 500 (Python's
// recursion limit in its JSON decoder); the lab answers the deeper one
// with wsme's 400 for bad JSON instead, before it parses anything.
const maxJSONDepth = 943

// jsonDepth returns the deepest nesting of objects and arrays in a JSON
// text, in one pass over its bytes (strings skipped). It does not
// validate: json.Unmarshal does that after.
func jsonDepth(b []byte) int {
	depth, deepest := 0, 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '{', '[':
			depth++
			deepest = max(deepest, depth)
		case '}', ']':
			depth--
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		}
	}
	return deepest
}

// checkTypes walks a decoded body object (decoded once, to any) in
// attribute-name order and answers wsme's 400 for the first attribute of a
// wrong type. Its work is linear in the body's size whatever its depth.
func checkTypes(fields map[string]any) *apiError {
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		v := fields[k]
		if v == nil {
			continue
		}
		if check := wsmeTypes[k]; check != nil {
			if err := check(k, v); err != nil {
				return err
			}
		}
		switch v := v.(type) {
		case map[string]any:
			if err := checkTypes(v); err != nil {
				return err
			}
		case []any:
			for _, it := range v {
				if inner, ok := it.(map[string]any); ok {
					if err := checkTypes(inner); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// maxLength: names and descriptions hold at most 255 characters.
func maxLength(field string, v any) *apiError {
	s, ok := v.(string)
	if !ok || utf8.RuneCountInString(s) <= maxNameLength {
		return nil
	}
	return invalidInput(field, s, "Value should have a maximum character requirement of 255")
}

// expectedCodesPattern is Octavia's pattern of a health monitor's
// expected_codes: a code, a list of codes or a range.
const expectedCodesPattern = `^(\d{3}(\s*,\s*\d{3})*)$|^(\d{3}-\d{3})$`

var expectedCodesRE = regexp.MustCompile(expectedCodesPattern)

func expectedCodes(field string, v any) *apiError {
	s, ok := v.(string)
	if !ok || expectedCodesRE.MatchString(s) {
		return nil
	}
	return invalidInput(field, s, "Value should match the pattern "+expectedCodesPattern)
}

// httpURL: an L7 redirect goes to an http or https URL only.
func httpURL(field string, v any) *apiError {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	u, err := url.Parse(s)
	if err == nil && (strings.EqualFold(u.Scheme, "http") || strings.EqualFold(u.Scheme, "https")) {
		return nil
	}
	return invalidInput(field, s, "Value must be a valid URL string")
}

// cidrList: allowed_cidrs are IPv4 or IPv6 CIDRs (or bare addresses).
// wsme shows the whole list, as Python prints it.
func cidrList(field string, v any) *apiError {
	items, ok := v.([]any)
	if !ok {
		return nil
	}
	list := make([]string, len(items))
	for i, it := range items {
		switch it := it.(type) {
		case string:
			list[i] = it
		case nil: // as json.Unmarshal into []string: null is ""
		default:
			return nil
		}
	}
	for _, s := range list {
		if _, ok := parseCIDR(s); !ok {
			quoted := make([]string, len(list))
			for i, x := range list {
				quoted[i] = "'" + x + "'"
			}
			return invalidInput(field, "["+strings.Join(quoted, ", ")+"]", "Value should be IPv4 or IPv6 CIDR format")
		}
	}
	return nil
}

// parseCIDR parses an allowed CIDR as Octavia stores it: host bits cleared,
// a bare address as a /32 or /128.
func parseCIDR(s string) (netip.Prefix, bool) {
	if p, err := netip.ParsePrefix(s); err == nil {
		return p.Masked(), true
	}
	if a, err := netip.ParseAddr(s); err == nil && a.Zone() == "" {
		return netip.PrefixFrom(a, a.BitLen()), true
	}
	return netip.Prefix{}, false
}
