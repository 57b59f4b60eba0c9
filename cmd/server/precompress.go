//go:build !js

package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/andybalholm/brotli"
)

// defaultBrotliQuality is the quality `make build` uses: 11 puts app.wasm on the wire at
// about 2.5 MB (10: 2.6 MB, 9: 2.9 MB).
const defaultBrotliQuality = 11

// brotliWindow is the LZ77 window (log2 of bytes) of the brotli CLI's default: 16 MiB, more
// than the library's 4 MiB, so repeats across the whole wasm are found (output byte for
// byte as `brotli -q N`).
const brotliWindow = 24

// precompress is `octaview precompress [-quality N] [-stamp FILE] [-new FILE] WASM`: it
// writes WASM.br (brotli at that quality) and WASM.gz (gzip -9) beside WASM, the files
// hosting serves by Accept-Encoding, in Go (no brotli or gzip program needed). With -new,
// a freshly built wasm is first moved over WASM.
//
// Nothing is done when WASM (or -new) has the bytes and quality that the stamp file
// records and both compressed files exist, so an unchanged build costs a hash, not a
// minute of brotli. Otherwise the stamp and the old .br/.gz are removed before WASM is
// replaced, and the new ones are renamed into place before the stamp is written: a
// server reading the directory meanwhile serves the raw wasm, never a stale .br/.gz,
// and an interrupted run leaves no stamp, so the next one compresses again.
//
// args[0] is the command's name; the signature is run's, so main can pick either.
func precompress(ctx context.Context, args []string, _ func(string) string, stdout io.Writer) error {
	fs := flag.NewFlagSet(programName(args), flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: octaview precompress [-quality N] [-stamp FILE] [-new FILE] WASM\n"+
			"writes WASM.br and WASM.gz beside WASM when WASM's bytes or the quality changed\n")
		fs.PrintDefaults()
	}
	quality := fs.Int("quality", defaultBrotliQuality, "brotli `quality`, 0-11 (11: smallest, about a minute for app.wasm)")
	stampPath := fs.String("stamp", "", "`file` recording what the .br/.gz were made from (default WASM.stamp)")
	newPath := fs.String("new", "", "a freshly built wasm `file` to move over WASM first (removed when WASM already has its bytes)")
	if err := fs.Parse(args[min(1, len(args)):]); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("precompress: want one WASM file")
	}
	if *quality < brotli.BestSpeed || *quality > brotli.BestCompression {
		return fmt.Errorf("precompress: -quality %d: want %d to %d", *quality, brotli.BestSpeed, brotli.BestCompression)
	}
	wasm := fs.Arg(0)
	if *stampPath == "" {
		*stampPath = wasm + ".stamp"
	}
	source := wasm
	if *newPath != "" {
		source = *newPath
	}
	raw, err := os.ReadFile(source)
	if err != nil {
		return fmt.Errorf("precompress: %w", err)
	}
	sum := sha256.Sum256(raw)
	stamp := fmt.Sprintf("%s brotli-q%d", hex.EncodeToString(sum[:]), *quality)

	if upToDate(wasm, raw, *newPath != "", *stampPath, stamp) {
		if *newPath != "" {
			if err := os.Remove(*newPath); err != nil {
				return fmt.Errorf("precompress: %w", err)
			}
		}
		fmt.Fprintf(stdout, "%s unchanged\n", wasm)
		return nil
	}

	for _, name := range []string{*stampPath, wasm + ".br", wasm + ".gz"} {
		if err := os.Remove(name); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("precompress: %w", err)
		}
	}
	if *newPath != "" {
		if err := os.Rename(*newPath, wasm); err != nil {
			return fmt.Errorf("precompress: %w", err)
		}
	}
	fmt.Fprintf(stdout, "compressing %s (%d bytes): brotli -q %d, gzip -9\n", wasm, len(raw), *quality)
	start := time.Now()
	encodings := []struct {
		ext      string
		compress func(io.Writer) io.WriteCloser
	}{
		{".gz", func(w io.Writer) io.WriteCloser {
			zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression) // a valid level: no error
			return zw
		}},
		{".br", func(w io.Writer) io.WriteCloser {
			return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: *quality, LGWin: brotliWindow})
		}},
	}
	// Each file is written to a temporary name in the same directory and renamed once
	// complete; on an error or an interrupt the temporary files are removed.
	done := make(chan error, len(encodings))
	var tmps []*os.File
	defer func() {
		for _, f := range tmps {
			os.Remove(f.Name()) // after a rename: already gone
		}
	}()
	for _, enc := range encodings {
		tmp, err := os.CreateTemp(filepath.Dir(wasm), filepath.Base(wasm)+enc.ext+".*.tmp")
		if err != nil {
			return fmt.Errorf("precompress: %w", err)
		}
		tmps = append(tmps, tmp)
		go func() { done <- writeCompressed(tmp, wasm+enc.ext, raw, enc.compress) }()
	}
	var errs []error
	for range encodings {
		select {
		case err := <-done:
			errs = append(errs, err)
		case <-ctx.Done():
			return fmt.Errorf("precompress: %w", context.Cause(ctx))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("precompress: %w", err)
	}
	if err := os.WriteFile(*stampPath, []byte(stamp+"\n"), 0o644); err != nil {
		return fmt.Errorf("precompress: %w", err)
	}
	var sizes []string
	for _, enc := range encodings {
		if fi, err := os.Stat(wasm + enc.ext); err == nil {
			sizes = append(sizes, fmt.Sprintf("%s %d bytes", wasm+enc.ext, fi.Size()))
		}
	}
	fmt.Fprintf(stdout, "%s (%.1f s)\n", strings.Join(sizes, ", "), time.Since(start).Seconds())
	return nil
}

// upToDate reports whether wasm's compressed files were made from raw at the stamp's
// quality: the stamp file says so, both files exist and, when raw is a new build, wasm
// already holds the same bytes.
func upToDate(wasm string, raw []byte, isNew bool, stampPath, stamp string) bool {
	got, err := os.ReadFile(stampPath)
	if err != nil || strings.TrimSpace(string(got)) != stamp {
		return false
	}
	for _, ext := range []string{".br", ".gz"} {
		if fi, err := os.Stat(wasm + ext); err != nil || !fi.Mode().IsRegular() {
			return false
		}
	}
	if isNew {
		old, err := os.ReadFile(wasm)
		if err != nil || !bytes.Equal(old, raw) {
			return false
		}
	}
	return true
}

// writeCompressed compresses raw into the temporary file tmp, then renames it to name.
func writeCompressed(tmp *os.File, name string, raw []byte, compress func(io.Writer) io.WriteCloser) error {
	bw := bufio.NewWriterSize(tmp, 1<<20)
	zw := compress(bw)
	_, err := zw.Write(raw)
	err = errors.Join(err, zw.Close(), bw.Flush(), tmp.Chmod(0o644), tmp.Close())
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
