package fetchonly

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// gorootSource is the Go toolchain's net/http/roundtrip_js.go.
func gorootSource(t *testing.T) []byte {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	src, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), filepath.FromSlash(SourcePath)))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// roundTripIfs parses src and returns its (*Transport).RoundTrip's if
// statements that match (with the file, for printing).
func roundTripIfs(t *testing.T, src []byte, match func(*ast.FuncDecl, *ast.IfStmt) bool) (*token.FileSet, *ast.File, []*ast.IfStmt) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "roundtrip_js.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("parsing:\n%s\n%v", src, err)
	}
	var found []*ast.IfStmt
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && isTransportMethod(fd, "RoundTrip") {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if is, ok := n.(*ast.IfStmt); ok && match(fd, is) {
					found = append(found, is)
				}
				return true
			})
		}
	}
	return fset, f, found
}

// blanked prints f with is's condition and body replaced by the same
// placeholder, for comparing two files but for that if statement.
func blanked(t *testing.T, fset *token.FileSet, f *ast.File, is *ast.IfStmt) string {
	t.Helper()
	is.Cond = &ast.Ident{NamePos: is.Cond.Pos(), Name: "placeholder"}
	is.Body = &ast.BlockStmt{Lbrace: is.Body.Lbrace, Rbrace: is.Body.Rbrace}
	var b bytes.Buffer
	if err := format.Node(&b, fset, f); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestRewriteGOROOT: the toolchain's roundtrip_js.go made fetch-only parses,
// its RoundTrip no longer calls t.roundTrip, the fallback is now
// `if jsFetchMissing { return nil, errors.New(ErrorText) }`, and the file is
// otherwise the same, comments included.
func TestRewriteGOROOT(t *testing.T) {
	src := gorootSource(t)
	out, err := Rewrite(src)
	if err != nil {
		t.Fatalf("Rewrite(GOROOT's roundtrip_js.go): %v", err)
	}
	fset0, f0, before := roundTripIfs(t, src, func(fd *ast.FuncDecl, is *ast.IfStmt) bool {
		return len(socketFallbacks(&ast.FuncDecl{Recv: fd.Recv, Type: fd.Type, Body: &ast.BlockStmt{List: []ast.Stmt{is}}})) == 1
	})
	if len(before) != 1 {
		t.Fatalf("GOROOT's RoundTrip has %d socket fallbacks, want 1", len(before))
	}
	fset1, f1, after := roundTripIfs(t, out, func(_ *ast.FuncDecl, is *ast.IfStmt) bool {
		id, ok := is.Cond.(*ast.Ident)
		return ok && id.Name == "jsFetchMissing"
	})
	if len(after) != 1 {
		t.Fatalf("the rewritten RoundTrip has %d `if jsFetchMissing`, want 1:\n%s", len(after), out)
	}
	if bytes.Contains(out, []byte("t.roundTrip(")) {
		t.Errorf("the rewritten file still calls t.roundTrip:\n%s", out)
	}
	var body bytes.Buffer
	if err := format.Node(&body, fset1, after[0].Body); err != nil {
		t.Fatal(err)
	}
	want := "{\n\treturn nil, errors.New(" + strconv.Quote(ErrorText) + ")\n}"
	if body.String() != want {
		t.Errorf("the fallback's body is\n%s\nwant\n%s", body.String(), want)
	}
	if b0, b1 := blanked(t, fset0, f0, before[0]), blanked(t, fset1, f1, after[0]); b0 != b1 {
		t.Errorf("the rewritten file differs from GOROOT's beyond the fallback:\n--- GOROOT\n%s\n--- rewritten\n%s", b0, b1)
	}
	if again, err := Rewrite(out); err == nil {
		t.Errorf("Rewrite of its own output succeeded, want it to find no fallback:\n%s", again)
	}
}

// fakeSource is a roundtrip_js.go with RoundTrip's body (and more) as given.
func fakeSource(imports, roundTripBody, more string) string {
	return "//go:build js && wasm\n\npackage http\n\nimport (\n" + imports + ")\n\n" +
		"var jsFetchMissing, jsFetchDisabled bool\n\n" +
		"// RoundTrip implements the RoundTripper interface using the Fetch API.\n" +
		"func (t *Transport) RoundTrip(req *Request) (*Response, error) {\n" + roundTripBody + "}\n\n" + more
}

// TestRewriteNotFound: when RoundTrip's socket fallback is not found exactly
// once, or jsFetchMissing is gone, Rewrite fails saying what to re-check.
func TestRewriteNotFound(t *testing.T) {
	const fallback = "\tif t.Dial != nil || jsFetchMissing || jsFetchDisabled {\n\t\treturn t.roundTrip(req)\n\t}\n"
	tests := []struct{ name, src, want string }{
		{"no fallback", fakeSource("\t\"errors\"\n", "\treturn nil, errors.New(\"x\")\n", ""), "found 0"},
		{"two fallbacks", fakeSource("\t\"errors\"\n", fallback+fallback+"\treturn nil, nil\n", ""), "found 2"},
		{"a fallback with another body", fakeSource("", "\tif jsFetchDisabled {\n\t\tlog()\n\t\treturn t.roundTrip(req)\n\t}\n\treturn nil, nil\n", ""), "found 0"},
		{"a fallback with an else", fakeSource("", "\tif jsFetchDisabled {\n\t\treturn t.roundTrip(req)\n\t} else {\n\t}\n\treturn nil, nil\n", ""), "found 0"},
		{"the fallback in another method only", fakeSource("", "\treturn nil, nil\n", "func (t *Transport) other(req *Request) (*Response, error) {\n"+fallback+"\treturn nil, nil\n}\n"), "found 0"},
		{"RoundTrip gone", strings.Replace(fakeSource("", fallback+"\treturn nil, nil\n", ""), "RoundTrip(", "Roundtrip(", 1), "no method (*Transport).RoundTrip"},
		{"jsFetchMissing gone", strings.Replace(fakeSource("", fallback+"\treturn nil, nil\n", ""), "jsFetchMissing,", "jsFetchAbsent,", 1), "no package variable jsFetchMissing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Rewrite([]byte(tt.src))
			if err == nil {
				t.Fatalf("Rewrite succeeded, want an error:\n%s", out)
			}
			for _, w := range []string{tt.want, "re-check", "internal/fetchonly"} {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("got %q, want it to say %q", err, w)
				}
			}
		})
	}
}

