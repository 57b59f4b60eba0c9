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

// The value checks and cross-field rules of every kind's form: each
// validator checks, in the browser, what Octavia (Zed) checks before it
// accepts a create or an edit, so the user reads the error next to the
// field without a round trip. The rules come from Octavia's wsme types
// (octavia/api/v2/types), its controllers and octavia/common/validate.py;
// labcloud mirrors the same rules on the server side. What is
// required, what is set at creation only and which values a field takes
// (its Choices: the protocols, algorithms, monitor types, actions…) is the
// fields' (Field.Required, Field.Only, Field.Choices), checked by Check;
// the validators hold the rules that are not a field's list.

// Octavia's limits (octavia/common/constants.py, Zed).
const (
	maxName       = 255        // name, description, tags, refs: characters
	maxTimeoutMS  = 2073600000 // listener timeouts: 24*24*60*60*1000 ms
	maxQuota      = 2000000000 // a quota, -1 being unlimited
	maxPosition   = 2147483647 // an L7 policy's position
	maxDataLength = 4096       // flavor_data, availability_zone_data
)

// Lists of values Octavia takes for attributes no form has a field for
// (yet): a validator checks them whenever its values hold them.

// tlsVersion: a listener's or pool's TLS version.
func tlsVersion(s string) string { return oneOf(s, "SSLv3", "TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3") }

// alpnProtocol: a listener's or pool's ALPN protocol.
func alpnProtocol(s string) string { return oneOf(s, "h2", "http/1.1", "http/1.0") }

// httpHeader reports whether a listener of protocol HTTP inserts header h.
func httpHeader(h string) bool {
	return slices.Contains([]string{"X-Forwarded-For", "X-Forwarded-Port", "X-Forwarded-Proto"}, h)
}

// sslHeader reports whether a TERMINATED_HTTPS listener (only) inserts
// header h.
func sslHeader(h string) bool {
	return slices.Contains([]string{"X-SSL-Client-Verify", "X-SSL-Client-Has-Cert", "X-SSL-Client-DN", "X-SSL-Client-CN",
		"X-SSL-Issuer", "X-SSL-Client-SHA1", "X-SSL-Client-Not-Before", "X-SSL-Client-Not-After"}, h)
}

// listenerPoolProtocols are the pool protocols a listener of protocol lp
// takes (Octavia's VALID_LISTENER_POOL_PROTOCOL_MAP); known is false for a
// protocol the map does not hold.
func listenerPoolProtocols(lp string) (valid []string, known bool) {
	switch lp {
	case "TCP":
		return []string{"HTTP", "HTTPS", "PROXY", "PROXYV2", "TCP"}, true
	case "HTTP", "TERMINATED_HTTPS":
		return []string{"HTTP", "PROXY", "PROXYV2"}, true
	case "HTTPS":
		return []string{"HTTPS", "PROXY", "PROXYV2", "TCP"}, true
	case "UDP", "SCTP":
		return []string{lp}, true
	case "PROMETHEUS":
		return nil, true
	}
	return nil, false
}

// A check returns what is wrong with a non-empty value, or "".
type check func(s string) string

// form runs checks on a Values and collects the first error per field.
type form struct {
	v      Values
	create bool
	errs   Errs
}

func newForm(v Values, create bool) *form { return &form{v: v, create: create, errs: Errs{}} }

// get returns the value of k and whether the form sends it non-empty.
func (f *form) get(k string) (string, bool) {
	s, ok := f.v[k]
	return s, ok && s != ""
}

func (f *form) fail(k, msg string) {
	if _, done := f.errs[k]; !done {
		f.errs[k] = msg
	}
}

// field applies checks to k when the form sends a value for it.
func (f *form) field(k string, checks ...check) {
	s, ok := f.get(k)
	if !ok {
		return
	}
	for _, c := range checks {
		if msg := c(s); msg != "" {
			f.fail(k, msg)
			return
		}
	}
}

// common checks name, description, admin_state_up and tags.
func (f *form) common() {
	f.field("name", text(maxName))
	f.field("description", text(maxName))
	f.field("admin_state_up", boolean)
	f.field("tags", list(text(maxName), noComma))
}

// refuse: k must not be sent with a value, for the reason given.
func (f *form) refuse(k, why string) {
	if _, ok := f.get(k); ok {
		f.fail(k, why)
	}
}

func (f *form) result() Errs {
	if len(f.errs) == 0 {
		return nil
	}
	return f.errs
}

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

