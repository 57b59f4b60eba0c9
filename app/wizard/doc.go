// Package wizard is the create wizard's room: the page at
// /load-balancers/new (lb_wizard.go, a thin go-app component) that builds
// a whole load balancer in one request. What it creates and checks is its
// model, app/internal/wizard (imported as model), tested natively; beside
// the page are its parts, each tested natively too: the way through the
// steps and their errors (steps.go), the cloud's choices for the pickers
// and their read (neutron.go; the VIP's QoS policies: pick_qos.go), the
// review's floating IP, associated after the create (floating_ip_step.go),
// the review's "Export as code" over the plan (export_plan.go, app/export's
// panel),
// the steps' forms (step_form.go for the
// load balancer and an item's fields, step_items.go for the listeners,
// pools, members, monitors and L7), the typed VIP when Neutron lists
// no subnet (lb_vip_typed.go), and the members step's server picker
// (member_servers.go). It stands on app/internal/console and
// app/internal/ui; app's routes.go registers it.
//
// Its TLS fields: certificates picked from the project's, read once one
// shows (certs.go), ticked lists (tls_fields.go), and HSTS where the
// cloud speaks it (hsts.go).
package wizard
