//go:build !js

package main

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// TestHostingWasmETagNamesEncodedBytes: the .br that `precompress -upgrade`
// swaps in under a running server is sent with its own bytes, length and an
// ETag of its own (app.wasm, so the build, unchanged), so a client that
// revalidates the fast one with If-None-Match gets the new one, not a 304.
func TestHostingWasmETagNamesEncodedBytes(t *testing.T) {
	dir, _ := fakeWeb(t, true, false)
	s := newHostingServer(t, dir)
	get := func(etag string) (*http.Response, []byte) {
		t.Helper()
		header := []string{"Accept-Encoding", "br"}
		if etag != "" {
			header = append(header, "If-None-Match", etag)
		}
		return servertest.DoAsSent(t, http.MethodGet, s.URL+"/web/app.wasm", header...)
	}
	resp, body := get("")
	fast := resp.Header.Get("ETag")
	if resp.StatusCode != http.StatusOK || string(body) != "pretend-brotli" || fast == "" {
		t.Fatalf("GET app.wasm (br): %d %q ETag %q, want 200, the .br, an ETag", resp.StatusCode, body, fast)
	}
	if resp, _ := get(fast); resp.StatusCode != http.StatusNotModified {
		t.Errorf("GET app.wasm If-None-Match its ETag: got %d, want 304", resp.StatusCode)
	}

	tmp := filepath.Join(dir, "app.wasm.br.swap.tmp")
	if err := os.WriteFile(tmp, []byte("pretend-brotli, smaller"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, "app.wasm.br")); err != nil {
		t.Fatal(err)
	}
	resp, body = get(fast)
	if resp.StatusCode != http.StatusOK || string(body) != "pretend-brotli, smaller" || resp.ContentLength != int64(len(body)) {
		t.Fatalf("GET app.wasm If-None-Match the fast ETag after the swap: %d %q (Content-Length %d), want 200 and the new .br whole",
			resp.StatusCode, body, resp.ContentLength)
	}
	best := resp.Header.Get("ETag")
	if best == fast || !strings.HasPrefix(best, strings.SplitN(fast, "-br-", 2)[0]+"-br-") {
		t.Errorf("ETag after the swap %s, before %s: want another, of the same build", best, fast)
	}
	if resp, _ := get(best); resp.StatusCode != http.StatusNotModified {
		t.Errorf("GET app.wasm If-None-Match the new ETag: got %d, want 304", resp.StatusCode)
	}
}

// TestHostingWasmEncodedLength: app.wasm.br and .gz of a real size (beyond
// what net/http buffers) are sent with their Content-Length, which
// http.ServeContent leaves out when Content-Encoding is set, on GET and HEAD;
// a range request still gets the range it asked for.
func TestHostingWasmEncodedLength(t *testing.T) {
	dir, _ := fakeWeb(t, false, false)
	for _, ext := range []string{".br", ".gz"} {
		if err := os.WriteFile(filepath.Join(dir, "app.wasm"+ext), wasmLike(3), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := wasmLike(3)
	s := newHostingServer(t, dir)
	for _, tt := range []struct{ method, encoding, rng string }{
		{http.MethodGet, "br", ""}, {http.MethodGet, "gzip", ""}, {http.MethodHead, "br", ""}, {http.MethodGet, "br", "bytes=10-19"},
	} {
		header := []string{"Accept-Encoding", tt.encoding}
		if tt.rng != "" {
			header = append(header, "Range", tt.rng)
		}
		resp, body := servertest.DoAsSent(t, tt.method, s.URL+"/web/app.wasm", header...)
		switch {
		case tt.rng != "":
			if resp.StatusCode != http.StatusPartialContent || !bytes.Equal(body, want[10:20]) {
				t.Errorf("%s %s Range %s: %d, %q; want 206 and bytes 10-19", tt.method, tt.encoding, tt.rng, resp.StatusCode, body)
			}
		case resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Length") != strconv.Itoa(len(want)) ||
			(tt.method == http.MethodGet && !bytes.Equal(body, want)):
			t.Errorf("%s %s: %d, Content-Length %q, %d bytes; want 200, Content-Length %d and the file",
				tt.method, tt.encoding, resp.StatusCode, resp.Header.Get("Content-Length"), len(body), len(want))
		}
	}
}
