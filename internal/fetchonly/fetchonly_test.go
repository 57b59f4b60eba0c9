package fetchonly

import (
	"bytes"
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

// gorootSource is the Go toolchain's file path (RoundTripPath, TLSConnPath).
func gorootSource(t *testing.T, path string) []byte {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	src, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), filepath.FromSlash(path)))
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

// TestRewriteRoundTripGOROOT: the toolchain's roundtrip_js.go made fetch-only parses,
// its RoundTrip no longer calls t.roundTrip, the fallback is now
// `if jsFetchMissing { return nil, errors.New(ErrorText) }`, and the file is
// otherwise the same, comments included.
func TestRewriteRoundTripGOROOT(t *testing.T) {
	src := gorootSource(t, RoundTripPath)
	out, err := RewriteRoundTrip(src)
	if err != nil {
		t.Fatalf("RewriteRoundTrip(GOROOT's roundtrip_js.go): %v", err)
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
	if again, err := RewriteRoundTrip(out); err == nil {
		t.Errorf("RewriteRoundTrip of its own output succeeded, want it to find no fallback:\n%s", again)
	}
}

// fakeSource is a roundtrip_js.go with RoundTrip's body (and more) as given.
func fakeSource(imports, roundTripBody, more string) string {
	return "//go:build js && wasm\n\npackage http\n\nimport (\n" + imports + ")\n\n" +
		"var jsFetchMissing, jsFetchDisabled bool\n\n" +
		"// RoundTrip implements the RoundTripper interface using the Fetch API.\n" +
		"func (t *Transport) RoundTrip(req *Request) (*Response, error) {\n" + roundTripBody + "}\n\n" + more
}

// TestRewriteRoundTripNotFound: when RoundTrip's socket fallback is not found exactly
// once, or jsFetchMissing is gone, RewriteRoundTrip fails saying what to re-check.
func TestRewriteRoundTripNotFound(t *testing.T) {
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
		t.Run(tt.name, func(t *testing.T) { wantRefused(t, RewriteRoundTrip, tt.src, tt.want) })
	}
}

// wantRefused checks that rewrite fails on src with an error that says want,
// what to re-check and where.
func wantRefused(t *testing.T, rewrite func([]byte) ([]byte, error), src, want string) {
	t.Helper()
	out, err := rewrite([]byte(src))
	if err == nil {
		t.Fatalf("the rewrite succeeded, want an error:\n%s", out)
	}
	for _, w := range []string{want, "re-check", "internal/fetchonly"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("got %q, want it to say %q", err, w)
		}
	}
}

