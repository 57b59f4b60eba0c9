//go:build !js

package servertest

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// Runner runs the server with args (args[0] is the program's name) and env as
// its only environment, printing its banner to stdout and its JSON log lines
// to log, until ctx is done; it returns nil after a clean shutdown.
type Runner func(ctx context.Context, args []string, env map[string]string, stdout, log io.Writer) error

// Server is a server that [Start] started.
type Server struct {
	URL    string               // the console's origin, e.g. http://127.0.0.1:41234
	Logs   *proxytest.LogBuffer // the server's log (JSON lines)
	out    *proxytest.LogBuffer
	copied chan struct{}
	stop   func() error
}

// Stop stops the server (at once; later calls return the first call's error).
func (s *Server) Stop() error { return s.stop() }

// Stdout is everything the server printed; complete once it stopped, which
// Stdout waits for.
func (s *Server) Stdout() string {
	if s.stop() == nil {
		<-s.copied
	}
	return s.out.String()
}

// Printed is what the server printed so far: its banner, once Start returned.
func (s *Server) Printed() string { return s.out.String() }

var listenRE = regexp.MustCompile(`listening on (http://[0-9.:]+)`)

// ListenURL is the console's URL as the server's banner (out) names it
// ("listening on URL"), or "" before the banner.
func ListenURL(out string) string {
	if m := listenRE.FindStringSubmatch(out); m != nil {
		return m[1]
	}
	return ""
}

// Start runs the server on 127.0.0.1:0 with args, waits until /healthz
// answers (60 s at most for the banner, 10 s more for /healthz), and stops it
// when the test ends (the test fails if it does not stop within 20 s).
func Start(tb testing.TB, run Runner, env map[string]string, args ...string) *Server {
	tb.Helper()
	return StartLog(tb, run, env, io.Discard, args...)
}

// StartLog is [Start] that also writes the server's log to log.
func StartLog(tb testing.TB, run Runner, env map[string]string, log io.Writer, args ...string) *Server {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	s := &Server{Logs: &proxytest.LogBuffer{}, out: &proxytest.LogBuffer{}, copied: make(chan struct{})}
	go func() {
		io.Copy(s.out, pr)
		close(s.copied)
	}()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, append([]string{"octaview", "-addr", "127.0.0.1:0"}, args...), env, pw, io.MultiWriter(s.Logs, log))
		pw.Close()
		done <- err
	}()
	var stopErr error
	stopped := false
	s.stop = func() error {
		if stopped {
			return stopErr
		}
		stopped = true
		cancel()
		select {
		case stopErr = <-done:
		case <-time.After(20 * time.Second):
			stopErr = fmt.Errorf("the server did not stop within 20 s")
		}
		return stopErr
	}
	tb.Cleanup(func() {
		if err := s.stop(); err != nil {
			tb.Errorf("stopping the server: %v", err)
		}
	})
	for i := 0; s.URL == ""; i++ {
		select {
		case err := <-done:
			tb.Fatalf("the server stopped at once: %v\n%s", err, s.Logs.String())
		case <-time.After(20 * time.Millisecond):
		}
		s.URL = ListenURL(s.out.String())
		if i == 3000 {
			tb.Fatal("the server did not print its address within 60 s")
		}
	}
	for i := 0; ; i++ {
		resp, err := http.Get(s.URL + "/healthz")
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode == 200 && string(b) == "ok\n" {
				break
			}
		}
		if i == 200 {
			tb.Fatalf("GET /healthz never answered ok: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return s
}
