//go:build !js

package main

import (
	"os/exec"
	"strings"
	"testing"
)

// wasmBuildArgs are the `go build` flags of app.wasm as `make wasm` builds it
// (with its function names when names is set: -w without -s), for the
// wasms the tests build themselves (the floor, the size benchmark's), so
// that both sides of a comparison are built alike.
func wasmBuildArgs(names bool) []string {
	ld := "-ldflags=-s -w"
	if names {
		ld = "-ldflags=-w"
	}
	return []string{"-trimpath", ld, "-gcflags=github.com/octaview/octaview/...=-l"}
}

// TestWasmFlagsAsMake: the Makefile builds app.wasm with the flags the
// tests build the floor and the size benchmark's wasm with (wasmBuildArgs),
// so a ratio to the floor compares two wasms built alike.
func TestWasmFlagsAsMake(t *testing.T) {
	out, err := exec.Command("make", "-C", "../..", "-n", "wasm").CombinedOutput()
	if err != nil {
		t.Fatalf("make -n wasm: %v\n%s", err, out)
	}
	var line string
	for l := range strings.SplitSeq(string(out), "\n") {
		if strings.Contains(l, "GOARCH=wasm") && strings.Contains(l, " build ") {
			line = strings.ReplaceAll(l, "'", "")
		}
	}
	if line == "" {
		t.Fatalf("make -n wasm runs no go build for GOARCH=wasm:\n%s", out)
	}
	for _, arg := range wasmBuildArgs(false) {
		if !strings.Contains(line, " "+arg+" ") {
			t.Errorf("make wasm builds with %q, want it to pass %q as the tests do", line, arg)
		}
	}
}
