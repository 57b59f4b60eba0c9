// Package form is the console's forms as data and pure functions: the
// fields of a kind's form (Field: Octavia's attribute, its type, whether it
// is required or set at creation only, its choices, default and when it
// applies), the values typed (Values), the request body built from them
// (Body: an edit sends only what changed, a cleared field null), the checks
// before sending (Check: required and create-only from the fields, then the
// kind's validator: Octavia's value checks and cross-field rules), and the
// attribute an Octavia 400 names (FaultField). Every kind declares its
// fields once, in its description (app/res_*.go); the generic form page and
// the create wizard both read them. No go-app: it tests natively.
package form