// ValidateLoadBalancer checks a load balancer form: on a create, one of
// vip_subnet_id, vip_network_id and vip_port_id (the error goes on
// vip_subnet_id); the VIP, flavor, zone and provider are set at creation.
func ValidateLoadBalancer(v Values, create bool) Errs {
	f := newForm(v, create)
	f.common()
	vips := []string{"vip_subnet_id", "vip_network_id", "vip_port_id"}
	for _, k := range vips {
		f.field(k, uuid)
	}
	f.field("vip_qos_policy_id", uuid)
	f.field("vip_address", ipAddress)
	if create && !slices.ContainsFunc(vips, func(k string) bool { _, ok := f.get(k); return ok }) {
		f.fail("vip_subnet_id", "Choose a subnet, a network or a port for the VIP.")
	}
	return f.result()
}

// ValidateListener checks a listener form. The rules that depend on the
// protocol (certificates, inserted headers) apply on a create, where the
// protocol is known; inserted headers come as "insert_headers.<Header>".
func ValidateListener(v Values, create bool) Errs {
	f := newForm(v, create)
	f.common()
	f.field("protocol_port", port)
	f.field("loadbalancer_id", uuid)
	f.field("default_pool_id", uuid)
	f.field("connection_limit", connLimit)
	for _, k := range []string{"timeout_client_data", "timeout_member_connect", "timeout_member_data", "timeout_tcp_inspect"} {
		f.field(k, timeoutMS)
	}
	f.field("allowed_cidrs", list(cidr))
	f.field("tls_versions", list(tlsVersion))
	f.field("alpn_protocols", list(alpnProtocol))
	f.field("tls_ciphers", text(2048))
	refs := []string{"default_tls_container_ref", "sni_container_refs", "client_ca_tls_container_ref", "client_crl_container_ref"}
	for _, k := range refs {
		if k == "sni_container_refs" {
			f.field(k, list(text(maxName)))
		} else {
			f.field(k, text(maxName))
		}
	}
	proto, _ := f.get("protocol")
	_, hasCert := f.get("default_tls_container_ref")
	_, hasSNI := f.get("sni_container_refs")
	switch {
	case proto == "TERMINATED_HTTPS" && !hasCert && !hasSNI && create:
		f.fail("default_tls_container_ref", "A TERMINATED_HTTPS listener needs a certificate.")
	case proto != "" && proto != "TERMINATED_HTTPS" && proto != "PROMETHEUS":
		for _, k := range refs {
			f.refuse(k, "Certificates go with TERMINATED_HTTPS and PROMETHEUS listeners only.")
		}
	}
	if _, ok := f.get("client_ca_tls_container_ref"); ok && create && !hasCert && !hasSNI {
		f.fail("client_ca_tls_container_ref", "A client CA needs a listener certificate too.")
	}
	if a, ok := f.get("client_authentication"); ok && a != "NONE" && create {
		if _, ca := f.get("client_ca_tls_container_ref"); !ca {
			f.fail("client_authentication", "Client authentication "+a+" needs a client CA certificate.")
		}
	}
	if _, ok := f.get("client_crl_container_ref"); ok && create {
		if _, ca := f.get("client_ca_tls_container_ref"); !ca {
			f.fail("client_crl_container_ref", "A revocation list needs a client CA certificate.")
		}
	}
	for k := range v {
		h, ok := strings.CutPrefix(k, "insert_headers.")
		switch {
		case !ok || v[k] == "":
		case proto != "" && proto != "HTTP" && proto != "TERMINATED_HTTPS":
			f.fail(k, "Headers are inserted by HTTP and TERMINATED_HTTPS listeners only.")
		case sslHeader(h) && proto != "" && proto != "TERMINATED_HTTPS":
			f.fail(k, h+" is inserted by TERMINATED_HTTPS listeners only.")
		case !httpHeader(h) && !sslHeader(h):
			f.fail(k, "Octavia does not insert the header "+h+".")
		default:
			f.field(k, text(maxName))
		}
	}
	return f.result()
}

