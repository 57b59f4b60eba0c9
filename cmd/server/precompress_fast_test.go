//go:build !js

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// wasmLike is a wasm-sized-down input on which brotli's qualities give
// different bytes (text with repeats at all distances, as code has).
func wasmLike(seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	words := strings.Fields("func return if else for range go defer select case octaview octavia pool member listener health monitor")
	b := []byte("\x00asm\x01\x00\x00\x00")
	for len(b) < 256<<10 {
		b = fmt.Appendf(b, "%s%d ", words[r.IntN(len(words))], r.IntN(64))
	}
	return b
}

// TestPrecompressFastThenUpgrade runs `make run`'s two steps on one directory:
// -fast makes the .br/.gz at once at the fast levels (the stamp says so), and
// again leaves files of the same bytes alone at whatever levels; -upgrade then
// compresses at -quality and gzip -9 and swaps them in (smaller, the same bytes
// decoded), and afterwards has nothing to do. `make build` at the best quality
// after a fast run remakes them; -upgrade does nothing on a stamp of other
// bytes, or none.
func TestPrecompressFastThenUpgrade(t *testing.T) {
	dir := t.TempDir()
	wasm, stamp, newWasm := filepath.Join(dir, "app.wasm"), filepath.Join(dir, "app.wasm.stamp"), filepath.Join(dir, "app.wasm.new")
	raw := wasmLike(1)
	step := func(args ...string) string {
		t.Helper()
		var out bytes.Buffer
		args = append(append([]string{"precompress", "-stamp", stamp}, args...), wasm)
		if err := precompress(t.Context(), args, os.Getenv, &out); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out.String())
		}
		return out.String()
	}
	decodes := func(when string) {
		t.Helper()
		for _, ext := range []string{".br", ".gz"} {
			if got := servertest.ReadDecoded(t, wasm+ext); !bytes.Equal(got, raw) {
				t.Errorf("%s: app.wasm%s decodes to %d bytes, want app.wasm's %d", when, ext, len(got), len(raw))
			}
		}
	}
	wantStamp := func(when, suffix string) {
		t.Helper()
		if got, err := os.ReadFile(stamp); err != nil || string(got) != wasmSum(raw)+" "+suffix+"\n" {
			t.Errorf("%s: stamp %q (%v), want the wasm's SHA-256 and %q", when, got, err, suffix)
		}
	}
	size := func(name string) int64 {
		t.Helper()
		fi, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}

	if out := step("-upgrade", "-quality", "9"); out != "" { // no stamp: nothing compressed yet
		t.Errorf("-upgrade before any build printed %q, want nothing", out)
	}
	if err := os.WriteFile(newWasm, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if out := step("-quality", "9", "-fast", "1", "-new", newWasm); !strings.Contains(out, "brotli -q 1, gzip -1") {
		t.Errorf("-fast 1 on a new build printed %q, want it to say it compresses at brotli -q 1, gzip -1", out)
	}
	decodes("after -fast")
	wantStamp("after -fast", "brotli-q1 gzip-1")
	fastBr, fastGz := size(wasm+".br"), size(wasm+".gz")

	if err := os.WriteFile(newWasm, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if out := step("-quality", "9", "-fast", "1", "-new", newWasm); !strings.Contains(out, "unchanged") {
		t.Errorf("-fast again on the same bytes printed %q, want unchanged", out)
	}
	if _, err := os.Stat(newWasm); !os.IsNotExist(err) {
		t.Errorf("-new file after an unchanged run: %v, want it removed", err)
	}

	out := step("-upgrade", "-quality", "9")
	if !strings.Contains(out, "in the background") || !strings.Contains(out, "swapped in") {
		t.Errorf("-upgrade printed %q, want it to say it compresses in the background, then that the files are swapped in", out)
	}
	decodes("after -upgrade")
	wantStamp("after -upgrade", "brotli-q9")
	if br, gz := size(wasm+".br"), size(wasm+".gz"); br >= fastBr || gz >= fastGz {
		t.Errorf("after -upgrade: .br %d bytes, .gz %d, want fewer than the fast ones' %d, %d", br, gz, fastBr, fastGz)
	}
	if out := step("-upgrade", "-quality", "9"); out != "" {
		t.Errorf("-upgrade again printed %q, want nothing (already at -q 9)", out)
	}
	if out := step("-quality", "9", "-fast", "1"); !strings.Contains(out, "unchanged") {
		t.Errorf("-fast after -upgrade printed %q, want unchanged (never worse than the best files)", out)
	}
	wantStamp("-fast after -upgrade", "brotli-q9")

	// make build at another quality after a fast run remakes the files
	step("-quality", "1", "-fast", "1") // unchanged: the stamp says q9
	if out := step("-quality", "2"); !strings.Contains(out, "brotli -q 2, gzip -9") {
		t.Errorf("-quality 2 after -q 9 printed %q, want it to compress again", out)
	}
	wantStamp("-quality 2", "brotli-q2")

	// -upgrade leaves a stamp of other bytes alone (a build is under way)
	other := wasmSum([]byte("other")) + " brotli-q1 gzip-1\n"
	if err := os.WriteFile(stamp, []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := step("-upgrade", "-quality", "9"); out != "" {
		t.Errorf("-upgrade on a stamp of other bytes printed %q, want nothing", out)
	}
	if got, _ := os.ReadFile(stamp); string(got) != other {
		t.Errorf("-upgrade on a stamp of other bytes rewrote it: %q", got)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %q", left)
	}
}

// TestPrecompressUpgradeStopped: an -upgrade stopped (make run's server
// stopped with Ctrl-C) leaves the fast files and their stamp as they were, and
// no temporary file, and says so.
func TestPrecompressUpgradeStopped(t *testing.T) {
	dir := t.TempDir()
	wasm, stamp := filepath.Join(dir, "app.wasm"), filepath.Join(dir, "app.wasm.stamp")
	raw := wasmLike(2)
	if err := os.WriteFile(wasm, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := precompress(t.Context(), []string{"precompress", "-fast", "1", "-stamp", stamp, wasm}, os.Getenv, io.Discard); err != nil {
		t.Fatal(err)
	}
	before := map[string][]byte{}
	for _, name := range []string{wasm + ".br", wasm + ".gz", stamp} {
		before[name], _ = os.ReadFile(name)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	err := precompress(ctx, []string{"precompress", "-upgrade", "-quality", "11", "-stamp", stamp, wasm}, os.Getenv, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "stopped") || !strings.Contains(err.Error(), "brotli -q 1") {
		t.Errorf("-upgrade stopped: got %v, want an error saying it stopped and the files stay at brotli -q 1", err)
	}
	for name, b := range before {
		if got, _ := os.ReadFile(name); !bytes.Equal(got, b) {
			t.Errorf("%s changed by a stopped -upgrade", name)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %q", left)
	}
}
