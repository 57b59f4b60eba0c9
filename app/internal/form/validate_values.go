// The checks of one value: lengths, booleans, Octavia's ranges, addresses,
// IDs, lists, CIDRs, status codes, URLs, JSON and regular expressions.

package form

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/octaview/octaview/app/internal/lazyregexp"
)

// Lists of values Octavia takes for attributes no form has a field for
// (yet): a validator checks them whenever its values hold them.

// TLSVersions are the TLS versions Octavia takes (TLS_ALL_VERSIONS), and
// ALPNProtocols its ALPN protocols (SUPPORTED_ALPN_PROTOCOLS): a
// listener's and a pool's choices.
func TLSVersions() []string   { return []string{"SSLv3", "TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"} }
func ALPNProtocols() []string { return []string{"h2", "http/1.1", "http/1.0"} }

func text(max int) check {
	return func(s string) string {
		if utf8.RuneCountInString(s) > max { // Python counts code points
			return fmt.Sprintf("At most %d characters.", max)
		}
		return ""
	}
}

func boolean(s string) string {
	if s == "true" || s == "false" {
		return ""
	}
	return "Choose true or false."
}

// integer parses a whole number strictly: digits, an optional minus sign.
func integer(s string) (int64, bool) {
	if strings.TrimLeft(strings.TrimPrefix(s, "-"), "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// inRange says msg when s is not a whole number from lo to hi.
func inRange(s string, lo, hi int64, msg string) string {
	if n, ok := integer(s); ok && n >= lo && n <= hi {
		return ""
	}
	return msg
}

// Octavia's ranges, each with the sentence the user reads.

func port(s string) string {
	return inRange(s, 1, 65535, "The port must be a whole number from 1 to 65535.")
}

func timeoutMS(s string) string {
	return inRange(s, 0, maxTimeoutMS, fmt.Sprintf("A whole number of milliseconds from 0 to %d.", maxTimeoutMS))
}

func retries(s string) string { return inRange(s, 1, 10, "A whole number from 1 to 10.") }

func seconds(s string) string { return inRange(s, 0, 1<<31-1, "A whole number of seconds, 0 or more.") }

func quotaValue(s string) string {
	return inRange(s, -1, maxQuota, fmt.Sprintf("-1 (unlimited) or a whole number from 0 to %d.", maxQuota))
}

func connLimit(s string) string {
	return inRange(s, -1, 1<<31-1, "-1 (no limit) or a whole number, 0 or more.")
}

func memberWeight(s string) string {
	return inRange(s, 0, 256, "The weight must be a whole number from 0 to 256.")
}

func position(s string) string {
	return inRange(s, 1, maxPosition, fmt.Sprintf("A whole number from 1 to %d.", maxPosition))
}

// orList writes "A, B or C".
func orList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// oneOf says what is wrong with s that is not one of allowed, a list no
// field offers (a field's Choices are Check's).
func oneOf(s string, allowed ...string) string {
	if slices.Contains(allowed, s) {
		return ""
	}
	return "Choose one of: " + strings.Join(allowed, ", ") + "."
}

func ipAddress(s string) string {
	if a, err := netip.ParseAddr(s); err == nil && a.Zone() == "" {
		return ""
	}
	return "Enter an IPv4 or IPv6 address, e.g. 192.0.2.10 or 2001:db8::10."
}

// uuid accepts what Python's uuid.UUID does: 32 hex digits, with dashes,
// braces or a urn:uuid: prefix.
func uuid(s string) string {
	h := strings.TrimPrefix(strings.TrimPrefix(s, "urn:"), "uuid:")
	h = strings.ReplaceAll(strings.Trim(h, "{}"), "-", "")
	if len(h) == 32 && strings.Trim(h, "0123456789abcdefABCDEF") == "" {
		return ""
	}
	return "Enter an ID (a UUID such as 6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8a7f)."
}

// splitList splits a list field: one item per line, or comma-separated
// when it is one line. Items are trimmed; empty ones dropped.
func SplitList(s string) []string {
	sep := ","
	if strings.Contains(s, "\n") {
		sep = "\n"
	}
	var out []string
	for it := range strings.SplitSeq(s, sep) {
		if it = strings.TrimSpace(it); it != "" {
			out = append(out, it)
		}
	}
	return out
}

// list applies checks to each item; the message names the first bad one.
func list(checks ...check) check {
	return func(s string) string {
		for _, it := range SplitList(s) {
			for _, c := range checks {
				if msg := c(it); msg != "" {
					return fmt.Sprintf("%q: %s", it, msg)
				}
			}
		}
		return ""
	}
}

func noComma(s string) string {
	if strings.Contains(s, ",") {
		return "No commas in a tag."
	}
	return ""
}

// cidr: an IPv4 or IPv6 CIDR, a bare address or an IPv4 address and
// netmask (Python's ipaddress.ip_network, as Octavia's CidrType).
func cidr(s string) string {
	if _, err := netip.ParsePrefix(s); err == nil {
		return ""
	}
	if a, m, ok := strings.Cut(s, "/"); ok && ipAddress(a) == "" && strings.Contains(m, ".") {
		if mask, err := netip.ParseAddr(m); err == nil && mask.Is4() {
			if _, bits := net.IPMask(mask.AsSlice()).Size(); bits != 0 { // 0, 0: not contiguous
				return ""
			}
		}
	}
	if a, err := netip.ParseAddr(s); err == nil && a.Zone() == "" {
		return ""
	}
	return "Enter a CIDR such as 203.0.113.0/24 or 2001:db8::/64."
}

// expectedCodesRE is Octavia's pattern of a monitor's expected_codes. The
// package's patterns compile on first use (lazyregexp), not at the app's
// start.
var expectedCodesRE = lazyregexp.New(`^(\d{3}(\s*,\s*\d{3})*)$|^(\d{3}-\d{3})$`)

func expectedCodes(s string) string {
	if expectedCodesRE.MatchString(s) {
		return ""
	}
	return "Enter a code (200), a list (200,202) or a range (200-204)."
}

// httpURL: an http or https URL with a host, as rfc3986 (Octavia's
// validate.url) accepts it: the scheme in lower case, no white space.
func httpURL(s string) string {
	rest, ok := strings.CutPrefix(s, "http://")
	if !ok {
		rest, ok = strings.CutPrefix(s, "https://")
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i] // the authority
	}
	if ok && rest != "" && !hasSpace(s) {
		return ""
	}
	return "Enter a URL that starts with http:// or https://."
}

// urlPath: a path from the root, as Octavia's URLPathType accepts it (no
// white space, no brackets before the query).
func urlPath(s string) string {
	path, _, _ := strings.Cut(s, "?")
	path, _, _ = strings.Cut(path, "#")
	if strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") && !hasSpace(s) && !strings.ContainsAny(path, "[]") {
		return ""
	}
	return "Enter a path that starts with /, e.g. /healthcheck."
}

func hasSpace(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) })
}

func jsonObject(s string) string {
	var m map[string]any
	if json.Unmarshal([]byte(s), &m) != nil || m == nil {
		return `Enter a JSON object, e.g. {"key": "value"}.`
	}
	return ""
}

// pythonOnly reports whether c is an RE2 error about syntax Python's re
// may accept (look-arounds, back-references, possessive or large
// repeats): those pass here, and Octavia answers if they are wrong.
func pythonOnly(c syntax.ErrorCode) bool {
	switch c {
	case syntax.ErrInvalidPerlOp, syntax.ErrInvalidEscape, syntax.ErrInvalidRepeatOp, syntax.ErrInvalidRepeatSize, syntax.ErrInvalidNamedCapture:
		return true
	}
	return false
}

// regex: the value must compile, as Octavia's Python re would (see
// pythonOnly).
func regex(s string) string {
	_, err := syntax.Parse(s, syntax.Perl)
	var se *syntax.Error
	if err == nil || errors.As(err, &se) && pythonOnly(se.Code) {
		return ""
	}
	return "Not a valid regular expression: " + strings.TrimPrefix(err.Error(), "error parsing regexp: ") + "."
}
