// Package octavia is Octaview's client for OpenStack Octavia (load
// balancers), with the Keystone login and the Neutron reads the console
// needs. Every request goes through gophercloud v2 ServiceClients (in the
// browser, net/http rides on fetch); the package adds what a console needs on
// top: streaming lists, one error vocabulary, waits that say what they saw,
// and tag writes that do not lose concurrent changes silently. It imports
// neither go-app nor syscall/js and its tests also run as WebAssembly.
//
// # Logging in
//
// New authenticates with a password, an application credential or an
// existing token (Config), and picks the load-balancer and network endpoints
// from the catalog (Region, Interface) unless Config overrides them; in the
// browser every endpoint is the page's own origin (/identity/v3,
// /load-balancer/, /network/). Session tells who is logged in, with which
// roles (a "reader" sees no write buttons) and until when; Logout revokes the
// token.
//
// # Transport guard
//
// The client's transport refuses, at once and naming the host, any request
// whose scheme://host:port is not one of the configured endpoints' (Keystone's,
// the load-balancer's, the network's). Octavia builds its *_links from its
// own api_base_uri, often an internal address such as http://10.0.0.1:9876;
// nothing here ever dials one.
//
// # Kinds, and Octavia's own JSON
//
// Every kind of Octavia resource is a Kind, and everything the client
// knows of a kind is one row of one table (kinds.go): its collection path,
// its parent (a member's pool, a rule's L7 policy), its JSON envelopes, the
// attribute that names it in URLs, the status a wait reads, and how its
// load balancer is found from its JSON. A Ref points at one object; RefOf
// makes it from an object's JSON.
//
// On that table, the kind-indexed calls read and write any kind as
// Octavia's own JSON, an Object (every attribute Octavia sent and none it
// did not): List and Rows (every page, streamed; Rows asks for the fields it
// shows and takes each row straight from the page's bytes, for lists of
// thousands), Get, Create, Update (a nil value sent as null: Octavia's
// unset) and Delete (cascade for a load balancer). They are the client's
// one API for Octavia's resources. Beside them are only the calls no kind
// says: statistics (LoadBalancerStats, ListenerStats, AmphoraStats), the
// status tree, failovers, an amphora's configure, the member batch
// (Members, BatchUpdateMembers), providers and their capabilities, the
// waits, UpdateTags and the session; each has a caller in the console or
// the server.
//
// # The other services
//
// The Client hands out a small client for each other service the console
// talks to, each with the Client's session and transport guard: Network
// (Neutron: the networks, subnets and ports a VIP is picked from, floating
// IPs, QoS policies), KeyManager (Barbican's certificates: Secrets,
// Containers, SecretPayload, StoreSecret, SetSecretReadACL, DeleteSecret,
// by "key-manager" in the catalog; keymanager_pages.go: Barbican's offset
// paging) and Compute (Nova's servers, for the member picker):
//
//	nets, err := octavia.Collect(c.Network().Networks(ctx, networks.ListOpts{Name: "public"}))
//
// A catalog without the service gives a client whose every call is an
// EUNAVAILABLE *Error saying so (Compute.Available tells beforehand).
//
// # Lists
//
// Lists return iter.Seq2[T, error] and stream: each page is decoded with a
// json.Decoder straight into an Object (or, for the few typed lists,
// gophercloud's struct), item by item; Collect gathers them. A ListQuery
// holds Octavia's filters, fields, limit, marker and sort; the typed lists
// take gophercloud's ListOpts.
// The next page is the next link's paging parameters (limit, marker, sort,
// sort_key, sort_dir, page_reverse) sent to OUR endpoint together with the
// caller's filters, which Octavia's link drops. A list stops with an error
// when a marker repeats, ends at a next link with limit=None without
// following it, and restarts once from the first page after a 400 about the
// marker (the marker's object was deleted meanwhile), skipping the items it
// already gave. No query parameter Octavia does not know is ever sent (it
// answers 400).
//
// # Errors
//
// Every failed call returns an *Error: a Code (ENOTFOUND, ECONFLICT,
// EIMMUTABLE, EUNAUTHORIZED, EFORBIDDEN, EINVALID, EQUOTA, EUNSUPPORTED (501: the
// provider driver refuses an option), EUNAVAILABLE,
// ETIMEOUT, ECANCELED, EINTERNAL), the HTTP status, Octavia's faultstring (or
// Keystone's / Neutron's message), the X-Openstack-Request-Id and the
// operation. A 409 whose fault says "is immutable and cannot be updated" or
// "Invalid state PENDING_... of loadbalancer resource" is EIMMUTABLE: the
// load balancer is busy, retry once it is ACTIVE; any other 409 (a duplicate
// member, a port in use, "Invalid state ERROR ...") is ECONFLICT and will
// not go away.
// A 403 "Quota has been met for resources: ..." is EQUOTA. Message turns any
// error into one sentence for a user. *Error unwraps to gophercloud's error,
// so gophercloud.ResponseCodeIs keeps working, and an ENOTFOUND *Error matches
// waiters.ErrGone (errors.Is), which is how a delete wait knows the resource
// is gone.
//
// # Writes and waits
//
// Writes return Accepted (the request id and status code of the answer).
// WaitLoadBalancerActive and WaitLoadBalancerDeleted follow
// python-octaviaclient's --wait (package waiters: first poll at once, then
// every 3 s; no limit for active, 300 s for delete). After a write on a
// listener, pool, member, health monitor, L7 policy or rule, WaitChildActive
// polls the parent load balancer until it leaves PENDING_* and then reads the
// child: a child in ERROR fails the wait, where the CLI reports success
// because Octavia puts the load balancer back to ACTIVE. WaitChildDeleted
// waits for the load balancer, then for the child's 404. Every wait returns an
// Outcome; Outcome.SawPending false right after a write means the service
// answered ACTIVE before it moved to PENDING_* (the stale-ACTIVE race of the
// spec), so the write may not have been applied yet. WaitTreeActive waits
// for a fully populated create: the load balancer, then every child of its
// status tree (a child in ERROR fails it with a *ChildError).
//
// A wait reads its statuses from the client's StatusSource: GETs of its own
// by default (one per poll, as the CLI does), or, with WithStatusSource, a
// poll the program already runs (the console's shared poll: one GET per
// object per 3 s, whatever the number of views and waits).
//
// # Tags, and the race that remains
//
// UpdateTags merges like the CLI (read the tags, change them, PUT the whole
// list), then reads them back. If our change did not land (another writer's
// PUT, based on an older read, overwrote it) or tags we kept for others
// vanished (a writer with a stale read dropped them), it merges again and
// PUTs again, at most TagChange.Tries times (3), and reports what happened in
// a TagResult (Puts, Restored, Lost). A 409 immutable on the first PUT is
// returned at once, as for any write refused busy (nothing was written: the
// caller retries once the load balancer is ACTIVE); a 409 on a later PUT
// (our own PUT, or the other writer's, left the load balancer
// PENDING_UPDATE) waits for ACTIVE on the StatusSource and merges again
// from a fresh read.
//
// Octavia offers no conditional update (no ETag, no If-Match), so a race
// remains: a writer whose whole read-PUT-check cycle falls between our read
// and our PUT has its change overwritten by ours, and neither side sees it
// (its check ran before our PUT; ours cannot know a tag we never read).
// Against a real Octavia the window is small, since any PUT locks the load
// balancer (PENDING_UPDATE) and a second writer's PUT then gets a 409. And
// when another writer deliberately removes a tag that we kept, our re-apply
// can put it back (TagResult.Restored lists those).
package octavia
