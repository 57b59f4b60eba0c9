//go:build !js

package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/andybalholm/brotli"
)

// progressEvery is how often a compression in the foreground says it is still at it.
const progressEvery = 30 * time.Second

// compressedFiles are a wasm's .gz and .br written to temporary files beside it,
// not yet in place.
type compressedFiles struct {
	wasm string
	tmps map[string]string // extension → temporary file
}

// compressFiles compresses raw (wasm's bytes) at c's levels into temporary files in
// wasm's directory, gzip and brotli side by side; every progressEvery meanwhile it
// calls tick (when not nil). On an error or when ctx is done it removes them.
func compressFiles(ctx context.Context, wasm string, raw []byte, c compression, tick func()) (*compressedFiles, error) {
	encodings := []struct {
		ext      string
		compress func(io.Writer) io.WriteCloser
	}{
		{".gz", func(w io.Writer) io.WriteCloser {
			zw, _ := gzip.NewWriterLevel(w, c.gzip) // a valid level: no error
			return zw
		}},
		{".br", func(w io.Writer) io.WriteCloser {
			return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: c.brotli, LGWin: brotliWindow})
		}},
	}
	files := &compressedFiles{wasm: wasm, tmps: map[string]string{}}
	done := make(chan error, len(encodings))
	for _, enc := range encodings {
		tmp, err := os.CreateTemp(filepath.Dir(wasm), filepath.Base(wasm)+enc.ext+".*.tmp")
		if err != nil {
			files.discard()
			return nil, fmt.Errorf("precompress: %w", err)
		}
		files.tmps[enc.ext] = tmp.Name()
		go func() { done <- writeCompressed(tmp, raw, enc.compress) }()
	}
	ticker := time.NewTicker(progressEvery)
	defer ticker.Stop()
	var errs []error
	for n := 0; n < len(encodings); {
		select {
		case err := <-done:
			errs = append(errs, err)
			n++
		case <-ticker.C:
			if tick != nil {
				tick()
			}
		case <-ctx.Done():
			files.discard() // the writers finish into unlinked files, then exit
			return nil, fmt.Errorf("precompress: %w", context.Cause(ctx))
		}
	}
	if err := errors.Join(errs...); err != nil {
		files.discard()
		return nil, fmt.Errorf("precompress: %w", err)
	}
	return files, nil
}

// rename moves the files into place, the .gz first, each atomically: a server
// reading the directory meanwhile serves either the old file or the new one, whole.
func (f *compressedFiles) rename() error {
	for _, ext := range []string{".gz", ".br"} {
		if err := os.Rename(f.tmps[ext], f.wasm+ext); err != nil {
			return err
		}
		delete(f.tmps, ext)
	}
	return nil
}

// discard removes the temporary files not renamed.
func (f *compressedFiles) discard() {
	for ext, name := range f.tmps {
		os.Remove(name)
		delete(f.tmps, ext)
	}
}

// sizes says the files' sizes, for the build's output.
func (f *compressedFiles) sizes() string {
	var sizes []string
	for _, ext := range []string{".gz", ".br"} {
		if fi, err := os.Stat(f.wasm + ext); err == nil {
			sizes = append(sizes, fmt.Sprintf("%s %d bytes", f.wasm+ext, fi.Size()))
		}
	}
	return strings.Join(sizes, ", ")
}

// writeCompressed compresses raw into the temporary file tmp.
func writeCompressed(tmp *os.File, raw []byte, compress func(io.Writer) io.WriteCloser) error {
	bw := bufio.NewWriterSize(tmp, 1<<20)
	zw := compress(bw)
	_, err := zw.Write(raw)
	return errors.Join(err, zw.Close(), bw.Flush(), tmp.Chmod(0o644), tmp.Close())
}