// TestRewriteAddsImport: a file without the errors import gets it.
func TestRewriteAddsImport(t *testing.T) {
	src := fakeSource("\t\"fmt\"\n", "\tif jsFetchDisabled {\n\t\treturn t.roundTrip(req)\n\t}\n\treturn nil, fmt.Errorf(\"x\")\n", "")
	out, err := Rewrite([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "", out, parser.ImportsOnly)
	if err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	var paths []string
	for _, is := range f.Imports {
		paths = append(paths, is.Path.Value)
	}
	if got := strings.Join(paths, " "); got != `"errors" "fmt"` {
		t.Errorf("imports %s, want \"errors\" \"fmt\":\n%s", got, out)
	}
}

// TestGenerate: Generate writes the rewritten file and an overlay that
// replaces GOROOT's file with it (absolute paths), anew each time (a changed
// GOROOT is never stale), and on a file it cannot rewrite fails and leaves no
// overlay behind.
func TestGenerate(t *testing.T) {
	goroot, dir := t.TempDir(), filepath.Join(t.TempDir(), "out")
	source := filepath.Join(goroot, filepath.FromSlash(SourcePath))
	if err := os.MkdirAll(filepath.Dir(source), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(body string) {
		t.Helper()
		if err := os.WriteFile(source, []byte(fakeSource("\t\"errors\"\n", body, "")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	check := func(wantIn string) {
		t.Helper()
		overlay, err := Generate(goroot, dir)
		if err != nil {
			t.Fatal(err)
		}
		if overlay != filepath.Join(dir, "overlay.json") {
			t.Errorf("overlay %s, want %s", overlay, filepath.Join(dir, "overlay.json"))
		}
		js, err := os.ReadFile(overlay)
		if err != nil {
			t.Fatal(err)
		}
		var o Overlay
		if err := json.Unmarshal(js, &o); err != nil {
			t.Fatalf("%v: %s", err, js)
		}
		generated := filepath.Join(dir, "roundtrip_js.go")
		if len(o.Replace) != 1 || o.Replace[source] != generated {
			t.Fatalf("overlay %s, want {%q: %q}", js, source, generated)
		}
		src, _ := os.ReadFile(source)
		want, err := Rewrite(src)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(generated)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(got, []byte("// Code generated")) || !bytes.HasSuffix(got, want) || !bytes.Contains(got, []byte(wantIn)) {
			t.Errorf("generated file:\n%s\nwant a generated-code header, then\n%s", got, want)
		}
	}
	write("\tif jsFetchDisabled {\n\t\treturn t.roundTrip(req)\n\t}\n\treturn nil, nil\n")
	check("return nil, nil")
	write("\tif jsFetchDisabled {\n\t\treturn t.roundTrip(req)\n\t}\n\treturn nil, errors.New(\"changed\")\n")
	check(`"changed"`)

	write("\treturn nil, nil\n")
	if _, err := Generate(goroot, dir); err == nil || !strings.Contains(err.Error(), "re-check") || !strings.Contains(err.Error(), source) {
		t.Errorf("Generate of a file without the fallback: got %v, want an error naming %s and what to re-check", err, source)
	}
	for _, name := range []string{"overlay.json", "roundtrip_js.go"} {
		if _, err := os.Stat(filepath.Join(dir, name)); !os.IsNotExist(err) {
			t.Errorf("after a failed Generate, %s: %v, want it removed", name, err)
		}
	}
}
