package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/octaview/octaview/internal/fetchonly"
)

// TestFetchOnlyCommandStock: `go run ./cmd/fetchonly`, which `make wasm` runs, is
// silent when both rewrites apply, and on a synthetic GOROOT whose
// roundtrip_js.go a Go release changed (RoundTrip has no socket fallback to
// rewrite) it does not fail the build: it warns naming the rewrite, the stock
// file the build uses and what to re-check, and writes an overlay of the
// other file alone.
func TestFetchOnlyCommandStock(t *testing.T) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	real := strings.TrimSpace(string(out))
	goroot := t.TempDir()
	for _, path := range []string{fetchonly.RoundTripPath, fetchonly.TLSConnPath} {
		b, err := os.ReadFile(filepath.Join(real, filepath.FromSlash(path)))
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(goroot, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(t.TempDir(), "_fetchonly")
	command := func() string {
		t.Helper()
		var stdout bytes.Buffer
		if err := fetchOnly(t.Context(), []string{"fetchonly", "-goroot", goroot, dir}, &stdout); err != nil {
			t.Fatalf("fetchonly: %v, want no error (the build goes on)\n%s", err, stdout.String())
		}
		return stdout.String()
	}
	if got := command(); got != "" {
		t.Errorf("fetchonly with both rewrites applying printed %q, want nothing", got)
	}

	roundTrip := filepath.Join(goroot, filepath.FromSlash(fetchonly.RoundTripPath))
	src, _ := os.ReadFile(roundTrip)
	changed := strings.Replace(string(src), "return t.roundTrip(req)", "return t.roundTripSockets(req)", 1)
	if changed == string(src) {
		t.Fatalf("GOROOT's %s has no `return t.roundTrip(req)`: re-check what this test alters", fetchonly.RoundTripPath)
	}
	if err := os.WriteFile(roundTrip, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	got := command()
	for _, want := range []string{"warning: the fetch-only rewrite roundtrip_js.go", "stock " + roundTrip, "re-check", "internal/fetchonly"} {
		if !strings.Contains(got, want) {
			t.Errorf("fetchonly with %s changed printed\n%s\nwant it to say %q", roundTrip, got, want)
		}
	}
	if strings.Contains(got, "tls_conn.go") {
		t.Errorf("fetchonly warned of tls_conn.go, which still applies:\n%s", got)
	}
	js, err := os.ReadFile(filepath.Join(dir, "overlay.json"))
	if err != nil {
		t.Fatal(err)
	}
	var o fetchonly.Overlay
	if err := json.Unmarshal(js, &o); err != nil {
		t.Fatal(err)
	}
	tlsConn := filepath.Join(goroot, filepath.FromSlash(fetchonly.TLSConnPath))
	if len(o.Replace) != 1 || o.Replace[tlsConn] != filepath.Join(dir, "tls_conn.go") {
		t.Errorf("overlay %s, want only %s replaced (roundtrip_js.go stock)", js, tlsConn)
	}
}
