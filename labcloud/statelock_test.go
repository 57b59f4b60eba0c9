//go:build unix

package labcloud

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestLockStateFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lab.json")
	unlock, err := LockStateFile(path)
	if err != nil {
		t.Fatalf("first lock: %v", err)
	}
	if b, _ := os.ReadFile(path + ".lock"); strings.TrimSpace(string(b)) != strconv.Itoa(os.Getpid()) {
		t.Errorf("lock file holds %q, want this process's id %d", b, os.Getpid())
	}
	_, err = LockStateFile(path)
	if err == nil || !strings.Contains(err.Error(), "in use by process "+strconv.Itoa(os.Getpid())) {
		t.Errorf("second lock: got %v, want an error naming process %d", err, os.Getpid())
	}
	if err := unlock(); err != nil {
		t.Fatalf("unlock: %v", err)
	}
	unlock, err = LockStateFile(path)
	if err != nil {
		t.Fatalf("lock after unlock: %v", err)
	}
	unlock()
}

// TestStateFileNotRegular: a FIFO, a directory or a symbolic link at the
// state's path is refused at once, never waited on.
func TestStateFileNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	regular := filepath.Join(dir, "lab.json")
	if err := os.WriteFile(regular, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(regular, link); err != nil {
		t.Fatal(err)
	}
	lockFifo := filepath.Join(dir, "locked.json")
	if err := syscall.Mkfifo(lockFifo+".lock", 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		do   func() error
		want string
	}{
		{"fifo", func() error { _, err := ReadStateFile(fifo); return err }, "not a regular file (it is a FIFO)"},
		{"directory", func() error { _, err := ReadStateFile(dir); return err }, "it is a directory"},
		{"symbolic link", func() error { _, err := ReadStateFile(link); return err }, "it is a symbolic link"},
		{"fifo lock", func() error { _, err := LockStateFile(lockFifo); return err }, "is not a regular file"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() { done <- tc.do() }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("got %v, want an error containing %q", err, tc.want)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("still waiting after 30 s: the FIFO blocked the read")
			}
		})
	}
}
