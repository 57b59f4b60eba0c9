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

// cloneWorkingTree copies the files git knows in this working tree (committed or not,
// ignored ones left out: no bin/, no web/app.wasm) to a new git repository, as a fresh
// clone would have them, and returns its directory.
func cloneWorkingTree(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the module's root %s: %v", root, err)
	}
	gitCmd := func(dir string, args ...string) []byte {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=test", "-c", "user.email=test@localhost"}, args...)...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("git %s: %v", strings.Join(args, " "), err)
		}
		return out
	}
	clone := filepath.Join(t.TempDir(), "octaview")
	for _, name := range strings.Split(string(gitCmd(root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")), "\x00") {
		if name == "" {
			continue
		}
		src := filepath.Join(root, name)
		fi, err := os.Lstat(src)
		if err != nil || !fi.Mode().IsRegular() {
			continue // deleted in the working tree, or not a plain file
		}
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(clone, name)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, b, fi.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	gitCmd(clone, "init", "-q")
	gitCmd(clone, "add", "-A")
	gitCmd(clone, "commit", "-q", "-m", "clone")
	return clone
}

// goOnlyEnv is this process's environment with a PATH of Go's bin directory and a
// directory holding only make and mkdir.
func goOnlyEnv(t *testing.T) []string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(goBin, "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	tools := t.TempDir()
	for _, name := range []string{"make", "mkdir"} {
		p, err := exec.LookPath(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(p, filepath.Join(tools, name)); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(strings.TrimSpace(string(out)), "bin") + string(os.PathListSeparator) + tools
	var env []string
	for _, kv := range os.Environ() {
		switch name, _, _ := strings.Cut(kv, "="); name {
		case "PATH", "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "BROTLI_Q", "GOOS", "GOARCH", "CC":
		default:
			env = append(env, kv)
		}
	}
	env = append(env, "PATH="+path)
	// what the test means by "only Go": none of these may be found
	t.Setenv("PATH", path)
	for _, name := range []string{"brotli", "gzip", "apt-get", "sudo", "gcc", "cc", "git", "sh"} {
		if p, err := exec.LookPath(name); err == nil {
			t.Fatalf("%s is on the restricted PATH (%s): the test would prove nothing", name, p)
		}
	}
	return env
}