// ValidatePool checks a pool form. The key "listener_protocol" (context,
// not an attribute) is the protocol of the pool's listener: with it the
// pool protocol is checked as Octavia's VALID_LISTENER_POOL_PROTOCOL_MAP.
func ValidatePool(v Values, create bool) Errs {
	f := newForm(v, create)
	f.common()
	f.field("listener_id", uuid)
	f.field("loadbalancer_id", uuid)
	f.field("tls_enabled", boolean)
	f.field("tls_container_ref", text(maxName))
	f.field("ca_tls_container_ref", text(maxName))
	f.field("crl_container_ref", text(maxName))
	f.field("tls_versions", list(tlsVersion))
	f.field("alpn_protocols", list(alpnProtocol))
	_, lb := f.get("loadbalancer_id")
	_, ls := f.get("listener_id")
	if create && !lb && !ls {
		f.fail("listener_id", "Choose a listener or a load balancer for the pool.")
	}
	proto, _ := f.get("protocol")
	if lp, ok := f.get("listener_protocol"); ok && proto != "" {
		if valid, known := listenerPoolProtocols(lp); known && !slices.Contains(valid, proto) {
			if len(valid) == 0 {
				f.fail("protocol", "Listeners of protocol "+lp+" take no pool.")
			} else {
				f.fail("protocol", "Listeners of protocol "+lp+" take pools of protocol "+orList(valid)+".")
			}
		}
	}
	f.field("session_persistence.cookie_name", text(maxName), cookieName)
	f.field("session_persistence.persistence_timeout", seconds)
	f.field("session_persistence.persistence_granularity", ipAddress)
	sp, _ := f.get("session_persistence.type")
	udp := proto == "UDP" || proto == "SCTP"
	switch {
	case udp && (sp == "HTTP_COOKIE" || sp == "APP_COOKIE"):
		f.fail("session_persistence.type", "UDP and SCTP pools take SOURCE_IP session persistence only.")
	case udp:
		f.refuse("session_persistence.cookie_name", "UDP and SCTP pools take no cookie name.")
	case sp == "APP_COOKIE":
		if _, ok := f.get("session_persistence.cookie_name"); !ok {
			f.fail("session_persistence.cookie_name", "A cookie name is required with APP_COOKIE session persistence.")
		}
	case sp != "":
		f.refuse("session_persistence.cookie_name", "A cookie name goes with APP_COOKIE session persistence only.")
	}
	if !udp && proto != "" {
		for _, k := range []string{"session_persistence.persistence_timeout", "session_persistence.persistence_granularity"} {
			f.refuse(k, "This is for UDP and SCTP pools only.")
		}
	}
	return f.result()
}

// ValidateMember checks a member form.
func ValidateMember(v Values, create bool) Errs {
	f := newForm(v, create)
	f.common()
	f.field("address", ipAddress)
	f.field("protocol_port", port)
	f.field("weight", memberWeight)
	f.field("subnet_id", uuid)
	f.field("monitor_address", ipAddress)
	f.field("monitor_port", port)
	f.field("backup", boolean)
	return f.result()
}

// ValidateMonitor checks a health monitor form. The key "pool_protocol"
// (context, not an attribute) is the protocol of the monitored pool: UDP
// and SCTP pools take UDP-CONNECT, SCTP, TCP or HTTP monitors only.
func ValidateMonitor(v Values, create bool) Errs {
	f := newForm(v, create)
	f.common()
	f.field("pool_id", uuid)
	f.field("delay", seconds)
	f.field("timeout", seconds)
	f.field("max_retries", retries)
	f.field("max_retries_down", retries)
	f.field("url_path", urlPath)
	f.field("expected_codes", expectedCodes)
	f.field("domain_name", domainName)
	d, dok := f.get("delay")
	t, tok := f.get("timeout")
	if _, bad := f.errs["delay"]; dok && tok && !bad {
		dn, _ := integer(d)
		if tn, ok := integer(t); ok && tn > dn {
			f.fail("timeout", "The timeout must not be longer than the delay.")
		}
	}
	if typ, ok := f.get("type"); ok && typ != "HTTP" && typ != "HTTPS" {
		for _, k := range []string{"http_method", "url_path", "expected_codes", "http_version", "domain_name"} {
			f.refuse(k, "This is for HTTP and HTTPS monitors only.")
		}
	}
	if _, ok := f.get("domain_name"); ok {
		if hv, ok := f.get("http_version"); !ok && create {
			f.fail("http_version", "Choose HTTP version 1.1 to send a domain name.")
		} else if hv == "1.0" {
			f.fail("http_version", "A domain name needs HTTP version 1.1.")
		}
	}
	if pp, ok := f.get("pool_protocol"); ok {
		typ, _ := f.get("type")
		udp := pp == "UDP" || pp == "SCTP"
		switch {
		case udp && typ != "" && !slices.Contains([]string{"UDP-CONNECT", "SCTP", "TCP", "HTTP"}, typ):
			f.fail("type", "Pools of protocol "+pp+" take UDP-CONNECT, SCTP, TCP or HTTP monitors.")
		case !udp && (typ == "UDP-CONNECT" || typ == "SCTP"):
			f.fail("type", typ+" monitors are for UDP and SCTP pools only.")
		}
	}
	return f.result()
}

// ValidateL7Policy checks an L7 policy form: each redirect action needs
// its target, and a target of another action is refused.
func ValidateL7Policy(v Values, create bool) Errs {
	f := newForm(v, create)
	f.common()
	f.field("listener_id", uuid)
	f.field("redirect_url", text(maxName), httpURL)
	f.field("redirect_prefix", text(maxName), httpURL)
	f.field("redirect_pool_id", uuid)
	f.field("position", position)
	action, _ := f.get("action")
	target := map[string]string{"REDIRECT_TO_URL": "redirect_url", "REDIRECT_PREFIX": "redirect_prefix", "REDIRECT_TO_POOL": "redirect_pool_id"}
	if action == "" {
		return f.result()
	}
	for a, k := range target {
		if _, ok := f.get(k); a == action && !ok {
			f.fail(k, "This is required for "+action+".")
		} else if a != action {
			f.refuse(k, "This goes with "+a+" only.")
		}
	}
	if action != "REDIRECT_TO_URL" && action != "REDIRECT_PREFIX" {
		f.refuse("redirect_http_code", "A redirect code goes with REDIRECT_TO_URL and REDIRECT_PREFIX only.")
	}
	return f.result()
}

