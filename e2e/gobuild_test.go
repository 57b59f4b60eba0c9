//go:build !js

package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// appBuild is the build of the app in dir as the server names it (`octaview
// version -json`): the first 16 hex digits of app.wasm's SHA-256.
func appBuild(tb testing.TB, dir string) string {
	tb.Helper()
	out, err := exec.Command(octaviewBin, "version", "-json", "-web", dir).Output()
	if err != nil {
		tb.Fatalf("octaview version -web %s: %v", dir, err)
	}
	var v struct{ Build string }
	if err := json.Unmarshal(out, &v); err != nil || v.Build == "" {
		tb.Fatalf("octaview version -json: %q: %v", out, err)
	}
	return v.Build
}

// wasmBuildArgs are the generic `go build` flags of app.wasm as `make wasm`
// builds it (the Makefile's WASM_FLAGS; with its function names when names is
// set: -w without -s), as cmd/server's wasm tests build it.
func wasmBuildArgs(names bool) []string {
	ld := "-ldflags=-s -w"
	if names {
		ld = "-ldflags=-w"
	}
	return []string{"-trimpath", ld, "-gcflags=github.com/octaview/octaview/...=-l"}
}

// stockGoAppFlags are the go command's flags that build with go-app as
// published, not third_party/go-app (as cmd/server's TestGoAppPatch checks
// them): a copy of go.mod without the replace (and of go.sum) in a
// temporary directory.
func stockGoAppFlags(tb testing.TB) []string {
	tb.Helper()
	cmd := exec.Command("go", "mod", "edit", "-dropreplace=github.com/maxence-charriere/go-app/v10", "-print")
	cmd.Dir = ".."
	mod, err := cmd.Output()
	if err != nil {
		tb.Fatalf("go mod edit: %v", err)
	}
	sum, err := os.ReadFile(filepath.Join("..", "go.sum"))
	if err != nil {
		tb.Fatal(err)
	}
	dir := tb.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), mod, 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		tb.Fatal(err)
	}
	// -mod=mod: go.sum has no line for the published module (the build
	// does not use it); the go command checks it against the checksum database
	return []string{"-modfile=" + filepath.Join(dir, "go.mod"), "-mod=mod"}
}
