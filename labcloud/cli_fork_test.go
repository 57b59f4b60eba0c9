package labcloud

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// cliForkScript is the forking Python, shared with servertest.ForkedCLI
// (which serves scripts' commands from it; labcloud's tests cannot import
// servertest, which imports labcloud).
const cliForkScript = "../cmd/server/servertest/cli_fork.py"

// cliForker runs openstack commands as cli_fork.py does in its stdin mode: each in a
// fork of a Python that imported the CLI's modules once, with the CLI's own
// main, argv, environment and exit status. A command then costs a tenth of
// the CPU of `openstack ARGS` (whose start imports ~750 command modules, a
// second of CPU): the CLI tests run about 150 commands. It keeps one
// cli_fork.py per command at once (the chains of a test run at once) and
// ends them when the test does.
type cliForker struct {
	python string   // the interpreter of the openstack script (its #! line)
	env    []string // the commands' environment
	mu     sync.Mutex
	idle   []*cliFork
}

// cliFork is one cli_fork.py process.
type cliFork struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// newCLIForker prepares a forker for the openstack script bin, with env;
// its processes end when t does.
func newCLIForker(t *testing.T, bin string, env []string) *cliForker {
	t.Helper()
	script, err := os.ReadFile(bin)
	if err != nil {
		t.Fatalf("reading %s: %v", bin, err)
	}
	first, _, _ := strings.Cut(string(script), "\n")
	interp := strings.Fields(strings.TrimPrefix(first, "#!"))
	if !strings.HasPrefix(first, "#!") || len(interp) == 0 || !strings.Contains(string(script), "openstackclient.shell") {
		t.Fatalf("%s is not python-openstackclient's script (#! line %q)", bin, first)
	}
	python := interp[len(interp)-1] // "/usr/bin/python3", or "python3" of "/usr/bin/env python3"
	if !strings.Contains(python, "/") {
		if python, err = exec.LookPath(python); err != nil {
			t.Fatal(err)
		}
	}
	f := &cliForker{python: python, env: env}
	t.Cleanup(f.close)
	return f
}

// run runs `openstack args...` in a fork; ctx's end kills the command (and
// the cli_fork.py it ran in).
func (f *cliForker) run(ctx context.Context, args []string) (stdout, stderr []byte, code int, err error) {
	p, err := f.take()
	if err != nil {
		return nil, nil, 0, err
	}
	type answer struct {
		Code           int
		Stdout, Stderr []byte // base64 in JSON
	}
	done := make(chan error, 1)
	var a answer
	go func() {
		req, _ := json.Marshal(map[string][]string{"args": args})
		if _, err := p.in.Write(append(req, '\n')); err != nil {
			done <- err
			return
		}
		line, err := p.out.ReadBytes('\n')
		if err == nil {
			err = json.Unmarshal(line, &a)
		}
		done <- err
	}()
	select {
	case err = <-done:
	case <-ctx.Done():
		p.kill()
		<-done
		return nil, nil, 0, ctx.Err()
	}
	if err != nil {
		p.kill()
		return nil, nil, 0, fmt.Errorf("cli_fork.py: %v", err)
	}
	f.put(p)
	return a.Stdout, a.Stderr, a.Code, nil
}

// take returns an idle cli_fork.py, or starts one.
func (f *cliForker) take() (*cliFork, error) {
	f.mu.Lock()
	if n := len(f.idle); n > 0 {
		p := f.idle[n-1]
		f.idle = f.idle[:n-1]
		f.mu.Unlock()
		return p, nil
	}
	f.mu.Unlock()
	cmd := exec.Command(f.python, cliForkScript)
	cmd.Env = f.env
	cmd.Stderr = os.Stderr // its own failures only: a command's stderr comes in its answer
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting cli_fork.py: %v", err)
	}
	return &cliFork{cmd: cmd, in: in, out: bufio.NewReader(out)}, nil
}

func (f *cliForker) put(p *cliFork) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.idle = append(f.idle, p)
}

// close ends the idle cli_fork.py processes (EOF on their stdin).
func (f *cliForker) close() {
	f.mu.Lock()
	idle := f.idle
	f.idle = nil
	f.mu.Unlock()
	for _, p := range idle {
		p.in.Close()
		p.cmd.Wait()
	}
}

// kill ends p and the command it runs (its process group).
func (p *cliFork) kill() {
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	p.in.Close()
	p.cmd.Wait()
}
