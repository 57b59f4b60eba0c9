// Octavia's character sets of HTTP's names and values: header names and
// values, cookie names and values, distinguished name fields, host names.

package form

import (
	"strings"

	"github.com/octaview/octaview/app/internal/lazyregexp"
)

// Octavia's character sets (octavia/common/constants.py). Its header-name
// and cookie-value classes hold the range +-. and so accept a comma.
var (
	headerNameRE  = lazyregexp.New("^[a-zA-Z0-9!#$%&'*+,.^_`|~-]+$")
	cookieValueRE = lazyregexp.New("^[a-zA-Z0-9!#$%&'()*+,./:<=>?@\\[\\]^_`{|}~-]+$")
	headerValueRE = lazyregexp.New("^[a-zA-Z0-9!\"#$%&'()*+,./:;<=>?@\\[\\]^_`{|}~\\\\-]+$")
	quotedValueRE = lazyregexp.New("^\"[a-zA-Z0-9 \\t!\"#$%&'()*+,./:;<=>?@\\[\\]^_`{|}~\\\\-]*\"$")
	dnFieldRE     = lazyregexp.New(`^[a-zA-Z][A-Za-z0-9-]*$`)
	badCookieName = lazyregexp.New(`[\x00-\x20"(),/:-@\[-\]{}\x7f]`)
	domainLabelRE = lazyregexp.New(`^[A-Za-z0-9_][A-Za-z0-9-]{0,62}$`)
)

const headerValueMsg = "Printable ASCII characters without spaces, or a value in double quotes."

func matches(re *lazyregexp.Regexp, msg string) check {
	return func(s string) string {
		if re.MatchString(s) {
			return ""
		}
		return msg
	}
}

func headerValue(s string) string {
	if headerValueRE.MatchString(s) || quotedValueRE.MatchString(s) {
		return ""
	}
	return headerValueMsg
}

func cookieName(s string) string {
	if badCookieName.MatchString(s) {
		return "Letters, digits and !#$%&'*+-.^_`|~ only."
	}
	return ""
}

// domainName: Octavia's DOMAIN_NAME_REGEX: at most 253 characters (and a
// final dot), labels of 1 to 63 letters, digits and hyphens, not starting
// or ending with a hyphen, an underscore only as a label's first character.
func domainName(s string) string {
	name := strings.TrimSuffix(s, ".")
	if name != "" && len(name) <= 253 {
		ok := true
		for l := range strings.SplitSeq(name, ".") {
			ok = ok && domainLabelRE.MatchString(l) && !strings.HasSuffix(l, "-")
		}
		if ok {
			return ""
		}
	}
	return "Enter a host name such as www.example.com."
}
