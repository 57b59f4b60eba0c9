//go:build !js

package main

import (
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

// precompress is `octaview precompress [-quality N] [-fast Q | -upgrade] [-stamp FILE]
// [-new FILE] WASM`: it writes WASM.br (brotli at that quality) and WASM.gz (gzip -9)
// beside WASM, the files hosting serves by Accept-Encoding, in Go (no brotli or gzip
// program needed). With -new, a freshly built wasm is first moved over WASM.
//
// Nothing is done when WASM (or -new) has the bytes and quality that the stamp file
// records and both compressed files exist, so an unchanged build costs a hash, not a
// minute of brotli. Otherwise the stamp and the old .br/.gz are removed before WASM is
// replaced, and the new ones are renamed into place before the stamp is written: a
// server reading the directory meanwhile serves the raw wasm, never a stale .br/.gz,
// and an interrupted run leaves no stamp, so the next one compresses again.
//
// -fast Q is `make run`'s first step, so that the console answers within seconds: when
// the files are not already made from these bytes (at any quality), they are made at
// brotli -q Q and gzip -1 (a second), and the stamp says so. -upgrade is its second,
// in the background while the server runs (precompress_upgrade.go): when the stamp
// records WASM's bytes at another quality, it compresses them at -quality and gzip -9
// and swaps the files in.
//
// args[0] is the command's name; the signature is run's, so main can pick either.
func precompress(ctx context.Context, args []string, _ func(string) string, stdout io.Writer) error {
	fs := flag.NewFlagSet(programName(args), flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: octaview precompress [-quality N] [-fast Q | -upgrade] [-stamp FILE] [-new FILE] WASM\n"+
			"writes WASM.br and WASM.gz beside WASM when WASM's bytes or the quality changed\n")
		fs.PrintDefaults()
	}
	quality := fs.Int("quality", defaultBrotliQuality, "brotli `quality`, 0-11 (11: smallest, about a minute for app.wasm)")
	fast := fs.Int("fast", -1, "when the files are not made from WASM's bytes at any quality, make them at this brotli `quality` and gzip -1 (make run; -1: off)")
	upgrade := fs.Bool("upgrade", false, "when the stamp records WASM's bytes at another quality, compress them at -quality and swap the files in (make run, in the background)")
	stampPath := fs.String("stamp", "", "`file` recording what the .br/.gz were made from (default WASM.stamp)")
	newPath := fs.String("new", "", "a freshly built wasm `file` to move over WASM first (removed when WASM already has its bytes)")
	if err := fs.Parse(args[min(1, len(args)):]); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("precompress: want one WASM file")
	}
	for _, q := range []struct {
		name  string
		value int
	}{{"-quality", *quality}, {"-fast", *fast}} {
		if (q.value < brotli.BestSpeed || q.value > brotli.BestCompression) && (q.name == "-quality" || q.value != -1) {
			return fmt.Errorf("precompress: %s %d: want %d to %d", q.name, q.value, brotli.BestSpeed, brotli.BestCompression)
		}
	}
	if *upgrade && (*fast != -1 || *newPath != "") {
		return errors.New("precompress: -upgrade compresses WASM in place: not with -fast or -new")
	}
	wasm := fs.Arg(0)
	if *stampPath == "" {
		*stampPath = wasm + ".stamp"
	}
	if *upgrade {
		return upgradeCompressed(ctx, wasm, *stampPath, *quality, stdout)
	}
	source := wasm
	if *newPath != "" {
		source = *newPath
	}
	raw, err := os.ReadFile(source)
	if err != nil {
		return fmt.Errorf("precompress: %w", err)
	}
	want := compression{sum: wasmSum(raw), brotli: *quality, gzip: gzip.BestCompression}
	current := upToDate(wasm, raw, *newPath != "", *stampPath)
	if current == want || (*fast != -1 && current.sum == want.sum) {
		if *newPath != "" {
			if err := os.Remove(*newPath); err != nil {
				return fmt.Errorf("precompress: %w", err)
			}
		}
		if current != want {
			fmt.Fprintf(stdout, "%s unchanged (%s for now)\n", wasm, current.levels())
		} else {
			fmt.Fprintf(stdout, "%s unchanged\n", wasm)
		}
		return nil
	}
	if *fast != -1 {
		want.brotli, want.gzip = *fast, gzip.BestSpeed
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
	fmt.Fprintf(stdout, "compressing %s (%d bytes): %s\n", wasm, len(raw), want.levels())
	start := time.Now()
	files, err := compressFiles(ctx, wasm, raw, want, progress(stdout, start))
	if err != nil {
		return err
	}
	defer files.discard()
	if err := files.rename(); err != nil {
		return fmt.Errorf("precompress: %w", err)
	}
	if err := os.WriteFile(*stampPath, []byte(want.String()+"\n"), 0o644); err != nil {
		return fmt.Errorf("precompress: %w", err)
	}
	fmt.Fprintf(stdout, "%s (%.1f s)\n", files.sizes(), time.Since(start).Seconds())
	return nil
}

// progress returns a function that, every progressEvery, prints how long
// compressing has taken so far, so that a minute of brotli is never silent.
func progress(stdout io.Writer, start time.Time) func() {
	return func() {
		fmt.Fprintf(stdout, "… still compressing (%.0f s)\n", time.Since(start).Seconds())
	}
}

// compression is what the stamp file records: the wasm's SHA-256 and the
// levels its .br and .gz were made at.
type compression struct {
	sum          string
	brotli, gzip int
}

func wasmSum(raw []byte) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// String is the stamp's line: "SUM brotli-qN" (gzip -9), or "SUM brotli-qN
// gzip-L" for another gzip level.
func (c compression) String() string {
	s := fmt.Sprintf("%s brotli-q%d", c.sum, c.brotli)
	if c.gzip != gzip.BestCompression {
		s += fmt.Sprintf(" gzip-%d", c.gzip)
	}
	return s
}

func (c compression) levels() string {
	return fmt.Sprintf("brotli -q %d, gzip -%d", c.brotli, c.gzip)
}

// parseStamp reads a stamp's line (the zero compression when it is not one).
func parseStamp(line string) compression {
	c := compression{gzip: gzip.BestCompression}
	fields := strings.Fields(line)
	if len(fields) < 2 || len(fields) > 3 {
		return compression{}
	}
	c.sum = fields[0]
	if _, err := fmt.Sscanf(fields[1], "brotli-q%d", &c.brotli); err != nil {
		return compression{}
	}
	if len(fields) == 3 {
		if _, err := fmt.Sscanf(fields[2], "gzip-%d", &c.gzip); err != nil {
			return compression{}
		}
	}
	if c.String() != strings.Join(fields, " ") {
		return compression{}
	}
	return c
}

// upToDate returns what wasm's compressed files were made from, when the stamp
// file says so, both files exist and, when raw is a new build, wasm already
// holds the same bytes (raw's hash is then the stamp's); the zero compression
// otherwise.
func upToDate(wasm string, raw []byte, isNew bool, stampPath string) compression {
	got, err := os.ReadFile(stampPath)
	if err != nil {
		return compression{}
	}
	c := parseStamp(string(got))
	if c.sum != wasmSum(raw) {
		return compression{}
	}
	for _, ext := range []string{".br", ".gz"} {
		if fi, err := os.Stat(wasm + ext); err != nil || !fi.Mode().IsRegular() {
			return compression{}
		}
	}
	if isNew {
		old, err := os.ReadFile(wasm)
		if err != nil || !bytes.Equal(old, raw) {
			return compression{}
		}
	}
	return c
}
