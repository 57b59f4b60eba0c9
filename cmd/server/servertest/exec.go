//go:build !js

package servertest

import (
	"context"
	"io"
	"os"
	"os/exec"
	"time"
)

// Exec is a [Runner] that runs the server's binary bin (built from
// cmd/server) as a process of its own: interrupted (SIGINT) when ctx is done,
// killed if it has not stopped 15 s later. Besides env, the process sees
// only PATH and HOME.
func Exec(bin string) Runner {
	return func(ctx context.Context, args []string, env map[string]string, stdout, log io.Writer) error {
		cmd := exec.CommandContext(ctx, bin, args[1:]...)
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
		for k, v := range env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		cmd.Stdout, cmd.Stderr = stdout, log
		cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
		cmd.WaitDelay = 15 * time.Second
		err := cmd.Run()
		if ctx.Err() != nil && cmd.ProcessState != nil && cmd.ProcessState.Success() {
			return nil // stopped as asked
		}
		return err
	}
}
