// Package edit is the form room: the one create and edit form of every
// kind (form_page.go), drawn from the kind's declared fields
// (console.Resource.Fields, checked by app/internal/form) with the same
// field input as the wizard (ui.FieldInput); its picked fields' options
// are read by pickOptions (pick_options.go; the VIP's QoS policies, or
// that Neutron has no QoS extension, by pick_qos.go); a member's create
// offers the project's servers (serverPick, pick_server.go, over
// internal/serverpick). It stands on app/internal/console and
// app/internal/ui; app's routes.go registers it.
//
// What the form offers follows the provider of its load balancer
// (providerTerms, provider.go: what its driver supports, a profile's
// provider's capabilities). What it sends is formWrite's (form_write.go:
// the write, where the page goes once it is accepted, a refusal's
// faultstring at the field it names), run by the page's console.Writer.
//
// Its TLS fields (tls_fields.go): a certificate field picks from the
// project's certificates (console.CertPicks, read once one shows), TLS
// versions and ALPN protocols are ticked (ui.ChoiceList), and a
// listener's create shows HSTS where the cloud's API version has it.
package edit
