// Package fileutil holds the file operations that the on-disk index
// cache and the source store share: replacing a file atomically, taking a
// lock file that another process may hold, and mapping a file read-only
// into memory.
package fileutil

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// WriteAtomic writes path with write through a temporary file in the same
// directory, synced and renamed into place, so that a reader sees the old
// file or the whole new one, and processes that write it at once each
// write all of it. The directory is created when missing.
func WriteAtomic(path string, write func(io.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp-")
	if err != nil {
		return err
	}
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		_ = os.Remove(f.Name())
	}
	return err
}

// Lock takes the lock file path, waiting at most wait for another process
// to release it; waiting, when not nil, is called before such a wait.
func Lock(ctx context.Context, path string, wait time.Duration, waiting func()) (unlock func(), err error) {
	fl := flock.New(path)
	if ok, err := fl.TryLock(); err == nil && ok {
		return func() { _ = fl.Unlock() }, nil
	}
	if waiting != nil {
		waiting()
	}
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	ok, err := fl.TryLockContext(ctx, 50*time.Millisecond)
	if err != nil || !ok {
		if err == nil {
			err = ctx.Err()
		}
		return nil, err
	}
	return func() { _ = fl.Unlock() }, nil
}
