// Package fetchonly writes a Go build overlay that makes net/http's
// WebAssembly client fetch-only: app.wasm is built with it (`make wasm`,
// docs/building.md), so the socket transport and the TLS handshake it can never
// use in a browser are not linked (about 600 KB of brotli).
//
// In GOROOT's net/http/roundtrip_js.go, (*Transport).RoundTrip falls back to
// t.roundTrip(req), the socket transport (connection pool, HTTP/2, dialing),
// when a Dial function is set or the Fetch API is missing or disabled (under
// Node). A browser has no sockets, so that path cannot work there, but it keeps
// all of it linked. RewriteRoundTrip changes that one if statement, found by
// its structure: its condition becomes jsFetchMissing and its body returns an
// error instead.
//
// That is not enough for crypto/tls: net/http's Transport type names
// *tls.Conn (its TLSNextProto field), and a type a program converts to an
// interface keeps the methods of every type it names (reflection can reach
// them), so (*tls.Conn).Read stays linked and with it the whole client and
// server handshake, crypto/x509's chain verification, RSA, ECDSA and ML-KEM. In
// a browser the browser speaks TLS for fetch and nothing in app.wasm can open a
// connection, so RewriteTLSConn makes the two calls in crypto/tls/conn.go that
// run a handshake (c.handshakeFn(…) in handshakeContext, c.clientHandshake(…)
// in handleRenegotiation) the error TLSErrorText instead.
//
// Both rewrites find what they change by unexported names of GOROOT's files,
// which a Go release may change. `make wasm` then must still build: it uses
// GenerateOrStock, which leaves a file that no longer rewrites stock (app.wasm
// works, only larger) and says which rewrite to re-check, and this package's
// TestRewritesApplyToThisGo fails naming it.
//
// The Node-run wasm tests, which use the socket path on Go's in-process
// network, are built without the overlay.
package fetchonly

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The files the overlay replaces, relative to GOROOT.
const (
	RoundTripPath = "src/net/http/roundtrip_js.go"
	TLSConnPath   = "src/crypto/tls/conn.go"
)

// ErrorText is the error of a fetch-only build's RoundTrip where there is no
// Fetch API.
const ErrorText = "net/http: no Fetch API in this JavaScript environment, and this is a fetch-only build (Octaview's app.wasm links no socket transport)"

// TLSErrorText is the error of every TLS handshake in a fetch-only build.
const TLSErrorText = "crypto/tls: no TLS handshake in a fetch-only build (in a browser, the browser speaks TLS for fetch; Octaview's app.wasm links no handshake)"

// RewriteRoundTrip returns src (GOROOT's net/http/roundtrip_js.go) made fetch-only:
// in the method (*Transport).RoundTrip, the one if statement whose body is the
// single statement `return t.roundTrip(req)` becomes
// `if jsFetchMissing { return nil, errors.New(ErrorText) }`; nothing else
// changes. It fails when that statement is not found exactly once, or the file
// declares no jsFetchMissing (a Go release changed the file).
func RewriteRoundTrip(src []byte) ([]byte, error) {
	fset, f, recheck, err := parseGOROOT(src, RoundTripPath)
	if err != nil {
		return nil, err
	}
	if !declaresVar(f, "jsFetchMissing") {
		return nil, fmt.Errorf("fetchonly: net/http's roundtrip_js.go declares no package variable jsFetchMissing: %s", recheck)
	}
	var method *ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && isTransportMethod(fd, "RoundTrip") {
			method = fd
		}
	}
	if method == nil || method.Body == nil {
		return nil, fmt.Errorf("fetchonly: net/http's roundtrip_js.go has no method (*Transport).RoundTrip: %s", recheck)
	}
	ifs := socketFallbacks(method)
	if len(ifs) != 1 {
		return nil, fmt.Errorf("fetchonly: want exactly one `if … { return t.roundTrip(req) }` in net/http's (*Transport).RoundTrip (roundtrip_js.go), found %d: %s", len(ifs), recheck)
	}
	ensureImport(f, "errors")
	fallback := ifs[0]
	ret := fallback.Body.List[0].(*ast.ReturnStmt)
	fallback.Cond = &ast.Ident{NamePos: fallback.Cond.Pos(), Name: "jsFetchMissing"}
	fallback.Body = &ast.BlockStmt{Lbrace: fallback.Body.Lbrace, Rbrace: fallback.Body.Rbrace, List: []ast.Stmt{
		&ast.ReturnStmt{Return: ret.Return, Results: []ast.Expr{
			&ast.Ident{NamePos: ret.Return, Name: "nil"},
			&ast.CallExpr{
				Fun:  &ast.SelectorExpr{X: &ast.Ident{NamePos: ret.Return, Name: "errors"}, Sel: ast.NewIdent("New")},
				Args: []ast.Expr{&ast.BasicLit{ValuePos: ret.Return, Kind: token.STRING, Value: strconv.Quote(ErrorText)}},
			},
		}},
	}}
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		return nil, fmt.Errorf("fetchonly: printing: %w", err)
	}
	return out.Bytes(), nil
}

