//go:build unix

package makefile

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/servertest"
)

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

// makeRun is `make run` running in a clone: what it printed so far and the
// console's address.
type makeRun struct {
	URL string // the console, once it listens

	mu     sync.Mutex
	output strings.Builder
}

// startMakeRun starts `make args...` in dir with env, in a process group of
// its own (make, the server and what make runs in the background), killed
// when ctx ends and stopped with SIGTERM when the test ends. It returns once
// the server prints its listening address; it fails the test when make
// stops printing or ctx ends first.
func startMakeRun(ctx context.Context, t *testing.T, dir string, env []string, args ...string) *makeRun {
	t.Helper()
	run := exec.CommandContext(ctx, "make", args...)
	run.Dir, run.Env = dir, env
	run.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	run.Cancel = func() error { return syscall.Kill(-run.Process.Pid, syscall.SIGKILL) }
	stdout, err := run.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	run.Stderr = io.Discard // the server's JSON log
	run.WaitDelay = 15 * time.Second
	if err := run.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-run.Process.Pid, syscall.SIGTERM)
		run.Wait()
	})
	m := &makeRun{}
	listening, ended := make(chan string, 1), make(chan struct{})
	go func() {
		defer close(ended)
		lines := bufio.NewScanner(stdout)
		for lines.Scan() {
			m.mu.Lock()
			m.output.WriteString(lines.Text() + "\n")
			m.mu.Unlock()
			if addr := regexp.MustCompile(`listening on (http://127\.0\.0\.1:\d+)`).FindStringSubmatch(lines.Text()); addr != nil {
				select {
				case listening <- addr[1]:
				default: // said once already
				}
			}
		}
	}()
	select {
	case m.URL = <-listening:
		return m
	case <-ended:
	case <-ctx.Done():
	}
	t.Fatalf("make %s printed no listening address:\n%s", strings.Join(args, " "), m.Printed())
	return nil
}

// Printed is what make printed so far.
func (m *makeRun) Printed() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.output.String()
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
