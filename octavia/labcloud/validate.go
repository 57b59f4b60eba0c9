package labcloud

import (
	"encoding/json"
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
var wsmeTypes = map[string]func(field string, v json.RawMessage) *apiError{
	"name":            maxLength,
	"description":     maxLength,
	"allowed_cidrs":   cidrList,
	"expected_codes":  expectedCodes,
	"redirect_url":    httpURL,
	"redirect_prefix": httpURL,
}

// checkTypes walks a decoded body object in attribute-name order and
// answers wsme's 400 for the first attribute of a wrong type.
func checkTypes(fields map[string]json.RawMessage) *apiError {
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		v := fields[k]
		if len(v) == 0 || string(v) == "null" {
			continue
		}
		if check := wsmeTypes[k]; check != nil {
			if err := check(k, v); err != nil {
				return err
			}
		}
		switch v[0] {
		case '{':
			var inner map[string]json.RawMessage
			if json.Unmarshal(v, &inner) == nil {
				if err := checkTypes(inner); err != nil {
					return err
				}
			}
		case '[':
			var items []json.RawMessage
			if json.Unmarshal(v, &items) == nil {
				for _, it := range items {
					var inner map[string]json.RawMessage
					if len(it) > 0 && it[0] == '{' && json.Unmarshal(it, &inner) == nil {
						if err := checkTypes(inner); err != nil {
							return err
						}
					}
				}
			}
		}
	}
	return nil
}

// maxLength: names and descriptions hold at most 255 characters.
func maxLength(field string, v json.RawMessage) *apiError {
	var s string
	if json.Unmarshal(v, &s) != nil || utf8.RuneCountInString(s) <= maxNameLength {
		return nil
	}
	return invalidInput(field, s, "Value should have a maximum character requirement of 255")
}

// expectedCodesPattern is Octavia's pattern of a health monitor's
// expected_codes: a code, a list of codes or a range.
const expectedCodesPattern = `^(\d{3}(\s*,\s*\d{3})*)$|^(\d{3}-\d{3})$`

var expectedCodesRE = regexp.MustCompile(expectedCodesPattern)

func expectedCodes(field string, v json.RawMessage) *apiError {
	var s string
	if json.Unmarshal(v, &s) != nil || expectedCodesRE.MatchString(s) {
		return nil
	}
	return invalidInput(field, s, "Value should match the pattern "+expectedCodesPattern)
}

// httpURL: an L7 redirect goes to an http or https URL only.
func httpURL(field string, v json.RawMessage) *apiError {
	var s string
	if json.Unmarshal(v, &s) != nil {
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
func cidrList(field string, v json.RawMessage) *apiError {
	var list []string
	if json.Unmarshal(v, &list) != nil {
		return nil
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
