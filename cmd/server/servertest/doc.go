//go:build !js

// Package servertest starts the console's server (cmd/server) for a test and
// talks to it as its clients do. cmd/server's tests run the server in process;
// the Chromium tests (package e2e) run the built binary; both start it through
// [Start], which waits until /healthz answers and stops it when the test ends.
//
//	s := servertest.Start(t, run, nil, "-web", dir, "-lab-delay", "0s")
//	tok := servertest.LabLogin(t, s.URL, "admin", "admin", "admin")
//	resp := servertest.GetJSON(t, http.MethodGet, s.URL+"/load-balancer/v2/lbaas/loadbalancers", tok, "", &out)
package servertest
