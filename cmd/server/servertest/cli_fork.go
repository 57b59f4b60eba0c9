//go:build !js

package servertest

import (
	"bufio"
	_ "embed"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

//go:embed cli_fork.py
var cliForkPy string

//go:embed cli_fork_shim.py
var cliForkShim string

// CLIFork is a warm OpenStack CLI for scripts: an `openstack` that runs each
// command as the CLI's own entry point (openstackclient.shell.main) with
// its argv, environment, cwd, stdin, output and exit status, in a fork of a
// Python that imported the CLI once (cli_fork.py). A command then costs a
// tenth of the CPU of the `openstack` program, whose start imports ~750
// command modules. Start one with [ForkedCLI].
type CLIFork struct {
	dir    string // holds the shim, named openstack
	socket string // the fork server's Unix socket
}

// ForkedCLI starts a fork server for the installed OpenStack CLI (see
// [OpenStackCLI]) and stops it, with the commands it runs, when tb ends.
// Commands run at once each in a fork of their own.
func ForkedCLI(tb testing.TB) *CLIFork {
	tb.Helper()
	python := cliPython(tb, OpenStackCLI(tb))
	run, err := os.MkdirTemp("", "clifork") // short: a socket's path has at most 107 bytes
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { os.RemoveAll(run) })
	f := &CLIFork{dir: tb.TempDir(), socket: filepath.Join(run, "s")}
	if err := os.WriteFile(filepath.Join(run, "cli_fork.py"), []byte(cliForkPy), 0o600); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(f.Bin(), []byte("#!"+python+" -I\n"+cliForkShim), 0o700); err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(python, filepath.Join(run, "cli_fork.py"), "--listen", f.socket)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + run, "LANG=C.UTF-8"}
	cmd.Stderr = os.Stderr // its own failures only: a command's stderr goes to its shim
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatalf("starting cli_fork.py: %v", err)
	}
	tb.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)             // it kills its connections' processes and exits
		cmd.Wait()                                      // (their CPU counts as the test's)
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // and any command left of a killed connection
	})
	if line, err := bufio.NewReader(out).ReadString('\n'); line != "ready\n" {
		tb.Fatalf("cli_fork.py --listen: got %q (%v), want ready", line, err)
	}
	return f
}

// Bin is the path of the forked CLI's `openstack`.
func (f *CLIFork) Bin() string { return filepath.Join(f.dir, "openstack") }

// Env returns env with the forked CLI's `openstack` first on its PATH and
// the socket it talks to in OCTAVIEW_CLI_FORK: a script run with it runs
// `openstack` in the fork server.
func (f *CLIFork) Env(env []string) []string {
	env = slices.Clone(env)
	path := "PATH=" + f.dir
	if i := slices.IndexFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "PATH=") }); i >= 0 {
		env[i] = path + string(os.PathListSeparator) + strings.TrimPrefix(env[i], "PATH=")
	} else {
		env = append(env, path)
	}
	return append(env, "OCTAVIEW_CLI_FORK="+f.socket)
}

// cliPython is the interpreter of the openstack script bin (its #! line).
func cliPython(tb testing.TB, bin string) string {
	tb.Helper()
	script, err := os.ReadFile(bin)
	if err != nil {
		tb.Fatalf("reading %s: %v", bin, err)
	}
	first, _, _ := strings.Cut(string(script), "\n")
	interp := strings.Fields(strings.TrimPrefix(first, "#!"))
	if !strings.HasPrefix(first, "#!") || len(interp) == 0 || !strings.Contains(string(script), "openstackclient.shell") {
		tb.Fatalf("%s is not python-openstackclient's script (#! line %q)", bin, first)
	}
	python := interp[len(interp)-1] // "/usr/bin/python3", or "python3" of "/usr/bin/env python3"
	if !strings.Contains(python, "/") {
		if python, err = exec.LookPath(python); err != nil {
			tb.Fatal(err)
		}
	}
	return python
}