// parseGOROOT parses src, GOROOT's file path (RoundTripPath, TLSConnPath),
// and returns with it what an error says to re-check when the file no longer
// has what the fetch-only edit changes.
func parseGOROOT(src []byte, path string) (*token.FileSet, *ast.File, string, error) {
	name := strings.TrimPrefix(path, "src/")
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Base(name), src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, "", fmt.Errorf("fetchonly: parsing %s: %w", name, err)
	}
	return fset, f, "re-check that the fetch-only edit still makes sense for this Go release's " + name + " and update internal/fetchonly", nil
}

// handshakeRunners are the *Conn functions that run a TLS handshake
// (conn.go calls them through its receiver).
var handshakeRunners = map[string]bool{"handshakeFn": true, "clientHandshake": true, "serverHandshake": true}

// tlsStandIn is the function RewriteTLSConn adds to conn.go and calls instead
// of a handshake.
const tlsStandIn = "fetchOnlyHandshake"

// RewriteTLSConn returns src (GOROOT's crypto/tls/conn.go) with no TLS
// handshake: in each method of *Conn, every call through the receiver of
// handshakeFn, clientHandshake or serverHandshake, c.handshakeFn(ctx) say,
// becomes fetchOnlyHandshake(ctx) (the arguments as they were), a function
// added to the file that returns errors.New(TLSErrorText); nothing else
// changes. It fails when (*Conn).handshakeContext, through which Handshake,
// HandshakeContext, Read and Write start a handshake, has no such call, or
// the file already declares fetchOnlyHandshake (a Go release changed the file).
func RewriteTLSConn(src []byte) ([]byte, error) {
	fset, f, recheck, err := parseGOROOT(src, TLSConnPath)
	if err != nil {
		return nil, err
	}
	if declaresFunc(f, tlsStandIn) {
		return nil, fmt.Errorf("fetchonly: crypto/tls's conn.go already declares %s: %s", tlsStandIn, recheck)
	}
	funnel := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || !isMethodOf(fd, "Conn") || fd.Body == nil {
			continue
		}
		recv := paramName(fd.Recv)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !handshakeRunners[sel.Sel.Name] || !isIdent(sel.X, recv) {
				return true
			}
			if fd.Name.Name == "handshakeContext" && sel.Sel.Name == "handshakeFn" {
				funnel++
			}
			call.Fun = &ast.Ident{NamePos: sel.Pos(), Name: tlsStandIn}
			return true
		})
	}
	if funnel == 0 {
		return nil, fmt.Errorf("fetchonly: crypto/tls's (*Conn).handshakeContext calls no c.handshakeFn: %s", recheck)
	}
	ensureImport(f, "context")
	ensureImport(f, "errors")
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		return nil, fmt.Errorf("fetchonly: printing: %w", err)
	}
	fmt.Fprintf(&out, "\n// %s stands in for every TLS handshake of a fetch-only build\n"+
		"// (internal/fetchonly): in a browser, the browser speaks TLS for fetch.\n"+
		"func %s(context.Context) error {\n\treturn errors.New(%s)\n}\n", tlsStandIn, tlsStandIn, strconv.Quote(TLSErrorText))
	return format.Source(out.Bytes())
}

