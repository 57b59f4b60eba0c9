//go:build !js

package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// wasmSizes is what a wasm module's bytes are spent on: its code by Go
// package (function bodies, named by the module's name section) and its data.
type wasmSizes struct {
	file, code, data int
	byPackage        map[string]int
	funcs            int             // functions in the code section
	funcNames        map[string]bool // their names as the name section spells them

	// The data segments laid out as memory, and what the Go linker put
	// there (goDataRegions).
	segmentBytes, memory int
	regions              []wasmRegion
	nfunc                int
	regionsErr           error
}

// readWasmSizes parses a wasm module built with its name section (without
// -ldflags=-s).
func readWasmSizes(raw []byte) (wasmSizes, error) {
	s := wasmSizes{file: len(raw), byPackage: map[string]int{}}
	if len(raw) < 8 || !bytes.Equal(raw[:4], []byte("\x00asm")) {
		return s, errors.New("not a wasm module")
	}
	uleb := func(b []byte, i int) (int, int) {
		v, shift := 0, 0
		for ; i < len(b); i++ {
			v |= int(b[i]&0x7f) << shift
			shift += 7
			if b[i] < 0x80 {
				return v, i + 1
			}
		}
		return v, len(b)
	}
	name := func(b []byte, i int) (string, int) {
		n, i := uleb(b, i)
		return string(b[i : i+n]), i + n
	}
	var imported int // function imports: the name section counts them first
	var bodies []int
	names := map[int]string{}
	for i := 8; i < len(raw); {
		id := raw[i]
		size, start := uleb(raw, i+1)
		sec := raw[start : start+size]
		i = start + size
		switch id {
		case 2: // imports
			n, j := uleb(sec, 0)
			for range n {
				_, j = name(sec, j)
				_, j = name(sec, j)
				kind := sec[j]
				j++
				switch kind {
				case 0: // function
					_, j = uleb(sec, j)
					imported++
				case 1: // table
					var flags int
					j++
					flags, j = uleb(sec, j)
					_, j = uleb(sec, j)
					if flags&1 != 0 {
						_, j = uleb(sec, j)
					}
				case 2: // memory
					var flags int
					flags, j = uleb(sec, j)
					_, j = uleb(sec, j)
					if flags&1 != 0 {
						_, j = uleb(sec, j)
					}
				case 3: // global
					j += 2
				}
			}
		case 10: // code
			n, j := uleb(sec, 0)
			for range n {
				var body int
				body, j = uleb(sec, j)
				bodies = append(bodies, body)
				j += body
			}
		case 11: // data: segments of an active memory 0 at an i32.const offset
			s.data += size
			n, j := uleb(sec, 0)
			type segment struct{ off, start, n int } // in memory, in sec, bytes
			var segs []segment
			for range n {
				if sec[j] != 0 || sec[j+1] != 0x41 {
					return s, errors.New("a data segment not at an i32.const offset")
				}
				off, k := 0, j+2
				for shift := 0; ; shift += 7 { // sleb128, non-negative here
					off |= int(sec[k]&0x7f) << shift
					k++
					if sec[k-1] < 0x80 {
						break
					}
				}
				var l int
				l, k = uleb(sec, k+1) // past the end opcode
				segs = append(segs, segment{off, k, l})
				s.segmentBytes += l
				s.memory = max(s.memory, off+l)
				j = k + l
			}
			mem := make([]byte, s.memory)
			for _, g := range segs {
				copy(mem[g.off:], sec[g.start:g.start+g.n])
			}
			s.regions, s.nfunc, s.regionsErr = goDataRegions(mem)
		case 0: // custom: the name section's function names
			if n, j := name(sec, 0); n == "name" {
				for j < len(sec) {
					sub := sec[j]
					subSize, k := uleb(sec, j+1)
					j = k + subSize
					if sub != 1 {
						continue
					}
					count, k := uleb(sec, k)
					for range count {
						var idx int
						var fn string
						idx, k = uleb(sec, k)
						fn, k = name(sec, k)
						names[idx] = fn
					}
				}
			}
		}
	}
	if len(names) == 0 {
		return s, errors.New("no name section: build without -ldflags=-s")
	}
	s.funcs = len(bodies)
	s.funcNames = map[string]bool{}
	for k, body := range bodies {
		s.code += body
		s.byPackage[servertest.GoPackage(names[imported+k])] += body
		s.funcNames[names[imported+k]] = true
	}
	return s, nil
}

