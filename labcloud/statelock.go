// One server per state file: the lab's state is saved by renaming a new
// file over the old one, so two servers on one file would each overwrite
// the other's changes without a word. LockStateFile holds a lock file
// beside the state (path + ".lock", holding the holder's process id) for
// as long as the server runs; a second server refuses to start and says
// which process holds it.

package labcloud

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// errLocked is what lockFile returns when another process holds the lock.
var errLocked = errors.New("locked")

// LockStateFile takes the lock of the lab state file path for this
// process, or fails, naming the process that holds it. The lock file
// (path + ".lock") stays; unlock releases the lock (the kernel releases it
// too when the process ends, however it ends).
func LockStateFile(path string) (unlock func() error, err error) {
	lock := path + ".lock"
	f, err := openLockFile(lock)
	if err != nil {
		return nil, fmt.Errorf("lab state %s: its lock %s cannot be opened: %w", path, lock, err)
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("lab state %s: its lock %s is not a regular file", path, lock)
	}
	if err := lockFile(f); err != nil {
		holder := "another process"
		if b, rerr := io.ReadAll(io.LimitReader(f, 64)); rerr == nil {
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil && pid > 0 {
				holder = "process " + strconv.Itoa(pid)
			}
		}
		f.Close()
		if errors.Is(err, errLocked) {
			return nil, fmt.Errorf("lab state %s is in use by %s (lock %s): two servers on one file would lose each other's writes", path, holder, lock)
		}
		return nil, fmt.Errorf("lab state %s: its lock %s cannot be taken: %w", path, lock, err)
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return func() error {
		err := unlockFile(f)
		return errors.Join(err, f.Close())
	}, nil
}
