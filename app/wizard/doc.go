// Package wizard is the create wizard's room: the page at
// /load-balancers/new (lb_wizard.go) that builds a whole load balancer in
// one request, and its typed VIP when Neutron lists no subnet
// (lb_vip_typed.go). What it creates and checks is its model,
// app/internal/wizard (imported as model), tested natively. It stands on
// app/internal/console and app/internal/ui; app's routes.go registers it.
package wizard
