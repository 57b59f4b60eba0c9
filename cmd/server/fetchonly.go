//go:build !js

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"strings"

	"github.com/octaview/octaview/internal/fetchonly"
)

// fetchOnly is `octaview fetchonly [-goroot DIR] DIR`, which `make wasm` runs
// before building app.wasm: it writes DIR/roundtrip_js.go (GOROOT's
// net/http/roundtrip_js.go without the socket fallback of RoundTrip, which
// cannot work in a browser), DIR/tls_conn.go (GOROOT's crypto/tls/conn.go
// without a handshake: the browser speaks TLS) and DIR/overlay.json for
// `go build -overlay`. It prints nothing when both rewrites apply.
//
// It never fails because a Go release changed those files so that a rewrite
// no longer applies (internal/fetchonly.GenerateOrStock): that file stays
// stock in the overlay, app.wasm works (only larger), and it prints a warning
// naming the rewrite and what to re-check; `go test ./internal/fetchonly`
// fails naming it too.
//
// args[0] is the command's name; the signature is run's, so main can pick either.
func fetchOnly(_ context.Context, args []string, _ func(string) string, stdout io.Writer) error {
	fs := flag.NewFlagSet(programName(args), flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: octaview fetchonly [-goroot DIR] DIR\n"+
			"writes DIR/roundtrip_js.go, DIR/tls_conn.go and DIR/overlay.json: net/http's wasm client without its socket fallback\n"+
			"and crypto/tls without a handshake, for go build -overlay (a file this Go release changed stays stock, with a warning)\n")
		fs.PrintDefaults()
	}
	goroot := fs.String("goroot", "", "the Go toolchain's `GOROOT` (default: `go env GOROOT`)")
	if err := fs.Parse(args[min(1, len(args)):]); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("fetchonly: want one output DIR")
	}
	if *goroot == "" {
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			return fmt.Errorf("fetchonly: go env GOROOT: %w", err)
		}
		*goroot = strings.TrimSpace(string(out))
	}
	_, stale, err := fetchonly.GenerateOrStock(*goroot, fs.Arg(0))
	if err != nil {
		return err
	}
	for _, s := range stale {
		fmt.Fprintf(stdout, "warning: the fetch-only rewrite %s (%s) does not apply to this Go release: "+
			"app.wasm is built with the stock %s (it works, only larger); %v\n", s.Name, s.What, s.Source, s.Err)
	}
	return nil
}
