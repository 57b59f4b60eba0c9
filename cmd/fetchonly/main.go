package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/octaview/octaview/internal/fetchonly"
)

func main() {
	if err := fetchOnly(context.Background(), os.Args, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "fetchonly:", err)
		os.Exit(1)
	}
}

// fetchOnly is the command with its arguments (args[0] its name): it writes
// the overlay into the one DIR argument, and warnings and usage to stdout.
func fetchOnly(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("fetchonly", flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: go run ./cmd/fetchonly [-goroot DIR] DIR\n"+
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
		return errors.New("want one output DIR")
	}
	if *goroot == "" {
		out, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
		if err != nil {
			return fmt.Errorf("go env GOROOT: %w", err)
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
