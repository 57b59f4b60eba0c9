//go:build !js

package e2e

import (
	"encoding/json"
	"os/exec"
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
