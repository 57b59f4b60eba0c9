//go:build unix

package main

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSecondServerOnOneStateFile: two servers on one -lab-state file
// would lose each other's writes; the second refuses to start, naming the
// process that holds the file, and the file is free again once the first
// has stopped.
func TestSecondServerOnOneStateFile(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "lab.json")
	first := startRun(t, nil, "-web", dir, "-lab-state", state)
	err := runWith(t.Context(), []string{"octaview", "-addr", "127.0.0.1:0", "-web", dir, "-lab-state", state},
		func(string) string { return "" }, io.Discard, io.Discard)
	if want := "in use by process " + strconv.Itoa(os.Getpid()); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("second server: got %v, want an error containing %q", err, want)
	}
	if err := first.Stop(); err != nil {
		t.Fatalf("stopping the first server: %v", err)
	}
	startRun(t, nil, "-web", dir, "-lab-state", state) // fails the test if it cannot start
}

// TestFIFOStateFileStopsTheStart: a FIFO at the -lab-state path is
// refused at once (it used to block the start, and SIGTERM with it).
func TestFIFOStateFileStopsTheStart(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "lab.json")
	if err := syscall.Mkfifo(state, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		done <- runWith(t.Context(), []string{"octaview", "-addr", "127.0.0.1:0", "-web", dir, "-lab-state", state},
			func(string) string { return "" }, io.Discard, io.Discard)
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "-lab-state") || !strings.Contains(err.Error(), "it is a FIFO") {
			t.Errorf("got %v, want a -lab-state error saying it is a FIFO", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server still starting after 30 s: the FIFO blocked it")
	}
}
