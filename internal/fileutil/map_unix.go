//go:build unix

package fileutil

import (
	"fmt"
	"os"
	"syscall"
)

// Map returns the bytes of the file at path as a read-only shared mapping
// (read from the page cache as they are touched, never copied into the
// heap) and the function that releases it; nothing may use the bytes once
// it is called. An empty file maps to nil. The bytes are what the file
// holds: a file replaced by a rename, as WriteAtomic replaces it, leaves
// them as they were, but one truncated in place would fault a reader.
func Map(path string) (b []byte, unmap func() error, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := st.Size()
	if size == 0 {
		return nil, func() error { return nil }, nil
	}
	if int64(int(size)) != size {
		return nil, nil, fmt.Errorf("%s: %d bytes do not fit in memory", path, size)
	}
	b, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("map %s: %w", path, err)
	}
	return b, func() error { return syscall.Munmap(b) }, nil
}
