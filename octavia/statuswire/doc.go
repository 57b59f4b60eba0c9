// Package statuswire holds the wire types of Octavia's status tree (GET
// /v2/lbaas/loadbalancers/{id}/status) and the two status strings they
// carry, with no client and no gophercloud, so that both the client
// (package octavia, which names them by type aliases) and the lab cloud
// and the server's API (app/serverapi) can speak them without importing
// the client.
package statuswire
