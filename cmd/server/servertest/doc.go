//go:build !js

// Package servertest starts the console's server (cmd/server) for a test and
// talks to it as its clients do. cmd/server's tests run the server in process;
// the Chromium tests (package e2e) run the built binary; both start it through
// [Start], which waits until /healthz answers and stops it when the test ends.
//
//	s := servertest.Start(t, run, nil, "-web", dir, "-lab-delay", "0s")
//	tok := servertest.LabLogin(t, s.URL, "admin", "admin", "admin")
//	resp := servertest.GetJSON(t, http.MethodGet, s.URL+"/load-balancer/v2/lbaas/loadbalancers", tok, "", &out)
//
// The OpenStack CLI: [OpenStackCLI] is the installed program, [CLIEnv] the
// environment of a user's CLI, [RunCLI] one command of it; [ForkedCLI] is
// the same CLI for a script's many commands, each in a fork of a Python that
// imported it once (cli_fork.py, a tenth of the CPU).
package servertest
