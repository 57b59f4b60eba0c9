// Package proxytest runs the lab cloud (labcloud) on a loopback server as the
// upstream of a proxy under test, every request recorded. A test that needs a
// misbehaving upstream (one that stalls, redirects, or answers odd headers) replaces
// Octavia or wraps Keystone with a small handler of its own; everything else is the lab.
//
//	up := proxytest.New(t, proxytest.Options{})
//	// up.AuthURL() is a Keystone; its catalog lists up.Server.URL + "/load-balancer" and "/network"
//	tok := up.Login(t) // proxytest.User in proxytest.Project
//	// ... send requests through the proxy under test, then:
//	got := up.Requests("load-balancer")
//
// For floods: SlowBodies sends bodies that never finish from many loopback
// addresses, and Tally counts the answers to a request tried meanwhile.
package proxytest
