//go:build !js

package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/octaview/octaview/cmd/server/servertest"
	"github.com/octaview/octaview/internal/fetchonly"
)

// fetchOnlyArgs are the flags `make wasm` adds for app.wasm alone (the
// Makefile's WASM_APP_FLAGS): the -overlay that builds net/http's client
// fetch-only (internal/fetchonly), generated from this toolchain's GOROOT
// into a directory of tb's, as cmd/fetchonly does for make.
func fetchOnlyArgs(tb testing.TB) []string {
	tb.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		tb.Fatalf("go env GOROOT: %v", err)
	}
	overlay, err := fetchonly.Generate(strings.TrimSpace(string(out)), filepath.Join(tb.TempDir(), "fetchonly"))
	if err != nil {
		tb.Fatal(err)
	}
	return []string{"-overlay=" + overlay}
}

// TestWasmFlagsAsMake: the Makefile builds app.wasm with the flags the tests
// build the floor and the size benchmark's wasm with (wasmBuildArgs), plus
// the fetch-only overlay that it has cmd/fetchonly regenerate just
// before (fetchOnlyArgs, which buildNamedWasm adds for the app), so a ratio to the floor compares two wasms built
// alike, and the app's wasm in the tests is make's.
func TestWasmFlagsAsMake(t *testing.T) {
	out, err := exec.Command("make", "-C", "../..", "-n", "wasm").CombinedOutput()
	if err != nil {
		t.Fatalf("make -n wasm: %v\n%s", err, out)
	}
	var line, generate string
	for l := range strings.SplitSeq(string(out), "\n") {
		if strings.Contains(l, "GOARCH=wasm") && strings.Contains(l, " build ") {
			line = strings.ReplaceAll(l, "'", "")
		}
		if strings.Contains(l, " ./cmd/fetchonly ") && line == "" {
			generate = l
		}
	}
	if line == "" {
		t.Fatalf("make -n wasm runs no go build for GOARCH=wasm:\n%s", out)
	}
	for _, arg := range servertest.WasmBuildArgs(false) {
		if !strings.Contains(line, " "+arg+" ") {
			t.Errorf("make wasm builds with %q, want it to pass %q as the tests do", line, arg)
		}
	}
	// The overlay make passes is the one `go run ./cmd/fetchonly DIR` writes just before.
	m := regexp.MustCompile(` -overlay=(\S+)/overlay\.json `).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("make wasm builds with %q, want the fetch-only -overlay=DIR/overlay.json as the tests do", line)
	}
	if !regexp.MustCompile(` run -trimpath \./cmd/fetchonly -goroot \S+ ` + regexp.QuoteMeta(m[1]) + `( |$)`).MatchString(generate) {
		t.Errorf("make -n wasm:\n%s\nwant `go run -trimpath ./cmd/fetchonly -goroot GOROOT %s` run before the build", out, m[1])
	}
}
