// Package e2e tests the console end to end: the real server (cmd/server,
// built once by TestMain) on the lab cloud, app.wasm as `make build` made it,
// and Debian's Chromium driven by chromedp. The package's tests share one
// Chromium, each in a browser context of its own, and run in parallel (as
// many at once as -parallel, by default the CPUs); every step saves
// a screenshot under artifacts/ (gitignored). docs/testing.md
// lists what they check. It has no code of its own: run it with
//
//	make build BROTLI_Q=1 && go test -count=1 ./e2e/
package e2e