// ValidateL7Rule checks an L7 rule form: the key and value per rule type,
// as octavia/common/validate.py's l7rule_data.
func ValidateL7Rule(v Values, create bool) Errs {
	f := newForm(v, create)
	f.common()
	f.field("key", text(maxName))
	f.field("value", text(maxName))
	f.field("invert", boolean)
	if s, sent := v["value"]; sent && s == "" && !create {
		f.fail("value", "This field is required.")
	}
	typ, _ := f.get("type")
	cmp, _ := f.get("compare_type")
	_, hasKey := f.get("key")
	value, hasValue := f.get("value")
	switch typ {
	case "HEADER", "COOKIE", "SSL_DN_FIELD":
		if _, sent := v["key"]; !hasKey && (create || sent) { // an edit keeps the key
			f.fail("key", "A key is required for "+typ+" rules.")
		}
	case "":
	default:
		f.refuse("key", typ+" rules take no key.")
	}
	if typ == "" || cmp == "" || !hasValue {
		return f.result()
	}
	valueCheck := headerValue
	switch typ {
	case "HEADER", "COOKIE":
		f.field("key", matches(headerNameRE, "Letters, digits and !#$%&'*+-.^_`|~ only."))
		if typ == "COOKIE" {
			valueCheck = matches(cookieValueRE, "Printable ASCII characters without spaces, quotes, semicolons or backslashes.")
		}
	case "FILE_TYPE":
		if cmp != "REGEX" && cmp != "EQUAL_TO" {
			f.fail("compare_type", "FILE_TYPE rules compare with REGEX or EQUAL_TO only.")
		}
	case "SSL_CONN_HAS_CERT", "SSL_VERIFY_RESULT":
		if cmp != "EQUAL_TO" {
			f.fail("compare_type", typ+" rules compare with EQUAL_TO only.")
		}
		if typ == "SSL_CONN_HAS_CERT" && !strings.EqualFold(value, "true") {
			f.fail("value", "The value must be True.")
		}
		if _, ok := integer(value); typ == "SSL_VERIFY_RESULT" && (!ok || strings.HasPrefix(value, "-")) {
			f.fail("value", "The value must be a whole number, 0 or more.")
		}
		return f.result()
	case "SSL_DN_FIELD":
		f.field("key", matches(dnFieldRE, "A distinguished name field such as CN or OU."))
		valueCheck = func(string) string { return "" }
	}
	if cmp == "REGEX" {
		valueCheck = regex
	}
	f.field("value", valueCheck)
	return f.result()
}

// ValidateQuota checks a quota form, whose every value is a limit (its
// fields are the kind's limits); create does not matter.
func ValidateQuota(v Values, _ bool) Errs {
	f := newForm(v, false)
	for k := range v {
		f.field(k, quotaValue)
	}
	return f.result()
}

// ValidateFlavor checks a flavor form.
func ValidateFlavor(v Values, create bool) Errs {
	f := newForm(v, create)
	f.field("name", text(maxName))
	f.field("description", text(maxName))
	f.field("flavor_profile_id", uuid)
	f.field("enabled", boolean)
	return f.result()
}

// ValidateFlavorProfile checks a flavor profile form.
func ValidateFlavorProfile(v Values, create bool) Errs {
	return validateProfile(v, create, "flavor_data")
}

// ValidateAvailabilityZone checks an availability zone form; its name is
// its ID, set at creation.
func ValidateAvailabilityZone(v Values, create bool) Errs {
	f := newForm(v, create)
	f.field("name", text(maxName))
	f.field("description", text(maxName))
	f.field("availability_zone_profile_id", uuid)
	f.field("enabled", boolean)
	return f.result()
}

// ValidateAvailabilityZoneProfile checks an availability zone profile form.
func ValidateAvailabilityZoneProfile(v Values, create bool) Errs {
	return validateProfile(v, create, "availability_zone_data")
}

// validateProfile checks a flavor or availability zone profile; data is
// the name of its JSON attribute.
func validateProfile(v Values, create bool, data string) Errs {
	f := newForm(v, create)
	f.field("name", text(maxName))
	f.field("provider_name", text(maxName))
	f.field(data, text(maxDataLength), jsonObject)
	return f.result()
}
