//go:build !js

package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// goAppModule is the module path of go-app, which Octaview builds patched
// (third_party/go-app, held to its PATCH.md by that module's own test).
const (
	goAppModule  = "github.com/maxence-charriere/go-app/v10"
	goAppVersion = "v10.1.11"
)

// TestStockGoAppFlags: the floor of the stack is built with go-app as
// published, while the console's go.mod replaces it with the patched copy.
func TestStockGoAppFlags(t *testing.T) {
	for _, tt := range []struct {
		name     string
		flags    []string
		replaced bool
	}{
		{"the console's go.mod", nil, true},
		{"stockGoAppFlags", servertest.StockGoAppFlags(t, filepath.Join("..", "..")), false},
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
