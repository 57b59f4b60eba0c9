// Package proxy forwards Keystone (/identity), Octavia (/load-balancer), Neutron
// (/network), Barbican (/key-manager), Nova (/compute) and Glance (/image; both GET and
// HEAD only) from the console's own origin.
//
// It is never an open proxy: Keystone's address comes from configuration, and the
// other services' from the catalog that this Keystone returns for the caller's own
// token (looked up with the token, cached by the token's SHA-256 digest until it
// expires; ValidateToken, token_validate.go, is that look-up, which the server's
// walls use too). Only the path below the prefix and the query are taken from the client,
// and only clean paths: no empty segments (//host), dot segments, encoded separators
// or control characters. Token responses are rewritten so that their catalog and
// links point at this origin. Every failure answers an Octavia-style fault
// ({"faultcode", "faultstring", "debuginfo"}) with an X-Openstack-Request-Id.
//
// With a session key, the app's Keystone token lives sealed in an HttpOnly cookie
// (the Proxy's sessions: session.go, its cookies in session_cookie.go, its refusals in
// session_refusal.go; sealed by seal.go): the app's placeholder becomes the token in X-Auth-Token, in
// X-Subject-Token of /v3/auth/tokens, and in one place of one body,
// auth.identity.token.id of POST /v3/auth/tokens, nowhere else. Request bodies are
// bounded per client address while they are read, by a minimum rate, and in three
// pools (body.go); what waits on the cloud is bounded per session
// (upstream_gate.go); password logins Keystone refused throttle their user and
// address (login_throttle.go).
//
// A Proxy keeps no state that a replica could not rebuild (the catalog cache, the
// short memory of refused tokens, the per-address validation budget and the login
// throttle are per process), so any number of replicas can serve the same users
// (each replica throttles logins on its own: N replicas allow N times the guesses).
package proxy
