// Command fetchonly writes the -overlay that builds app.wasm fetch-only:
//
//	go run ./cmd/fetchonly [-goroot DIR] DIR
//
// `make wasm` and `make run` run it before building the server and app.wasm at
// the same time (docs/building.md). It writes DIR/roundtrip_js.go (GOROOT's
// net/http/roundtrip_js.go without the socket fallback of RoundTrip, which
// cannot work in a browser), DIR/tls_conn.go (GOROOT's crypto/tls/conn.go
// without a handshake: the browser speaks TLS) and DIR/overlay.json for
// `go build -overlay` (internal/fetchonly). It prints nothing when both
// rewrites apply.
//
// It never fails because a Go release changed those files so that a rewrite
// no longer applies (internal/fetchonly.GenerateOrStock): that file stays
// stock in the overlay, app.wasm works (only larger), and it prints a warning
// naming the rewrite and what to re-check; `go test ./internal/fetchonly`
// fails naming it too.
//
// It is a command of its own, not one of the server's, so that make needs no
// server binary before it starts compiling app.wasm: the two compile at once.
package main
