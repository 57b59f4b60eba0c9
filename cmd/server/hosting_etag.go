//go:build !js

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"os"
	"strconv"
	"sync"
)

// encodedTags are the ETag suffixes of app.wasm's .br and .gz: the first
// hex digits of each file's SHA-256, so that two encodings of one app.wasm
// (`make run`'s fast one, then the best one swapped in by `precompress
// -upgrade`) never share an ETag, and replicas serving the same files agree.
// A file is hashed once per inode, size and modification time.
type encodedTags struct {
	mu    sync.Mutex
	files map[string]taggedFile // by path
}

type taggedFile struct {
	fi  os.FileInfo
	tag string
}

// of returns the tag of f (open at its start, fi its Stat), hashing it when it
// is not the file last tagged at its path, and leaves f at its start.
func (t *encodedTags) of(f *os.File, fi os.FileInfo) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if c, ok := t.files[f.Name()]; ok && os.SameFile(c.fi, fi) && c.fi.Size() == fi.Size() && c.fi.ModTime().Equal(fi.ModTime()) {
		return c.tag, nil
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	tag := hex.EncodeToString(h.Sum(nil))[:12]
	if t.files == nil {
		t.files = map[string]taggedFile{}
	}
	t.files[f.Name()] = taggedFile{fi, tag}
	return tag, nil
}

// fullLength sets Content-Length to size when the response is a 200, the whole
// file: http.ServeContent leaves it out when Content-Encoding is set (a range
// would be of the encoded bytes), so a 2 MB app.wasm.br went chunked, and a
// client could not tell how much was coming nor that it got all of it.
type fullLength struct {
	http.ResponseWriter
	size int64
}

func (w fullLength) WriteHeader(code int) {
	if code == http.StatusOK {
		w.Header().Set("Content-Length", strconv.FormatInt(w.size, 10))
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w fullLength) Unwrap() http.ResponseWriter { return w.ResponseWriter }
