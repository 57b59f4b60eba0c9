// Package edit is the form room: the one create and edit form of every
// kind (form_page.go), drawn from the kind's declared fields
// (console.Resource.Fields, checked by app/internal/form) with the same
// field input as the wizard (ui.FieldInput); its picked fields' options
// are read by pickOptions (pick_options.go), its certificate fields'
// by console.CertPicks; whether a listener's create shows HSTS, from the
// cloud's API version (hsts.go). It stands on
// app/internal/console and app/internal/ui; app's routes.go registers it.
package edit
