//go:build !js

package servertest

import (
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// RunGo runs the go command with args, env added to the environment, and
// fails tb with its output when it fails.
func RunGo(tb testing.TB, env []string, args ...string) {
	tb.Helper()
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// BrotliQuality is the brotli quality web/app.wasm.br was made with, as
// stamp (make build's bin/app.wasm.stamp) says, so that a floor is
// compressed alike.
func BrotliQuality(tb testing.TB, stamp string) string {
	tb.Helper()
	b, err := os.ReadFile(stamp)
	if err != nil {
		tb.Fatalf("bin/app.wasm.stamp (make build writes it): %v", err)
	}
	_, q, ok := strings.Cut(strings.TrimSpace(string(b)), " brotli-q")
	if !ok {
		tb.Fatalf("bin/app.wasm.stamp: %q names no brotli quality", b)
	}
	return q
}

// FileSize is the size of the file name in bytes.
func FileSize(tb testing.TB, name string) int64 {
	tb.Helper()
	fi, err := os.Stat(name)
	if err != nil {
		tb.Fatal(err)
	}
	return fi.Size()
}

// wasmPackageRE matches the Go package of a function name as V8 shows it
// (the wasm name section's, "/" as "_"): "github.com_x_y.(*T).M" ->
// "github.com_x_y", "encoding_json.(*decodeState).value" -> "encoding_json".
var wasmPackageRE = regexp.MustCompile(`^\$?((?:[a-z0-9-]+\.(?:com|org|net|io|in|dev)_)?[^.]+)`)

// GoPackage is the Go package of a wasm function's name.
func GoPackage(fn string) string {
	if m := wasmPackageRE.FindStringSubmatch(fn); m != nil {
		return m[1]
	}
	return fn
}

// ReadDecoded reads name and decodes it by its extension (.br, .gz or raw).
func ReadDecoded(t testing.TB, name string) []byte {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	switch filepath.Ext(name) {
	case ".br":
		r = brotli.NewReader(f)
	case ".gz":
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b
}

// WasmBuildArgs are the generic `go build` flags of app.wasm as `make wasm`
// builds it (the Makefile's WASM_FLAGS, TestWasmFlagsAsMake; with its
// function names when names is set: -w without -s).
func WasmBuildArgs(names bool) []string {
	args := []string{"-trimpath", ldflags(names), "-gcflags=all=-l"}
	// Inlining kept (the Makefile's WASM_INLINED): the Go runtime and the
	// standard library the console's hot paths run through.
	for _, p := range []string{"runtime/...", "internal/...", "encoding/json", "reflect", "strconv", "syscall/js", "unicode/utf8", "sync", "strings", "bytes"} {
		args = append(args, "-gcflags="+p+"=")
	}
	return args
}

// FloorBuildArgs are the generic `go build` flags of the floor of the
// comparisons (testdata/floor, with stock go-app: StockGoAppFlags): as it
// has been built since its first figure (2,260,528 B at brotli -q11 on
// 2026-12-02), so that the reference does not move when app.wasm's flags
// do; the Go compiler's own inlining but in this module's packages (the
// floor's main alone). BenchmarkWasmSize also reports the floor built with
// WasmBuildArgs.
func FloorBuildArgs(names bool) []string {
	return []string{"-trimpath", ldflags(names), "-gcflags=github.com/octaview/octaview/...=-l"}
}

// ldflags strips the symbol table and DWARF, or only DWARF when names is
// set (the name section, for a profile or the size benchmark).
func ldflags(names bool) string {
	if names {
		return "-ldflags=-w"
	}
	return "-ldflags=-s -w"
}

// StockGoAppFlags are the go command's flags that build with go-app as
// published, not third_party/go-app: a copy of the module's go.mod (at root,
// the module's directory relative to the test's) without the replace, and of
// its go.sum, in a temporary directory.
func StockGoAppFlags(tb testing.TB, root string) []string {
	tb.Helper()
	cmd := exec.Command("go", "mod", "edit", "-dropreplace=github.com/maxence-charriere/go-app/v10", "-print")
	cmd.Dir = root
	mod, err := cmd.Output()
	if err != nil {
		tb.Fatalf("go mod edit: %v", err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
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
