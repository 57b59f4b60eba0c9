// Command server is Octaview's main, built twice.
//
// Built with GOOS=js GOARCH=wasm it is the browser app (web/app.wasm): it registers the
// go-app routes of package app and runs them.
//
// Built natively it is the server: it hosts the app (app.wasm served precompressed, with
// strict security headers), proxies Keystone (/identity/), Octavia (/load-balancer/),
// Neutron (/network/), Barbican (/key-manager/), Nova (/compute/) and Glance (/image/; both read only) from one origin, and serves /api/config, /api/status (a read-only
// status page of one project, polled once per 3 s however many people watch), the status
// walls of the -walls file at /walls/ and /api/wall/ (walls_*.go, docs/walls.md; the lab has
// one, /walls/class), /healthz,
// /version and /metrics. Every answer names the app's build it serves (X-Octaview-Build),
// and a browser never runs or caches a mix of two builds (builds.go). With no cloud configured it starts the embedded lab cloud
// (labcloud) on loopback and prints its users.
//
// The proxy is never an open proxy: requests go only to the configured Keystone and to
// the endpoints that this Keystone's catalog lists for the caller's own token. It keeps
// no state that a replica could not rebuild, so any number of replicas can serve the
// same users behind any load balancer.
//
// Usage:
//
//	octaview [-addr 127.0.0.1:8080] [-cloud NAME | -keystone URL] [-read-only]
//	         [-status-cloud NAME] [-walls FILE] [-status-max-viewers 5000] [-status-max-viewers-per-addr 100]
//	         [-cors-origin https://a.example,...] [-public-url URL]
//	         [-trust-forwarded] [-web DIR] [-lab-trainees N] [-lab-scenario FILE]
//	         [-lab-faults JSON] [-lab-delay 2s] [-lab-trainee-passwords auto|name|random]
//	         [-lab-random-admin-password] [-lab-list-trainees] [-lab-state FILE] [-lab-exercise FILE]
//	         [-session-key-file FILE]
//	octaview precompress [-quality 11] [-fast Q | -upgrade] [-stamp FILE] [-new FILE] web/app.wasm
//	octaview version [-json] [-web DIR]
//
// -public-url is required unless -addr is a loopback address (127.0.0.0/8, ::1, localhost);
// -trust-forwarded takes the origin from X-Forwarded-Proto/Host only in that case.
// precompress (run by `make build`) writes app.wasm's .br and .gz in Go, only when the
// wasm's bytes or the brotli quality changed; `make run` runs it with -fast (a quick level
// first) and then -upgrade in the background (the best level, swapped in when done). The -overlay that builds app.wasm without
// net/http's socket transport and crypto/tls's handshake is cmd/fetchonly's, a command of its
// own so that make compiles the server and app.wasm at the same time.
// version prints the module version and the app's build.
//
// Every flag has an environment equivalent: OCTAVIEW_ plus the flag name in upper case
// with dashes as underscores (OCTAVIEW_ADDR, OCTAVIEW_READ_ONLY, ...); a flag wins over
// its variable.
//
// # Files
//
// main.go and main_js.go are the two mains; run.go (run, runWith: the listener and the
// shutdown), config.go (the flags and their variables), clouds.go (clouds.yaml), server.go
// (newServer) and routes.go (every route) make the server. Around the routes: cors.go,
// readonly.go, accesslog.go, headers.go, ssrf.go, hosts.go and metrics.go. The app's
// hosting: hosting.go, hosting_etag.go, builds.go, loader.go with compile.js, app-worker.js
// and version.go; the first screen: ssr.go, login_form.go, login_redirect.go. api.go serves
// /api/config; status.go, status_octavia.go and events.go the status page and its event
// stream. The lab: lab.go, lab_passwords.go; the trainer: trainer.go, trainer_feed.go,
// trainer_qr.go, trainer_url.go; the walls: walls_*.go. precompress.go,
// precompress_files.go and precompress_upgrade.go are `octaview precompress`. The proxy
// itself is package proxy (cmd/server/proxy, its tests' upstream cmd/server/proxy/proxytest);
// servertest starts this server for tests (cmd/server/servertest); testdata/floor and
// testdata/handlers are the go-app pages the tests build beside the app.
package main
