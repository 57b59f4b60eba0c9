// Package e2e tests the console end to end: the real server (cmd/server,
// built once by TestMain) on the lab cloud, app.wasm as `make build` made it,
// and Debian's Chromium driven by chromedp. The package's tests share one
// Chromium, each in a browser context of its own, and run in parallel (as
// many at once as -parallel, by default the CPUs); every step saves
// a screenshot under artifacts/ (gitignored). docs/testing.md
// lists what they check. It has no code of its own: run it with
//
//	make build BROTLI_Q=1 && go test -count=1 ./e2e/
//
// Files: main_test.go (TestMain: the server built, the one Chromium
// started), browser_test.go (the driver the others use: newBrowser,
// startServedConsole, minWait), gobuild_test.go (appBuild: an app.wasm's
// build as the server names it), browser_*_test.go (the tests, one file
// per part of the console), and browser_bench*_test.go and
// browser_*_bench_test.go (the Chromium benchmarks: BenchmarkStartup,
// BenchmarkListScale and the others of docs/benchmarks.md; the wall's,
// BenchmarkBrowserWallBig, is in browser_wallui_test.go).
package e2e