// buildNamedWasm builds pkg for the browser with its function names (with
// make wasm's flags, but without -s) into dir: the app (".") exactly as make
// builds it (fetch-only), the floor with stock go-app.
func buildNamedWasm(tb testing.TB, pkg, dir string) []byte {
	tb.Helper()
	out := filepath.Join(dir, filepath.Base(pkg)+".wasm")
	var args []string
	switch pkg {
	case ".":
		args = slices.Concat([]string{"build"}, servertest.WasmBuildArgs(true), fetchOnlyArgs(tb)) // as make wasm builds app.wasm
	case "./testdata/floor":
		args = slices.Concat([]string{"build"}, servertest.FloorBuildArgs(true), servertest.StockGoAppFlags(tb, filepath.Join("..", ".."))) // the floor is go-app as published
	default:
		tb.Fatalf("buildNamedWasm: no flags for %s", pkg)
	}
	args = append(args, "-o", out)
	cmd := exec.Command("go", append(args, pkg)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go build %s: %v\n%s", pkg, err, b)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		tb.Fatal(err)
	}
	return raw
}

// BenchmarkWasmSize reports what app.wasm spends its bytes on, beside the
// floor of the stack (testdata/floor: go-app and net/http's client): code by
// Go package, data, and the brotli files on the wire (web/app.wasm.br as make
// build made it; the floor's at the same quality, and the floor built
// fetch-only as app.wasm is, or with app.wasm's flags: floorOnWire). Target (issue 21): app.wasm ≤
// 1.1× the floor on the wire (the stock floor's: go-app as published).
func BenchmarkWasmSize(b *testing.B) {
	dir := b.TempDir()
	var app, floor wasmSizes
	for i := 0; i < b.N; i++ {
		var err error
		if app, err = readWasmSizes(buildNamedWasm(b, ".", dir)); err != nil {
			b.Fatal(err)
		}
		if floor, err = readWasmSizes(buildNamedWasm(b, "./testdata/floor", dir)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(app.code), "code-bytes")
	b.ReportMetric(float64(app.data), "data-bytes")
	b.ReportMetric(float64(app.code-floor.code), "code-bytes-over-floor")
	var t strings.Builder
	fmt.Fprintf(&t, "\n| | floor | app.wasm | over the floor |\n|---|---|---|---|\n")
	fmt.Fprintf(&t, "| file (with names) | %d | %d | %+d |\n", floor.file, app.file, app.file-floor.file)
	fmt.Fprintf(&t, "| code | %d | %d | %+d |\n", floor.code, app.code, app.code-floor.code)
	fmt.Fprintf(&t, "| data | %d | %d | %+d |\n", floor.data, app.data, app.data-floor.data)
	if fi, err := os.Stat(webDir + "/app.wasm.br"); err == nil {
		raw, br := floorOnWire(b, floorStock)
		fmt.Fprintf(&t, "| on the wire (brotli) | %d | %d | %.2f× |\n", br, fi.Size(), float64(fi.Size())/float64(br))
		b.ReportMetric(float64(fi.Size())/float64(br), "wire/floor")
		rawFO, brFO := floorOnWire(b, floorFetchOnly)
		fmt.Fprintf(&t, "| on the wire, the floor built fetch-only too | %d | %d | %.2f× |\n", brFO, fi.Size(), float64(fi.Size())/float64(brFO))
		_, brAF := floorOnWire(b, floorAppFlags)
		fmt.Fprintf(&t, "| on the wire, the floor built with app.wasm's flags | %d | %d | %.2f× |\n", brAF, fi.Size(), float64(fi.Size())/float64(brAF))
		b.ReportMetric(float64(fi.Size())/float64(brAF), "wire/floor-appflags")
		fmt.Fprintf(&t, "| raw (-s -w): stock floor, fetch-only floor, app.wasm | %d, %d | %d | |\n", raw, rawFO, servertest.FileSize(b, webDir+"/app.wasm"))
		b.ReportMetric(float64(fi.Size())/float64(brFO), "wire/floor-fetchonly")
	}
	if app.regionsErr == nil && floor.regionsErr == nil {
		fmt.Fprintf(&t, "\ndata by what the linker put there (bytes in memory; alone through brotli -q9), floor / app.wasm / over:\n")
		for i, r := range app.regions {
			f := floor.regions[i]
			fmt.Fprintf(&t, "  %-52s %9d %9d %+9d raw  %8d %8d %+8d brotli\n", r.name, f.raw, r.raw, r.raw-f.raw, f.br, r.br, r.br-f.br)
		}
		fmt.Fprintf(&t, "  functions: %d / %d (%+d)\n", floor.nfunc, app.nfunc, app.nfunc-floor.nfunc)
	} else {
		fmt.Fprintf(&t, "\ndata by region: %v\n", cmp.Or(app.regionsErr, floor.regionsErr))
	}
	fmt.Fprintf(&t, "\ncode by package, over the floor (bytes):\n")
	pkgs := slices.Collect(maps.Keys(app.byPackage))
	for p := range floor.byPackage {
		if _, ok := app.byPackage[p]; !ok {
			pkgs = append(pkgs, p)
		}
	}
	over := func(p string) int { return app.byPackage[p] - floor.byPackage[p] }
	slices.SortFunc(pkgs, func(a, b string) int { return cmp.Or(cmp.Compare(over(b), over(a)), cmp.Compare(a, b)) })
	for _, p := range pkgs[:min(40, len(pkgs))] {
		fmt.Fprintf(&t, "  %+9d  %9d  %s\n", over(p), app.byPackage[p], p)
	}
	b.Log(t.String())
}

// floorBuild is how floorOnWire builds the floor.
type floorBuild int

const (
	floorStock     floorBuild = iota // FloorBuildArgs: the reference, built as it always was
	floorFetchOnly                   // and fetch-only, as make builds app.wasm
	floorAppFlags                    // with app.wasm's own flags (WasmBuildArgs), not fetch-only
)

// floorOnWire builds the floor's wasm, stock go-app (the issue's
// reference), as build says, into bin/floor (as startFloor does),
// bin/floor-fetchonly or bin/floor-appflags, compressed at
// web/app.wasm.br's brotli quality (only when its bytes changed:
// precompress's stamp), and returns its raw and brotli sizes.
func floorOnWire(tb testing.TB, build floorBuild) (raw, br int64) {
	tb.Helper()
	dir, err := filepath.Abs("../../bin/floor")
	if err != nil {
		tb.Fatal(err)
	}
	args := slices.Concat([]string{"build"}, servertest.FloorBuildArgs(false), servertest.StockGoAppFlags(tb, filepath.Join("..", "..")))
	switch build {
	case floorFetchOnly:
		dir += "-fetchonly"
		args = append(args, fetchOnlyArgs(tb)...)
	case floorAppFlags:
		dir += "-appflags"
		args = slices.Concat([]string{"build"}, servertest.WasmBuildArgs(false), servertest.StockGoAppFlags(tb, filepath.Join("..", "..")))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	args = append(args, "-o", filepath.Join(dir, "app.wasm.new"), "./testdata/floor")
	servertest.RunGo(tb, []string{"GOOS=js", "GOARCH=wasm"}, args...)
	var out strings.Builder
	if err := precompress(tb.Context(), []string{"precompress", "-quality", servertest.BrotliQuality(tb, "../../bin/app.wasm.stamp"), "-new", filepath.Join(dir, "app.wasm.new"), filepath.Join(dir, "app.wasm")}, nil, &out); err != nil {
		tb.Fatalf("compressing the floor's wasm: %v\n%s", err, out.String())
	}
	return servertest.FileSize(tb, filepath.Join(dir, "app.wasm")), servertest.FileSize(tb, filepath.Join(dir, "app.wasm.br"))
}
