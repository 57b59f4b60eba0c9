//go:build !js

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// goAppModule is the module path of go-app, which Octaview builds patched
// (third_party/go-app, held to its PATCH.md by that module's own test).
const (
	goAppModule  = "github.com/maxence-charriere/go-app/v10"
	goAppVersion = "v10.1.11"
)

// stockGoAppFlags are the go command's flags that build with go-app v10.1.11
// as published, not third_party/go-app: a copy of go.mod without the replace
// (and of go.sum) in a temporary directory. The floor of the stack
// (testdata/floor, for the benchmarks) is stock go-app.
func stockGoAppFlags(tb testing.TB) []string {
	tb.Helper()
	cmd := exec.Command("go", "mod", "edit", "-dropreplace="+goAppModule, "-print")
	cmd.Dir = filepath.Join("..", "..")
	mod, err := cmd.Output()
	if err != nil {
		tb.Fatalf("go mod edit: %v", err)
	}
	sum, err := os.ReadFile(filepath.Join("..", "..", "go.sum"))
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

// TestStockGoAppFlags: the floor of the stack is built with go-app as
// published, while the console's go.mod replaces it with the patched copy.
func TestStockGoAppFlags(t *testing.T) {
	for _, tt := range []struct {
		name     string
		flags    []string
		replaced bool
	}{
		{"the console's go.mod", nil, true},
		{"stockGoAppFlags", stockGoAppFlags(t), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, err := exec.Command("go", slices.Concat([]string{"list"}, tt.flags, []string{"-m", "-json", goAppModule})...).Output()
			if err != nil {
				t.Fatalf("go list: %v", err)
			}
			var m struct {
				Version string
				Replace *struct{ Path, Dir string }
			}
			if err := json.Unmarshal(out, &m); err != nil {
				t.Fatal(err)
			}
			if m.Version != goAppVersion || (m.Replace != nil) != tt.replaced {
				t.Errorf("%s is %s replaced by %+v, want %s, replaced %v", goAppModule, m.Version, m.Replace, goAppVersion, tt.replaced)
			}
		})
	}
}
