//go:build !js

package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestWasmStartCompilesNoRegexp: no package of app.wasm (ours and our
// dependencies', the standard library aside) compiles a regular expression
// at package init, and the app registers go-app's routes with a pattern
// through app's patternRoutes.route (which puts them off until the first page
// is painted), never goapp.RouteWithRegexp. A cold start compiled regexp's
// compiler and ran it on some forty patterns before the first render (issue
// 21): patterns belong in app/internal/lazyregexp.
func TestWasmStartCompilesNoRegexp(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-f", `{{if not .Standard}}{{.ImportPath}}|{{.Dir}}|{{join .GoFiles ","}}{{end}}`, ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.Split(line, "|")
		if len(parts) != 3 || parts[2] == "" {
			continue
		}
		pkgs++
		ours := strings.HasPrefix(parts[0], "github.com/octaview/octaview/")
		for _, name := range strings.Split(parts[2], ",") {
			checkStartRegexps(t, parts[0], filepath.Join(parts[1], name), ours)
		}
	}
	if pkgs < 10 {
		t.Fatalf("go list named %d packages of app.wasm: %s", pkgs, out)
	}
}

// checkStartRegexps fails for every regexp compiled by a package-level
// variable or an init function of file, and (ours) for every call of
// go-app's RouteWithRegexp outside app/pattern_routes.go.
func checkStartRegexps(t *testing.T, pkg, file string, ours bool) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	imports := map[string]string{} // local name -> import path
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := filepath.Base(path)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		imports[name] = path
	}
	calls := func(n ast.Node, what string) {
		ast.Inspect(n, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			x, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			switch path := imports[x.Name]; {
			case path == "regexp" && strings.Contains(sel.Sel.Name, "Compile") && what != "":
				t.Errorf("%s: %s compiles a regexp %s: a cold start pays for it (use app/internal/lazyregexp)", fset.Position(call.Pos()), pkg, what)
			case ours && path == "github.com/maxence-charriere/go-app/v10/pkg/app" && sel.Sel.Name == "RouteWithRegexp" && filepath.Base(file) != "pattern_routes.go":
				t.Errorf("%s: goapp.RouteWithRegexp compiles its pattern before the first render: use patternRoutes.route (app/pattern_routes.go)", fset.Position(call.Pos()))
			}
			return true
		})
	}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.GenDecl:
			if d.Tok == token.VAR {
				calls(d, "at package init")
			}
		case *ast.FuncDecl:
			what := ""
			if d.Recv == nil && d.Name.Name == "init" {
				what = "in init"
			}
			calls(d, what)
		}
	}
}
