// Package edit is the form room: the one create and edit form of every
// kind (form_page.go), drawn from the kind's declared fields
// (console.Resource.Fields, checked by app/internal/form) with the same
// field input as the wizard (ui.FieldInput); its picked fields' options
// are read by pickOptions (pick_options.go; the VIP's QoS policies, or
// that Neutron has no QoS extension, by pick_qos.go); a member's create offers the
// project's servers (pick_server.go, over internal/serverpick). It stands on
// app/internal/console and app/internal/ui; app's routes.go registers it.
//
// Its TLS fields (tls_fields.go): a certificate field picks from the
// project's certificates (console.CertPicks, read once one shows), TLS
// versions and ALPN protocols are ticked (ui.ChoiceList), and a
// listener's create shows HSTS where the cloud's API version has it.
package edit
