//go:build !unix

package labcloud

import (
	"os"
)

// openNonBlocking opens path for reading (no FIFOs to wait on here).
func openNonBlocking(path string) (*os.File, error) { return os.Open(path) }

func openLockFile(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
}

// lockFile takes no lock where there is no flock (the lab's server is
// built for Linux; this keeps the package building elsewhere).
func lockFile(*os.File) error { return nil }

func unlockFile(*os.File) error { return nil }
