//go:build !js

// Package patch_test holds the fork to its record: this directory is go-app
// v10.1.11 (github.com/maxence-charriere/go-app/v10) but for the files
// PATCH.md lists, and Octaview's go.mod builds with it.
package patch_test

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// Octaview builds with go-app v10.1.11 plus a small patch, kept in this
// directory (a pruned copy of the module, docs/design.md "Dependencies");
// octaview is the root of Octaview's module, whose go.mod points here.
const (
	goAppModule  = "github.com/maxence-charriere/go-app/v10"
	goAppVersion = "v10.1.11"
	octaview     = "../.."
)

// patchedFileRE matches a file PATCH.md lists: "- `pkg/app/node.go`: ...".
var patchedFileRE = regexp.MustCompile("(?m)^- `([^`]+)`")

// TestGoAppPatch: Octaview builds with this copy in place of go-app
// v10.1.11, and the copy is upstream's module but for the files its PATCH.md
// lists: any other file differing from upstream's fails (an unrecorded
// change), and so does a listed file that no longer differs (a stale record).
func TestGoAppPatch(t *testing.T) {
	goCmd := func(dir string, args ...string) []byte {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go %v: %v\n%s", args, err, stderr.Bytes())
		}
		return out
	}

	var used struct {
		Version string
		Replace *struct{ Path, Dir string }
	}
	if err := json.Unmarshal(goCmd(octaview, "list", "-m", "-json", goAppModule), &used); err != nil {
		t.Fatal(err)
	}
	copyDir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	if used.Version != goAppVersion || used.Replace == nil || filepath.Clean(used.Replace.Dir) != copyDir {
		t.Fatalf("go.mod: %s is %s replaced by %+v, want %s replaced by %s", goAppModule, used.Version, used.Replace, goAppVersion, copyDir)
	}

	var upstream struct{ Dir, Error string }
	if err := json.Unmarshal(goCmd(".", "mod", "download", "-json", goAppModule+"@"+goAppVersion), &upstream); err != nil || upstream.Dir == "" {
		t.Fatalf("downloading %s@%s: %v %s", goAppModule, goAppVersion, err, upstream.Error)
	}

	notes, err := os.ReadFile(filepath.Join(copyDir, "PATCH.md"))
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, m := range patchedFileRE.FindAllSubmatch(notes, -1) {
		listed = append(listed, string(m[1]))
	}
	if len(listed) == 0 {
		t.Fatal("PATCH.md lists no changed file")
	}

	var changed []string
	err = filepath.WalkDir(copyDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(copyDir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == "PATCH.md" {
			return nil
		}
		ours, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		theirs, err := os.ReadFile(filepath.Join(upstream.Dir, filepath.FromSlash(rel)))
		if err != nil && !os.IsNotExist(err) {
			return err
		}
		if err != nil || !bytes.Equal(ours, theirs) {
			changed = append(changed, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range changed {
		if !slices.Contains(listed, f) {
			t.Errorf("third_party/go-app/%s differs from %s@%s's and PATCH.md does not list it", f, goAppModule, goAppVersion)
		}
	}
	for _, f := range listed {
		if !slices.Contains(changed, f) {
			t.Errorf("PATCH.md lists %s, which is %s@%s's (or missing): a stale record", f, goAppModule, goAppVersion)
		}
	}
	t.Logf("changed files (as PATCH.md lists): %v", changed)
}

// TestAppJSGenerated: pkg/app/scripts.go's appJS, the app.js template go-app's
// handler serves, is pkg/app/gen/app.js as go-app's `go generate` writes it
// (its generator is not in this pruned copy), so a change to the patched
// loader in gen/app.js cannot miss what the handler serves.
func TestAppJSGenerated(t *testing.T) {
	js, err := os.ReadFile(filepath.Join("pkg", "app", "gen", "app.js"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("pkg", "app", "scripts.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var quoted string
	ast.Inspect(f, func(n ast.Node) bool {
		if v, ok := n.(*ast.ValueSpec); ok && len(v.Names) == 1 && v.Names[0].Name == "appJS" && len(v.Values) == 1 {
			if lit, ok := v.Values[0].(*ast.BasicLit); ok {
				quoted = lit.Value
			}
		}
		return quoted == ""
	})
	if quoted == "" {
		t.Fatal("pkg/app/scripts.go declares no appJS string")
	}
	if want := strconv.Quote(string(js)); quoted != want {
		t.Errorf("pkg/app/scripts.go's appJS is not pkg/app/gen/app.js: write it again as strconv.Quote of gen/app.js")
	}
}