// TestRewriteRoundTripAddsImport: a file without the errors import gets it.
func TestRewriteRoundTripAddsImport(t *testing.T) {
	src := fakeSource("\t\"fmt\"\n", "\tif jsFetchDisabled {\n\t\treturn t.roundTrip(req)\n\t}\n\treturn nil, fmt.Errorf(\"x\")\n", "")
	out, err := RewriteRoundTrip([]byte(src))
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

// fakeTLSConn is a crypto/tls conn.go whose handshakeContext has the body given.
func fakeTLSConn(handshakeContextBody, more string) string {
	return "package tls\n\nimport \"context\"\n\n" +
		"type Conn struct {\n\thandshakeFn  func(context.Context) error\n\thandshakeErr error\n}\n\n" +
		"func (c *Conn) handshakeContext(ctx context.Context) (ret error) {\n" + handshakeContextBody + "}\n\n" + more
}

// TestRewriteTLSConnGOROOT: in the toolchain's crypto/tls/conn.go made
// fetch-only, no method of *Conn runs a handshake through its receiver any
// more: each such call (at least handshakeContext's c.handshakeFn) now calls
// fetchOnlyHandshake with the same arguments, which the file declares and
// which returns errors.New(TLSErrorText); the file is otherwise the same,
// comments included.
func TestRewriteTLSConnGOROOT(t *testing.T) {
	src := gorootSource(t, TLSConnPath)
	out, err := RewriteTLSConn(src)
	if err != nil {
		t.Fatalf("RewriteTLSConn(GOROOT's conn.go): %v", err)
	}
	parse := func(src []byte) (*token.FileSet, *ast.File) {
		t.Helper()
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "conn.go", src, parser.ParseComments)
		if err != nil {
			t.Fatalf("parsing:\n%s\n%v", src, err)
		}
		return fset, f
	}
	// calls returns, in file order, the calls in methods of *Conn of the
	// handshake runners through the receiver (runners) and of the stand-in.
	calls := func(f *ast.File) (runners, standIns []*ast.CallExpr, inFunnel int) {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !isMethodOf(fd, "Conn") {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && handshakeRunners[sel.Sel.Name] && isIdent(sel.X, paramName(fd.Recv)) {
					runners = append(runners, call)
					if fd.Name.Name == "handshakeContext" && sel.Sel.Name == "handshakeFn" {
						inFunnel++
					}
				}
				if isIdent(call.Fun, tlsStandIn) {
					standIns = append(standIns, call)
				}
				return true
			})
		}
		return runners, standIns, inFunnel
	}
	fset0, f0 := parse(src)
	fset1, f1 := parse(out)
	before, none, funnel := calls(f0)
	if len(none) != 0 || funnel != 1 {
		t.Fatalf("GOROOT's conn.go: %d calls of %s, %d of c.handshakeFn in handshakeContext; want 0 and 1", len(none), tlsStandIn, funnel)
	}
	left, after, _ := calls(f1)
	if len(left) != 0 || len(after) != len(before) {
		t.Fatalf("the rewritten conn.go runs %d handshakes and calls %s %d times, want 0 and %d (GOROOT's handshake calls):\n%s", len(left), tlsStandIn, len(after), len(before), out)
	}
	// The stand-in declared once, at the end, returning the error.
	var decl *ast.FuncDecl
	for _, d := range f1.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == tlsStandIn {
			if decl != nil {
				t.Fatalf("%s declared twice", tlsStandIn)
			}
			decl = fd
		}
	}
	if decl == nil || f1.Decls[len(f1.Decls)-1] != decl {
		t.Fatalf("the rewritten conn.go does not end with the declaration of %s:\n%s", tlsStandIn, out)
	}
	var body bytes.Buffer
	if err := format.Node(&body, fset1, decl.Body); err != nil {
		t.Fatal(err)
	}
	if want := "{\n\treturn errors.New(" + strconv.Quote(TLSErrorText) + ")\n}"; body.String() != want {
		t.Errorf("%s's body is\n%s\nwant\n%s", tlsStandIn, body.String(), want)
	}
	// The same file but for those calls' function and the stand-in.
	for i, call := range before {
		call.Fun = &ast.Ident{NamePos: call.Fun.Pos(), Name: "placeholder"}
		after[i].Fun = &ast.Ident{NamePos: after[i].Fun.Pos(), Name: "placeholder"}
	}
	f1.Decls = f1.Decls[:len(f1.Decls)-1]
	for i, c := range f1.Comments {
		if c == decl.Doc {
			f1.Comments = f1.Comments[:i]
			break
		}
	}
	var b0, b1 bytes.Buffer
	if err := format.Node(&b0, fset0, f0); err != nil {
		t.Fatal(err)
	}
	if err := format.Node(&b1, fset1, f1); err != nil {
		t.Fatal(err)
	}
	if b0.String() != b1.String() {
		t.Errorf("the rewritten conn.go differs from GOROOT's beyond the handshake calls:\n--- GOROOT\n%s\n--- rewritten\n%s", b0.String(), b1.String())
	}
	if again, err := RewriteTLSConn(out); err == nil {
		t.Errorf("RewriteTLSConn of its own output succeeded, want it to refuse:\n%s", again)
	}
}

// TestRewriteTLSConnCalls: every handshake call through a *Conn method's
// receiver is replaced, the arguments kept; a call through another value, or
// of another method, is left alone; errors is imported.
func TestRewriteTLSConnCalls(t *testing.T) {
	src := fakeTLSConn("\tc.handshakeErr = c.handshakeFn(ctx)\n\treturn c.handshakeErr\n",
		"func (c *Conn) handleRenegotiation() error {\n\treturn c.clientHandshake(context.Background())\n}\n\n"+
			"func (c *Conn) clientHandshake(ctx context.Context) error { return c.other(ctx) }\n\n"+
			"func (c *Conn) other(context.Context) error { return nil }\n\n"+
			"func relay(c *Conn) error { return c.handshakeFn(context.TODO()) }\n")
	out, err := RewriteTLSConn([]byte(src))
	if err != nil {
		t.Fatalf("%v:\n%s", err, src)
	}
	for _, want := range []string{
		"c.handshakeErr = fetchOnlyHandshake(ctx)",
		"return fetchOnlyHandshake(context.Background())",
		"return c.other(ctx)",                            // another method
		"return c.handshakeFn(context.TODO())",           // not a method of *Conn
		"func fetchOnlyHandshake(context.Context) error", // declared
		"\"errors\"",
	} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("the rewritten file has no %q:\n%s", want, out)
		}
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "", out, 0); err != nil {
		t.Errorf("%v:\n%s", err, out)
	}
}

// TestRewriteTLSConnNotFound: without c.handshakeFn in handshakeContext, or
// with a fetchOnlyHandshake already declared, RewriteTLSConn fails saying
// what to re-check.
func TestRewriteTLSConnNotFound(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"no handshakeFn call", fakeTLSConn("\treturn c.handshakeErr\n", ""), "calls no c.handshakeFn"},
		{"handshakeFn through another value", fakeTLSConn("\td := c\n\treturn d.handshakeFn(ctx)\n", ""), "calls no c.handshakeFn"},
		{"handshakeContext gone", strings.Replace(fakeTLSConn("\treturn c.handshakeFn(ctx)\n", ""), "handshakeContext(", "handshakeCtx(", 1), "calls no c.handshakeFn"},
		{"the stand-in already there", fakeTLSConn("\treturn c.handshakeFn(ctx)\n", "func fetchOnlyHandshake(context.Context) error { return nil }\n"), "already declares fetchOnlyHandshake"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantRefused(t, RewriteTLSConn, tt.src, tt.want) })
	}
}

