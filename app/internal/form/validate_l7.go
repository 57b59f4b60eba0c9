// The L7 rules: a policy's action and its target, a rule's key and value
// per rule type.

package form

import "strings"

// ValidateL7Policy checks an L7 policy form: each redirect action needs
// its target, and a target of another action is refused.
func ValidateL7Policy(v Values, create bool) Errs {
	f := objectForm(v, create)
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
	f := objectForm(v, create)
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