// socketFallbacks returns, in method ((*Transport).RoundTrip), the if
// statements without init or else whose body is the single statement
// `return t.roundTrip(req)` (t and req the method's receiver and parameter).
func socketFallbacks(method *ast.FuncDecl) []*ast.IfStmt {
	recv := paramName(method.Recv)
	param := paramName(method.Type.Params)
	var found []*ast.IfStmt
	ast.Inspect(method.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
			return true
		}
		ret, ok := is.Body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			return true
		}
		call, ok := ret.Results[0].(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || call.Ellipsis.IsValid() {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "roundTrip" || !isIdent(sel.X, recv) || !isIdent(call.Args[0], param) {
			return true
		}
		found = append(found, is)
		return true
	})
	return found
}

// isTransportMethod reports whether fd is the method (*Transport).name.
func isTransportMethod(fd *ast.FuncDecl, name string) bool {
	return fd.Name.Name == name && isMethodOf(fd, "Transport")
}

// isMethodOf reports whether fd is a method of *typ.
func isMethodOf(fd *ast.FuncDecl, typ string) bool {
	if fd.Recv == nil || len(fd.Recv.List) != 1 {
		return false
	}
	star, ok := fd.Recv.List[0].Type.(*ast.StarExpr)
	return ok && isIdent(star.X, typ)
}

// declaresFunc reports whether f declares the function (not method) name.
func declaresFunc(f *ast.File, name string) bool {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == name {
			return true
		}
	}
	return false
}

// paramName is the name of fields' only parameter ("" when it is not one named one).
func paramName(fields *ast.FieldList) string {
	if fields == nil || len(fields.List) != 1 || len(fields.List[0].Names) != 1 {
		return ""
	}
	return fields.List[0].Names[0].Name
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && name != "" && name != "_" && id.Name == name
}

// declaresVar reports whether f declares the package variable name.
func declaresVar(f *ast.File, name string) bool {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, s := range gd.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				if n.Name == name {
					return true
				}
			}
		}
	}
	return false
}

// ensureImport adds the import of path to f when it is not there (unnamed).
func ensureImport(f *ast.File, path string) {
	lit := strconv.Quote(path)
	for _, is := range f.Imports {
		if is.Path.Value == lit && is.Name == nil {
			return
		}
	}
	spec := &ast.ImportSpec{Path: &ast.BasicLit{Kind: token.STRING, Value: lit}}
	f.Imports = append(f.Imports, spec)
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT && gd.Lparen.IsValid() {
			gd.Specs = append([]ast.Spec{spec}, gd.Specs...)
			return
		}
	}
	f.Decls = append([]ast.Decl{&ast.GenDecl{Tok: token.IMPORT, Specs: []ast.Spec{spec}}}, f.Decls...)
}

// Overlay is the -overlay file of `go build`.
type Overlay struct {
	Replace map[string]string
}

// Generate reads GOROOT's net/http/roundtrip_js.go and crypto/tls/conn.go,
// writes them made fetch-only (RewriteRoundTrip, RewriteTLSConn) to
// dir/roundtrip_js.go and dir/tls_conn.go and the overlay that replaces
// GOROOT's files with them to dir/overlay.json, and returns the overlay's path
// (absolute, as are the paths in it). It writes them every time: cheap, and
// never stale when GOROOT changes. When a file cannot be rewritten it writes
// nothing, removes what an earlier Generate wrote and fails: the tests, which
// measure the fetch-only build, use it.
func Generate(goroot, dir string) (string, error) {
	overlay, stale, err := generate(goroot, dir, rewrites)
	if err == nil && len(stale) > 0 {
		remove(dir)
		return "", stale[0]
	}
	return overlay, err
}

