// Saving the lab's state to a file: atomically (a temporary file in the
// same directory, synced, then renamed over the old one), a few seconds
// after each change and at shutdown.

package labcloud

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"
)

// ReadStateFile reads a lab state file. A missing file is (nil, nil): the
// lab starts fresh and the file is written at the first save. A file that
// cannot be read or parsed is an error that says so; the caller must not
// start (and so never overwrites it). Anything but a regular file (a
// FIFO, a device, a directory, a symbolic link, which the first save
// would replace) is refused before it is read: a FIFO would block the
// start and the shutdown.
func ReadStateFile(path string) (*State, error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err == nil && !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi)
	}
	var data []byte
	if err == nil {
		data, err = readRegular(path)
	}
	if err != nil {
		return nil, fmt.Errorf("lab state %s cannot be read: %w (it is left as it is)", path, err)
	}
	s, err := ParseState(data)
	if err != nil {
		return nil, fmt.Errorf("lab state %s is not a lab state this server reads: %w (it is left as it is: move it away to start afresh)", path, err)
	}
	return s, nil
}

func notRegular(path string, fi os.FileInfo) error {
	kind := "a " + fi.Mode().Type().String()
	switch t := fi.Mode().Type(); {
	case t&os.ModeNamedPipe != 0:
		kind = "a FIFO"
	case t&os.ModeDir != 0:
		kind = "a directory"
	case t&os.ModeSymlink != 0:
		kind = "a symbolic link, which a save would replace"
	case t&os.ModeSocket != 0:
		kind = "a socket"
	case t&os.ModeDevice != 0:
		kind = "a device"
	}
	return fmt.Errorf("lab state %s is not a regular file (it is %s): name a file, or a path where one can be made", path, kind)
}

// readRegular reads path, opened without blocking, if it is still a
// regular file once open (it may have been replaced since Lstat).
func readRegular(path string) ([]byte, error) {
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi)
	}
	return io.ReadAll(f)
}

// WriteStateFile writes data to path atomically: a temporary file beside
// it (mode 0600: it holds passwords), synced, renamed over path, and the
// directory synced, so a crash leaves the old file or the new one, never a
// part of one.
func WriteStateFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp) // after a successful rename: no such file
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// SaveState writes the lab's whole state to path (WriteStateFile).
func (c *Cloud) SaveState(path string) error {
	return c.saveState(path)
}

func (c *Cloud) saveState(path string) error {
	now := time.Now()
	c.mu.Lock()
	c.advance(now)
	st, gen := c.state(now), c.gen
	c.mu.Unlock()
	data, err := json.Marshal(st)
	if err == nil {
		err = WriteStateFile(path, data)
	}
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.savedGen = max(c.savedGen, gen)
	c.mu.Unlock()
	return nil
}

// Autosave saves the lab's state to path delay after a change (changes
// within that delay are saved together: at most one save per delay), and
// once more when ctx is done if anything changed since the last save. It
// returns when that last save is written. Failures are logged and retried
// at the next change.
func (c *Cloud) Autosave(ctx context.Context, path string, delay time.Duration, log *slog.Logger) {
	save := func() {
		c.mu.Lock()
		dirty := c.gen != c.savedGen
		c.mu.Unlock()
		if !dirty {
			return
		}
		start := time.Now()
		if err := c.saveState(path); err != nil {
			log.Error("saving the lab state", "file", path, "err", err.Error())
			return
		}
		log.Info("lab state saved", "file", path, "elapsed", time.Since(start).String())
	}
	for {
		select {
		case <-ctx.Done():
			save()
			return
		case <-c.changes:
		}
		select {
		case <-ctx.Done():
			save()
			return
		case <-time.After(delay):
		}
		save()
	}
}
