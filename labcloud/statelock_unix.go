//go:build unix

package labcloud

import (
	"errors"
	"os"
	"syscall"
)

// openNonBlocking opens path for reading without waiting on a FIFO's
// writer: the caller checks what it opened before reading it.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

func openLockFile(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NONBLOCK, 0o600)
}

// lockFile takes an exclusive flock on f without waiting: errLocked when
// another open file holds it.
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errLocked
	}
	return err
}

func unlockFile(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
}
