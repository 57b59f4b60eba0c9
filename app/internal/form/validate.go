package form

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
//
// This file is the engine (a form's checks, the first error per field);
// validate_values.go checks one value, validate_http.go holds HTTP's
// character sets, and the validators are per kind family:
// validate_frontend.go (load balancer, listener), validate_backend.go
// (pool, member, health monitor), validate_l7.go (L7 policy and rule) and
// validate_admin.go (quota, flavors, availability zones, their profiles).

// Octavia's limits (octavia/common/constants.py, Zed).
const (
	maxName       = 255        // name, description, tags, refs: characters
	maxTimeoutMS  = 2073600000 // listener timeouts: 24*24*60*60*1000 ms
	maxQuota      = 2000000000 // a quota, -1 being unlimited
	maxPosition   = 2147483647 // an L7 policy's position
	maxDataLength = 4096       // flavor_data, availability_zone_data
)

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

// each applies check c to every one of keys the form sends a value for.
func (f *form) each(c check, keys ...string) {
	for _, k := range keys {
		f.field(k, c)
	}
}

// tls checks the cipher string of a listener or a pool (its TLS versions
// and ALPN protocols are its fields' Choices).
func (f *form) tls() {
	f.field("tls_ciphers", ciphers)
}

// objectForm is the form of an object of Octavia's load balancing tree (a
// load balancer, listener, pool, member, health monitor, L7 policy or
// rule), the fields they all have checked: name, description,
// admin_state_up and tags.
func objectForm(v Values, create bool) *form {
	f := newForm(v, create)
	f.field("name", text(maxName))
	f.field("description", text(maxName))
	f.field("admin_state_up", boolean)
	f.field("tags", list(text(maxName), noComma))
	return f
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
