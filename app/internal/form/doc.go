// Package form is the console's forms as data and pure functions: the
// fields of a kind's form (Field: Octavia's attribute, its type, whether it
// is required or set at creation only, its choices, default and when it
// applies), the values typed (Values), the request body built from them
// (Body: an edit sends only what changed, a cleared field null), the checks
// before sending (Check: required, numbers and choices from the fields,
// then the kind's validator: Octavia's ranges, patterns and cross-field
// rules; validate.go is their engine and names the validate_*.go files),
// the attribute an Octavia 400 names (FaultField; fault_refs.go: the field
// holding the certificate ref it could not read), and a 409 that is the
// load balancer's ERROR, not a conflict (ConflictText). TLS: a
// certificate field's ref must be an http(s) URL (cert_refs.go: CertUse
// says what it holds, for its picker); the headers a listener inserts,
// its cipher string and HSTS (tls.go); ports that follow the protocol
// (ports.go). Every kind
// declares its fields once, in its description (app/res_*.go), their
// Choices its one list of allowed values and their labels internal/attr's
// unless it says otherwise (Labelled); the generic form page and the
// create wizard both read them. Its tables are functions or consts, its
// patterns lazyregexp's: no package state. No go-app: it tests natively.
package form
