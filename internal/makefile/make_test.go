//go:build unix

package makefile

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// TestMakeRunNeedsOnlyGo is `make build` then `make run` on a fresh clone of this working
// tree with a PATH that holds Go, make and mkdir (what the Makefile's build and run use)
// and nothing else: no brotli, no gzip, no apt-get, no sudo, no C compiler, no git. The
// build must leave the server binary, web/app.wasm and its .br/.gz, and the server that
// `make run` starts must serve the console and app.wasm precompressed.
func TestMakeRunNeedsOnlyGo(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Minute)
	defer cancel()
	clone := cloneWorkingTree(t)
	env := goOnlyEnv(t)

	build := exec.CommandContext(ctx, "make", "build", "BROTLI_Q=1") // the quality does not matter here: speed does
	build.Dir, build.Env = clone, env
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("make build with only Go on PATH: %v\n%s", err, out)
	}
	raw, err := os.ReadFile(filepath.Join(clone, "web", "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(raw, []byte("\x00asm")) {
		t.Fatalf("web/app.wasm starts with %q, want WebAssembly", raw[:min(4, len(raw))])
	}
	for _, ext := range []string{".br", ".gz"} {
		if got := servertest.ReadDecoded(t, filepath.Join(clone, "web", "app.wasm"+ext)); !bytes.Equal(got, raw) {
			t.Errorf("web/app.wasm%s decodes to %d bytes, want web/app.wasm's %d", ext, len(got), len(raw))
		}
	}
	if fi, err := os.Stat(filepath.Join(clone, "bin", "octaview")); err != nil || fi.Mode()&0o111 == 0 {
		t.Errorf("bin/octaview: got %v, want an executable", err)
	}

	// make run: rebuilds nothing (the stamp says the .br/.gz are current) and serves them
	run := startMakeRun(ctx, t, clone, env, "run", "BROTLI_Q=1", "ARGS=-addr 127.0.0.1:0")
	consoleURL := run.URL
	if !strings.Contains(run.Printed(), "web/app.wasm unchanged") {
		t.Errorf("make run after make build: want web/app.wasm unchanged (not compressed again), got:\n%s", run.Printed())
	}

	tests := []struct {
		name           string
		path           string
		acceptEncoding string
		wantEncoding   string
		wantType       string
		wantBody       string // the file the body must equal ("" = no check)
	}{
		{"the console's login page", "/login", "br, gzip", "", "text/html", ""}, // "/" signed out: a 303 here
		{"app.wasm as brotli", "/web/app.wasm", "gzip, deflate, br", "br", "application/wasm", "app.wasm.br"},
		{"app.wasm as gzip", "/web/app.wasm", "gzip", "gzip", "application/wasm", "app.wasm.gz"},
		{"app.wasm raw", "/web/app.wasm", "", "", "application/wasm", "app.wasm"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := servertest.DoAsSent(t, http.MethodGet, consoleURL+tt.path, "Accept-Encoding", tt.acceptEncoding)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("GET %s: got %d, want 200", tt.path, resp.StatusCode)
			}
			if got := resp.Header.Get("Content-Encoding"); got != tt.wantEncoding {
				t.Errorf("GET %s: Content-Encoding: got %q, want %q", tt.path, got, tt.wantEncoding)
			}
			if got := resp.Header.Get("Content-Type"); !strings.HasPrefix(got, tt.wantType) {
				t.Errorf("GET %s: Content-Type: got %q, want %s", tt.path, got, tt.wantType)
			}
			if tt.wantBody != "" {
				want, err := os.ReadFile(filepath.Join(clone, "web", tt.wantBody))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(body, want) {
					t.Errorf("GET %s: got %d bytes, want web/%s's %d", tt.path, len(body), tt.wantBody, len(want))
				}
			}
		})
	}
}

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
