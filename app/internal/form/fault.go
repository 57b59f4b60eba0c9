package form

import (
	"regexp"
	"slices"
	"strings"

	"github.com/octaview/octaview/app/internal/lazyregexp"
)

// faultPatterns find the attribute an Octavia 400 is about: wsme's
// "Invalid input for field/attribute X.", "Missing argument: "X"",
// "Unknown attribute for argument Y: X" and InvalidOption's
// "X is not a valid option for Y" (None for a missing one: Y).
var faultPatterns = []*lazyregexp.Regexp{
	lazyregexp.New(`field/attribute ([\w.]+)\.`),
	lazyregexp.New(`Missing argument: "([\w.]+)"`),
	lazyregexp.New(`Unknown attribute for argument [\w.]+: ([\w.]+)`),
	lazyregexp.New(`None is not a valid option for ([\w.]+)`),
	lazyregexp.New(`^([\w.]+) is not a valid option for`),
}

// faultPhrases are Octavia messages about an attribute they do not name.
func faultPhrases() [][2]string {
	return [][2]string{
		{"ertificate container reference", "default_tls_container_ref"},
		{"PKCS12 bundle is unreadable", "default_tls_container_ref"},
		{"Could not read X509 from PEM", "default_tls_container_ref"},
		{"client authentication CA certificate is invalid", "client_ca_tls_container_ref"},
		{"Client authentication setting", "client_authentication"},
		{"revocation list", "client_crl_container_ref"},
		{"CRL specified is not valid", "client_crl_container_ref"},
		{"revocation list", "crl_container_ref"}, // a pool's: "A CA reference is required to specify a certificate revocation list."
		{"CA reference cannot be removed", "ca_tls_container_ref"},
		{"cipher", "tls_ciphers"}, // "Invalid characters in cipher string", "The following ciphers have been prohibited …"
		{"TLS version", "tls_versions"},
		{"ALPN", "alpn_protocols"},
		{"requires a key", "key"},
		{`use the "key" field`, "key"},
		{"distinguished name field", "key"},
		{"requires a value", "value"},
		{"regular expression", "value"},
		{"boolean True string", "value"},
		{"needs a int value", "value"},
		{"comparison type", "compare_type"},
		{" algorithm", "lb_algorithm"},                // a provider's 501: "does not support SOURCE_IP_PORT algorithm."
		{"mixing IPv4 and IPv6 addresses", "address"}, // the amphora provider's 501 on a member
		// a provider's 501 on a profile's data: "Additional properties are not allowed ('x' was unexpected)"
		{"Additional properties are not allowed", "flavor_data"},
		{"Additional properties are not allowed", "availability_zone_data"},
	}
}

// FaultField returns the attribute (one of names) that an Octavia 400
// faultstring is about, e.g. "Invalid input for field/attribute
// protocol_port. Value: '99999'. ..." -> "protocol_port"; "" when it
// names none of them. Failing the known shapes, it takes the name
// mentioned first in the text ("Field "cookie_name" must be specified").
// A nested name matches by its last part ("type" for
// "session_persistence.type").
func FaultField(fault string, names []string) string {
	for _, re := range faultPatterns {
		if m := re.FindStringSubmatch(fault); m != nil {
			if n := matchName(m[1], names); n != "" {
				return n
			}
		}
	}
	for _, p := range faultPhrases() {
		if strings.Contains(fault, p[0]) && slices.Contains(names, p[1]) {
			return p[1]
		}
	}
	best, at := "", len(fault)
	for _, n := range names {
		for _, w := range []string{n, n[strings.LastIndex(n, ".")+1:]} {
			if i := wordIndex(fault, w); i >= 0 && i < at {
				best, at = n, i
			}
		}
	}
	return best
}

func matchName(word string, names []string) string {
	if slices.Contains(names, word) {
		return word
	}
	for _, n := range names {
		if strings.HasSuffix(n, "."+word) {
			return n
		}
	}
	return ""
}

// wordIndex returns where w first occurs in s as a whole word (not inside
// a longer identifier), or -1.
func wordIndex(s, w string) int {
	loc := regexp.MustCompile(`(?:^|\W)(` + regexp.QuoteMeta(w) + `)(?:\W|$)`).FindStringSubmatchIndex(s)
	if loc == nil {
		return -1
	}
	return loc[2]
}