// TestTLSHandshakeFetchOnly builds and runs, with the overlay Generate writes
// from this toolchain, a program (testdata/tlsprobe) that starts a TLS client
// on one end of a pipe whose other end never answers: its Handshake, Read and
// Write each fail at once with TLSErrorText (unbuilt, the handshake would wait
// for the peer until the pipe's deadline).
func TestTLSHandshakeFetchOnly(t *testing.T) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	overlay, err := Generate(strings.TrimSpace(string(out)), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	got, err := exec.Command("go", "run", "-overlay="+overlay, "./testdata/tlsprobe").CombinedOutput()
	if err != nil {
		t.Fatalf("go run ./testdata/tlsprobe with the overlay: %v\n%s", err, got)
	}
	want := strings.Repeat(TLSErrorText+"\n", 3)
	if string(got) != want {
		t.Errorf("the probe printed\n%s\nwant\n%s", got, want)
	}
}

// TestGenerate: Generate writes the rewritten files and an overlay that
// replaces GOROOT's files with them (absolute paths), anew each time (a
// changed GOROOT is never stale), and on a file it cannot rewrite fails and
// leaves no overlay behind.
func TestGenerate(t *testing.T) {
	goroot, dir := t.TempDir(), filepath.Join(t.TempDir(), "out")
	roundTrip, tlsConn := filepath.Join(goroot, filepath.FromSlash(RoundTripPath)), filepath.Join(goroot, filepath.FromSlash(TLSConnPath))
	write := func(path, src string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	check := func(wantIn ...string) {
		t.Helper()
		overlay, err := Generate(goroot, dir)
		if err != nil {
			t.Fatal(err)
		}
		if overlay != filepath.Join(dir, "overlay.json") {
			t.Errorf("overlay %s, want %s", overlay, filepath.Join(dir, "overlay.json"))
		}
		replace := readOverlay(t, overlay)
		files := []struct {
			source, generated string
			rewrite           func([]byte) ([]byte, error)
		}{
			{roundTrip, filepath.Join(dir, "roundtrip_js.go"), RewriteRoundTrip},
			{tlsConn, filepath.Join(dir, "tls_conn.go"), RewriteTLSConn},
		}
		if len(replace) != len(files) {
			t.Fatalf("overlay %v, want %d files", replace, len(files))
		}
		for i, f := range files {
			if replace[f.source] != f.generated {
				t.Fatalf("overlay %v, want %q replaced by %q", replace, f.source, f.generated)
			}
			src, _ := os.ReadFile(f.source)
			want, err := f.rewrite(src)
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(f.generated)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(got, []byte("// Code generated")) || !bytes.HasSuffix(got, want) || !bytes.Contains(got, []byte(wantIn[i])) {
				t.Errorf("generated file %s:\n%s\nwant a generated-code header, then\n%s", f.generated, got, want)
			}
		}
	}
	write(roundTrip, fakeSource("\t\"errors\"\n", "\tif jsFetchDisabled {\n\t\treturn t.roundTrip(req)\n\t}\n\treturn nil, nil\n", ""))
	write(tlsConn, fakeTLSConn("\treturn c.handshakeFn(ctx)\n", ""))
	check("return nil, nil", "return fetchOnlyHandshake(ctx)")
	write(roundTrip, fakeSource("\t\"errors\"\n", "\tif jsFetchDisabled {\n\t\treturn t.roundTrip(req)\n\t}\n\treturn nil, errors.New(\"changed\")\n", ""))
	write(tlsConn, fakeTLSConn("\t_ = 1\n\treturn c.handshakeFn(ctx)\n", ""))
	check(`"changed"`, "_ = 1")

	for _, broken := range []struct{ path, src string }{
		{roundTrip, fakeSource("", "\treturn nil, nil\n", "")},
		{tlsConn, fakeTLSConn("\treturn nil\n", "")},
	} {
		saved, _ := os.ReadFile(broken.path)
		write(broken.path, broken.src)
		if _, err := Generate(goroot, dir); err == nil || !strings.Contains(err.Error(), "re-check") || !strings.Contains(err.Error(), broken.path) {
			t.Errorf("Generate with %s unrewritable: got %v, want an error naming it and what to re-check", broken.path, err)
		}
		for _, name := range []string{"overlay.json", "roundtrip_js.go", "tls_conn.go"} {
			if _, err := os.Stat(filepath.Join(dir, name)); !os.IsNotExist(err) {
				t.Errorf("after a failed Generate, %s: %v, want it removed", name, err)
			}
		}
		write(broken.path, string(saved))
		check(`"changed"`, "_ = 1")
	}
}
