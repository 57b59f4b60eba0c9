// Package fake is an in-process Keystone v3 + Octavia v2 + Neutron (read
// subset) for the octavia package's tests. It answers with the services'
// real JSON shapes: timestamps without a zone ("2026-11-29T17:31:07"),
// *_links with next/previous hrefs, Octavia fault bodies
// {"faultcode","faultstring","debuginfo"}, Keystone {"error":{...}} bodies,
// and an X-Openstack-Request-Id on every answer.
//
// Its status machine follows Octavia's: a write puts the resource in
// PENDING_* and its load balancer in PENDING_UPDATE for Delay (measured with
// time.Now, so testing/synctest's clock drives it), during which further
// writes under that load balancer get 409 "... is immutable and cannot be
// updated.". Use it through NewServer (httptest) or, inside a synctest
// bubble, through labcloud.Transport (no sockets).
//
// It is being retired: the client's tests move to the lab cloud
// (octavia/labcloud), the project's one simulated cloud.
package fake
