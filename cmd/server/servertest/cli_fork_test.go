//go:build !js

package servertest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestForkedCLI runs commands through the forked CLI's openstack as a
// script does: each exits with the command's status, writes its stdout and
// stderr apart, and runs with its own environment and cwd, two at once.
func TestForkedCLI(t *testing.T) {
	cli := ForkedCLI(t)
	home := t.TempDir()
	cloud := func(user string) string { // a directory whose clouds.yaml defines cloud "lab" for user
		dir := filepath.Join(home, user)
		yaml := fmt.Sprintf("clouds:\n  lab:\n    auth:\n      auth_url: http://%s.example/v3\n      username: %s\n", user, user)
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "clouds.yaml"), []byte(yaml), 0o600); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	cases := []struct {
		name       string
		args       []string
		dir        string
		env        []string
		code       int
		stdout     string // its whole stdout
		stderrHas  string
		stdoutHas  string
		stderrNone bool
	}{
		{name: "version", args: []string{"--version"}, dir: home, stdoutHas: "openstack ", stderrNone: true},
		{name: "unknown command", args: []string{"nosuch"}, dir: home, code: 2,
			stdoutHas: "'nosuch' is not an openstack command", stderrNone: true},
		{name: "error on stderr", args: []string{"--os-cloud", "nosuch", "configuration", "show"}, dir: home, code: 1,
			stdout: "", stderrHas: "Cloud nosuch was not found"},
		{name: "cwd a", args: []string{"--os-cloud", "lab", "configuration", "show", "-f", "value", "-c", "auth.username"},
			dir: cloud("alice"), stdout: "alice\n", stderrNone: true},
		{name: "cwd b", args: []string{"--os-cloud", "lab", "configuration", "show", "-f", "value", "-c", "auth.username"},
			dir: cloud("bob"), stdout: "bob\n", stderrNone: true},
		{name: "env a", args: []string{"configuration", "show", "-f", "value", "-c", "auth_url"}, dir: home,
			env: []string{"OS_AUTH_URL=http://carol.example/v3"}, stdout: "http://carol.example/v3\n", stderrNone: true},
		{name: "env b", args: []string{"configuration", "show", "-f", "value", "-c", "auth_url"}, dir: home,
			env: []string{"OS_AUTH_URL=http://dave.example/v3"}, stdout: "http://dave.example/v3\n", stderrNone: true},
	}
	var wg sync.WaitGroup
	for _, c := range cases {
		wg.Go(func() { // at once: each in a fork of its own
			cmd := exec.CommandContext(t.Context(), "bash", "-c", `openstack "$@"`, "bash") // as a script finds it: on PATH
			cmd.Args = append(cmd.Args, c.args...)
			cmd.Dir = c.dir
			cmd.Env = cli.Env(append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "LANG=C.UTF-8"}, c.env...))
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			if exit, ok := errors.AsType[*exec.ExitError](err); ok {
				code = exit.ExitCode()
			} else if err != nil {
				t.Errorf("%s: %v", c.name, err)
				return
			}
			if code != c.code {
				t.Errorf("%s: exit status %d, want %d\nstdout: %s\nstderr: %s", c.name, code, c.code, &stdout, &stderr)
			}
			if c.stdoutHas == "" && stdout.String() != c.stdout {
				t.Errorf("%s: stdout %q, want %q", c.name, &stdout, c.stdout)
			}
			if !strings.Contains(stdout.String(), c.stdoutHas) {
				t.Errorf("%s: stdout %q, want it to hold %q", c.name, &stdout, c.stdoutHas)
			}
			if c.stderrNone && stderr.Len() > 0 || !strings.Contains(stderr.String(), c.stderrHas) {
				t.Errorf("%s: stderr %q, want %q in it (none: %v)", c.name, &stderr, c.stderrHas, c.stderrNone)
			}
		})
	}
	wg.Wait()
}

// TestForkedCLIKilled: killing a command's openstack (a script's context
// done) kills the command it runs in the fork server, which would run on.
func TestForkedCLIKilled(t *testing.T) {
	cli := ForkedCLI(t)
	asked, dropped := make(chan struct{}, 1), make(chan struct{})
	var once sync.Once
	keystone := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case asked <- struct{}{}:
		default:
		}
		<-r.Context().Done() // never answers: the command waits until killed
		once.Do(func() { close(dropped) })
	}))
	defer keystone.Close()
	home := t.TempDir()
	ctx, cancel := context.WithCancel(t.Context())
	cmd := exec.CommandContext(ctx, cli.Bin(), "token", "issue")
	cmd.Env = cli.Env(CLIEnv(keystone.URL, home, "demo", "demo", "demo"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	<-asked
	cancel()
	if err := cmd.Wait(); err == nil {
		t.Error("the killed openstack exited 0")
	}
	<-dropped // the command's connection closed: it was killed
}
