//go:build !js

package main

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// upgradeCompressed is `octaview precompress -upgrade`, which `make run` starts
// beside the server after `precompress -fast`: when the stamp records wasm's
// current bytes at levels other than brotli -q quality and gzip -9, it
// compresses them at those (minutes of one core for app.wasm) and swaps the
// .gz and .br in, each by a rename, then writes the stamp. A request meanwhile
// gets the fast files or the best ones, each whole, and the ETag hosting sends
// names the file's bytes (encodedTag), so a client revalidating the fast one
// gets the best one. It does nothing when the stamp already says so or records
// other bytes (a build is under way, or nothing was compressed). When the wasm
// or the stamp changed while it compressed (a new build), it discards its files.
func upgradeCompressed(ctx context.Context, wasm, stampPath string, quality int, stdout io.Writer) error {
	before, err := os.ReadFile(stampPath)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("precompress: %w", err)
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		return fmt.Errorf("precompress: %w", err)
	}
	current := upToDate(wasm, raw, false, stampPath)
	want := compression{sum: wasmSum(raw), brotli: quality, gzip: gzip.BestCompression}
	if current.sum != want.sum || current == want {
		return nil
	}
	fmt.Fprintf(stdout, "compressing %s at %s in the background (minutes on a busy machine): the server sends the %s files until then\n",
		wasm, want.levels(), current.levels())
	start := time.Now()
	files, err := compressFiles(ctx, wasm, raw, want, nil)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("precompress: stopped; %s stays at %s (the next make run compresses it again)", wasm, current.levels())
		}
		return err
	}
	defer files.discard()
	// A build that replaced the wasm meanwhile removed the stamp first (precompress):
	// the same stamp and wasm now mean these files are still the wasm's.
	if now, err := os.ReadFile(stampPath); err != nil || string(now) != string(before) || wasmSum(readOrNil(wasm)) != want.sum {
		fmt.Fprintf(stdout, "%s changed while compressing it in the background: its compressed files are the new build's\n", wasm)
		return nil
	}
	if err := files.rename(); err != nil {
		return fmt.Errorf("precompress: %w", err)
	}
	if err := writeFileAtomic(stampPath, []byte(want.String()+"\n")); err != nil {
		return fmt.Errorf("precompress: %w", err)
	}
	fmt.Fprintf(stdout, "%s: %s swapped in (%.0f s)\n", files.sizes(), want.levels(), time.Since(start).Seconds())
	return nil
}

// readOrNil is name's bytes, nil when it cannot be read.
func readOrNil(name string) []byte {
	b, _ := os.ReadFile(name)
	return b
}

// writeFileAtomic writes b to a temporary file beside name and renames it over name.
func writeFileAtomic(name string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
	if err = errors.Join(err, tmp.Chmod(0o644), tmp.Close()); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), name)
}
