//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// TestPrecompress runs `octaview precompress` as `make build` does, step after step on one
// directory: the .br/.gz are remade exactly when the wasm's bytes or the quality changed
// or a file is missing, and always decompress to the wasm being served.
func TestPrecompress(t *testing.T) {
	dir := t.TempDir()
	wasm := filepath.Join(dir, "web", "app.wasm")
	stamp := filepath.Join(dir, "bin", "app.wasm.stamp")
	newWasm := filepath.Join(dir, "bin", "app.wasm.new")
	for _, d := range []string{"web", "bin"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	build := func(version string) []byte {
		return append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("octaview "+version+" "), 4096)...)
	}
	old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC) // set on the outputs after each step: a rewrite changes it
	tests := []struct {
		name        string
		setup       func(t *testing.T) // before the step
		quality     string
		newBuild    []byte // written to bin/app.wasm.new and passed with -new; nil: compress web/app.wasm in place
		wantRemade  bool
		wantServing []byte // what web/app.wasm, .br and .gz hold after the step
	}{
		{name: "first build", quality: "5", newBuild: build("v1"), wantRemade: true, wantServing: build("v1")},
		{name: "same bytes again", quality: "5", newBuild: build("v1"), wantServing: build("v1")},
		{name: "new bytes", quality: "5", newBuild: build("v2"), wantRemade: true, wantServing: build("v2")},
		{name: "another quality", quality: "6", newBuild: build("v2"), wantRemade: true, wantServing: build("v2")},
		{name: "the .gz was deleted", setup: removeStep(wasm + ".gz"), quality: "6", newBuild: build("v2"), wantRemade: true, wantServing: build("v2")},
		{name: "the .br was deleted", setup: removeStep(wasm + ".br"), quality: "6", newBuild: build("v2"), wantRemade: true, wantServing: build("v2")},
		{name: "an interrupted run left no stamp", setup: removeStep(stamp), quality: "6", newBuild: build("v2"), wantRemade: true, wantServing: build("v2")},
		{name: "the stamp names other bytes", setup: writeStep(stamp, "0000 brotli-q6\n"), quality: "6", newBuild: build("v2"), wantRemade: true, wantServing: build("v2")},
		{name: "web/app.wasm replaced by hand, no -new", setup: writeStep(wasm, string(build("v3"))), quality: "6", wantRemade: true, wantServing: build("v3")},
		{name: "in place, unchanged", quality: "6", wantServing: build("v3")},
		{name: "a new build equal to the stamp but not to web/app.wasm", setup: writeStep(wasm, string(build("v4"))), quality: "6", newBuild: build("v3"), wantRemade: true, wantServing: build("v3")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.setup != nil {
				tt.setup(t)
			}
			args := []string{"precompress", "-quality", tt.quality, "-stamp", stamp}
			if tt.newBuild != nil {
				if err := os.WriteFile(newWasm, tt.newBuild, 0o755); err != nil {
					t.Fatal(err)
				}
				args = append(args, "-new", newWasm)
			}
			var out bytes.Buffer
			if err := precompress(context.Background(), append(args, wasm), os.Getenv, &out); err != nil {
				t.Fatalf("precompress: %v\n%s", err, out.String())
			}
			if unchanged := strings.Contains(out.String(), "unchanged"); unchanged == tt.wantRemade {
				t.Errorf("output %q: got remade %v, want %v", out.String(), !unchanged, tt.wantRemade)
			}
			if _, err := os.Stat(newWasm); err == nil {
				t.Errorf("%s is still there, want it moved or removed", newWasm)
			}
			for _, ext := range []string{"", ".br", ".gz"} {
				fi, err := os.Stat(wasm + ext)
				if err != nil {
					t.Fatal(err)
				}
				if ext != "" && fi.ModTime().Equal(old) == tt.wantRemade {
					t.Errorf("app.wasm%s: got rewritten %v, want %v", ext, !fi.ModTime().Equal(old), tt.wantRemade)
				}
				if got := servertest.ReadDecoded(t, wasm+ext); !bytes.Equal(got, tt.wantServing) {
					t.Errorf("app.wasm%s decodes to %d bytes %.20q..., want %d bytes %.20q...", ext, len(got), got[8:], len(tt.wantServing), tt.wantServing[8:])
				}
				if ext != "" {
					if err := os.Chtimes(wasm+ext, old, old); err != nil {
						t.Fatal(err)
					}
				}
			}
			if got, err := os.ReadFile(stamp); err != nil || !strings.HasSuffix(strings.TrimSpace(string(got)), " brotli-q"+tt.quality) {
				t.Errorf("stamp: got %q (%v), want one ending in brotli-q%s", got, err, tt.quality)
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "web", "*.tmp")); len(left) > 0 {
				t.Errorf("temporary files left: %q", left)
			}
		})
	}
}

func TestPrecompressRefuses(t *testing.T) {
	dir := t.TempDir()
	wasm := filepath.Join(dir, "app.wasm")
	if err := os.WriteFile(wasm, []byte("\x00asm"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"no file", []string{"precompress"}, "want one WASM file"},
		{"two files", []string{"precompress", wasm, wasm}, "want one WASM file"},
		{"quality over 11", []string{"precompress", "-quality", "12", wasm}, "-quality 12: want 0 to 11"},
		{"negative quality", []string{"precompress", "-quality", "-1", wasm}, "-quality -1: want 0 to 11"},
		{"missing wasm", []string{"precompress", filepath.Join(dir, "none.wasm")}, "no such file"},
		{"missing new build", []string{"precompress", "-new", filepath.Join(dir, "none.wasm"), wasm}, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := precompress(context.Background(), tt.args, os.Getenv, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("got error %v, want one saying %q", err, tt.wantErr)
			}
			if _, err := os.Stat(wasm + ".br"); err == nil {
				t.Error("got a .br, want nothing written")
			}
		})
	}
}

func removeStep(name string) func(*testing.T) {
	return func(t *testing.T) {
		if err := os.Remove(name); err != nil {
			t.Fatal(err)
		}
	}
}

func writeStep(name, content string) func(*testing.T) {
	return func(t *testing.T) {
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkBrotliAppWasm compresses the real web/app.wasm (`make build` first) at the
// qualities worth choosing between, with the window precompress uses; it reports the
// size on the wire (MB) next to the time. gzip -9 is the fallback's figure.
func BenchmarkBrotliAppWasm(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "web", "app.wasm"))
	if err != nil {
		b.Fatalf("web/app.wasm is missing (%v): run `make build` first", err)
	}
	encoders := []struct {
		name     string
		compress func(io.Writer) io.WriteCloser
	}{
		{"gzip-9", func(w io.Writer) io.WriteCloser { zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression); return zw }},
	}
	for _, q := range []int{5, 9, 10, 11} {
		encoders = append(encoders, struct {
			name     string
			compress func(io.Writer) io.WriteCloser
		}{fmt.Sprintf("brotli-q%d", q), func(w io.Writer) io.WriteCloser {
			return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: q, LGWin: brotliWindow})
		}})
	}
	for _, enc := range encoders {
		b.Run(enc.name, func(b *testing.B) {
			var n int
			for b.Loop() {
				var buf bytes.Buffer
				zw := enc.compress(&buf)
				zw.Write(raw)
				zw.Close()
				n = buf.Len()
			}
			b.ReportMetric(float64(n)/1e6, "MB")
			b.ReportMetric(float64(len(raw))/1e6, "raw-MB")
		})
	}
}
