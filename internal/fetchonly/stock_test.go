package fetchonly

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestRewritesApplyToThisGo: every fetch-only rewrite applies to this
// toolchain's file. When a Go release changes one so that it no longer does,
// `make wasm` still builds (GenerateOrStock leaves the file stock, app.wasm
// only larger) and this test is what fails, naming the rewrite to re-check.
func TestRewritesApplyToThisGo(t *testing.T) {
	for _, r := range rewrites {
		if _, err := r.rewrite(gorootSource(t, r.path)); err != nil {
			t.Errorf("the fetch-only rewrite %s (%s) no longer applies to %s's %s: `make wasm` builds app.wasm with the stock file "+
				"(larger) until internal/fetchonly is updated for it: %v", r.name, r.what, runtime.Version(), r.path, err)
		}
	}
}

// gorootCopy is a synthetic GOROOT holding a copy of this toolchain's files
// of the rewrites, the one at path (if any) replaced by src.
func gorootCopy(t *testing.T, path, src string) string {
	t.Helper()
	goroot := t.TempDir()
	for _, r := range rewrites {
		b := gorootSource(t, r.path)
		if r.path == path {
			b = []byte(src)
		}
		name := filepath.Join(goroot, filepath.FromSlash(r.path))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return goroot
}

// readOverlay is the overlay file's Replace.
func readOverlay(t *testing.T, overlay string) map[string]string {
	t.Helper()
	js, err := os.ReadFile(overlay)
	if err != nil {
		t.Fatal(err)
	}
	var o Overlay
	if err := json.Unmarshal(js, &o); err != nil {
		t.Fatalf("%v: %s", err, js)
	}
	return o.Replace
}

// TestGenerateOrStock: on a copy of GOROOT whose file of one rewrite was
// altered by a (synthetic) Go release so that the rewrite no longer applies,
// GenerateOrStock does not fail: the overlay replaces only the other file,
// the altered one's generated file of an earlier run is gone (the build uses
// the stock file), and the stale rewrite is reported by name, with what to
// re-check; Generate, which the tests use, fails. With the file restored,
// both are in the overlay again.
func TestGenerateOrStock(t *testing.T) {
	altered := map[string]string{
		// RoundTrip without the socket fallback the rewrite looks for
		RoundTripPath: fakeSource("", "\treturn nil, nil\n", ""),
		// a conn.go whose handshakeContext runs no c.handshakeFn
		TLSConnPath: fakeTLSConn("\treturn nil\n", ""),
	}
	for _, stale := range rewrites {
		t.Run(stale.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			if _, err := Generate(gorootCopy(t, "", ""), dir); err != nil { // an earlier run, on the Go before
				t.Fatal(err)
			}
			goroot := gorootCopy(t, stale.path, altered[stale.path])
			overlay, got, err := GenerateOrStock(goroot, dir)
			if err != nil {
				t.Fatalf("GenerateOrStock with %s altered: %v, want no error (the build goes on stock)", stale.path, err)
			}
			if len(got) != 1 || got[0].Name != stale.name || got[0].Source != filepath.Join(goroot, filepath.FromSlash(stale.path)) ||
				!strings.Contains(got[0].Error(), "re-check") {
				t.Fatalf("stale rewrites %v, want only %s's, saying what to re-check", got, stale.name)
			}
			replace := readOverlay(t, overlay)
			for _, r := range rewrites {
				source, generated := filepath.Join(goroot, filepath.FromSlash(r.path)), filepath.Join(dir, r.name)
				_, statErr := os.Stat(generated)
				if r.name == stale.name {
					if _, ok := replace[source]; ok || !errors.Is(statErr, os.ErrNotExist) {
						t.Errorf("%s is stale, but the overlay %v replaces it or %s is left (%v)", r.name, replace, generated, statErr)
					}
				} else if replace[source] != generated || statErr != nil {
					t.Errorf("overlay %v (%v), want %s replaced by %s", replace, statErr, source, generated)
				}
			}
			if _, err := Generate(goroot, dir); err == nil || !strings.Contains(err.Error(), "re-check") {
				t.Errorf("Generate with %s altered: %v, want an error saying what to re-check", stale.path, err)
			}
			if _, got, err := GenerateOrStock(gorootCopy(t, "", ""), dir); err != nil || len(got) != 0 {
				t.Errorf("GenerateOrStock with the file restored: stale %v, %v, want none", got, err)
			}
		})
	}
}

// TestStockFallbackBuilds: `go build` of net/http for js/wasm (as app.wasm
// links it) succeeds with the overlays GenerateOrStock writes when one
// rewrite, or both, no longer apply to this toolchain's GOROOT: the build goes
// on with the stock file.
func TestStockFallbackBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles net/http for js/wasm")
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	goroot := strings.TrimSpace(string(out))
	staleRewrite := func(r rewrite) rewrite {
		r.rewrite = func([]byte) ([]byte, error) { return nil, errors.New("a Go release changed the file") }
		return r
	}
	for _, tt := range []struct {
		name  string
		stale map[string]bool
	}{
		{"roundtrip_js.go stale", map[string]bool{"roundtrip_js.go": true}},
		{"tls_conn.go stale", map[string]bool{"tls_conn.go": true}},
		{"both stale", map[string]bool{"roundtrip_js.go": true, "tls_conn.go": true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var rs []rewrite
			for _, r := range rewrites {
				if tt.stale[r.name] {
					r = staleRewrite(r)
				}
				rs = append(rs, r)
			}
			overlay, stale, err := generate(goroot, t.TempDir(), rs)
			if err != nil || len(stale) != len(tt.stale) {
				t.Fatalf("generate: stale %v, %v; want %d stale", stale, err, len(tt.stale))
			}
			if replace := readOverlay(t, overlay); len(replace) != len(rewrites)-len(tt.stale) {
				t.Fatalf("overlay %v, want %d files", replace, len(rewrites)-len(tt.stale))
			}
			build := exec.Command("go", "build", "-overlay="+overlay, "net/http")
			build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
			if out, err := build.CombinedOutput(); err != nil {
				t.Errorf("GOOS=js GOARCH=wasm go build -overlay net/http: %v\n%s", err, out)
			}
		})
	}
}
