//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// The console builds with go-app v10.1.11 plus a small patch, kept in
// third_party/go-app (a pruned copy of the module, docs/design.md "Dependencies").
const (
	goAppModule  = "github.com/maxence-charriere/go-app/v10"
	goAppVersion = "v10.1.11"
	goAppCopy    = "../../third_party/go-app"
)

// patchedFileRE matches a file PATCH.md lists: "- `pkg/app/node.go`: ...".
var patchedFileRE = regexp.MustCompile("(?m)^- `([^`]+)`")

// TestGoAppPatch: the build uses third_party/go-app in place of go-app
// v10.1.11, and that copy is upstream's module but for the files its PATCH.md
// lists: any other file differing from upstream's fails (an unrecorded
// change), and so does a listed file that no longer differs (a stale record).
func TestGoAppPatch(t *testing.T) {
	goCmd := func(args ...string) []byte {
		t.Helper()
		cmd := exec.Command("go", args...)
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
	if err := json.Unmarshal(goCmd("list", "-m", "-json", goAppModule), &used); err != nil {
		t.Fatal(err)
	}
	copyDir, err := filepath.Abs(goAppCopy)
	if err != nil {
		t.Fatal(err)
	}
	if used.Version != goAppVersion || used.Replace == nil || filepath.Clean(used.Replace.Dir) != copyDir {
		t.Fatalf("go.mod: %s is %s replaced by %+v, want %s replaced by %s", goAppModule, used.Version, used.Replace, goAppVersion, copyDir)
	}

	var upstream struct{ Dir, Error string }
	if err := json.Unmarshal(goCmd("mod", "download", "-json", goAppModule+"@"+goAppVersion), &upstream); err != nil || upstream.Dir == "" {
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

	// the floor of the stack is built with go-app as published
	var stock struct {
		Version string
		Replace *struct{ Path, Dir string }
	}
	if err := json.Unmarshal(goCmd(append([]string{"list"}, append(stockGoAppFlags(t), "-m", "-json", goAppModule)...)...), &stock); err != nil {
		t.Fatal(err)
	}
	if stock.Version != goAppVersion || stock.Replace != nil {
		t.Errorf("stockGoAppFlags: %s is %s replaced by %+v, want %s as published", goAppModule, stock.Version, stock.Replace, goAppVersion)
	}
}

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
