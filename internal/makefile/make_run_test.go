//go:build unix

package makefile

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// TestMakeRunServesAtOnce is a newcomer's first `make run` on a fresh clone:
// it says what it builds, compresses the new app.wasm at the fast levels only
// (brotli -q 1, gzip -1) before the server answers, and serves those; the best
// compression (here BROTLI_Q=5, to be quick) runs in the background and is
// swapped in: the stamp then records it, the server sends the new .br whole
// with a new ETag to a client revalidating the fast one, and both decode to
// app.wasm.
func TestMakeRunServesAtOnce(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Minute)
	defer cancel()
	clone := cloneWorkingTree(t)
	run := startMakeRun(ctx, t, clone, goOnlyEnv(t), "run", "BROTLI_Q=5", "ARGS=-addr 127.0.0.1:0")
	consoleURL, printed := run.URL, run.Printed
	for _, want := range []string{"building bin/octaview", "building app.wasm", "compressing web/app.wasm", "brotli -q 1, gzip -1"} {
		if !strings.Contains(printed(), want) {
			t.Errorf("make run before the server answered printed:\n%s\nwant it to say %q", printed(), want)
		}
	}
	web := filepath.Join(clone, "web")
	raw, err := os.ReadFile(filepath.Join(web, "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}

	getBr := func(etag string) (*http.Response, []byte) {
		t.Helper()
		header := []string{"Accept-Encoding", "br"}
		if etag != "" {
			header = append(header, "If-None-Match", etag)
		}
		return servertest.DoAsSent(t, http.MethodGet, consoleURL+"/web/app.wasm", header...)
	}
	stampPath := filepath.Join(clone, "bin", "app.wasm.stamp")
	stamp, _ := os.ReadFile(stampPath)
	resp, fast := getBr("")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "br" {
		t.Fatalf("GET app.wasm (br) as make run started: %d %v", resp.StatusCode, resp.Header)
	}
	if strings.HasSuffix(strings.TrimSpace(string(stamp)), " brotli-q1 gzip-1") {
		if got := decodeBrotli(t, fast); !bytes.Equal(got, raw) {
			t.Errorf("the fast .br sent decodes to %d bytes, want app.wasm's %d", len(got), len(raw))
		}
	} // else the background compression was done already: the next checks still hold

	// the background compression swaps the best files in
	for !strings.Contains(printed(), "swapped in") {
		select {
		case <-ctx.Done():
			t.Fatalf("make run's background compression never said it swapped the files in:\n%s", printed())
		case <-time.After(200 * time.Millisecond):
		}
	}
	stamp, err = os.ReadFile(stampPath)
	if err != nil || !strings.HasSuffix(strings.TrimSpace(string(stamp)), " brotli-q5") {
		t.Fatalf("stamp after the swap: %q (%v), want brotli-q5\n%s", stamp, err, printed())
	}
	best, err := os.ReadFile(filepath.Join(web, "app.wasm.br"))
	if err != nil {
		t.Fatal(err)
	}
	resp, body := getBr(resp.Header.Get("ETag"))
	if !bytes.Equal(fast, best) {
		if resp.StatusCode != http.StatusOK || !bytes.Equal(body, best) {
			t.Errorf("GET app.wasm If-None-Match the fast one's ETag after the swap: %d, %d bytes; want 200 and the new .br's %d bytes",
				resp.StatusCode, len(body), len(best))
		}
	}
	for _, ext := range []string{".br", ".gz"} {
		if got := servertest.ReadDecoded(t, filepath.Join(web, "app.wasm"+ext)); !bytes.Equal(got, raw) {
			t.Errorf("web/app.wasm%s after the swap decodes to %d bytes, want app.wasm's %d", ext, len(got), len(raw))
		}
	}
}

// decodeBrotli decodes b as brotli.
func decodeBrotli(t *testing.T, b []byte) []byte {
	t.Helper()
	name := filepath.Join(t.TempDir(), "body.br")
	if err := os.WriteFile(name, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return servertest.ReadDecoded(t, name)
}
