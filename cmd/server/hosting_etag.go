//go:build !js

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
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
