// Package labcloud is an embedded, in-memory OpenStack for Octaview's lab
// mode and tests: a Keystone v3 subset, Octavia v2, and subsets of Neutron,
// Nova, Glance and Barbican, served by one http.Handler under the same
// prefixes as devstack:
//
//	/identity/        Keystone: tokens (password, application credential,
//	                  token), catalog, projects, application credentials
//	/load-balancer/   Octavia v2 (and the /v2.0 alias): load balancers,
//	                  listeners, pools, members, health monitors, L7
//	                  policies and rules, amphorae, quotas, providers,
//	                  flavors, flavor profiles, availability zones and
//	                  their profiles
//	/compute/         Nova v2.1 (read only): servers seeded per project,
//	                  with ports on its subnet; flavors (nova*.go)
//	/image/           Glance v2: the servers' one image (glance.go)
//	/key-manager/     Barbican v1: secrets with payloads, containers, read
//	                  ACLs; each project seeded with sample certificates
//	/network/         Neutron v2.0: networks, subnets, ports (read only),
//	                  floating IPs (floatingips.go), QoS policies (read
//	                  only) and the extensions list (qos.go)
//	/lab/             the lab control API (admin token, lab.go): GET and
//	                  PUT /lab/faults, /lab/exercise and /lab/state; GET
//	                  /lab/users, /lab/class and /lab/projects/faults;
//	                  POST /lab/projects/NAME/reset and .../scenario
//
// It behaves like Octavia Zed where a client can tell: JSON shapes and key
// sets, status codes, fault bodies, pagination links, filters, tags,
// fields, RBAC (another project's object is 403, as Octavia's policy
// answers), and the status machine: a write answers with PENDING_*, the
// load balancer is immutable until the transition completes after
// Options.Delay, delete goes through PENDING_DELETE to 404. Its Octavia
// reads every certificate ref through its Barbican as Octavia's
// barbican_acl_auth does (tls_refs.go).
//
// Unlike the real Octavia it simulates a healthy data plane: operating
// statuses follow admin state, members and monitors (ONLINE, OFFLINE,
// DEGRADED, NO_MONITOR, ERROR) and traffic counters grow while a listener
// is up.
//
// Use it like net/http/httptest: New returns the handler, NewServer starts
// it on a loopback port. Transitions are computed from time.Now when a
// request arrives, so tests inside a testing/synctest bubble are
// deterministic: call the handler directly (no sockets in the bubble) and
// move time with time.Sleep. Ids and jitter come from Options.Seed.
//
// Faults (Faults, set by Options.Scenario, Cloud.SetFaults or PUT
// /lab/faults) add latency, a rate of 500 answers, resources forced to
// ERROR or stuck in PENDING_*, members whose monitor fails, tokens that
// die early, outages of Octavia, Keystone or Barbican, and a Neutron without
// its qos extension. A Scenario (LoadScenario
// reads one from JSON; see testdata/) seeds projects, users, networks,
// quotas and load balancers, 10,000 of them for a scale drill.
//
// Users: admin/admin (admin, project admin), demo/demo (member, project
// demo), viewer/viewer (reader on demo), and trainee1..N with
// Options.Trainees, each in its own project.
//
// Inside, Cloud holds the state behind its mutex and what every kind shares
// (the collections, tokens, the lock tree, quotas, the status machine,
// the faults: a faultBook, faultbook.go, holds the lab-wide and each
// project's faults and what acts where, and Cloud applies them to its
// objects, faults.go); each kind has a handler type in its own file
// (lbKind in loadbalancers.go, poolKind in pools.go, keystoneService, neutronService,
// labAPI, …) with its validation, its create, update and delete, its view
// and how it saves and restores itself in a State (a listener's and a
// pool's certificate checks, tls_refs_objects.go, and amphoraKind's booting
// and replacing of amphorae included); a load balancer's children write
// through one generic childKind (childkind.go) over a table of what is each
// kind's own; kinds whose calls are the same share a handler and differ by
// a spec in their file: flavors and availability zones share profiledKind
// (profiled.go), their profile kinds profileKind (profiles.go). The routing
// registers a collection's five calls through kindHandler (kind.go). The
// simulated data plane is the load balancer's own
// (loadBalancer.refreshOperating, dataplane.go). The trainer's side of the
// lab is the classroom (class.go): the class, a project's reset, the
// exercise and each trainee's progress, which Cloud's trainer API (Class,
// ResetProject, SetExercise) calls into; a project's activity records its
// users' requests itself (scope.go). The trainer's read (Cloud.Class)
// answers in app/serverapi's types, the one contract of the trainer's API.
// A self-checking exercise is three files: exercise.go (the check model:
// steps, checks, matches and how they hold), exercise_parse.go (its JSON
// with errors that name the line, the shipped exercises) and
// exercise_progress.go (the class's exercise and each trainee's progress).
//
// # Files
//
// The Cloud and its options: cloud.go, collection.go (the generic
// collection every kind's objects live in), options.go, server.go (NewServer),
// transport.go (Transport), model.go (Octavia's statuses), ids.go, json.go,
// views.go. Octavia's API layer: octavia.go (the routes, caller), kind.go,
// decode.go, validate.go, pagination.go, writes.go, faults_octavia.go
// (apiError), transitions.go (the status machine), cascade.go. Octavia's
// kinds: loadbalancers.go, graph.go (the fully populated create),
// listeners.go, pools.go, l7pools.go, members.go, members_batch.go,
// healthmonitors.go, l7policies.go, l7rules.go, body_parent.go, stats.go,
// amphorae.go, quotas.go, providers.go, flavors.go, flavorprofiles.go,
// availabilityzones.go, azprofiles.go, tls_options.go. Keystone:
// keystone.go, identity.go (User), authenticated.go, tokens.go,
// appcreds.go, projects.go, catalog.go. Neutron: neutron.go. Nova:
// nova.go, nova_servers.go, nova_version.go, nova_view.go. Barbican:
// barbican.go, barbican_secrets.go, barbican_containers.go,
// barbican_acl.go, barbican_list.go, barbican_schema.go, barbican_seed.go,
// barbican_state.go. Seeding and saving: scenario.go, state.go,
// state_format.go, persist.go, statelock.go (with statelock_unix.go and
// statelock_other.go).
package labcloud
