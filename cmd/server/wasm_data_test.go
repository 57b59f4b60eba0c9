//go:build !js

package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"slices"
	"testing"

	"github.com/andybalholm/brotli"
)

// wasmRegion is one part of a Go wasm's linear memory as its data segments
// lay it out: raw is its size in memory, br its size alone through brotli
// (-q9): what it weighs on the wire, roughly.
type wasmRegion struct {
	name    string
	raw, br int
}

// goDataRegions splits the memory image mem (the data segments of a Go
// wasm, laid at their offsets) into what the Go linker put there, from the
// runtime's module data: type descriptors and other read-only data, the
// pclntab's parts (function names, file tables, pc-value tables, function
// records, funcdata such as stack maps, and findfunctab, the pc -> function
// lookup that costs 20 bytes per 4 KB of wasm PC space, i.e. 320 bytes per
// function, since a wasm PC is the function's index << 16), the type and
// itab links, and the data. nfunc is the pclntab's count of functions.
// It knows Go 1.20+'s layout (a pcHeader with magic 0xfffffff1; the
// moduledata's fields in their Go 1.26 order) and says so when it does not
// find it.
func goDataRegions(mem []byte) (regions []wasmRegion, nfunc int, err error) {
	hdr := bytes.Index(mem, []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8})
	if hdr < 0 || hdr+64 > len(mem) {
		return nil, 0, errors.New("no Go 1.20+ pclntab header in the data")
	}
	u64 := func(off int) int { return int(binary.LittleEndian.Uint64(mem[off:])) }
	nfunc = u64(hdr + 8)
	var key [16]byte
	binary.LittleEndian.PutUint64(key[:], uint64(hdr))
	binary.LittleEndian.PutUint64(key[8:], uint64(hdr+u64(hdr+32))) // funcnametab
	md := bytes.Index(mem, key[:])
	if md < 0 || md+51*8 > len(mem) {
		return nil, 0, errors.New("no runtime module data pointing at the pclntab")
	}
	f := func(i int) int { return u64(md + 8*i) } // the moduledata's i-th word
	const (
		funcnametab, cutab, filetab, pctab, pclntable = 1, 4, 7, 10, 13
		findfunctab, noptrdata, enoptrdata, data      = 19, 24, 25, 26
		edata, types, etypes, gofunc, epclntab        = 27, 37, 38, 40, 41
	)
	bounds := []struct {
		name   string
		lo, hi int
	}{
		{"read-only data: type descriptors, strings, GC masks", f(types), f(etypes)},
		{"pclntab: function names", f(funcnametab), f(cutab)},
		{"pclntab: file tables", f(cutab), f(pctab)},
		{"pclntab: pc-value tables (stack, file, line)", f(pctab), f(pclntable)},
		{"pclntab: function records", f(pclntable), f(gofunc)},
		{"funcdata: stack maps, open-coded defers", f(gofunc), f(findfunctab)},
		{"findfunctab: pc -> function (320 B a function)", f(findfunctab), f(epclntab)},
		{"type and itab links", f(epclntab), f(noptrdata)},
		{"data without pointers (tables)", f(noptrdata), f(enoptrdata)},
		{"data with pointers", f(data), f(edata)},
	}
	for _, b := range bounds {
		if b.lo > b.hi || b.hi > len(mem) {
			return nil, 0, errors.New("module data bounds out of order: not Go 1.26's layout")
		}
		var buf bytes.Buffer
		w := brotli.NewWriterLevel(&buf, 9)
		w.Write(mem[b.lo:b.hi])
		w.Close()
		regions = append(regions, wasmRegion{b.name, b.hi - b.lo, buf.Len()})
	}
	return regions, nfunc, nil
}

// TestWasmDataRegions: the size benchmark's breakdown of the data finds the
// floor's module data: one pclntab record per function of the code
// section, regions in the linker's order that together cover most of the
// data segments' bytes.
func TestWasmDataRegions(t *testing.T) {
	raw := buildNamedWasm(t, "./testdata/floor", t.TempDir())
	s, err := readWasmSizes(raw)
	if err != nil {
		t.Fatal(err)
	}
	if s.regionsErr != nil {
		t.Fatal(s.regionsErr)
	}
	if s.nfunc != s.funcs {
		t.Errorf("the pclntab counts %d functions, the code section holds %d", s.nfunc, s.funcs)
	}
	sum := 0
	for _, r := range s.regions {
		if r.raw <= 0 || r.br <= 0 || r.br > r.raw+16 {
			t.Errorf("region %q: %d bytes raw, %d brotli", r.name, r.raw, r.br)
		}
		sum += r.raw
	}
	if sum < s.segmentBytes/2 || sum > s.memory {
		t.Errorf("the regions cover %d bytes of %d in data segments (memory image %d)", sum, s.segmentBytes, s.memory)
	}
	if !slices.ContainsFunc(s.regions, func(r wasmRegion) bool { return r.name[:8] == "pclntab:" }) {
		t.Errorf("no pclntab regions: %v", s.regions)
	}
}
