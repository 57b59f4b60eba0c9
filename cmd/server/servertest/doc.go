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
//
// Files: server.go (Start, StartLog, the Server), exec.go (Exec: the built
// binary as a Runner), lab.go (StartLab, the lab admin's fault API),
// client.go (GetJSON, DoAsSent, LabLogin and the other logins), session.go
// (a console session as the browser holds it), build.go (go builds and
// app.wasm's flags for tests), cli.go (OpenStackCLI, CLIEnv, RunCLI) and
// cli_fork.go with cli_fork.py and cli_fork_shim.py (ForkedCLI).
package servertest
