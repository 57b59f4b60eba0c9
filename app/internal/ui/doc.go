// Package ui holds the console's go-app building blocks that know nothing of
// a session or of Octavia's kinds: the element shapes many pages build alike
// (elements.go: ClassDiv, IDButton, AlertError…, one call where a go-app
// chain would be several, which keeps the wasm smaller), accessibility
// helpers (a11y.go: focus, dialogs, skip link), readable values and status
// tones (format.go), a load's state (load_status.go), select options
// (options.go), the one field input the forms and the wizard draw
// (field_input.go), its certificate field (cert_input.go: a list of the
// project's certificates, or a typed Barbican ref) and its list ticked
// among choices (choice_list.go), the virtualised table (vtable.go) and SVG elements
// (svg.go). It imports go-app, internal/form and octavia's wire types; no
// package of app imports it back up.
package ui
