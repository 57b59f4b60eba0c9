//go:build unix

package makefile

import (
	"bufio"
	"context"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

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
