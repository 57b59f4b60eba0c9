// Package labcloud is an embedded, in-memory OpenStack for Octaview's lab
// mode and tests: a Keystone v3 subset, Octavia v2 and a Neutron subset,
// served by one http.Handler under the same prefixes as devstack:
//
//	/identity/        Keystone: tokens (password, application credential,
//	                  token), catalog, projects, application credentials
//	/load-balancer/   Octavia v2 (and the /v2.0 alias): load balancers,
//	                  listeners, pools, members, health monitors, L7
//	                  policies and rules, amphorae, quotas, providers,
//	                  flavors, flavor profiles, availability zones and
//	                  their profiles
//	/network/         Neutron v2.0: networks, subnets, ports (read only)
//	/lab/             the lab control API: faults (admin token)
//
// It behaves like Octavia where a client can tell: JSON shapes, status
// codes, fault bodies, pagination links, filters, RBAC, and the status
// machine (a write answers with PENDING_*, the load balancer is immutable
// until the transition completes after Options.Delay, delete goes through
// PENDING_DELETE to 404).
//
// Use it like net/http/httptest: New returns the handler, NewServer starts
// it on a loopback port. Transitions are computed from time.Now when a
// request arrives, so tests inside a testing/synctest bubble are
// deterministic: call the handler directly (no sockets in the bubble) and
// move time with time.Sleep.
//
// Users: admin/admin (admin, project admin), demo/demo (member, project
// demo), viewer/viewer (reader on demo), and trainee1..N with Options.Trainees.
package labcloud