// GenerateOrStock is Generate for `make wasm`, which must build on any Go
// release: a file that can no longer be rewritten is left out of the overlay
// (the build uses GOROOT's stock file: app.wasm works, only larger) and
// reported in stale, one *StaleError per such rewrite; the others are made as
// Generate makes them. err is only for what stops writing the overlay at all.
func GenerateOrStock(goroot, dir string) (overlay string, stale []*StaleError, err error) {
	return generate(goroot, dir, rewrites)
}

// StaleError is a fetch-only rewrite that no longer applies to this Go
// release's file: what re-check to do is in Err's text.
type StaleError struct {
	Name   string // the generated file's name, roundtrip_js.go or tls_conn.go
	What   string // what the rewrite makes of the file
	Source string // GOROOT's file
	Err    error  // why it does not apply
}

func (e *StaleError) Error() string {
	return fmt.Sprintf("%v (file %s)", e.Err, e.Source)
}

func (e *StaleError) Unwrap() error { return e.Err }

// rewrite is one file of a fetch-only build: GOROOT's file (path), the name of
// the generated one, what it is, and its rewrite.
type rewrite struct {
	path, name, what string
	rewrite          func([]byte) ([]byte, error)
}

// rewrites are the files of a fetch-only build.
var rewrites = []rewrite{
	{RoundTripPath, "roundtrip_js.go", "net/http's (*Transport).RoundTrip without its socket fallback", RewriteRoundTrip},
	{TLSConnPath, "tls_conn.go", "crypto/tls's Conn without a handshake", RewriteTLSConn},
}

// generate writes dir's overlay of the rewrites of rs that apply to goroot's
// files and returns those that do not; their generated files are removed.
func generate(goroot, dir string, rs []rewrite) (string, []*StaleError, error) {
	if goroot == "" {
		return "", nil, errors.New("fetchonly: no GOROOT")
	}
	goroot, err := filepath.Abs(goroot)
	if err != nil {
		return "", nil, err
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return "", nil, err
	}
	overlay := filepath.Join(dir, "overlay.json")
	replace := map[string]string{}
	files := map[string][]byte{}
	var stale []*StaleError
	for _, r := range rs {
		source, generated := filepath.Join(goroot, filepath.FromSlash(r.path)), filepath.Join(dir, r.name)
		src, err := os.ReadFile(source)
		if err == nil {
			src, err = r.rewrite(src)
		}
		if err != nil {
			os.Remove(generated) // no file of an earlier Go left behind
			stale = append(stale, &StaleError{Name: r.name, What: r.what, Source: source, Err: err})
			continue
		}
		header := fmt.Sprintf("// Code generated by internal/fetchonly from %s; DO NOT EDIT.\n"+
			"// %s: a fetch-only build.\n\n", source, r.what)
		replace[source], files[generated] = generated, append([]byte(header), src...)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, fmt.Errorf("fetchonly: %w", err)
	}
	for name, b := range files {
		if err := os.WriteFile(name, b, 0o644); err != nil {
			return "", nil, fmt.Errorf("fetchonly: %w", err)
		}
	}
	js, err := json.MarshalIndent(Overlay{Replace: replace}, "", "\t")
	if err != nil {
		return "", nil, err
	}
	if err := os.WriteFile(overlay, append(js, '\n'), 0o644); err != nil {
		return "", nil, fmt.Errorf("fetchonly: %w", err)
	}
	return overlay, stale, nil
}

// remove deletes what generate writes in dir.
func remove(dir string) {
	os.Remove(filepath.Join(dir, "overlay.json"))
	for _, r := range rewrites {
		os.Remove(filepath.Join(dir, r.name))
	}
}
